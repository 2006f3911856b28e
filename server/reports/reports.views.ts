import { sql } from 'kysely';
import { REPORT_VIEW_COLUMNS, type ReportViewName } from '../../shared/schemas/reports';
import { accessClassCounts, patientVisibility } from '../dataviews/scopes';
import type { ViewDefinition } from '../dataviews/types';

/**
 * The report views (migrations 038, 042, 048, 049 and 053) as the data-view engine reads them: the
 * columns are the shared allow-list. Their scope holds the restricted and
 * adoption rule only; the divisions are the report's own (the caller's
 * hasReports divisions, chosen per call), added by the reports routes to
 * every query, never left out.
 */
const SOURCES: Record<ReportViewName, { source: string; idColumn: string; defaultSort: string; patients: boolean }> = {
  'report-inbound-referrals': { source: 'report_inbound_referral_view', idColumn: 'referral_uid', defaultSort: '-referral_date', patients: true },
  'report-medical-events': { source: 'report_medical_event_view', idColumn: 'medical_event_uid', defaultSort: '-event_date', patients: true },
  'report-cit-submissions': { source: 'report_cit_submission_view', idColumn: 'submission_uid', defaultSort: '-created_at', patients: false },
  'report-reminders': { source: 'report_reminder_view', idColumn: 'reminder_uid', defaultSort: '-reminder_date', patients: true },
  'report-caseloads': { source: 'report_caseload_view', idColumn: 'provider_patient_uid', defaultSort: 'provider_name', patients: true },
  'report-overdoses': { source: 'report_overdose_view', idColumn: 'medical_event_uid', defaultSort: '-event_date', patients: true },
  'report-outbound-referrals': { source: 'report_outbound_referral_view', idColumn: 'outbound_referral_uid', defaultSort: '-event_date', patients: true },
  'report-queue-sizes': { source: 'report_queue_size_view', idColumn: 'snapshot_uid', defaultSort: '-snapshot_day', patients: false },
  'report-custody': { source: 'report_custody_view', idColumn: 'patient_uid', defaultSort: 'last_name', patients: true },
  'report-patient-badges': { source: 'report_patient_badge_view', idColumn: 'patient_badge_uid', defaultSort: 'last_name', patients: true },
};

/**
 * Migration 051: events per division, day and type, and per division, day,
 * type, status and outcome, each per access class, which answer the
 * medical-event charts and totals (1,000,000 events).
 */
const MEDICAL_EVENT_COUNTS = [
  accessClassCounts('report_medical_event_type_count_view', ['division_uid', 'event_date', 'medical_event_label']),
  accessClassCounts('report_medical_event_count_view', ['division_uid', 'event_date', 'medical_event_label', 'status_label', 'outcome_label']),
];

export const REPORT_DATA_VIEWS: Record<string, ViewDefinition> = Object.fromEntries(
  Object.entries(SOURCES).map(([name, s]) => [
    name,
    {
      name,
      source: s.source,
      idColumn: s.idColumn,
      columns: { ...REPORT_VIEW_COLUMNS[name as ReportViewName], division_uid: 'uuid' },
      defaultSort: s.defaultSort,
      scope: s.patients ? (auth) => patientVisibility('v', auth) : () => sql`true`,
      access: { anyFlag: ['hasReports'] },
      ...(name === 'report-medical-events' && { counts: MEDICAL_EVENT_COUNTS }),
    } satisfies ViewDefinition,
  ]),
);

/** `GET /api/data/public/tbl-identity-action-log`: the caller's own entries, newest first. */
export const identityActionLogView: ViewDefinition = {
  name: 'tbl-identity-action-log',
  source: 'tbl_identity_action_log',
  idColumn: 'action_log_uid',
  columns: { action_log_uid: 'uuid', action: 'text', patient_uid: 'uuid', report_name: 'text', created_at: 'timestamp' },
  defaultSort: '-created_at',
  scope: (auth) => sql`v.user_uid = ${auth.userUid}`,
  access: { anyFlag: ['hasAppIdentity'] },
};
