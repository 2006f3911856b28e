import { sql, type RawBuilder } from 'kysely';
import type { Flags } from '../../shared/permissions';
import { EVENT_DETAIL_READERS, mayReadEventDetails } from '../../shared/schemas/medical-events';
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

/**
 * Issue 31: the columns of a report view of medical events that are an
 * event's row (when, what, status, the patient), an allow-list: every other
 * column is a detail (the sheet's facility, provider, outcome, answers). A
 * caller who may not read a type's details (EVENT_DETAIL_READERS) gets its
 * events with the details empty (readableBy). These views carry
 * medical_event_type_uid (migration 078).
 */
const EVENT_ROW: Partial<Record<ReportViewName, readonly string[]>> = {
  'report-medical-events': ['medical_event_uid', 'patient_uid', 'first_name', 'last_name', 'event_date', 'medical_event_label', 'status_label', 'division_uid'],
  'report-overdoses': ['medical_event_uid', 'patient_uid', 'first_name', 'last_name', 'event_date', 'division_uid'],
};
/** What a report's scope reads beside the view's columns: the patient's access facts (scopes.ts patientVisibility, accessClassCounts), and a count's number. */
const PATIENT_FACTS = ['restricted_flag', 'case_emails', 'adoption_case'];
const COUNT_FACTS = ['restricted_flag', 'adoption_case', 'events'];

/** A medical-event type whose details the caller may not read in these divisions of a report. */
export interface HiddenDetails {
  medicalEventName: string;
  divisions: string[];
}

/** Per type with detail readers, the report's divisions where the caller holds none of its flags (none: the caller reads every detail). */
export function hiddenEventDetails(divisions: readonly { divisionUid: string; flags: Partial<Flags> }[]): HiddenDetails[] {
  return Object.keys(EVENT_DETAIL_READERS)
    .map((medicalEventName) => ({ medicalEventName, divisions: divisions.filter((d) => !mayReadEventDetails(d.flags, medicalEventName)).map((d) => d.divisionUid) }))
    .filter((h) => h.divisions.length > 0);
}

/**
 * A report view as this caller reads it: the rows are the same (a count or a
 * total never changes), but an event whose details the caller may not read
 * has its detail columns empty (null) in the table, the CSV, every chart and
 * grouping, and every filter and sort, which all read the same emptied
 * columns. Counts that group by a detail are emptied the same way. One
 * CASE per detail column on the event's type id; the types' ids are found
 * once per query. The view itself for a caller who reads every detail.
 */
export function readableBy(view: ViewDefinition, hidden: readonly HiddenDetails[]): ViewDefinition {
  const row = Object.hasOwn(EVENT_ROW, view.name) ? EVENT_ROW[view.name as ReportViewName] : undefined;
  if (!row || !hidden.length) return view;
  const detail = (column: string) => !row.includes(column) && !PATIENT_FACTS.includes(column) && !COUNT_FACTS.includes(column);
  const notReadable = sql.join(
    hidden.map(
      (h) => sql`(r.medical_event_type_uid = any(array(select uid from reference_data where model = 'reference-medical-event' and name = ${h.medicalEventName}))
                  and r.division_uid = any(${h.divisions}::uuid[]))`,
    ),
    sql` or `,
  );
  const emptied = (source: string, columns: readonly string[]): RawBuilder<unknown> =>
    sql`select ${sql.join(
      [...new Set(columns)].map((c) => (detail(c) ? sql`case when ${notReadable} then null else ${sql.ref(`r.${c}`)} end as ${sql.ref(c)}` : sql.ref(`r.${c}`))),
    )} from ${sql.table(source)} as r`;
  return {
    ...view,
    from: emptied(view.source, [...Object.keys(view.columns), ...PATIENT_FACTS]),
    counts: view.counts?.map((c) => (c.columns.some(detail) ? { ...c, from: emptied(c.source, [...c.columns, ...COUNT_FACTS]) } : c)),
  };
}

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
