import { array, define, object, refine, size, string, type Infer } from 'superstruct';
import { isUuid } from '../uuid';

/** More changes than a badge page can make in one save (it shows a few dozen badges). */
export const MAX_BADGE_CHANGES = 100;

const id = () => define<string>('id', (v) => isUuid(v) || 'Must be an id');

/**
 * `PUT /api/patients/{id}/patient-badges` (spec 001 section 7 "Badges"): the
 * badges to add, each with its group, and the patient's badges to remove.
 */
export const PatientBadgeChangesSchema = object({
  create: size(array(object({ badgeUid: id(), badgeGroupUid: id() })), 0, MAX_BADGE_CHANGES),
  delete: size(array(object({ patientBadgeUid: id() })), 0, MAX_BADGE_CHANGES),
});
export type PatientBadgeChanges = Infer<typeof PatientBadgeChangesSchema>;

/**
 * The form encoding of the changes, in the bracket notation form libraries
 * send lists in: `create[0][badge_uid]=…&create[0][badge_group_uid]=…&delete[0][patient_badge_uid]=…`.
 */
export function badgeChangesForm(changes: PatientBadgeChanges): URLSearchParams {
  const form = new URLSearchParams();
  changes.create.forEach((c, i) => {
    form.append(`create[${i}][badge_uid]`, c.badgeUid);
    form.append(`create[${i}][badge_group_uid]`, c.badgeGroupUid);
  });
  changes.delete.forEach((d, i) => form.append(`delete[${i}][patient_badge_uid]`, d.patientBadgeUid));
  return form;
}

const FORM_KEY = /^(create|delete)\[(\d{1,3})\]\[(badge_uid|badge_group_uid|patient_badge_uid)\]$/;

/**
 * The lists back from a parsed form body (flat keys as a form parser gives
 * them), still in wire form (snake_case) for the schema. An unknown or
 * repeated key, or an index past the limit, is the caller's error message;
 * a missing entry stays a hole the schema reports.
 */
export function badgeChangesFromForm(fields: Record<string, unknown>): { value: { create: Record<string, string>[]; delete: Record<string, string>[] } } | { error: string } {
  const lists = { create: [] as Record<string, string>[], delete: [] as Record<string, string>[] };
  for (const [key, value] of Object.entries(fields)) {
    const m = FORM_KEY.exec(key);
    if (!m) return { error: `Unknown field ${key.slice(0, 100)}` };
    const [, list, index, field] = m as unknown as [string, 'create' | 'delete', string, string];
    if (Number(index) >= MAX_BADGE_CHANGES) return { error: `At most ${MAX_BADGE_CHANGES} ${list} entries` };
    if (typeof value !== 'string') return { error: `${key} is given more than once` };
    (lists[list][Number(index)] ??= {})[field] = value;
  }
  // Holes (create[1] without create[0]) become undefined entries the schema names.
  return { value: { create: Array.from(lists.create), delete: Array.from(lists.delete) } };
}

export interface BadgeGroupRule {
  badgeGroupUid: string;
  badgeGroupLabel: string;
  isExclusive: boolean;
}

export const exclusiveMessage = (groupLabel: string) => `Choose only one badge of ${groupLabel}`;

/** Spec 001 section 4: an exclusive group is single choice. The first exclusive group `chosen` holds more than one badge of, or null. */
export function overChosenGroup(groups: readonly BadgeGroupRule[], chosen: readonly { badgeGroupUid: string }[]): BadgeGroupRule | null {
  return groups.find((g) => g.isExclusive && chosen.filter((c) => c.badgeGroupUid === g.badgeGroupUid).length > 1) ?? null;
}

/** The badge page's form: the badges chosen, at most one of each exclusive group. */
export function badgeSelectionSchema(groups: readonly BadgeGroupRule[], groupOfBadge: (badgeUid: string) => string | undefined) {
  return object({
    badges: refine(array(string()), 'exclusiveGroups', (uids) => {
      const over = overChosenGroup(groups, uids.map((badgeUid) => ({ badgeGroupUid: groupOfBadge(badgeUid) ?? '' })));
      return over ? exclusiveMessage(over.badgeGroupLabel) : true;
    }),
  });
}
export type BadgeSelection = { badges: string[] };
