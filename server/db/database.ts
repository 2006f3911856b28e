import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface MarketTable { market_uid: Generated<string>; market_name: string }
export interface OrganizationTable { org_uid: Generated<string>; org_name: string; name: string; market_uid: string | null }
export interface DivisionTable { division_uid: Generated<string>; division_name: string; org_uid: string }
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

export interface RateLimitTable { bucket: string; window_start: Timestamp; hits: number }

export interface AuditEntryTable {
  audit_uid: Generated<string>;
  patient_uid: string;
  action: string;
  user_uid: string;
  division_uid: string;
  created_at: GeneratedTimestamp;
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
  email_address: string | null;
  note: string | null;
  episode_status_uid: string | null;
  /** Kept by a trigger on inbound_referral (migration 003): the patient's newest referral. */
  latest_referral_date: ColumnType<string | null, never, never>;
  latest_referral_status: ColumnType<string | null, never, never>;
  latest_referral_source_uid: ColumnType<string | null, never, never>;
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

export interface IdempotentRequestTable { scope: string; key: string; status: number; body: ColumnType<unknown, string, string>; created_at: GeneratedTimestamp }

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

export interface Database {
  idempotent_request: IdempotentRequestTable;
  one_time_code: OneTimeCodeTable;
  market: MarketTable;
  organization: OrganizationTable;
  division: DivisionTable;
  division_setting: DivisionSettingTable;
  app_user: AppUserTable;
  user_division: UserDivisionTable;
  session: SessionTable;
  rate_limit: RateLimitTable;
  audit_entry: AuditEntryTable;
  outbox: OutboxTable;
  translation: TranslationTable;
  destination: DestinationTable;
  reference_data: ReferenceDataTable;
  facility: FacilityTable;
  provider: ProviderTable;
  patient: PatientTable;
  patient_case: PatientCaseTable;
  inbound_referral: InboundReferralTable;
  queue: QueueTable;
  notification: NotificationTable;
}

export type AppUser = Selectable<AppUserTable>;
export type NewPatient = Insertable<PatientTable>;
