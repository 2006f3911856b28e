import { Bool, Day, Links, Nullable, Obj, One, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** What the record's header and pages know of the patient (patientDocument, patients.repository.ts). */
const PatientAttributes = {
  patient_uid: Uuid(),
  division_uid: Uuid(),
  first_name: Text(),
  middle_name: Nullable(Text()),
  last_name: Text(),
  birth_date: Nullable(Day()),
  gender_uid: Nullable(Uuid()),
  gender_label: Nullable(Text()),
  gender_identity_uid: Nullable(Uuid()),
  gender_identity_label: Nullable(Text()),
  preferred_phone: Nullable(Text()),
  mobile_phone: Nullable(Text()),
  home_phone: Nullable(Text()),
  work_phone: Nullable(Text()),
  restricted_flag: Text(),
  note: Nullable(Text()),
  user_can_see_restricted_case: Bool(),
  phone: Nullable(Text('The preferred phone number')),
  person_image: Nullable(Text('The picture, relative to the API')),
  summary_patient: Obj({ patient_episode_uid: Nullable(Uuid()), episode_status_uid: Nullable(Uuid()), episode_status_label: Nullable(Text()) }),
  badges: Type.Array(Obj({ badge_uid: Uuid(), badge_label: Text(), color: Nullable(Text()) })),
  // Only for the identity and navigator modes.
  sacwis_person_id: Type.Optional(Nullable(Text())),
  agency_legal_status: Type.Optional(Nullable(Text())),
  in_custody: Type.Optional(Bool()),
};

/** The patient, as a change or a new picture answers it. */
export const PatientDocument = One(Resource('patients', PatientAttributes));

/** `?include=` rows (includedOf, demographics.repository.ts): each carries its id among its attributes too. */
const IncludedAddress = Resource('addresses', {
  id: Uuid(),
  address_type_uid: Nullable(Uuid()),
  address_type_label: Nullable(Text()),
  addr1: Nullable(Text()),
  addr2: Nullable(Text()),
  city: Nullable(Text()),
  country_division_uid: Nullable(Uuid()),
  state_label: Nullable(Text()),
  post_code: Nullable(Text()),
  county: Nullable(Text()),
  is_primary: Bool(),
  // numeric columns: pg sends their text.
  latitude: Nullable(Text()),
  longitude: Nullable(Text()),
});
const IncludedEmailAddress = Resource('email-addresses', { id: Uuid(), email_address: Text(), is_primary: Bool() });
const IncludedInsurance = Resource('insurance-providers', {
  id: Uuid(),
  carrier_uid: Nullable(Uuid()),
  carrier_label: Nullable(Text()),
  policy_number: Nullable(Text()),
  group_number: Nullable(Text()),
  effective_date: Nullable(Day()),
  is_primary: Bool(),
  policy_type: Nullable(Text()),
});

/** The patient record; with `?include=`, the links to the rows asked for and the rows themselves. */
export const PatientRecord = One(
  Obj({
    type: Type.Literal('patients'),
    id: Type.String(),
    attributes: Obj(PatientAttributes),
    relationships: Type.Optional(
      Obj({
        addresses: Type.Optional(Links('addresses')),
        'insurance-providers': Type.Optional(Links('insurance-providers')),
        'email-addresses': Type.Optional(Links('email-addresses')),
      }),
    ),
  }),
  { included: Type.Optional(Type.Array(Type.Union([IncludedAddress, IncludedInsurance, IncludedEmailAddress]))) },
);

/** The patient's newest inbound referral with its labels, or `data: null`. */
export const CurrentInboundReferral = One(
  Nullable(
    Resource('inbound-referrals', {
      referral_uid: Uuid(),
      referral_date: Day(),
      status: Text(),
      requested_by: Nullable(Text()),
      referred_to: Nullable(Text()),
      referral_method: Nullable(Text()),
      referral_source_uid: Nullable(Uuid()),
      referral_source_label: Nullable(Text()),
      reason_uid: Nullable(Uuid()),
      reason_label: Nullable(Text()),
      created_at: Timestamp(),
    }),
  ),
);
