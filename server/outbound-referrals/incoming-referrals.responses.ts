import { REFERRAL_PRIORITIES } from '../../shared/schemas/outbound-referrals';
import { Counted, Day, Nullable, One, OneOf, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/**
 * A referral waiting in the caller's division, from another division or an EHR, with the person it is
 * about: the allow-list incoming-referrals.repository.ts reads, never the sender's record.
 */
const WaitingReferral = Resource('incoming-referrals', {
  outbound_referral_uid: Uuid(),
  event_date: Day(),
  provider_role_name: Text(),
  priority: OneOf(REFERRAL_PRIORITIES),
  priority_label: Text(),
  reason: Nullable(Text()),
  notes: Nullable(Text()),
  from_provider_name: Nullable(Text()),
  from_division_name: Text(),
  created_at: Timestamp(),
  first_name: Text(),
  middle_name: Nullable(Text()),
  last_name: Text(),
  birth_date: Nullable(Day()),
  gender_uid: Nullable(Uuid()),
  gender_label: Nullable(Text()),
  gender_identity_uid: Nullable(Uuid()),
  mobile_phone: Nullable(Text()),
  home_phone: Nullable(Text()),
  work_phone: Nullable(Text()),
  preferred_phone: Nullable(Text()),
  source: OneOf(['division', 'fhir']),
});

export const WaitingReferralDocument = One(WaitingReferral);
/** The first waiting referrals, newest first; the total counts them all. */
export const WaitingReferralList = Counted(WaitingReferral);
/** The record the referral is now linked to. */
export const LinkedReferralDocument = One(Resource('incoming-referrals', { received_patient_uid: Uuid() }));
