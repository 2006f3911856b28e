import { sql } from 'kysely';
import { REPORT_VIEW_COLUMNS, type ReportViewName } from '../../shared/schemas/reports';
import { patientVisibility } from '../dataviews/scopes';
import type { ViewDefinition } from '../dataviews/registry';

/**
 * The report views (migration 038) as the data-view engine reads them: the
 * columns are the shared allow-list. Their scope holds the restricted and
 * adoption rule only; the divisions are the report's own (the caller's
 * hasReports divisions, chosen per call), added by the reports routes to
 * every query, never left out.
 */
const SOURCES: Record<ReportViewName, { source: string; idColumn: string; defaultSort: string; patients: boolean }> = {
  'report-inbound-referrals': { source: 'report_inbound_referral_view', idColumn: 'referral_uid', defaultSort: '-referral_date', patients: true },
  'report-medical-events': { source: 'report_medical_event_view', idColumn: 'medical_event_uid', defaultSort: '-event_date', patients: true },
  'report-cit-submissions': { source: 'report_cit_submission_view', idColumn: 'submission_uid', defaultSort: '-created_at', patients: false },
};

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
    } satisfies ViewDefinition,
  ]),
);
