import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Infer, Struct } from 'superstruct';
import type * as R from '../../shared/schemas/identity-record-sources';
import type { FhirTaskStatus } from '../../shared/schemas/fhir-referrals';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface MarketTable { market_uid: Generated<string>; market_name: string }
export interface OrganizationTable {
  org_uid: Generated<string>;
  org_name: string;
  name: string;
  market_uid: string | null;
  /** The urgent line /support shows (migration 066): digits, null for none. */
  support_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 074: off, only `app_user.password_fallback` users may sign in with a password. */
  password_login: Generated<boolean>;
  /** Migration 085: kept by a trigger; FHIR's meta.lastUpdated. */
  updated_at: Generated<Date>;
}
export interface DivisionTable { division_uid: Generated<string>; division_name: string; org_uid: string; theme_color: ColumnType<string | null, string | null | undefined, string | null>; logo_url: ColumnType<string | null, string | null | undefined, string | null>; /** Migration 085. */ updated_at: Generated<Date> }
export interface DivisionSettingTable { division_uid: string; setting_name: string; setting_value: string }

export interface AppUserTable {
  user_uid: Generated<string>;
  user_name: string;
  display_name: string;
  first_name: string | null;
  last_name: string | null;
  email_address: string | null;
  password_hash: string | null;
  authentication_service: Generated<string>;
  is_active: Generated<boolean>;
  theme: Json | null;
  created_at: GeneratedTimestamp;
  /** Migration 074: keeps the password sign-in when the organisation turned it off (a break-glass administrator). */
  password_fallback: Generated<boolean>;
}

export interface UserDivisionTable { user_uid: string; division_uid: string; permissions: ColumnType<string[], string[] | undefined, string[]> }

export interface SessionTable {
  session_id: string;
  user_uid: string;
  current_division_uid: string;
  csrf_token: string;
  created_at: GeneratedTimestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

/** Migration 074 (issue 34): single sign-on and SMART launch. */
export interface IdentityProviderTable {
  idp_uid: Generated<string>;
  org_uid: string;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret: NullableText;
  /** What the sign-in asks for: OpenID's scopes, and the one that brings the group claim where the provider needs it. */
  scopes: Generated<string>;
  user_claim: Generated<string>;
  group_claim: NullableText;
  group_roles: ColumnType<Record<string, string>, string | undefined, string>;
  jit_role_template: NullableText;
  jit_division_uid: NullableText;
  is_active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
export interface EhrRegistrationTable {
  ehr_uid: Generated<string>;
  org_uid: string;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret: NullableText;
  mrn_system: string;
  division_uid: string;
  is_active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
/** Migration 079 (issue 35): FHIR Backend Services clients, the assertions they used and the tokens they hold. */
export interface FhirClientTable {
  client_id: Generated<string>;
  org_uid: string;
  user_uid: string;
  display_name: string;
  jwks: Json | null;
  jwks_url: string | null;
  scopes: string[];
  division_uids: string[];
  is_active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
export interface FhirAssertionTable {
  client_id: string;
  jti: string;
  expires_at: Timestamp;
}
export interface FhirTokenTable {
  token_hash: string;
  client_id: string;
  scopes: string[];
  expires_at: Timestamp;
}
/** Migration 080: a Gravity referral an EHR sent (its Task and ServiceRequest). */
export interface FhirReferralTable {
  referral_uid: Generated<string>;
  service_request_uid: Generated<string>;
  client_id: string;
  division_uid: string;
  task_system: string;
  task_value: string;
  status: FhirTaskStatus;
  business_status: string | null;
  status_reason: string | null;
  output_display: string | null;
  patient_uid: string | null;
  inbound_referral_uid: string | null;
  linked_by: string | null;
  linked_at: Timestamp | null;
  event_date: ColumnType<string, string, string>;
  what_for: string;
  priority: 'routine' | 'urgent' | 'emergent';
  reason: string | null;
  notes: string | null;
  requester_name: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: ColumnType<string | null, string | null, string | null>;
  gender_uid: string | null;
  mobile_phone: string | null;
  home_phone: string | null;
  work_phone: string | null;
  preferred_phone: string | null;
  identifiers: ColumnType<{ system: string; value: string }[], string, string>;
  task: ColumnType<unknown, string, string>;
  service_request: ColumnType<unknown, string, string>;
  supporting: ColumnType<unknown, string | undefined, string>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
/** Migration 080: a FHIR client's REST-hook Subscription on its referral Tasks (by owner division, by one Task, or all of them). */
export interface FhirSubscriptionTable {
  subscription_uid: Generated<string>;
  client_id: string;
  criteria: string;
  owner_division_uid: string | null;
  task_uid: string | null;
  endpoint: string;
  payload: boolean;
  headers: ColumnType<string[], string[] | undefined, string[]>;
  reason: string;
  status: 'active' | 'off';
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
/** Migration 081: Careweave's own key pairs for SMART Backend Services (it signs client assertions with the newest). */
export interface SigningKeyTable {
  kid: string;
  private_jwk: ColumnType<Record<string, unknown>, string, string>;
  public_jwk: ColumnType<Record<string, unknown>, string, string>;
  created_at: GeneratedTimestamp;
}
/** Migration 081: a facility that takes referrals by FHIR (Careweave as a Gravity referral source). */
export interface FhirDestinationTable {
  destination_uid: Generated<string>;
  org_uid: string;
  facility_uid: string;
  fhir_base: string;
  client_id: string;
  owner_reference: string;
  is_active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
/** Migration 081: an outbound referral sent by FHIR, and its Task's status as last read back. */
export interface FhirOutboundTable {
  outbound_referral_uid: string;
  destination_uid: string;
  remote_task_id: string | null;
  task_status: Generated<FhirTaskStatus>;
  business_status: string | null;
  output_display: string | null;
  sent_at: Timestamp | null;
  polled_at: Timestamp | null;
}
/** Migration 082: a user-facing SMART app an administrator registered (Careweave as its authorization server). */
export interface SmartAppTable {
  client_id: string;
  org_uid: string;
  app_name: string;
  redirect_uris: string[];
  scopes: string[];
  is_active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
/** Migration 082: what oidc-provider keeps between requests, by model and id. */
export interface OidcModelTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}
/** Migration 082: what a user granted a SMART app: their division then, and the patient they chose. */
export interface SmartLaunchTable {
  grant_id: string;
  client_id: string;
  user_uid: string;
  division_uid: string;
  patient_uid: string | null;
  created_at: GeneratedTimestamp;
}
export interface ExternalUserLinkTable {
  link_uid: Generated<string>;
  org_uid: string;
  source: string;
  subject: string;
  /** The name the outside system gave (the EHR's Practitioner), for the administrator who decides. */
  display_name: NullableText;
  user_uid: NullableText;
  status: Generated<'pending' | 'approved' | 'refused'>;
  first_seen_at: GeneratedTimestamp;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decided_by: NullableText;
}
export interface AuthFlowTable {
  state_hash: string;
  kind: 'sso' | 'smart';
  source_uid: string;
  code_verifier: string;
  nonce: string;
  return_to: NullableText;
  context: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: Timestamp;
  expires_at: Timestamp;
}
export interface SessionFederationTable {
  session_id: string;
  kind: 'sso' | 'smart';
  source_uid: string;
  id_token: NullableText;
  access_token: NullableText;
  refresh_token: NullableText;
  token_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  patient_uid: NullableText;
  /** The EHR's FHIR Patient a launch found no Careweave patient for: what Add Patient is filled from. */
  launch_patient: ColumnType<unknown, string | null | undefined, string | null>;
}
export interface PatientIdentifierTable {
  patient_uid: string;
  system: string;
  value: string;
}

export interface RateLimitTable { bucket: string; window_start: Timestamp; hits: number }

export interface AuditEntryTable {
  audit_uid: Generated<string>;
  patient_uid: string;
  action: string;
  user_uid: string;
  division_uid: string;
  created_at: GeneratedTimestamp;
  /** Migration 014: the page load it came from (one entry per page view, patient and action). */
  page_view_id: string | null;
  service_method: string | null;
  target_type: string | null;
  target_uid: string | null;
  /** The sentence the audit page shows; null on entries older than migration 014. */
  message: string | null;
  /** Migration 073: the break-glass event a read during its window belongs to. */
  break_glass_uid: Generated<string | null>;
}

export interface BreakGlassEventTable {
  break_glass_uid: Generated<string>;
  division_uid: string;
  user_uid: string;
  patient_uid: string;
  reason: string;
  reason_text: string | null;
  started_at: Timestamp;
  expires_at: Timestamp;
  writes_allowed: Generated<boolean>;
  review_status: 'appropriate' | 'inappropriate' | null;
  review_comment: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
}

export interface OutboxTable {
  outbox_uid: Generated<string>;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: GeneratedTimestamp;
  deliver_after: GeneratedTimestamp;
  delivered_at: Timestamp | null;
}

export interface TranslationTable { lang: string; key: string; value: string }
/** Migration 071: a division's own strings over the install's (the patient word, spec 000). */
export interface DivisionTranslationTable { division_uid: string; lang: string; key: string; value: string }
export interface DestinationTable { name: string; label: string; url: string; required_flag: string | null }

export interface ReferenceDataTable {
  uid: Generated<string>;
  model: string;
  name: string;
  label: string;
  ref_data_type: string | null;
  default_sort_order: Generated<number>;
  is_active: Generated<boolean>;
  attributes: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Migration 041: empty for the install's rows, else the organisation that added the row. */
  org_uid: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FacilityTable {
  facility_uid: Generated<string>;
  facility_name: string;
  org_uid: string | null;
  is_in_selections: Generated<boolean>;
  facility_type: string | null;
  addr1: string | null;
  city: string | null;
  province_iso: string | null;
  post_code: string | null;
  email_address: string | null;
  /** Migration 085: kept by a trigger; FHIR's meta.lastUpdated. */
  updated_at: Generated<Date>;
}

export interface ProviderTable {
  provider_uid: Generated<string>;
  display_name: string;
  first_name: string | null;
  last_name: string | null;
  user_uid: string | null;
  org_uid: string | null;
  provider_role_uid: string | null;
  npi_number: string | null;
  work_phone: string | null;
  mobile_number: string | null;
  email_address: string | null;
  /** Migration 041. */
  is_active: Generated<boolean>;
  /** Offered on the public external referral form (migration 065); staff and visitor-added providers are not until an admin says so. */
  public_form_offered: Generated<boolean>;
  /** Migration 085: kept by a trigger; FHIR's meta.lastUpdated. */
  updated_at: Generated<Date>;
}

export interface PatientTable {
  patient_uid: Generated<string>;
  division_uid: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  gender_uid: string | null;
  gender_identity_uid: string | null;
  restricted_flag: Generated<string>;
  in_custody: Generated<boolean>;
  agency_legal_status: string | null;
  sacwis_person_id: string | null;
  mobile_phone: string | null;
  home_phone: string | null;
  work_phone: string | null;
  preferred_phone: string | null;
  note: string | null;
  episode_status_uid: string | null;
  /** Migration 011 (external referral). */
  race_uid: ColumnType<string | null, string | null | undefined, string | null>;
  ethnicity_uid: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 021: the profile picture's file under DATA_DIR/avatars (`<sha256>.<ext>`). */
  avatar_file: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kept by a trigger on inbound_referral (migration 003): the patient's newest referral. */
  latest_referral_date: ColumnType<string | null, never, never>;
  latest_referral_status: ColumnType<string | null, never, never>;
  latest_referral_source_uid: ColumnType<string | null, never, never>;
  /** Migration 086: the newest referral itself, whose FHIR source, reason and codes the queues show. */
  latest_referral_uid: ColumnType<string | null, never, never>;
  /** Migration 020: spec 001 section 5, 'No Preference' for patients added by the form. */
  preferred_engagement: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kept by triggers (migration 025): the lists' labels and the case facts the access rule reads. */
  gender_label: ColumnType<string | null, never, never>;
  episode_status_label: ColumnType<string | null, never, never>;
  referral_source_label: ColumnType<string | null, never, never>;
  case_emails: ColumnType<string[], never, never>;
  adoption_case: ColumnType<boolean, never, never>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface PatientCaseTable {
  case_uid: Generated<string>;
  patient_uid: string;
  case_id: string | null;
  case_category: string | null;
  wkr_name: string | null;
  wkr_email: string | null;
  chf_email: string | null;
  sup_email: string | null;
  /** Migration 040: fed by the identity import from tbl_source_case. */
  from_extract: Generated<boolean>;
}

type SourceDate = ColumnType<string, string, string>;

/** Migration 044: a disputed source of a child's match (issue 11 section 4). */
export interface IdentityDisputeTable {
  dispute_uid: Generated<string>;
  division_uid: string;
  patient_uid: string;
  sacwis_person_id: string;
  source_name: string;
  dispute_comment: string;
  user_uid: string;
  created_at: GeneratedTimestamp;
}

/** Migration 044: the record pages' source tables, each its file's columns (shared/schemas/identity-record-sources.ts) and division_uid. */
type IdentityRecordTable<S extends Struct<any, any>> = { division_uid: string } & Infer<S>;
type SourceEndDate = ColumnType<string | null, string | null | undefined, string | null>;

/** Migration 040: identity source tables, one CSV file each (server/identity/source-tables.ts). */
export interface SourceChildTable {
  division_uid: string;
  sacwis_person_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  preferred_name: string | null;
  birth_date: SourceDate;
  gender: string | null;
  county: string;
}

export interface SourceCaseTable {
  division_uid: string;
  case_id: string;
  sacwis_person_id: string;
  county: string;
  agency_name: string;
  case_category: string;
  legal_status: string | null;
  wkr_name: string | null;
  wkr_email: string | null;
  sup_name: string | null;
  sup_email: string | null;
  chf_email: string | null;
  restricted_flag: boolean;
  adoption_flag: boolean;
}

export interface CustodyEpisodeTable {
  division_uid: string;
  episode_id: string;
  sacwis_person_id: string;
  county: string;
  legal_status: string | null;
  start_date: SourceDate;
  end_date: SourceEndDate;
}

export interface PlacementTable {
  division_uid: string;
  placement_id: string;
  sacwis_person_id: string;
  provider_id: string;
  provider_name: string;
  placement_type: string;
  start_date: SourceDate;
  end_date: SourceEndDate;
  provider_contact: string | null;
  provider_address: string | null;
  provider_agency: string | null;
  provider_agency_contact: string | null;
}

export interface IdentitySourceTable {
  division_uid: string;
  sacwis_person_id: string;
  source_name: string;
  mrn: string;
}

export interface MatchResultsTable {
  division_uid: string;
  sacwis_person_id: string;
  patient_uid: string;
  source_name: string;
  mrn: Generated<string>;
  match_status_id: number;
  match_type: number;
  score: number | null;
  source_description: string;
}

export interface IdentitySourceStatusTable {
  status_uid: Generated<string>;
  run_uid: string;
  division_uid: string;
  source_name: string;
  file_name: string;
  rows_read: Generated<number>;
  rows_loaded: Generated<number>;
  rows_rejected: Generated<number>;
  started_at: GeneratedTimestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  status: string;
  details: string | null;
}

/** Migration 043: a child's flags in a source system (spec 002 "Patient summary card"). */
export interface PatientFlagsTable {
  division_uid: string;
  flag_id: string;
  sacwis_person_id: string;
  patient_flag: string;
  flag_info: string | null;
  source_name: string;
  county: string;
}

/** Migration 043: the names a child goes by in a source system. */
export interface PatientPreferredNamesTable {
  division_uid: string;
  sacwis_person_id: string;
  source_name: string;
  preferred_name: string;
}

/** Migration 043: one row per identity patient with what the identity search filters on (server/identity-search/search-index.ts). */
export interface IdentitySearchTable {
  patient_uid: string;
  division_uid: string;
  last_name: string;
  first_name: string;
  last_norm: string;
  first_norm: string;
  birth_date: string | null;
  restricted_flag: string;
  case_emails: string[];
  adoption_case: boolean;
  sacwis_person_ids: string[];
  mrns: string;
  source_names: string[];
  counties: string[];
  wkr_names: string;
  case_ids: string[];
  provider_ids: string[];
  provider_names: string;
  /** Migration 055: the result card's facts from the sources (identity_search_card). */
  card: IdentityCard;
}

export interface IdentityCard {
  preferred_names: string[];
  patient_flags: { id: string; patientflag: string; flaginfo: string | null; source_description: string; county: string }[];
  agency_county: string | null;
  placement: { placement_type: string | null; provider_name: string | null; provider_id: string | null } | null;
  matches: { source_description: string; match_status_id: number; mrn: string }[];
}

export interface InboundReferralTable {
  referral_uid: Generated<string>;
  patient_uid: string;
  referral_date: ColumnType<string, string, string>;
  referral_source_uid: string | null;
  reason_uid: string | null;
  requested_by: string | null;
  referred_to: string | null;
  referral_method: string | null;
  status: string;
  created_at: GeneratedTimestamp;
}

export interface QueueTable {
  queue_uid: Generated<string>;
  division_uid: string;
  parent_queue_uid: string | null;
  queue_label: string;
  view_name: string;
  rule: ColumnType<Record<string, string>, string, string>;
  default_sort: string | null;
  column_map: ColumnType<{ column_name: string; display_header: string; is_hidden: boolean }[], string, string>;
  sort_order: Generated<number>;
}

export interface NotificationTable {
  id: Generated<string>;
  subject_uid: string;
  subject_type: Generated<string>;
  type: Generated<string>;
  reminder_date: Timestamp;
  note: string;
  is_active: Generated<boolean>;
  is_urgent: Generated<boolean>;
  is_read: Generated<boolean>;
  is_saved: Generated<boolean>;
  display_name: string | null;
  target_uid: string | null;
  reminder_type: string | null;
  event_type_uid: string | null;
  event_type_name: string | null;
  ui_model_name: string | null;
  route: string | null;
  created_by: string | null;
  created_date: GeneratedTimestamp;
  updated_date: GeneratedTimestamp;
}

export interface IdempotentRequestTable { scope: string; key: string; request_hash: string; status: number; body: ColumnType<unknown, string, string>; created_at: GeneratedTimestamp }

export interface TrustedDeviceTable { token_hash: string; user_uid: string; address: string; created_at: GeneratedTimestamp; last_used_at: GeneratedTimestamp }

export interface OneTimeCodeTable {
  code_uid: Generated<string>;
  purpose: string;
  subject: string;
  code_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  attempts: Generated<number>;
  consumed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: GeneratedTimestamp;
}

/** Support, Back to Work and engagement opt-out (migration 008). */
export interface SupportRequestTable { support_request_uid: Generated<string>; user_email: string; issue_type: string; comment: string; client_address: string | null; created_at: GeneratedTimestamp }
export interface B2wVendorTable { vendor_uid: Generated<string>; code_hash: string; vendor_name: string; is_active: Generated<boolean>; org_uid: string | null }
export interface B2wEmployeeTable {
  employee_uid: Generated<string>;
  vendor_uid: string;
  employee_id: string | null;
  ssn_last4: string | null;
  first_name: string;
  last_name: string;
  telephone_number: string;
  email_address: string | null;
}
export interface B2wRegistrationTable {
  registration_uid: Generated<string>;
  vendor_uid: string;
  employee_uid: string | null;
  telephone_number: string;
  comm_method: string;
  confirmed_code_hash: string | null;
  confirmed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
export interface B2wAssessmentTable {
  assessment_uid: Generated<string>;
  employee_uid: string;
  registration_uid: string;
  /** A `date` column, read as YYYY-MM-DD text (connect.ts). */
  assessment_date: string;
  high_temp: boolean;
  low_temp_complications: boolean | null;
  outcome: string;
  created_at: GeneratedTimestamp;
}
export interface EngagementOptOutTokenTable {
  token_uid: Generated<string>;
  token_hash: string;
  patient_uid: string;
  engagement: string;
  expires_at: Timestamp | null;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** External actions (migration 011). */
export interface ExternalActionInstanceTable {
  instance_id: string;
  division_uid: string;
  action_type: string;
  payload_definition: ColumnType<{ required_fields?: string[] }, string | undefined, string>;
  is_active: Generated<boolean>;
  created_at: GeneratedTimestamp;
  /** How the admin pages name the link; none for links made before they existed. */
  label: string | null;
  /** The link that replaced this one when it was rotated. */
  replaced_by: string | null;
}
export interface ExternalRegistrationTable {
  registration_uid: Generated<string>;
  instance_id: string;
  name: string;
  identifier: string;
  identifier_type: string;
  token_hash: string | null;
  confirmed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}
export interface PatientAddressTable {
  address_uid: Generated<string>;
  patient_uid: string;
  address_type_uid: string | null;
  addr1: string | null;
  addr2: string | null;
  city: string | null;
  post_code: string | null;
  country_division_uid: string | null;
  county: string | null;
  /** Migration 018. */
  is_primary: Generated<boolean>;
  latitude: string | null;
  longitude: string | null;
  created_at: GeneratedTimestamp;
}
export interface PatientEmailAddressTable {
  email_address_uid: Generated<string>;
  patient_uid: string;
  email_address: string;
  is_primary: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
export interface PatientNoteTable {
  note_uid: Generated<string>;
  patient_uid: string;
  note_type: Generated<string>;
  note: string;
  activity_date: ColumnType<string, string | undefined, string>;
  session_duration_minutes: number | null;
  author_uid: string | null;
  is_archived: Generated<boolean>;
  created_at: GeneratedTimestamp;
}
/** patient_note_view (migration 023): a note with its author and its patient's division and restriction. */
export interface PatientNoteViewTable {
  note_uid: string;
  patient_uid: string;
  note_type: string;
  note: string;
  activity_date: string;
  session_duration_minutes: number | null;
  is_archived: boolean;
  created_date: Date;
  author_uid: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  division_uid: string;
  restricted_flag: string;
}
export interface AdmissionTable {
  admission_uid: Generated<string>;
  patient_uid: string;
  event_date: string;
  status_uid: string;
  facility_uid: string | null;
  discharge_date: string | null;
  comments: string | null;
  note: string | null;
  created_at: GeneratedTimestamp;
}
/** reference_resource (migrations 030, 033): the resource library; a File resource's link is the file store's key. */
export interface ReferenceResourceTable {
  resource_uid: Generated<string>;
  title: string;
  category: string;
  sort_order: Generated<number>;
  resource_type: Generated<'Link' | 'File'>;
  resource_link: string;
  resource_target: 'clinician' | 'patient';
  is_active: Generated<boolean>;
  file_name: string | null;
  content_type: string | null;
  file_size: number | null;
  org_uid: ColumnType<string | null, string | null | undefined, string | null>;
}
/** patient_resource (migration 030): a library resource handed to a patient. */
export interface PatientResourceTable {
  patient_resource_uid: Generated<string>;
  patient_uid: string;
  resource_uid: string;
  added_by: string | null;
  created_at: GeneratedTimestamp;
}
/** patient_resource_view (migrations 030, 033): a patient's resource with the library's fields and the patient's division and restriction. */
export interface PatientResourceViewTable {
  patient_resource_uid: string;
  patient_uid: string;
  resource_uid: string;
  title: string;
  category: string;
  sort_order: number;
  resource_type: string;
  resource_link: string;
  created_date: Date;
  added_by_first_name: string | null;
  added_by_last_name: string | null;
  division_uid: string;
  restricted_flag: string;
  file_name: string | null;
  file_size: number | null;
}
export interface ProviderLocationTable {
  provider_location_uid: Generated<string>;
  provider_uid: string;
  provider_location_label: string;
  addr1: string | null;
  addr2: string | null;
  city: string | null;
  province_iso: string | null;
  post_code: string | null;
}
export interface ProviderPatientTable {
  provider_patient_uid: Generated<string>;
  provider_uid: string;
  patient_uid: string;
  preferred_location_uid: string | null;
  care_team: Generated<boolean>;
  is_pcp: Generated<boolean>;
  is_primary: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
export interface CareGiverTable {
  care_giver_uid: Generated<string>;
  patient_uid: string;
  first_name: string;
  last_name: string;
  relationship: string;
  preferred_phone_type: Generated<string>;
  home_phone: string | null;
  mobile_phone: string | null;
  email: string | null;
  is_primary: Generated<boolean>;
  is_current: Generated<boolean>;
  roles: string | null;
  other_roles: string | null;
  interpreter_id: string | null;
  interpreter_language: string | null;
  comment: string | null;
  patient_consents: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
/** Spec 001 section 3 "Patient allergy". */
export interface PatientAllergyTable {
  patient_allergy_uid: Generated<string>;
  patient_uid: string;
  allergy_uid: string;
  medication_uid: string | null;
  comments: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
/** Spec 001 section 3 "Patient medication"; its routes are rows of patient_medication_route. */
export interface PatientMedicationTable {
  patient_medication_uid: Generated<string>;
  patient_uid: string;
  medication_uid: string;
  dosage: string | null;
  frequency: string | null;
  started_date: string | null;
  finished_date: string | null;
  is_primary: boolean;
  is_prescription: boolean;
  is_still_taking: boolean;
  patient_reported_improvement: string | null;
  relief_rating: string | null;
  relief_duration: string | null;
  comments: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
export interface PatientMedicationRouteTable {
  patient_medication_uid: string;
  route_uid: string;
}
export interface PatientAllergyViewTable {
  patient_allergy_uid: string;
  patient_uid: string;
  allergy_uid: string;
  allergy_label: string;
  allergy_type: string | null;
  medication_uid: string | null;
  medication_label: string | null;
  allergen_label: string;
  comments: string | null;
  created_at: Date;
  updated_at: Date;
  division_uid: string;
  restricted_flag: string;
}
export interface PatientMedicationViewTable {
  patient_medication_uid: string;
  patient_uid: string;
  medication_uid: string;
  medication_label: string;
  dosage: string | null;
  frequency: string | null;
  started_date: string | null;
  finished_date: string | null;
  is_primary: boolean;
  is_prescription: boolean;
  is_still_taking: boolean;
  patient_reported_improvement: string | null;
  relief_rating: string | null;
  relief_duration: string | null;
  comments: string | null;
  medication_route_uids: string[];
  medication_route_labels: string[];
  created_at: Date;
  updated_at: Date;
  division_uid: string;
  restricted_flag: string;
}
/** Migration 026: which regions a reference row (a diagnosis) takes. */
export interface ReferenceRegionTable {
  source: string;
  source_uid: string;
  region_uid: string;
}
/** Migration 026: a patient's diagnosis (spec 001 section 3 "Diagnosis"). */
export interface PatientDiagnosisTable {
  diagnosis_uid: Generated<string>;
  patient_uid: string;
  ref_diagnosis_uid: string;
  status_uid: string;
  provider_uid: string;
  region_uid: string | null;
  onset_date: string | null;
  is_primary_diagnosis: Generated<boolean>;
  note: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
export interface PatientAttachmentTable {
  attachment_uid: Generated<string>;
  patient_uid: string;
  doc_type: string;
  attachment_type: 'link' | 'file';
  attachment_title: string;
  attachment_description: string | null;
  attachment_link: string;
  file_name: string | null;
  content_type: string | null;
  file_size: number | null;
  author_uid: string | null;
  created_at: GeneratedTimestamp;
}
/** patient_attachment_view (migration 031): a document with its author and its patient's division and restriction. */
export interface PatientAttachmentViewTable {
  attachment_uid: string;
  patient_uid: string;
  doc_type: string;
  attachment_type: 'link' | 'file';
  attachment_title: string;
  attachment_description: string | null;
  attachment_link: string;
  file_name: string | null;
  content_type: string | null;
  file_size: number | null;
  created_date: Date;
  author_uid: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  division_uid: string;
  restricted_flag: string;
}
export interface OutboundReferralTable {
  outbound_referral_uid: Generated<string>;
  patient_uid: string;
  specialty_uid: string;
  event_date: string;
  status_uid: string;
  status_changed_at: GeneratedTimestamp;
  from_provider_uid: string | null;
  to_type: 'provider' | 'facility' | 'division';
  to_provider_uid: string | null;
  to_facility_uid: string | null;
  to_division_uid: string | null;
  priority: 'routine' | 'urgent' | 'emergent';
  reason: string | null;
  notes: string | null;
  received_patient_uid: string | null;
  inbound_referral_uid: string | null;
  /** Who in the receiving division linked a division referral to its record, and when (migration 064); events flow only then. */
  linked_by: string | null;
  linked_at: Date | null;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
/** outbound_referral_view (migration 029): a referral with the names of its specialty, status and target, and its patient's division and restriction. */
export interface OutboundReferralViewTable {
  outbound_referral_uid: string;
  patient_uid: string;
  division_uid: string;
  restricted_flag: string;
  event_date: string;
  specialty_uid: string;
  provider_role_name: string;
  status_uid: string;
  status_label: string;
  status_changed_at: Date;
  to_type: 'provider' | 'facility' | 'division';
  to_provider_uid: string | null;
  to_facility_uid: string | null;
  to_division_uid: string | null;
  to_name: string;
  priority: 'routine' | 'urgent' | 'emergent';
  priority_label: string;
  reason: string | null;
  notes: string | null;
  from_provider_uid: string | null;
  from_provider_name: string | null;
  created_at: Date;
}
export interface PatientInsuranceTable {
  insurance_uid: Generated<string>;
  patient_uid: string;
  carrier_uid: string | null;
  policy_holder_name: string | null;
  policy_holder: string | null;
  policy_holder_birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  ssn_last4: string | null;
  insurance_company_phone: string | null;
  policy_number: string | null;
  group_number: string | null;
  effective_date: ColumnType<string | null, string | null | undefined, string | null>;
  is_primary: Generated<boolean>;
  policy_type: string | null;
  created_at: GeneratedTimestamp;
}
export interface ExternalReferralTable {
  referral_uid: string;
  instance_id: string;
  registration_uid: string;
  from_provider_uid: string | null;
  to_provider_uid: string | null;
  diagnosis_uid: string | null;
  note: string | null;
  payload: ColumnType<Record<string, unknown>, string, string>;
  created_at: GeneratedTimestamp;
}

/** Handle with Care (migration 009). */
export interface CitAgencyTable { agency_uid: Generated<string>; agency_name: string; code_hash: string; state_iso: Generated<string>; org_uid: string; division_uid: string; is_active: Generated<boolean> }
export interface CitOfficerTable { agency_uid: string; officer_name: string }
export interface HwcAgencyTable { agency_uid: Generated<string>; agency_name: string; code_hash: string; org_uid: string; division_uid: string; is_active: Generated<boolean> }
export interface OrganizationFacilityTable { facility_uid: string; org_uid: string }
export interface FacilityDistributionListTable { id: Generated<string>; facility_uid: string; name: string; email_address: string; created_at: GeneratedTimestamp }
export interface HwcPatientTable {
  hwc_patient_uid: Generated<string>;
  agency_uid: string;
  org_uid: string;
  division_uid: string;
  officer_name: string;
  child_first_name: string;
  child_last_name: string;
  child_birth_date: ColumnType<string, string, string>;
  child_age: number;
  child_gender_uid: string | null;
  facility_uid: string | null;
  facility_name: string;
  didnt_send_reason: string | null;
  is_ignored: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
export interface HwcNoticeTable { notice_uid: Generated<string>; hwc_patient_uid: string; outbox_uid: string; facility_uid: string; recipient_name: string; email_address: string; sent_by: string | null; created_at: GeneratedTimestamp }

/** Migration 017: the record's left menu (and later menus). */
export interface NavItemTable {
  nav_item_uid: Generated<string>;
  ref_data_type: string;
  nav_item_label: string;
  app_module: string | null;
  route: string;
  default_sort_order: Generated<number>;
  parent_nav_item_uid: string | null;
  feature_flag: Generated<string[]>;
  is_active: Generated<boolean>;
  org_uid: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 071: the link's query string (spec 000 "Nav item: ... queryParams"). */
  query_params: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 017: one episode per patient, made by a trigger with the patient. */
export interface PatientEpisodeTable {
  patient_episode_uid: Generated<string>;
  patient_uid: string;
  status_uid: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** Migration 022: badge groups and badges (reference lists) and the badges a patient carries. */
export interface ReferenceBadgeGroupTable {
  badge_group_uid: Generated<string>;
  badge_group_name: string;
  badge_group_label: string;
  badge_group_color: string | null;
  is_exclusive: Generated<boolean>;
  default_sort_order: Generated<number>;
  is_active: Generated<boolean>;
  org_uid: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface ReferenceBadgeTable {
  badge_uid: Generated<string>;
  badge_group_uid: string;
  badge_name: string;
  badge_label: string;
  color: string | null;
  default_sort_order: Generated<number>;
  is_active: Generated<boolean>;
  org_uid: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface PatientBadgeTable {
  patient_badge_uid: Generated<string>;
  patient_uid: string;
  badge_uid: string;
  badge_group_uid: string;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

/** Migration 021: a patient's races (several). */
export interface PatientRaceTable {
  patient_uid: string;
  race_uid: string;
}


/** chat_topic (migration 035): one conversation per patient; last_seq is its message counter. */
export interface ChatTopicTable {
  topic_uid: Generated<string>;
  patient_uid: string;
  division_uid: string;
  last_seq: Generated<number>;
  last_message_at: Date | null;
  created_at: GeneratedTimestamp;
}
/** chat_subscription (migration 035): a participant of a topic and the last sequence they have read. */
export interface ChatSubscriptionTable {
  subscription_uid: Generated<string>;
  topic_uid: string;
  user_uid: string;
  last_read_seq: Generated<number>;
  created_at: GeneratedTimestamp;
}
/** chat_message (migration 035): a message's plain-text body under its topic's sequence number. */
export interface ChatMessageTable {
  topic_uid: string;
  seq: number;
  message_uid: Generated<string>;
  author_uid: string;
  body: string;
  created_at: GeneratedTimestamp;
}

/** Migration 036: a one-time sign-in link (first sign-in or password reset); only the token's hash is kept. */
export interface SignInLinkTable {
  token_hash: string;
  user_uid: string;
  purpose: 'first-sign-in' | 'password-reset';
  created_at: GeneratedTimestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Migration 036: the admin audit log. */
export interface AdminAuditEntryTable {
  audit_uid: Generated<string>;
  org_uid: string;
  actor_uid: string | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_uid: string | null;
  target_label: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  created_at: GeneratedTimestamp;
}

/** Migration 042: what a user with an app identity did (viewed a patient, ran a report). */
export interface IdentityActionLogTable {
  action_log_uid: Generated<string>;
  user_uid: string;
  division_uid: string;
  patient_uid: string | null;
  action: string;
  report_name: string | null;
  created_at: GeneratedTimestamp;
}

export interface Database {
  tbl_identity_action_log: IdentityActionLogTable;
  chat_topic: ChatTopicTable;
  chat_subscription: ChatSubscriptionTable;
  chat_message: ChatMessageTable;
  sign_in_link: SignInLinkTable;
  admin_audit_entry: AdminAuditEntryTable;
  reference_badge_group: ReferenceBadgeGroupTable;
  reference_badge: ReferenceBadgeTable;
  patient_badge: PatientBadgeTable;
  patient_race: PatientRaceTable;
  nav_item: NavItemTable;
  patient_episode: PatientEpisodeTable;
  idempotent_request: IdempotentRequestTable;
  trusted_device: TrustedDeviceTable;
  one_time_code: OneTimeCodeTable;
  support_request: SupportRequestTable;
  b2w_vendor: B2wVendorTable;
  b2w_employee: B2wEmployeeTable;
  b2w_registration: B2wRegistrationTable;
  b2w_assessment: B2wAssessmentTable;
  engagement_opt_out_token: EngagementOptOutTokenTable;
  market: MarketTable;
  organization: OrganizationTable;
  division: DivisionTable;
  division_setting: DivisionSettingTable;
  app_user: AppUserTable;
  user_division: UserDivisionTable;
  session: SessionTable;
  identity_provider: IdentityProviderTable;
  ehr_registration: EhrRegistrationTable;
  fhir_client: FhirClientTable;
  fhir_assertion: FhirAssertionTable;
  fhir_token: FhirTokenTable;
  fhir_referral: FhirReferralTable;
  fhir_subscription: FhirSubscriptionTable;
  signing_key: SigningKeyTable;
  fhir_destination: FhirDestinationTable;
  smart_app: SmartAppTable;
  oidc_model: OidcModelTable;
  smart_launch: SmartLaunchTable;
  fhir_outbound: FhirOutboundTable;
  external_user_link: ExternalUserLinkTable;
  auth_flow: AuthFlowTable;
  session_federation: SessionFederationTable;
  patient_identifier: PatientIdentifierTable;
  rate_limit: RateLimitTable;
  audit_entry: AuditEntryTable;
  break_glass_event: BreakGlassEventTable;
  outbox: OutboxTable;
  translation: TranslationTable;
  division_translation: DivisionTranslationTable;
  destination: DestinationTable;
  reference_data: ReferenceDataTable;
  facility: FacilityTable;
  provider: ProviderTable;
  patient: PatientTable;
  patient_case: PatientCaseTable;
  tbl_source_child: SourceChildTable;
  tbl_source_case: SourceCaseTable;
  tbl_custody_episode: CustodyEpisodeTable;
  tbl_placement: PlacementTable;
  tbl_identity_source: IdentitySourceTable;
  tbl_match_results: MatchResultsTable;
  tbl_identity_source_status: IdentitySourceStatusTable;
  tbl_intake_allegation: IdentityRecordTable<typeof R.IntakeAllegationRow>;
  tbl_agency_contact: IdentityRecordTable<typeof R.AgencyContactRow>;
  tbl_leave: IdentityRecordTable<typeof R.LeaveRow>;
  tbl_mcp: IdentityRecordTable<typeof R.McpRow>;
  tbl_hospitalization: IdentityRecordTable<typeof R.HospitalizationRow>;
  tbl_allergy: IdentityRecordTable<typeof R.AllergyRow>;
  tbl_immunization: IdentityRecordTable<typeof R.ImmunizationRow>;
  tbl_medication: IdentityRecordTable<typeof R.MedicationRow>;
  tbl_pharmacy: IdentityRecordTable<typeof R.PharmacyRow>;
  tbl_problem_list: IdentityRecordTable<typeof R.ProblemListRow>;
  tbl_surgery: IdentityRecordTable<typeof R.SurgeryRow>;
  tbl_screening: IdentityRecordTable<typeof R.ScreeningRow>;
  tbl_lab: IdentityRecordTable<typeof R.LabRow>;
  tbl_visit: IdentityRecordTable<typeof R.VisitRow>;
  tbl_appointment: IdentityRecordTable<typeof R.AppointmentRow>;
  tbl_referral: IdentityRecordTable<typeof R.ReferralRow>;
  tbl_hospital_note: IdentityRecordTable<typeof R.HospitalNoteRow>;
  tbl_primary_provider: IdentityRecordTable<typeof R.PrimaryProviderRow>;
  identity_dispute: IdentityDisputeTable;
  tbl_patient_flags: PatientFlagsTable;
  tbl_patient_preferred_names: PatientPreferredNamesTable;
  identity_search: IdentitySearchTable;
  inbound_referral: InboundReferralTable;
  queue: QueueTable;
  notification: NotificationTable;
  hwc_agency: HwcAgencyTable;
  cit_agency: CitAgencyTable;
  cit_officer: CitOfficerTable;
  organization_facility: OrganizationFacilityTable;
  facility_distribution_list: FacilityDistributionListTable;
  hwc_patient: HwcPatientTable;
  hwc_notice: HwcNoticeTable;
  external_action_instance: ExternalActionInstanceTable;
  external_registration: ExternalRegistrationTable;
  patient_address: PatientAddressTable;
  patient_email_address: PatientEmailAddressTable;
  patient_note: PatientNoteTable;
  patient_note_view: PatientNoteViewTable;
  admission: AdmissionTable;
  reference_resource: ReferenceResourceTable;
  patient_resource: PatientResourceTable;
  patient_resource_view: PatientResourceViewTable;
  provider_location: ProviderLocationTable;
  provider_patient: ProviderPatientTable;
  care_giver: CareGiverTable;
  patient_allergy: PatientAllergyTable;
  patient_medication: PatientMedicationTable;
  patient_medication_route: PatientMedicationRouteTable;
  patient_allergy_view: PatientAllergyViewTable;
  patient_medication_view: PatientMedicationViewTable;
  reference_region: ReferenceRegionTable;
  patient_diagnosis: PatientDiagnosisTable;
  patient_attachment: PatientAttachmentTable;
  patient_attachment_view: PatientAttachmentViewTable;
  outbound_referral: OutboundReferralTable;
  outbound_referral_view: OutboundReferralViewTable;
  patient_insurance: PatientInsuranceTable;
  external_referral: ExternalReferralTable;
}

export type AppUser = Selectable<AppUserTable>;
export type NewPatient = Insertable<PatientTable>;
