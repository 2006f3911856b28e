import { array, boolean, enums, integer, literal, max, min, nullable, object, optional, refine, size, string, union, type Infer, type Struct } from 'superstruct';
import { REFERENCE_MODELS } from '../reference-models';
import { boundedText } from './strings';

/**
 * Reports (spec 002 sections 2, 3, 4, 7 and 9; issue 12).
 *
 * A report configuration is a `reference-report-configuration` row whose
 * definition names a report view and lays out filters, charts and tables.
 * The columns every report view offers are listed here, so the definition is
 * checked against them where it is loaded (the page refuses an invalid one
 * whole, with the path of the bad member) and the server's views read the
 * same allow-list.
 */
export type ReportColumnKind = 'text' | 'number' | 'date' | 'timestamp' | 'boolean' | 'uuid' | 'uuid[]' | 'text[]';

export const REPORT_VIEW_COLUMNS = {
  'report-inbound-referrals': {
    referral_uid: 'uuid',
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    referral_date: 'date',
    referral_source_label: 'text',
    referral_status: 'text',
    referral_reason_label: 'text',
    referral_method: 'text',
    referred_to: 'text',
    patient_age: 'number',
    in_custody: 'boolean',
    badge_uids: 'uuid[]',
    referral_source_uid: 'uuid',
    first_contact_at: 'timestamp',
    days_to_first_contact: 'number',
    contacted_within_week: 'number',
  },
  'report-medical-events': {
    medical_event_uid: 'uuid',
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    event_date: 'timestamp',
    medical_event_label: 'text',
    status_label: 'text',
    outcome_label: 'text',
    facility_name: 'text',
    provider_uid: 'uuid',
    facility_uid: 'uuid',
  },
  'report-cit-submissions': {
    submission_uid: 'uuid',
    created_at: 'timestamp',
    incident_date_time: 'timestamp',
    approval_status: 'text',
    disposition_label: 'text',
    agency_name: 'text',
    officer_name: 'text',
    weapon_involved: 'text',
    taken_into_custody: 'boolean',
  },
  'report-reminders': {
    reminder_uid: 'uuid',
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    reminder_date: 'timestamp',
    reminder_status: 'text',
    is_urgent: 'boolean',
    assignee_uid: 'uuid',
    assignee_name: 'text',
    created_by: 'uuid',
    created_by_name: 'text',
  },
  'report-caseloads': {
    provider_patient_uid: 'uuid',
    provider_uid: 'uuid',
    provider_name: 'text',
    user_uid: 'uuid',
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    in_custody: 'boolean',
    badge_uids: 'uuid[]',
    badge_labels: 'text[]',
    latest_referral_date: 'date',
    latest_referral_status: 'text',
  },
  'report-overdoses': {
    medical_event_uid: 'uuid',
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    event_date: 'timestamp',
    naloxone_given: 'text',
    naloxone_given_by: 'text',
    naloxone_amount: 'number',
    outcome: 'text',
    accepted_treatment: 'text',
    facility_uid: 'uuid',
    facility_name: 'text',
    provider_uid: 'uuid',
  },
  'report-outbound-referrals': {
    outbound_referral_uid: 'uuid',
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    event_date: 'date',
    specialty_label: 'text',
    status_label: 'text',
    priority: 'text',
    to_type: 'text',
    referred_to: 'text',
    status_changed_at: 'timestamp',
  },
  'report-queue-sizes': {
    snapshot_uid: 'uuid',
    snapshot_day: 'date',
    queue_uid: 'uuid',
    queue_label: 'text',
    queue_size: 'number',
  },
  'report-custody': {
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    birth_date: 'date',
    in_custody: 'boolean',
    agency_legal_status: 'text',
    division_name: 'text',
    latest_referral_date: 'date',
    latest_referral_status: 'text',
  },
  'report-patient-badges': {
    patient_badge_uid: 'uuid',
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    in_custody: 'boolean',
    latest_referral_status: 'text',
    badge_uid: 'uuid',
    badge_label: 'text',
    badge_group_uid: 'uuid',
    badge_group_label: 'text',
    badge_added_at: 'timestamp',
    badge_uid_list: 'uuid[]',
    badge_uids: 'uuid[]',
  },
} as const satisfies Record<string, Record<string, ReportColumnKind>>;
export type ReportViewName = keyof typeof REPORT_VIEW_COLUMNS;
export const REPORT_VIEWS = Object.keys(REPORT_VIEW_COLUMNS) as ReportViewName[];
export const isReportView = (name: string): name is ReportViewName => Object.hasOwn(REPORT_VIEW_COLUMNS, name);

/** Spec 002 section 9. */
export const REPORT_TABLE_PAGE_SIZE = 500;
export const REPORT_TABLE_PAGE_SIZES = [10, 20, 50, 100] as const;
/** Layout units: a chart is `h * REPORT_ROW_HEIGHT` px tall (spec 002 section 9: layout height times 60). */
export const REPORT_ROW_HEIGHT = 60;
export const REPORT_GRID_COLUMNS = 12;

export const REPORT_TEXT = {
  pick: 'Please Select A Report Using The Menu On The Left.',
  notFound: 'Report not found',
  run: 'Run Report',
  update: 'Update Report',
  loading: 'Loading',
  export: 'Export',
  exportStarted: 'Beginning export...',
  exportDone: 'Export finished!',
  exportFailed: 'Export failed!',
} as const;

export const AGGREGATIONS = ['count', 'unique-count', 'average', 'sum'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const TIME_UNITS = ['year', 'month', 'week', 'day'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
/** A number filter's comparison type is the operator it adds (spec 002 section 7). */
export const NUMBER_COMPARISONS = ['__eq', '__>>=', '__<='] as const;
/** Date-range presets (spec 002 section 5 "Report filters"). */
export const DATE_PRESETS = [
  'today', 'oneYearAgo', 'twoYearsAgo', 'threeYearsAgo',
  'startOfMonth', 'endOfMonth', 'startOfPreviousMonth', 'endOfPreviousMonth',
  'startOfYear', 'endOfYear', 'startOfPreviousYear', 'endOfPreviousYear',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const label = () => boundedText(120);
const columnName = () => boundedText(63);
const option = object({ label: label(), value: boundedText(200) });
const options = () => size(array(option), 1, 100);
const unit = () => min(integer(), 0);

const filterCommon = { column: columnName(), label: label() };
const DateRangeFilter = object({ type: literal('dateRange'), ...filterCommon, defaultStartDate: optional(enums(DATE_PRESETS)), defaultEndDate: optional(enums(DATE_PRESETS)) });
const CheckboxFilter = object({ type: literal('checkbox'), ...filterCommon, options: options() });
const DropdownFilter = object({ type: literal('customDropdown'), ...filterCommon, options: options(), caseInsensitive: optional(boolean()) });
const StringFilter = object({ type: literal('string'), ...filterCommon });
const NumberFilter = object({ type: literal('number'), ...filterCommon, comparisonType: enums(NUMBER_COMPARISONS) });
const BooleanFilter = object({
  type: literal('boolean'),
  ...filterCommon,
  trueLabel: optional(label()),
  falseLabel: optional(label()),
  allLabel: optional(label()),
  nullIsFalse: optional(boolean()),
});
/** Badges of every group, shown grouped; any chosen badge (`__contains_uuid_or`) or all of them (`filterByAllBadges`, `__contains_uuid_and`). */
const BadgeFilter = object({ type: literal('badge'), ...filterCommon, filterByAllBadges: optional(boolean()) });
/** Users of the divisions the caller reports on (`GET /api/users`). */
const UserFilter = object({ type: literal('user'), ...filterCommon });
/** Providers of the caller's organisation (`GET /api/providers/mv`). */
const ProviderFilter = object({ type: literal('provider'), ...filterCommon });
/** Facilities in selections (`GET /api/data/public/facility`). */
const FacilityFilter = object({ type: literal('facility'), ...filterCommon });
/** Any other reference list: its model, the attribute shown (label unless said) and an optional ref_data_type. */
const RefDataFilter = object({
  type: literal('refData'),
  ...filterCommon,
  refDataModel: enums(REFERENCE_MODELS),
  refDataLabelAttr: optional(enums(['label', 'name'])),
  refDataType: optional(boundedText(63)),
});
export const ReportFilterSchema = union([DateRangeFilter, CheckboxFilter, DropdownFilter, StringFilter, NumberFilter, BooleanFilter, BadgeFilter, UserFilter, ProviderFilter, FacilityFilter, RefDataFilter]);
export type ReportFilter = Infer<typeof ReportFilterSchema>;
export const FILTER_TYPES = ['dateRange', 'checkbox', 'customDropdown', 'string', 'number', 'boolean', 'badge', 'user', 'provider', 'facility', 'refData'] as const;

export const ReportChartSchema = object({
  type: enums(['line', 'bar', 'pie', 'doughnut']),
  title: label(),
  xAxisColumn: columnName(),
  yAxisColumn: optional(columnName()),
  /** A second grouping: one series (dataset) per value, stacked when isStacked. */
  seriesColumn: optional(columnName()),
  isTimeSeries: optional(boolean()),
  timeUnit: optional(enums(TIME_UNITS)),
  aggregationType: enums(AGGREGATIONS),
  isStacked: optional(boolean()),
  isFilledLine: optional(boolean()),
  legend: optional(boolean()),
  legendPosition: optional(enums(['top', 'bottom', 'left', 'right'])),
  showDataLabels: optional(boolean()),
  showPercentage: optional(boolean()),
  yTickMin: optional(nullable(min(integer(), -1_000_000_000))),
  yTickMax: optional(nullable(max(integer(), 1_000_000_000))),
  yTickFormat: optional(enums(['integer', 'percent', 'decimal'])),
  showNulls: optional(boolean()),
  nullText: optional(label()),
});
export type ReportChart = Infer<typeof ReportChartSchema>;

export const ReportTableSchema = object({
  title: label(),
  columns: size(
    array(object({ columnName: columnName(), displayHeader: label(), type: optional(enums(['date', 'time', 'dateTime', 'boolean', 'array'])) })),
    1,
    50,
  ),
  sortBy: optional(columnName()),
  groupByColumn: optional(columnName()),
  pageSize: optional(max(min(integer(), 1), REPORT_TABLE_PAGE_SIZE)),
  fixedHeight: optional(min(integer(), 1)),
});
export type ReportTable = Infer<typeof ReportTableSchema>;

export const LayoutItemSchema = object({
  i: refine(string(), 'layoutId', (v) => /^(filter|chart|table)-\d{1,3}$/.test(v) || 'Must be filter-N, chart-N or table-N'),
  x: max(unit(), REPORT_GRID_COLUMNS - 1),
  y: max(unit(), 1000),
  w: max(min(integer(), 1), REPORT_GRID_COLUMNS),
  h: max(min(integer(), 1), 100),
});
export type LayoutItem = Infer<typeof LayoutItemSchema>;

const members = object({
  reportView: enums(REPORT_VIEWS),
  layout: size(array(LayoutItemSchema), 0, 100),
  filters: size(array(ReportFilterSchema), 0, 30),
  charts: size(array(ReportChartSchema), 0, 30),
  tables: size(array(ReportTableSchema), 0, 10),
});

/** Every column the definition names, with its path, for the check against the view. */
function namedColumns(d: Infer<typeof members>): { path: (string | number)[]; column: string; member: 'filter' | 'chart' | 'table' }[] {
  return [
    ...d.filters.map((f, i) => ({ path: ['filters', i, 'column'], column: f.column, member: 'filter' as const })),
    ...d.charts.flatMap((c, i) => [
      { path: ['charts', i, 'xAxisColumn'], column: c.xAxisColumn, member: 'chart' as const },
      ...(c.yAxisColumn ? [{ path: ['charts', i, 'yAxisColumn'], column: c.yAxisColumn, member: 'chart' as const }] : []),
      ...(c.seriesColumn ? [{ path: ['charts', i, 'seriesColumn'], column: c.seriesColumn, member: 'chart' as const }] : []),
    ]),
    ...d.tables.flatMap((t, i) => [
      ...t.columns.map((c, j) => ({ path: ['tables', i, 'columns', j, 'columnName'], column: c.columnName, member: 'table' as const })),
      ...(['sortBy', 'groupByColumn'] as const).flatMap((k) => (t[k] ? [{ path: ['tables', i, k], column: t[k]!, member: 'table' as const }] : [])),
    ]),
  ];
}

/**
 * A report definition (spec 002 section 3 "Report configuration"). Beyond
 * the shapes: every column is one of the report view's, every layout id
 * names a filter, chart or table that exists and each of those has exactly
 * one place, a time series is over a date column, average and sum read a
 * number column and unique-count names the column it counts.
 */
export const ReportDefinitionSchema: Struct<Infer<typeof members>> = refine(members, 'reportDefinition', (d) => {
  const failures: { message: string; path: (string | number)[] }[] = [];
  const columns: Record<string, ReportColumnKind> = REPORT_VIEW_COLUMNS[d.reportView];
  for (const named of namedColumns(d)) {
    if (!Object.hasOwn(columns, named.column)) failures.push({ path: named.path, message: `Unknown column '${named.column}' for view '${d.reportView}'` });
  }
  const counts = { filter: d.filters.length, chart: d.charts.length, table: d.tables.length };
  const placed = new Set<string>();
  d.layout.forEach((item, n) => {
    const [kind, index] = item.i.split('-') as [keyof typeof counts, string];
    if (Number(index) >= counts[kind]) failures.push({ path: ['layout', n, 'i'], message: `No ${kind} ${index} to place` });
    else if (placed.has(item.i)) failures.push({ path: ['layout', n, 'i'], message: `'${item.i}' is placed twice` });
    placed.add(item.i);
    if (item.x + item.w > REPORT_GRID_COLUMNS) failures.push({ path: ['layout', n, 'w'], message: `Must fit in ${REPORT_GRID_COLUMNS} columns` });
  });
  for (const [kind, count] of Object.entries(counts)) {
    const plural = `${kind}s`;
    for (let i = 0; i < count; i++) if (!placed.has(`${kind}-${i}`)) failures.push({ path: [plural, i], message: `Has no place in the layout (${kind}-${i})` });
  }
  d.charts.forEach((c, i) => {
    const kind = (column?: string) => (column && Object.hasOwn(columns, column) ? columns[column] : undefined);
    if (c.isTimeSeries && !['date', 'timestamp'].includes(kind(c.xAxisColumn) ?? '')) failures.push({ path: ['charts', i, 'xAxisColumn'], message: 'A time series needs a date column' });
    if (c.isTimeSeries && !c.timeUnit) failures.push({ path: ['charts', i, 'timeUnit'], message: 'Required' });
    if (c.aggregationType !== 'count' && !c.yAxisColumn) failures.push({ path: ['charts', i, 'yAxisColumn'], message: 'Required' });
    if ((c.aggregationType === 'average' || c.aggregationType === 'sum') && c.yAxisColumn && kind(c.yAxisColumn) && kind(c.yAxisColumn) !== 'number') {
      failures.push({ path: ['charts', i, 'yAxisColumn'], message: `${c.aggregationType} needs a number column` });
    }
  });
  d.filters.forEach((f, i) => {
    const kind = Object.hasOwn(columns, f.column) ? columns[f.column] : undefined;
    const needs: Partial<Record<ReportFilter['type'], ReportColumnKind[]>> = {
      dateRange: ['date', 'timestamp'],
      number: ['number'],
      boolean: ['boolean'],
      string: ['text'],
      badge: ['uuid[]'],
      user: ['uuid'],
      provider: ['uuid'],
      facility: ['uuid'],
      refData: ['uuid'],
    };
    const allowed = needs[f.type];
    if (kind && allowed && !allowed.includes(kind)) failures.push({ path: ['filters', i, 'column'], message: `A ${f.type} filter needs a ${allowed.join(' or ')} column` });
  });
  return failures.length ? failures : true;
});
export type ReportDefinition = Infer<typeof ReportDefinitionSchema>;

/** A configuration as `GET /api/data/reference/reference-report-configuration` answers it. */
export interface ReportConfiguration {
  reportConfigurationName: string;
  reportConfigurationLabel: string;
  reportConfigurationDescription: string;
  reportConfigurationDefinition: ReportDefinition;
}

/** `POST /api/permissable/views/{view}/csv`: the columns to export, in order, with their headers. */
export const ReportCsvSchema = object({
  columns: size(array(object({ columnName: columnName(), displayHeader: label() })), 1, 50),
});
export type ReportCsvPayload = Infer<typeof ReportCsvSchema>;

/** `GET /api/permissable/views/{view}/chart`: one chart's aggregation, computed by the server. */
export interface ChartPoint {
  x: string | number | boolean | null;
  /** The series (seriesColumn's value) when the chart has one. */
  series?: string | number | boolean | null;
  value: number;
}

/** The download's name (spec 002 section 7): '{report label} - MM-DD-YYYY.csv'. */
export function csvFileName(label: string, today: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${label} - ${two(today.getMonth() + 1)}-${two(today.getDate())}-${today.getFullYear()}.csv`;
}

/**
 * Home report cards (spec 000 "Reports cards", `GET /api/reports/{viewName}`):
 * per report view, its date column, the card's title and the configured
 * report the card opens.
 */
export const REPORT_CARDS = {
  'report-inbound-referrals': { title: 'Referrals Received', dateColumn: 'referral_date', reportName: 'inbound-referrals' },
  'report-medical-events': { title: 'Medical Events', dateColumn: 'event_date', reportName: 'medical-events' },
  'report-overdoses': { title: 'Overdoses', dateColumn: 'event_date', reportName: 'overdoses' },
  'report-cit-submissions': { title: 'CIT Contacts', dateColumn: 'created_at', reportName: 'cit-dispositions' },
} as const satisfies Partial<Record<ReportViewName, { title: string; dateColumn: string; reportName: string }>>;
export type ReportCardView = keyof typeof REPORT_CARDS;
export const REPORT_CARD_VIEWS = Object.keys(REPORT_CARDS) as ReportCardView[];
/** Months a card's small chart covers, this one included. */
export const REPORT_CARD_MONTHS = 6;

/** `GET /api/reports/{viewName}`: this month's figure beside last month's, and the last months' counts (oldest first). */
export interface ReportCard {
  view: ReportCardView;
  title: string;
  reportName: string;
  thisMonth: number;
  lastMonth: number;
  months: { month: string; value: number }[];
}

/** A month against the one before it. */
export interface MonthPair {
  thisMonth: number;
  lastMonth: number;
}

/** `GET /api/reports/program-dashboard` (isDirector): the current division's program on one screen. */
export interface ProgramDashboard {
  referrals: MonthPair;
  enrolled: MonthPair;
  /** Median days from referral to first contact over referrals of the last 12 months that have one; null without any. */
  medianDaysToFirstContact: number | null;
  contactedReferrals: number;
  reminders: { overdue: number; open: number };
  cit: MonthPair & { dispositions: ChartPoint[] };
  overdoses: MonthPair & { naloxoneGiven: number; outcomes: ChartPoint[] };
  caseloads: ChartPoint[];
  /** Issue 38: the division's emergency accesses not reviewed within BREAK_GLASS_REVIEW_OVERDUE_DAYS. */
  emergencyAccessOverdue: number;
}

/** The report behind each program-dashboard figure (configured report names). */
export const DASHBOARD_REPORTS = {
  referrals: 'inbound-referrals',
  enrolled: 'inbound-referrals',
  firstContact: 'time-to-first-contact',
  reminders: 'reminders',
  cit: 'cit-dispositions',
  overdoses: 'overdoses',
  caseloads: 'caseloads',
} as const;

/** The referral status that counts as enrolled (the program took the person on). */
export const ENROLLED_STATUS = 'Accepted';

/**
 * Custom reports (spec 002 "Reports area": `/reports/custom/{name}`): built
 * in, not configured; each always shows the division multi-select, the
 * current division chosen.
 */
export const CUSTOM_REPORTS: Record<string, { label: string; description: string; definition: ReportDefinition }> = {
  CustodyFlagReport: {
    label: 'Custody Flags',
    description: 'People flagged as in custody, by division.',
    definition: {
      reportView: 'report-custody',
      filters: [{ type: 'string', column: 'agency_legal_status', label: 'Legal Status' }],
      charts: [{ type: 'bar', title: 'In Custody By Division', xAxisColumn: 'division_name', aggregationType: 'count', showDataLabels: true, yTickFormat: 'integer' }],
      tables: [
        {
          title: 'People In Custody',
          columns: [
            { columnName: 'division_name', displayHeader: 'Division' },
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'birth_date', displayHeader: 'Birth Date', type: 'date' },
            { columnName: 'agency_legal_status', displayHeader: 'Legal Status' },
            { columnName: 'latest_referral_date', displayHeader: 'Latest Referral', type: 'date' },
          ],
          sortBy: 'last_name',
          groupByColumn: 'division_name',
          pageSize: 100,
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 6, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 12, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
};

/**
 * The identity action log (spec 002 section 3 "Other": users with an app
 * identity have viewing a patient and running a report logged):
 * `POST /api/data/public/tbl-identity-action-log`.
 */
export const IDENTITY_ACTIONS = ['ViewedPatient', 'RanReport'] as const;
export const IdentityActionSchema = refine(
  object({ action: enums(IDENTITY_ACTIONS), patientUid: optional(boundedText(36)), reportName: optional(boundedText(120)) }),
  'identityAction',
  (a) => {
    if (a.action === 'ViewedPatient' && !a.patientUid) return [{ path: ['patientUid'], message: 'Required' }];
    if (a.action === 'RanReport' && !a.reportName) return [{ path: ['reportName'], message: 'Required' }];
    return true;
  },
);
export type IdentityAction = Infer<typeof IdentityActionSchema>;
