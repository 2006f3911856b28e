import { FHIR_TASK_STATUSES } from '../../shared/schemas/fhir-referrals';
import { REFERRAL_PRIORITIES } from '../../shared/schemas/outbound-referrals';
import { Counted, Day, Nullable, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** A referral an EHR sent, linked to this record: the columns ehrReferrals reads (ehr-referrals.repository.ts). */
const referral = {
  referral_uid: Uuid(),
  patient_uid: Uuid(),
  division_uid: Uuid(),
  event_date: Day(),
  what_for: Text(),
  priority: OneOf(REFERRAL_PRIORITIES),
  priority_label: Text(),
  reason: Nullable(Text()),
  notes: Nullable(Text()),
  requester_name: Nullable(Text()),
  from_system_name: Text(),
  status: OneOf(FHIR_TASK_STATUSES),
  status_reason: Nullable(Text()),
  output_display: Nullable(Text()),
  status_changed_at: Timestamp(),
  inbound_referral_uid: Nullable(Uuid()),
};
/** Its status's label and the statuses a person may move it to next. */
const next = { status_label: Text(), next_statuses: Type.Array(OneOf(FHIR_TASK_STATUSES)) };

export const EhrReferralDocument = One(Resource('ehr-referrals', { ...referral, ...next }));
/** The record's EHR referrals, newest first, each with the codes it was sent with ("display (system code)"). */
export const EhrReferralList = Counted(Resource('ehr-referrals', { ...referral, codes: Type.Array(Text()), ...next }));
