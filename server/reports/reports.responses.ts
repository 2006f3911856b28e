import type { TSchema } from '@sinclair/typebox';
import { REPORT_CARD_VIEWS } from '../../shared/schemas/reports';
import { Counted, Day, Int, Json, Many, Nullable, Num, Obj, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';
import { viewColumns } from '../dataviews/dataviews.responses';
import type { ViewDefinition } from '../dataviews/types';

/** A report configuration as the report page reads it (checkedConfiguration), in snake_case. */
const Configuration = Resource('reference-report-configuration', {
  report_configuration_name: Text(),
  report_configuration_label: Text(),
  report_configuration_description: Text(),
  report_configuration_definition: Json('The definition an administrator wrote (ReportDefinitionSchema, shared/schemas/reports.ts), checked, in snake_case'),
});
export const ConfigurationList = Counted(Configuration);
export const ConfigurationDocument = One(Configuration);

/** The divisions where the caller holds hasReports. */
export const ReportDivisionList = Many(Resource('divisions', { division_uid: Uuid(), division_name: Text() }));

/** The user filter's choices. */
export const ReportUserList = Counted(Resource('users', { user_uid: Uuid(), display_name: Text() }));

/** A chart's group: its x (a day for a time series, an instant grouped as is) and series values. */
const GroupValue = Type.Unsafe<string | number | boolean | null>({ type: ['string', 'number', 'boolean', 'null'] });
/** One point of a chart (ChartPoint, shared/schemas/reports.ts); `series` only when the chart has one. */
const chartPoint = <V extends TSchema>(value: V) => Obj({ x: GroupValue, series: Type.Optional(GroupValue), value });
/** A chart's points; an average over no values is null. */
export const ChartDocument = Many(chartPoint(Nullable(Num())));
/** The dashboard's groups are counts. */
const CountPoint = chartPoint(Int());

const MonthPair = { this_month: Int(), last_month: Int() };

/** The program dashboard (ProgramDashboard, shared/schemas/reports.ts), in snake_case. */
export const ProgramDashboardDocument = One(
  Obj({
    referrals: Obj(MonthPair),
    enrolled: Obj(MonthPair),
    median_days_to_first_contact: Nullable(Num()),
    contacted_referrals: Int(),
    reminders: Obj({ overdue: Int(), open: Int() }),
    cit: Obj({ ...MonthPair, dispositions: Type.Array(CountPoint) }),
    overdoses: Obj({ ...MonthPair, naloxone_given: Int(), outcomes: Type.Array(CountPoint) }),
    caseloads: Type.Array(CountPoint),
    emergency_access_overdue: Int(),
  }),
);

/** A home report card (ReportCard, shared/schemas/reports.ts): this month, last month and the last months' counts, oldest first. */
export const ReportCardDocument = One(
  Obj({
    view: OneOf(REPORT_CARD_VIEWS),
    title: Text(),
    report_name: Text(),
    ...MonthPair,
    months: Type.Array(Obj({ month: Day(), value: Int() })),
  }),
);

/** An entry of the caller's action log. */
export const IdentityActionDocument = One(
  Resource('tbl-identity-action-log', { action_log_uid: Uuid(), action: Text(), patient_uid: Nullable(Uuid()), report_name: Nullable(Text()), created_at: Timestamp() }),
);

/** A report view's row: every column of the view, as the data views send a row's attributes. */
const rowOf = (view: ViewDefinition) => Obj(viewColumns(view));

/** A page of a report view's rows. */
export const reportPage = (view: ViewDefinition) =>
  Obj({ data: Obj({ columns: Type.Array(Text()), rows: Type.Array(rowOf(view)) }), meta: Obj({ total: Int(), page: Int(), page_size: Int() }) });

/** The export: the CSV text inside the JSON answer, written as it streams. */
export const CsvDocument = One(Obj({ data: Text('The header line, then one CRLF-ended line per row') }));
