import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001_core';
import * as m002 from './migrations/002_patients_queues';
import * as m003 from './migrations/003_queue_view_speed';
import * as m004 from './migrations/004_reminders';
import * as m005 from './migrations/005_calendar';
import * as m006 from './migrations/006_patient_search';
import * as m007 from './migrations/007_public_forms';
import * as m008 from './migrations/008_support_b2w_opt_out';
import * as m009 from './migrations/009_hwc';
import * as m010 from './migrations/010_cit';
import * as m011 from './migrations/011_ext';
import * as m012 from './migrations/012_cit_submission_list';
import * as m013 from './migrations/013_security';
import * as m014 from './migrations/014_audit';
import * as m015 from './migrations/015_hwc_list';
import * as m016 from './migrations/016_no_admin_destination';
import * as m017 from './migrations/017_patient_record';
import * as m018 from './migrations/018_patient_contacts';
import * as m019 from './migrations/019_face_sheet';
import * as m020 from './migrations/020_add_patient';
import * as m021 from './migrations/021_demographics';
import * as m022 from './migrations/022_badges';
import * as m023 from './migrations/023_notes';
import * as m024 from './migrations/024_admissions';
import * as m025 from './migrations/025_patient_read_model';
import * as m026 from './migrations/026_diagnoses';
import * as m027 from './migrations/027_allergies_medications';
import * as m028 from './migrations/028_care_team';
import * as m029 from './migrations/029_outbound_referrals';
import * as m030 from './migrations/030_resources';
import * as m031 from './migrations/031_documents';
import * as m032 from './migrations/032_medical_events';
import * as m033 from './migrations/033_resource_files';
import * as m034 from './migrations/034_human_interactions';
import * as m035 from './migrations/035_chat';
import * as m036 from './migrations/036_admin';
import * as m037 from './migrations/037_admin_organization';
import * as m038 from './migrations/038_reports';
import * as m040 from './migrations/040_identity_sources';
import * as m041 from './migrations/041_admin_reference';
import * as m042 from './migrations/042_reports_more';
import * as m044 from './migrations/044_identity_record_sources';
import * as m045 from './migrations/045_report_view_joins';
import * as m046 from './migrations/046_identity_search';
import * as m048 from './migrations/048_report_outbound_referrals';
import * as m049 from './migrations/049_queue_size_snapshots';
import * as m050 from './migrations/050_ext_instance_admin';
import * as m051 from './migrations/051_report_medical_event_counts';
import * as m052 from './migrations/052_identity_search_covering_sort';
import * as m053 from './migrations/053_report_patient_badges';
import * as m054 from './migrations/054_medical_event_list_index';
import * as m055 from './migrations/055_identity_search_card';
import * as m056 from './migrations/056_medical_event_day_slots';
import * as m057 from './migrations/057_identity_search_terms';
import * as m058 from './migrations/058_patient_referral_covering';
import * as m059 from './migrations/059_patient_search_words_by_join';
import * as m060 from './migrations/060_identity_search_terms_unchanged';
import * as m061 from './migrations/061_patient_division_counts';
import * as m062 from './migrations/062_patient_search_word_order';
import * as m063 from './migrations/063_identity_search_covering_mrns';
import * as m064 from './migrations/064_division_referrals_linked_by_person';
import * as m065 from './migrations/065_provider_public_form_offered';
import * as m066 from './migrations/066_organization_support_phone';
import * as m067 from './migrations/067_ed_notes_hidden_source';
import * as m068 from './migrations/068_identity_lists';
import * as m071 from './migrations/071_spec_sweep_labels_labs_nav';
import * as m072 from './migrations/072_placement_provider_contact';
import * as m073 from './migrations/073_break_glass';
import * as m074 from './migrations/074_single_sign_on';
import * as m075 from './migrations/075_calendar_crisis_row_only';
import * as m078 from './migrations/078_report_event_type';
import * as m079 from './migrations/079_fhir_clients';
import * as m080 from './migrations/080_fhir_referrals';
import * as m081 from './migrations/081_fhir_destinations';
import * as m082 from './migrations/082_smart_apps';
import * as m083 from './migrations/083_fhir_referral_updates';
import * as m084 from './migrations/084_patient_list_name_order';
import * as m085 from './migrations/085_directory_last_updated';
import * as m086 from './migrations/086_referral_queue_reason_codes';

/** Listed here rather than read from disk so a bundled server carries them. */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_patients_queues': m002,
  '003_queue_view_speed': m003,
  '004_reminders': m004,
  '005_calendar': m005,
  '006_patient_search': m006,
  '007_public_forms': m007,
  '008_support_b2w_opt_out': m008,
  '009_hwc': m009,
  '010_cit': m010,
  '011_ext': m011,
  '012_cit_submission_list': m012,
  '013_security': m013,
  '014_audit': m014,
  '015_hwc_list': m015,
  '016_no_admin_destination': m016,
  '017_patient_record': m017,
  '018_patient_contacts': m018,
  '019_face_sheet': m019,
  '020_add_patient': m020,
  '021_demographics': m021,
  '022_badges': m022,
  '023_notes': m023,
  '024_admissions': m024,
  '025_patient_read_model': m025,
  '026_diagnoses': m026,
  '027_allergies_medications': m027,
  '028_care_team': m028,
  '029_outbound_referrals': m029,
  '030_resources': m030,
  '031_documents': m031,
  '032_medical_events': m032,
  '033_resource_files': m033,
  '034_human_interactions': m034,
  '035_chat': m035,
  '036_admin': m036,
  '037_admin_organization': m037,
  '038_reports': m038,
  '040_identity_sources': m040,
  '041_admin_reference': m041,
  '042_reports_more': m042,
  '044_identity_record_sources': m044,
  '045_report_view_joins': m045,
  '046_identity_search': m046,
  '048_report_outbound_referrals': m048,
  '049_queue_size_snapshots': m049,
  '050_ext_instance_admin': m050,
  '051_report_medical_event_counts': m051,
  '052_identity_search_covering_sort': m052,
  '053_report_patient_badges': m053,
  '054_medical_event_list_index': m054,
  '055_identity_search_card': m055,
  '056_medical_event_day_slots': m056,
  '057_identity_search_terms': m057,
  '058_patient_referral_covering': m058,
  '059_patient_search_words_by_join': m059,
  '060_identity_search_terms_unchanged': m060,
  '061_patient_division_counts': m061,
  '062_patient_search_word_order': m062,
  '063_identity_search_covering_mrns': m063,
  '064_division_referrals_linked_by_person': m064,
  '065_provider_public_form_offered': m065,
  '066_organization_support_phone': m066,
  '067_ed_notes_hidden_source': m067,
  '068_identity_lists': m068,
  '071_spec_sweep_labels_labs_nav': m071,
  '072_placement_provider_contact': m072,
  '073_break_glass': m073,
  '074_single_sign_on': m074,
  '075_calendar_crisis_row_only': m075,
  '078_report_event_type': m078,
  '079_fhir_clients': m079,
  '080_fhir_referrals': m080,
  '081_fhir_destinations': m081,
  '082_smart_apps': m082,
  '083_fhir_referral_updates': m083,
  '084_patient_list_name_order': m084,
  '085_directory_last_updated': m085,
  '086_referral_queue_reason_codes': m086,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Any constant both processes agree on; serialises concurrent starts.
const MIGRATION_LOCK = 727_001;

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    // Building an index on a large table may take longer than any request is allowed to.
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      const { error, results } = await new Migrator({ db: conn, provider }).migrateToLatest();
      if (error) throw error;
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } finally {
      await sql`reset statement_timeout`.execute(conn);
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/** Migrations this release has that the database has not run: a process started without migrating must not serve it. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((m) => !m.executedAt).map((m) => m.name);
}
