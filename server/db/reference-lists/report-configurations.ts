import type { ReportDefinition } from '../../../shared/schemas/reports';

/**
 * The report configurations a new installation starts with (spec 002 section
 * 3 "Report configuration"; issue 12). Each is a `reference-report-configuration`
 * row and a Reports menu item (`nav_item`, ref_data_type 'reports', route
 * configured/{name}); tests/server/reports.test.ts checks every definition
 * against the shared schema.
 */
export const REPORT_CONFIGURATIONS: { name: string; label: string; description: string; definition: ReportDefinition }[] = [
  {
    name: 'inbound-referrals',
    label: 'Inbound Referrals',
    description: 'Referrals received, by source and status.',
    definition: {
      reportView: 'report-inbound-referrals',
      filters: [
        { type: 'dateRange', column: 'referral_date', label: 'Referral Date', defaultStartDate: 'oneYearAgo', defaultEndDate: 'today' },
        { type: 'checkbox', column: 'referral_status', label: 'Status', options: [{ label: 'New', value: 'New' }, { label: 'Accepted', value: 'Accepted' }] },
        { type: 'string', column: 'referral_source_label', label: 'Source' },
      ],
      charts: [
        { type: 'bar', title: 'Referrals By Source', xAxisColumn: 'referral_source_label', aggregationType: 'count', showNulls: true, nullText: 'No Source' },
        { type: 'pie', title: 'Referrals By Status', xAxisColumn: 'referral_status', aggregationType: 'count', legend: true, legendPosition: 'right', showPercentage: true },
      ],
      tables: [
        {
          title: 'Referrals',
          columns: [
            { columnName: 'referral_date', displayHeader: 'Referral Date', type: 'date' },
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'referral_source_label', displayHeader: 'Source' },
            { columnName: 'referral_status', displayHeader: 'Status' },
            { columnName: 'referral_reason_label', displayHeader: 'Reason' },
          ],
          sortBy: 'referral_date',
          pageSize: 50,
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 4, h: 2 },
        { i: 'filter-1', x: 4, y: 0, w: 4, h: 2 },
        { i: 'filter-2', x: 8, y: 0, w: 4, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 8, h: 5 },
        { i: 'chart-1', x: 8, y: 2, w: 4, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
  {
    name: 'referrals-over-time',
    label: 'Referrals Over Time',
    description: 'Referrals received each month, and the ages of the people referred.',
    definition: {
      reportView: 'report-inbound-referrals',
      filters: [
        { type: 'dateRange', column: 'referral_date', label: 'Referral Date', defaultStartDate: 'startOfPreviousYear', defaultEndDate: 'today' },
        { type: 'number', column: 'patient_age', label: 'Age At Least', comparisonType: '__>>=' },
        { type: 'boolean', column: 'in_custody', label: 'In Custody', trueLabel: 'In Custody', falseLabel: 'Not In Custody', nullIsFalse: true },
      ],
      charts: [
        { type: 'line', title: 'Referrals Per Month', xAxisColumn: 'referral_date', isTimeSeries: true, timeUnit: 'month', aggregationType: 'count', isFilledLine: true, yTickFormat: 'integer' },
        { type: 'bar', title: 'Average Age By Source', xAxisColumn: 'referral_source_label', yAxisColumn: 'patient_age', aggregationType: 'average', yTickFormat: 'decimal' },
        { type: 'bar', title: 'People Referred By Status', xAxisColumn: 'referral_status', yAxisColumn: 'patient_uid', aggregationType: 'unique-count' },
      ],
      tables: [],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 4, h: 2 },
        { i: 'filter-1', x: 4, y: 0, w: 4, h: 2 },
        { i: 'filter-2', x: 8, y: 0, w: 4, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 12, h: 5 },
        { i: 'chart-1', x: 0, y: 7, w: 6, h: 5 },
        { i: 'chart-2', x: 6, y: 7, w: 6, h: 5 },
      ],
    },
  },
  {
    name: 'medical-events',
    label: 'Medical Events',
    description: 'Medical events by type, status and outcome.',
    definition: {
      reportView: 'report-medical-events',
      filters: [
        { type: 'dateRange', column: 'event_date', label: 'Event Date', defaultStartDate: 'oneYearAgo', defaultEndDate: 'today' },
        {
          type: 'customDropdown',
          column: 'medical_event_label',
          label: 'Type',
          options: ['Drug Overdose', 'Survivor Interaction', 'Other Interaction', 'Treatment Referral', 'Crisis Intervention'].map((l) => ({ label: l, value: l })),
        },
      ],
      charts: [
        { type: 'bar', title: 'Events By Type', xAxisColumn: 'medical_event_label', aggregationType: 'count' },
        { type: 'doughnut', title: 'Events By Status', xAxisColumn: 'status_label', aggregationType: 'count', legend: true, legendPosition: 'bottom' },
        { type: 'bar', title: 'Referral Outcomes', xAxisColumn: 'outcome_label', aggregationType: 'count', showNulls: false },
      ],
      tables: [
        {
          title: 'Medical Events',
          columns: [
            { columnName: 'event_date', displayHeader: 'Event Date', type: 'dateTime' },
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'medical_event_label', displayHeader: 'Type' },
            { columnName: 'status_label', displayHeader: 'Status' },
            { columnName: 'outcome_label', displayHeader: 'Outcome' },
          ],
          sortBy: 'event_date',
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 6, h: 2 },
        { i: 'filter-1', x: 6, y: 0, w: 6, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 4, h: 5 },
        { i: 'chart-1', x: 4, y: 2, w: 4, h: 5 },
        { i: 'chart-2', x: 8, y: 2, w: 4, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
  {
    name: 'cit-dispositions',
    label: 'CIT Dispositions',
    description: 'Crisis intervention sheets by disposition and approval.',
    definition: {
      reportView: 'report-cit-submissions',
      filters: [
        { type: 'dateRange', column: 'created_at', label: 'Submitted', defaultStartDate: 'startOfYear', defaultEndDate: 'today' },
        { type: 'checkbox', column: 'approval_status', label: 'Approval', options: [{ label: 'Pending', value: 'pending' }, { label: 'Approved', value: 'approved' }, { label: 'Rejected', value: 'rejected' }] },
      ],
      charts: [
        { type: 'pie', title: 'Sheets By Disposition', xAxisColumn: 'disposition_label', aggregationType: 'count', showNulls: true, nullText: 'No Disposition', showPercentage: true },
        { type: 'bar', title: 'Sheets Per Week', xAxisColumn: 'created_at', isTimeSeries: true, timeUnit: 'week', aggregationType: 'count' },
      ],
      tables: [
        {
          title: 'Sheets',
          columns: [
            { columnName: 'created_at', displayHeader: 'Submitted', type: 'dateTime' },
            { columnName: 'agency_name', displayHeader: 'Agency' },
            { columnName: 'officer_name', displayHeader: 'Officer' },
            { columnName: 'approval_status', displayHeader: 'Approval' },
            { columnName: 'disposition_label', displayHeader: 'Disposition' },
          ],
          sortBy: 'created_at',
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 6, h: 2 },
        { i: 'filter-1', x: 6, y: 0, w: 6, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 6, h: 5 },
        { i: 'chart-1', x: 6, y: 2, w: 6, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
];
