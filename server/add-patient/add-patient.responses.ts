import { Bool, Counted, Day, Link, Links, Nullable, One, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** The inbound referral that created the patient, with the patient, addresses and e-mail addresses it made. */
export const CreatedReferralDocument = One(
  Resource(
    'referrals',
    { patient_uid: Uuid(), event_date: Day(), is_inbound_referral: Bool() },
    { patient: Link('patients'), addresses: Links('addresses'), email_addresses: Links('email-addresses') },
  ),
);

/** The patients the caller may see with the same names (and birth date, gender when asked), oldest first. */
export const PossibleDuplicateList = Counted(Resource('patients', { patient_uid: Uuid(), first_name: Text(), last_name: Text(), birth_date: Nullable(Day()), gender_label: Nullable(Text()), created_at: Timestamp() }));

