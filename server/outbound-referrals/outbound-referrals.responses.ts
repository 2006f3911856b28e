import { FHIR_TASK_STATUSES } from '../../shared/schemas/fhir-referrals';
import { REFERRAL_PRIORITIES, REFERRAL_TARGETS } from '../../shared/schemas/outbound-referrals';
import { Bool, Counted, Day, Nullable, One, OneOf, pick, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** The sender's whole referral: findOutboundReferral's columns but the receiver's record and inbound referral (outbound-referrals.routes.ts resource). */
const sent = {
  outbound_referral_uid: Uuid(),
  patient_uid: Uuid(),
  event_date: Day(),
  specialty_uid: Uuid(),
  provider_role_name: Text(),
  status_uid: Uuid(),
  status_label: Text(),
  status_changed_at: Timestamp(),
  to_type: OneOf(REFERRAL_TARGETS),
  to_provider_uid: Nullable(Uuid()),
  to_facility_uid: Nullable(Uuid()),
  to_division_uid: Nullable(Uuid()),
  to_name: Text(),
  priority: OneOf(REFERRAL_PRIORITIES),
  priority_label: Text(),
  reason: Nullable(Text()),
  notes: Nullable(Text()),
  from_provider_uid: Nullable(Uuid()),
  from_provider_name: Nullable(Text()),
  created_at: Timestamp(),
  from_division_uid: Uuid(),
  from_division_name: Text(),
  sent_by_fhir: Bool(),
  fhir_sent_at: Nullable(Timestamp()),
  fhir_task_status: Nullable(OneOf(FHIR_TASK_STATUSES)),
  fhir_business_status: Nullable(Text()),
  fhir_output: Nullable(Text()),
};
const SentReferral = Resource('outbound-referrals', { ...sent, direction: Type.Literal('sent') });

/** The receiving division's view of a referral: the referral itself and who sent it, never the sender's patient. */
const ReceivedReferral = Resource('outbound-referrals', {
  ...pick(sent, 'outbound_referral_uid', 'event_date', 'provider_role_name', 'status_uid', 'status_label', 'status_changed_at', 'priority', 'priority_label', 'reason', 'notes', 'from_provider_name', 'from_division_name'),
  received_patient_uid: Uuid(),
  direction: Type.Literal('received'),
});

export const SentReferralDocument = One(SentReferral);
export const ReceivedReferralDocument = One(ReceivedReferral);
/** A referral from whichever side the caller sees it. */
export const ReferralDocument = One(Type.Union([SentReferral, ReceivedReferral]));
/** What other divisions referred this patient for. */
export const ReceivedReferralList = Counted(ReceivedReferral);
