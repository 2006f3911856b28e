import { Bool, Counted, Link, Nullable, One, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** A care-team member: the columns MEMBER_COLUMNS reads (care-team.repository.ts), with the provider's and the preferred location's. */
const Member = Resource(
  'provider-patients',
  {
    provider_patient_uid: Uuid(),
    patient_uid: Uuid(),
    provider_uid: Uuid(),
    preferred_location_uid: Nullable(Uuid()),
    care_team: Bool(),
    is_pcp: Bool(),
    is_primary: Bool(),
    created_at: Timestamp(),
    updated_at: Timestamp(),
    display_name: Text(),
    npi_number: Nullable(Text()),
    provider_role_label: Nullable(Text()),
    work_phone: Nullable(Text()),
    mobile_number: Nullable(Text()),
    email_address: Nullable(Text()),
    provider_location_label: Nullable(Text()),
    addr1: Nullable(Text()),
    addr2: Nullable(Text()),
    city: Nullable(Text()),
    province_iso: Nullable(Text()),
    post_code: Nullable(Text()),
  },
  { provider: Link('providers'), patient: Link('patients') },
);

/** A care giver: the columns GIVER_COLUMNS reads, its roles as a list. */
const CareGiver = Resource('care-givers', {
  care_giver_uid: Uuid(),
  patient_uid: Uuid(),
  first_name: Text(),
  last_name: Text(),
  relationship: Text(),
  preferred_phone_type: Text(),
  home_phone: Nullable(Text()),
  mobile_phone: Nullable(Text()),
  email: Nullable(Text()),
  is_primary: Bool(),
  is_current: Bool(),
  roles: Type.Array(Text()),
  other_roles: Nullable(Text()),
  interpreter_id: Nullable(Text()),
  interpreter_language: Nullable(Text()),
  comment: Nullable(Text()),
  patient_consents: Bool(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});

export const MemberDocument = One(Member);
export const MemberList = Counted(Member);
export const CareGiverDocument = One(CareGiver);
export const CareGiverList = Counted(CareGiver);
