import { sql } from 'kysely';
import {
  ENROLLED_STATUS,
  REPORT_CARD_MONTHS,
  REPORT_CARDS,
  type ChartPoint,
  type MonthPair,
  type ProgramDashboard,
  type ReportCard,
  type ReportCardView,
} from '../../shared/schemas/reports';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { runAggregate, whereClause, type ListRequest } from '../dataviews/engine';
import { hiddenEventDetails, readableBy, REPORT_DATA_VIEWS } from './reports.views';
import { now } from '../../shared/clock';
import { overdueReviews } from '../break-glass/break-glass.repository';

type Filters = ListRequest['filters'];

const two = (n: number) => String(n).padStart(2, '0');
/** The first day of the month `back` months before `today`'s, as the database's month keys (YYYY-MM-DD). */
export function monthStart(today: Date, back = 0): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-01`;
}

const inDivision = (auth: AuthContext): Filters => [{ column: 'division_uid', operator: 'eq', values: [auth.divisionUid] }];
/** A report view as the caller reads it in the current division (issue 31: event details only for their type's readers). */
const readable = (auth: AuthContext, view: string) => readableBy(REPORT_DATA_VIEWS[view], hiddenEventDetails([{ divisionUid: auth.divisionUid, flags: auth.flags }]));

/** Counts per month of `dateColumn` from `months` months back to the end of this month, keyed YYYY-MM-01. */
async function monthly(db: Db, auth: AuthContext, view: string, dateColumn: string, months: number, today: Date, extra: Filters = []) {
  const points = await runAggregate(db, readable(auth, view), auth, [
    ...inDivision(auth),
    { column: dateColumn, operator: '>>=', values: [monthStart(today, months - 1)] },
    { column: dateColumn, operator: '<<', values: [monthStart(today, -1)] },
    ...extra,
  ], {
    x: dateColumn,
    aggregation: 'count',
    timeUnit: 'month',
  });
  return new Map(points.map((p) => [String(p.x), p.value]));
}

async function monthPair(db: Db, auth: AuthContext, view: string, dateColumn: string, today: Date, extra: Filters = []): Promise<MonthPair> {
  const counts = await monthly(db, auth, view, dateColumn, 2, today, extra);
  return { thisMonth: counts.get(monthStart(today)) ?? 0, lastMonth: counts.get(monthStart(today, 1)) ?? 0 };
}

/** A home report card (`GET /api/reports/{viewName}`): the current division's counts of this month, last month and the last six. */
export async function reportCard(db: Db, auth: AuthContext, view: ReportCardView, today = now()): Promise<ReportCard> {
  const card = REPORT_CARDS[view];
  const counts = await monthly(db, auth, view, card.dateColumn, REPORT_CARD_MONTHS, today);
  const months = Array.from({ length: REPORT_CARD_MONTHS }, (_, i) => monthStart(today, REPORT_CARD_MONTHS - 1 - i)).map((month) => ({ month, value: counts.get(month) ?? 0 }));
  return { view, title: card.title, reportName: card.reportName, thisMonth: months.at(-1)!.value, lastMonth: months.at(-2)!.value, months };
}

async function grouped(db: Db, auth: AuthContext, view: string, x: string, extra: Filters, y?: string): Promise<ChartPoint[]> {
  return runAggregate(db, readable(auth, view), auth, [...inDivision(auth), ...extra], { x, y, aggregation: y ? 'unique-count' : 'count' });
}

/**
 * The program dashboard (issue 12, for isDirector): the current division's
 * figures, each computed in SQL through the report views (so the same scope
 * and the same numbers as the report each links to).
 */
export async function programDashboard(db: Db, auth: AuthContext, today = now()): Promise<ProgramDashboard> {
  // This month: from its first day to the next month's (events dated ahead are not this month's).
  const within = (column: string): Filters => [
    { column, operator: '>>=', values: [monthStart(today)] },
    { column, operator: '<<', values: [monthStart(today, -1)] },
  ];
  const thisMonth = within('event_date');
  const referralView = REPORT_DATA_VIEWS['report-inbound-referrals'];
  const yearAgo = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
  const firstContact = await sql<{ median: number | null; contacted: number }>`
    select percentile_cont(0.5) within group (order by v.days_to_first_contact)::float8 as median, count(v.days_to_first_contact)::int as contacted
      from ${sql.table(referralView.source)} as v
     where ${whereClause(referralView, auth, [...inDivision(auth), { column: 'referral_date', operator: '>>=', values: [yearAgo] }])}`.execute(db);
  const reminderStatus = new Map((await grouped(db, auth, 'report-reminders', 'reminder_status', [])).map((p) => [p.x, p.value]));
  const overdoseMonth = await grouped(db, auth, 'report-overdoses', 'naloxone_given', thisMonth);
  // One after another: a dashboard holds one pooled connection at a time.
  const referrals = await monthPair(db, auth, 'report-inbound-referrals', 'referral_date', today);
  const enrolled = await monthPair(db, auth, 'report-inbound-referrals', 'referral_date', today, [{ column: 'referral_status', operator: 'eq', values: [ENROLLED_STATUS] }]);
  const cit = await monthPair(db, auth, 'report-cit-submissions', 'created_at', today);
  const overdoses = await monthPair(db, auth, 'report-overdoses', 'event_date', today);
  const dispositions = await grouped(db, auth, 'report-cit-submissions', 'disposition_label', within('created_at'));
  const outcomes = await grouped(db, auth, 'report-overdoses', 'outcome', thisMonth);
  const caseloads = await grouped(db, auth, 'report-caseloads', 'provider_name', [], 'patient_uid');
  const median = firstContact.rows[0]?.median;
  return {
    referrals,
    enrolled,
    medianDaysToFirstContact: median === null || median === undefined ? null : Math.round(median * 10) / 10,
    contactedReferrals: firstContact.rows[0]?.contacted ?? 0,
    reminders: { overdue: reminderStatus.get('Overdue') ?? 0, open: reminderStatus.get('Open') ?? 0 },
    cit: { ...cit, dispositions },
    overdoses: { ...overdoses, naloxoneGiven: overdoseMonth.find((p) => p.x === 'Yes')?.value ?? 0, outcomes },
    caseloads: caseloads.sort((a, b) => b.value - a.value),
    emergencyAccessOverdue: await overdueReviews(db, auth.divisionUid),
  };
}
