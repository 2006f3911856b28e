import { sql, type Expression } from 'kysely';
import type { Db } from '../db/connect';
import { sharedOrOwn } from '../dataviews/scopes';

/** Active badge groups and their active badges, each in default order then label (spec 001 section 3 "Badge group"). */
export async function listBadgeGroups(db: Db, orgUid: string) {
  const groups = await db
    .selectFrom('reference_badge_group')
    .select(['badge_group_uid', 'badge_group_name', 'badge_group_label', 'badge_group_color', 'is_exclusive', 'default_sort_order'])
    .where('is_active', '=', true)
    .where(sharedOrOwn('org_uid', orgUid))
    .orderBy('default_sort_order')
    .orderBy('badge_group_label')
    .execute();
  const badges = await db
    .selectFrom('reference_badge as b')
    .innerJoin('reference_badge_group as g', 'g.badge_group_uid', 'b.badge_group_uid')
    .select(['b.badge_uid', 'b.badge_group_uid', 'b.badge_name', 'b.badge_label', 'b.color', 'b.default_sort_order'])
    .where('b.is_active', '=', true)
    .where('g.is_active', '=', true)
    .where(sharedOrOwn('b.org_uid', orgUid))
    .where(sharedOrOwn('g.org_uid', orgUid))
    .orderBy('b.default_sort_order')
    .orderBy('b.badge_label')
    .execute();
  return { groups, badges };
}

/**
 * The badges a patient carries, in the order of the badge page (group, then
 * badge). A badge without its own colour wears its group's.
 */
export function listPatientBadges(db: Db, patientUid: string) {
  return patientBadgesQuery(db, patientUid).execute();
}

/** listPatientBadges as a query, to read inside another one (the patient document: `patientUid` its column). */
export function patientBadgesQuery(db: Db, patientUid: string | Expression<string>) {
  return db
    .selectFrom('patient_badge as pb')
    .innerJoin('reference_badge as b', 'b.badge_uid', 'pb.badge_uid')
    .innerJoin('reference_badge_group as g', 'g.badge_group_uid', 'pb.badge_group_uid')
    .select([
      'pb.patient_badge_uid',
      'pb.patient_uid',
      'pb.badge_uid',
      'pb.badge_group_uid',
      'b.badge_name',
      'b.badge_label',
      sql<string | null>`coalesce(b.color, g.badge_group_color)`.as('color'),
      'g.badge_group_label',
      'pb.created_at',
    ])
    .where('pb.patient_uid', '=', patientUid)
    .orderBy('g.default_sort_order')
    .orderBy('g.badge_group_label')
    .orderBy('b.default_sort_order')
    .orderBy('b.badge_label');
}

export type PatientBadge = Awaited<ReturnType<typeof listPatientBadges>>[number];

/** The active badges named, with their group's label and rule. */
export async function findBadges(db: Db, orgUid: string, badgeUids: string[]) {
  if (badgeUids.length === 0) return [];
  return db
    .selectFrom('reference_badge as b')
    .innerJoin('reference_badge_group as g', 'g.badge_group_uid', 'b.badge_group_uid')
    .select(['b.badge_uid', 'b.badge_group_uid', 'b.badge_label', 'g.badge_group_label', 'g.is_exclusive'])
    .where('b.badge_uid', 'in', badgeUids)
    .where('b.is_active', '=', true)
    .where('g.is_active', '=', true)
    .where(sharedOrOwn('b.org_uid', orgUid))
    .where(sharedOrOwn('g.org_uid', orgUid))
    .execute();
}

/** Serialises badge changes of one patient, so two saves cannot each add the one badge of an exclusive group. */
export async function lockPatientBadges(trx: Db, patientUid: string): Promise<void> {
  await trx.selectFrom('patient').select('patient_uid').where('patient_uid', '=', patientUid).forUpdate().execute();
}

export async function addPatientBadges(trx: Db, patientUid: string, createdBy: string, badges: { badgeUid: string; badgeGroupUid: string }[]) {
  if (badges.length === 0) return [];
  return trx
    .insertInto('patient_badge')
    .values(badges.map((b) => ({ patient_uid: patientUid, badge_uid: b.badgeUid, badge_group_uid: b.badgeGroupUid, created_by: createdBy })))
    .onConflict((oc) => oc.columns(['patient_uid', 'badge_uid']).doNothing())
    .returning(['patient_badge_uid', 'badge_uid'])
    .execute();
}

export async function removePatientBadges(trx: Db, patientUid: string, patientBadgeUids: string[]) {
  if (patientBadgeUids.length === 0) return [];
  return trx.deleteFrom('patient_badge').where('patient_uid', '=', patientUid).where('patient_badge_uid', 'in', patientBadgeUids).returning(['patient_badge_uid', 'badge_uid']).execute();
}
