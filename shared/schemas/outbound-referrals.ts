import { boolean, enums, literal, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { isIsoDate, uuid } from './reminders';
import { boundedText, MAX_LENGTH } from './strings';

/** Spec 001 "Outbound referral": to (provider, facility or division). */
export const REFERRAL_TARGETS = ['provider', 'facility', 'division'] as const;
export type ReferralTarget = (typeof REFERRAL_TARGETS)[number];
export const TARGET_LABELS: Record<ReferralTarget, string> = { provider: 'Provider', facility: 'Facility', division: 'Careweave Division' };

/** Spec 001 "Outbound referral": priority and priorityLabel. */
export const REFERRAL_PRIORITIES = ['routine', 'urgent', 'emergent'] as const;
export type ReferralPriority = (typeof REFERRAL_PRIORITIES)[number];
export const PRIORITY_LABELS: Record<ReferralPriority, string> = { routine: 'Routine', urgent: 'Urgent', emergent: 'Emergent' };

export const ONE_TARGET_ONLY = 'Refer to one provider, facility or division only';
/** A referral to another division is answered there: its status is the receiver's to set. */
export const STATUS_SET_BY_RECEIVER = 'Set by the receiving division';

const TARGET_FIELD = { provider: 'toProviderUid', facility: 'toFacilityUid', division: 'toDivisionUid' } as const satisfies Record<ReferralTarget, string>;

/** Spec 001 "Outbound referral status badge colour". */
export function statusBadge(statusLabel: string | null | undefined): 'success' | 'danger' | 'warning' {
  return statusLabel === 'Enrolled' ? 'success' : statusLabel === 'Declined' ? 'danger' : 'warning';
}

const requiredDate = refine(string(), 'eventDate', (v) => (v.trim() === '' ? 'Required' : isIsoDate(v) || 'Must be a date'));
const requiredChoice = (name: string) => refine(string(), name, (v) => v !== '' || 'Required');

/**
 * The outbound referral form. Specialty and date are required (spec 001
 * section 5: "Outbound referral: eventDate required"), and so is the one
 * target the "Refer To" choice names. The status is the sender's to record
 * for a provider or facility; a division answers for itself.
 */
export const OutboundReferralFormSchema = refine(
  object({
    specialtyUid: requiredChoice('specialtyUid'),
    eventDate: requiredDate,
    toType: refine(string(), 'toType', (v) => v !== '' || 'Required'),
    toProviderUid: string(),
    toFacilityUid: string(),
    toDivisionUid: string(),
    priority: requiredChoice('priority'),
    statusUid: string(),
    reason: boundedText(MAX_LENGTH.note),
    notes: boundedText(MAX_LENGTH.note),
  }),
  'target',
  function* (v, ctx) {
    const target = TARGET_FIELD[v.toType as ReferralTarget];
    if (target && v[target] === '') yield { path: [...ctx.path, target], message: 'Required' };
    if (v.toType && v.toType !== 'division' && v.statusUid === '') yield { path: [...ctx.path, 'statusUid'], message: 'Required' };
  },
);
export type OutboundReferralFormValues = Infer<typeof OutboundReferralFormSchema>;

const optionalUid = () => optional(nullable(uuid()));

/**
 * `POST /api/outbound-referrals` and `PUT /api/outbound-referrals/{id}`
 * (camelCase after conversion). Exactly one of the three targets, the one
 * `toType` names.
 */
export const OutboundReferralPayloadSchema = object({
  data: object({
    type: literal('outbound-referrals'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: refine(
      object({
        /** Names the patient on POST; a PUT keeps the referral's patient. */
        patientUid: optional(uuid()),
        specialtyUid: uuid(),
        eventDate: refine(string(), 'eventDate', (v) => isIsoDate(v) || 'Must be a date'),
        toType: enums(REFERRAL_TARGETS),
        toProviderUid: optionalUid(),
        toFacilityUid: optionalUid(),
        toDivisionUid: optionalUid(),
        priority: enums(REFERRAL_PRIORITIES),
        /** The sender's record of a provider's or facility's answer; a division sets its own. */
        statusUid: optionalUid(),
        reason: optional(nullable(boundedText(MAX_LENGTH.note))),
        notes: optional(nullable(boundedText(MAX_LENGTH.note))),
      }),
      'target',
      function* (a, ctx) {
        for (const kind of REFERRAL_TARGETS) {
          const field = TARGET_FIELD[kind];
          if (kind === a.toType && !a[field]) yield { path: [...ctx.path, field], message: 'Required' };
          if (kind !== a.toType && a[field]) yield { path: [...ctx.path, field], message: ONE_TARGET_ONLY };
        }
        if (a.toType !== 'division' && !a.statusUid) yield { path: [...ctx.path, 'statusUid'], message: 'Required' };
        if (a.toType === 'division' && a.statusUid) yield { path: [...ctx.path, 'statusUid'], message: STATUS_SET_BY_RECEIVER };
      },
    ),
  }),
});
export type OutboundReferralPayload = Infer<typeof OutboundReferralPayloadSchema>;

/** `PUT /api/outbound-referrals/{id}/status`: the receiving division's answer. */
export const ReferralStatusPayloadSchema = object({
  data: object({
    type: literal('outbound-referrals'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: object({ statusUid: uuid() }),
  }),
});
export type ReferralStatusPayload = Infer<typeof ReferralStatusPayloadSchema>;

/**
 * A restricted or adoption case stays in its division: its restriction rests
 * on case links and flags the receiving division does not share (spec 000
 * "Access alerts": Restricted), so such a child is never referred across.
 */
export const RESTRICTED_NOT_REFERRED = 'Restricted: a restricted or adoption case cannot be referred to another division';

/** The same rule for a facility that takes referrals by FHIR (issue 35): the child's record would leave Careweave. */
export const RESTRICTED_NOT_SENT = 'Restricted: a restricted or adoption case cannot be sent to an outside system';

/**
 * `POST /api/incoming-referrals/{id}/link`: the receiving division's person
 * links a waiting division referral to the patient they chose after the
 * duplicate check (`patientUid`), or to a new patient made from what the
 * referral carries (`createPatient`), one or the other.
 */
export const LinkReferralPayloadSchema = object({
  data: object({
    type: literal('incoming-referrals'),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: refine(object({ patientUid: optional(nullable(uuid())), createPatient: optional(boolean()) }), 'link', function* (a, ctx) {
      if (!a.patientUid === !a.createPatient) yield { path: [...ctx.path, 'patientUid'], message: 'Choose the same person, or create a patient' };
    }),
  }),
});
export type LinkReferralPayload = Infer<typeof LinkReferralPayloadSchema>;
