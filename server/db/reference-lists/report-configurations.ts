import { sql, type Kysely } from 'kysely';
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

/**
 * The configurations migration 042 adds (issue 12, second slice): with the
 * four above they use every filter type, chart option and table option of
 * spec 002 section 3 (tests/server/reports-more.test.ts checks the coverage).
 */
export const MORE_REPORT_CONFIGURATIONS: { name: string; label: string; description: string; definition: ReportDefinition }[] = [
  {
    name: 'time-to-first-contact',
    label: 'Time To First Contact',
    description: 'Days from a referral to the first survivor or other interaction on or after it, and the share reached within 7 days.',
    definition: {
      reportView: 'report-inbound-referrals',
      filters: [
        { type: 'dateRange', column: 'referral_date', label: 'Referral Date', defaultStartDate: 'threeYearsAgo', defaultEndDate: 'endOfMonth' },
        { type: 'refData', column: 'referral_source_uid', label: 'Referral Source', refDataModel: 'reference-referral-source', refDataLabelAttr: 'label' },
        { type: 'badge', column: 'badge_uids', label: 'Has All Badges', filterByAllBadges: true },
      ],
      charts: [
        { type: 'line', title: 'Average Days To First Contact', xAxisColumn: 'referral_date', isTimeSeries: true, timeUnit: 'month', yAxisColumn: 'days_to_first_contact', aggregationType: 'average', yTickFormat: 'decimal', yTickMin: 0, legend: false },
        { type: 'bar', title: 'Reached Within 7 Days', xAxisColumn: 'referral_date', isTimeSeries: true, timeUnit: 'year', yAxisColumn: 'contacted_within_week', aggregationType: 'average', yTickFormat: 'percent', yTickMin: 0, yTickMax: 100, showDataLabels: true },
      ],
      tables: [
        {
          title: 'Referrals And First Contacts',
          columns: [
            { columnName: 'referral_date', displayHeader: 'Referral Date', type: 'date' },
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'referral_source_label', displayHeader: 'Source' },
            { columnName: 'first_contact_at', displayHeader: 'First Contact', type: 'dateTime' },
            { columnName: 'days_to_first_contact', displayHeader: 'Days' },
          ],
          sortBy: 'referral_date',
          pageSize: 20,
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
    name: 'reminders',
    label: 'Reminders Done Vs Overdue',
    description: 'Active reminders by assignee: done, overdue or still open.',
    definition: {
      reportView: 'report-reminders',
      filters: [
        { type: 'dateRange', column: 'reminder_date', label: 'Reminder Date', defaultStartDate: 'startOfPreviousMonth', defaultEndDate: 'endOfMonth' },
        { type: 'provider', column: 'assignee_uid', label: 'Assigned To' },
        { type: 'user', column: 'created_by', label: 'Created By' },
        { type: 'boolean', column: 'is_urgent', label: 'Urgent', allLabel: 'Any', trueLabel: 'Urgent', falseLabel: 'Not Urgent' },
      ],
      charts: [
        { type: 'bar', title: 'Reminders By Assignee', xAxisColumn: 'assignee_name', seriesColumn: 'reminder_status', aggregationType: 'count', isStacked: true, legend: true, legendPosition: 'bottom', showDataLabels: true, yTickFormat: 'integer' },
        { type: 'line', title: 'Reminders Per Day', xAxisColumn: 'reminder_date', isTimeSeries: true, timeUnit: 'day', seriesColumn: 'reminder_status', aggregationType: 'count', legend: true, yTickMin: 0 },
      ],
      tables: [
        {
          title: 'Reminders',
          columns: [
            { columnName: 'reminder_date', displayHeader: 'Date', type: 'date' },
            { columnName: 'reminder_date', displayHeader: 'Time', type: 'time' },
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'reminder_status', displayHeader: 'Status' },
            { columnName: 'is_urgent', displayHeader: 'Urgent', type: 'boolean' },
          ],
          sortBy: 'reminder_date',
          groupByColumn: 'assignee_name',
          fixedHeight: 480,
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 3, h: 2 },
        { i: 'filter-1', x: 3, y: 0, w: 3, h: 2 },
        { i: 'filter-2', x: 6, y: 0, w: 3, h: 2 },
        { i: 'filter-3', x: 9, y: 0, w: 3, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 6, h: 5 },
        { i: 'chart-1', x: 6, y: 2, w: 6, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
  {
    name: 'caseloads',
    label: 'Caseload Per Navigator',
    description: 'People on each care team member’s caseload, with their badges.',
    definition: {
      reportView: 'report-caseloads',
      filters: [
        { type: 'provider', column: 'provider_uid', label: 'Navigator' },
        { type: 'badge', column: 'badge_uids', label: 'Has Any Badge' },
        { type: 'boolean', column: 'in_custody', label: 'In Custody', nullIsFalse: true },
      ],
      charts: [
        { type: 'bar', title: 'People Per Navigator', xAxisColumn: 'provider_name', yAxisColumn: 'patient_uid', aggregationType: 'unique-count', showDataLabels: true, yTickFormat: 'integer' },
        { type: 'doughnut', title: 'Latest Referral Status', xAxisColumn: 'latest_referral_status', aggregationType: 'count', showNulls: true, nullText: 'No Referral', legend: true, legendPosition: 'left', showDataLabels: true, showPercentage: true },
      ],
      tables: [
        {
          title: 'Caseloads',
          columns: [
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'badge_labels', displayHeader: 'Badges', type: 'array' },
            { columnName: 'in_custody', displayHeader: 'In Custody', type: 'boolean' },
            { columnName: 'latest_referral_date', displayHeader: 'Latest Referral', type: 'date' },
          ],
          sortBy: 'last_name',
          groupByColumn: 'provider_name',
          pageSize: 100,
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 4, h: 2 },
        { i: 'filter-1', x: 4, y: 0, w: 4, h: 2 },
        { i: 'filter-2', x: 8, y: 0, w: 4, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 7, h: 5 },
        { i: 'chart-1', x: 7, y: 2, w: 5, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
  {
    name: 'overdoses',
    label: 'Overdoses And Naloxone',
    description: 'Drug overdoses: naloxone given, by whom and how much, and outcomes, by facility.',
    definition: {
      reportView: 'report-overdoses',
      filters: [
        { type: 'dateRange', column: 'event_date', label: 'Event Date', defaultStartDate: 'twoYearsAgo', defaultEndDate: 'today' },
        { type: 'facility', column: 'facility_uid', label: 'Facility' },
        { type: 'customDropdown', column: 'naloxone_given', label: 'Naloxone Given', caseInsensitive: true, options: [{ label: 'Yes', value: 'Yes' }, { label: 'No', value: 'No' }, { label: 'Unknown', value: 'Unknown' }] },
      ],
      charts: [
        { type: 'bar', title: 'Overdoses Per Month', xAxisColumn: 'event_date', isTimeSeries: true, timeUnit: 'month', seriesColumn: 'naloxone_given', aggregationType: 'count', isStacked: true, legend: true, legendPosition: 'top', yTickFormat: 'integer' },
        { type: 'pie', title: 'Outcomes', xAxisColumn: 'outcome', aggregationType: 'count', legend: true, legendPosition: 'bottom', showDataLabels: true, showPercentage: true },
        { type: 'bar', title: 'Naloxone Given (mg) By Whom', xAxisColumn: 'naloxone_given_by', yAxisColumn: 'naloxone_amount', aggregationType: 'sum', showNulls: true, nullText: 'Not Given', yTickFormat: 'decimal' },
      ],
      tables: [
        {
          title: 'Overdoses',
          columns: [
            { columnName: 'event_date', displayHeader: 'Date', type: 'dateTime' },
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'naloxone_given', displayHeader: 'Naloxone' },
            { columnName: 'outcome', displayHeader: 'Outcome' },
            { columnName: 'accepted_treatment', displayHeader: 'Treatment' },
          ],
          sortBy: 'event_date',
          groupByColumn: 'facility_name',
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 4, h: 2 },
        { i: 'filter-1', x: 4, y: 0, w: 4, h: 2 },
        { i: 'filter-2', x: 8, y: 0, w: 4, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 6, h: 5 },
        { i: 'chart-1', x: 6, y: 2, w: 3, h: 5 },
        { i: 'chart-2', x: 9, y: 2, w: 3, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
  {
    name: 'cit-weapons-custody',
    label: 'CIT Weapons And Custody',
    description: 'Crisis intervention sheets by disposition, weapon involved and custody for evaluation.',
    definition: {
      reportView: 'report-cit-submissions',
      filters: [
        { type: 'dateRange', column: 'incident_date_time', label: 'Incident Date', defaultStartDate: 'startOfPreviousYear', defaultEndDate: 'endOfPreviousYear' },
        { type: 'boolean', column: 'taken_into_custody', label: 'Taken Into Custody', trueLabel: 'Taken', falseLabel: 'Not Taken', nullIsFalse: true },
        { type: 'checkbox', column: 'weapon_involved', label: 'Weapon', options: [{ label: 'Weapon', value: 'Weapon' }, { label: 'No Weapon', value: 'No Weapon' }] },
      ],
      charts: [
        { type: 'bar', title: 'Dispositions By Weapon', xAxisColumn: 'disposition_label', seriesColumn: 'weapon_involved', aggregationType: 'count', isStacked: true, showNulls: true, nullText: 'No Disposition', legend: true, legendPosition: 'right', showDataLabels: true, showPercentage: true },
        { type: 'line', title: 'Sheets Per Week', xAxisColumn: 'incident_date_time', isTimeSeries: true, timeUnit: 'week', aggregationType: 'count', isFilledLine: true, yTickMin: 0, yTickMax: 50 },
      ],
      tables: [
        {
          title: 'Sheets',
          columns: [
            { columnName: 'incident_date_time', displayHeader: 'Incident', type: 'dateTime' },
            { columnName: 'agency_name', displayHeader: 'Agency' },
            { columnName: 'disposition_label', displayHeader: 'Disposition' },
            { columnName: 'weapon_involved', displayHeader: 'Weapon' },
            { columnName: 'taken_into_custody', displayHeader: 'Custody', type: 'boolean' },
          ],
          sortBy: 'incident_date_time',
          groupByColumn: 'agency_name',
          pageSize: 10,
          fixedHeight: 400,
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 4, h: 2 },
        { i: 'filter-1', x: 4, y: 0, w: 4, h: 2 },
        { i: 'filter-2', x: 8, y: 0, w: 4, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 7, h: 5 },
        { i: 'chart-1', x: 7, y: 2, w: 5, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
];

/** Migration 048: what the division's patients were referred out for, and to whom (issue 12: "referrals (inbound, outbound ...)"). */
export const OUTBOUND_REPORT_CONFIGURATIONS: { name: string; label: string; description: string; definition: ReportDefinition }[] = [
  {
    name: 'outbound-referrals',
    label: 'Outbound Referrals',
    description: 'Referrals sent to providers, facilities and other divisions, by status and specialty.',
    definition: {
      reportView: 'report-outbound-referrals',
      filters: [
        { type: 'dateRange', column: 'event_date', label: 'Referral Date', defaultStartDate: 'startOfYear', defaultEndDate: 'today' },
        { type: 'customDropdown', column: 'priority', label: 'Priority', caseInsensitive: true, options: [{ label: 'Routine', value: 'routine' }, { label: 'Urgent', value: 'urgent' }, { label: 'Emergent', value: 'emergent' }] },
        { type: 'string', column: 'referred_to', label: 'Referred To' },
      ],
      charts: [
        { type: 'bar', title: 'Referrals By Status', xAxisColumn: 'status_label', aggregationType: 'count', showDataLabels: true, yTickFormat: 'integer' },
        { type: 'doughnut', title: 'Referrals By Specialty', xAxisColumn: 'specialty_label', aggregationType: 'count', legend: true, legendPosition: 'right', showDataLabels: true, showPercentage: true },
      ],
      tables: [
        {
          title: 'Outbound Referrals',
          columns: [
            { columnName: 'event_date', displayHeader: 'Referral Date', type: 'date' },
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'specialty_label', displayHeader: 'Specialty' },
            { columnName: 'referred_to', displayHeader: 'Referred To' },
            { columnName: 'priority', displayHeader: 'Priority' },
            { columnName: 'status_label', displayHeader: 'Status' },
            { columnName: 'status_changed_at', displayHeader: 'Status Changed', type: 'dateTime' },
          ],
          sortBy: 'event_date',
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 4, h: 2 },
        { i: 'filter-1', x: 4, y: 0, w: 4, h: 2 },
        { i: 'filter-2', x: 8, y: 0, w: 4, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 6, h: 5 },
        { i: 'chart-1', x: 6, y: 2, w: 6, h: 5 },
        { i: 'table-0', x: 0, y: 7, w: 12, h: 8 },
      ],
    },
  },
];

/** Migration 049: each work queue's size day by day (issue 12: "queue sizes over time"). */
export const QUEUE_REPORT_CONFIGURATIONS: { name: string; label: string; description: string; definition: ReportDefinition }[] = [
  {
    name: 'queue-sizes',
    label: 'Queue Sizes Over Time',
    description: "Each work queue's size, counted once a day (restricted and adoption cases are not counted).",
    definition: {
      reportView: 'report-queue-sizes',
      filters: [
        { type: 'dateRange', column: 'snapshot_day', label: 'Day', defaultStartDate: 'oneYearAgo', defaultEndDate: 'today' },
        { type: 'string', column: 'queue_label', label: 'Queue' },
      ],
      charts: [
        { type: 'line', title: 'Queue Size By Day', xAxisColumn: 'snapshot_day', isTimeSeries: true, timeUnit: 'day', yAxisColumn: 'queue_size', aggregationType: 'sum', seriesColumn: 'queue_label', legend: true, legendPosition: 'bottom', yTickMin: 0, yTickFormat: 'integer' },
      ],
      tables: [
        {
          title: 'Queue Sizes',
          columns: [
            { columnName: 'snapshot_day', displayHeader: 'Day', type: 'date' },
            { columnName: 'queue_label', displayHeader: 'Queue' },
            { columnName: 'queue_size', displayHeader: 'Size' },
          ],
          sortBy: 'snapshot_day',
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 6, h: 2 },
        { i: 'filter-1', x: 6, y: 0, w: 6, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 12, h: 6 },
        { i: 'table-0', x: 0, y: 8, w: 12, h: 8 },
      ],
    },
  },
];

/** Migration 053: how many patients carry each badge, by badge group (issue 12: "patients by badge"). */
export const BADGE_REPORT_CONFIGURATIONS: { name: string; label: string; description: string; definition: ReportDefinition }[] = [
  {
    name: 'patients-by-badge',
    label: 'Patients By Badge',
    description: 'How many patients carry each badge, by badge group, beside those who carry none.',
    definition: {
      reportView: 'report-patient-badges',
      filters: [
        { type: 'badge', column: 'badge_uid_list', label: 'Badges Counted' },
        { type: 'badge', column: 'badge_uids', label: 'Patients With All Of', filterByAllBadges: true },
        { type: 'boolean', column: 'in_custody', label: 'In Custody', trueLabel: 'In Custody', falseLabel: 'Not In Custody', nullIsFalse: true },
      ],
      charts: [
        {
          type: 'bar',
          title: 'Patients Per Badge',
          xAxisColumn: 'badge_label',
          seriesColumn: 'badge_group_label',
          yAxisColumn: 'patient_uid',
          aggregationType: 'unique-count',
          isStacked: true,
          legend: true,
          legendPosition: 'right',
          showNulls: true,
          nullText: 'No Badge',
          showDataLabels: true,
          yTickFormat: 'integer',
        },
        {
          type: 'doughnut',
          title: 'Patients Per Badge Group',
          xAxisColumn: 'badge_group_label',
          yAxisColumn: 'patient_uid',
          aggregationType: 'unique-count',
          legend: true,
          legendPosition: 'left',
          showNulls: true,
          nullText: 'No Badge',
          showDataLabels: true,
        },
      ],
      tables: [
        {
          title: 'Patients And Their Badges',
          columns: [
            { columnName: 'last_name', displayHeader: 'Last Name' },
            { columnName: 'first_name', displayHeader: 'First Name' },
            { columnName: 'badge_label', displayHeader: 'Badge' },
            { columnName: 'badge_added_at', displayHeader: 'Badge Added', type: 'dateTime' },
            { columnName: 'in_custody', displayHeader: 'In Custody', type: 'boolean' },
            { columnName: 'latest_referral_status', displayHeader: 'Latest Referral Status' },
          ],
          sortBy: 'last_name',
          groupByColumn: 'badge_group_label',
          pageSize: 100,
        },
      ],
      layout: [
        { i: 'filter-0', x: 0, y: 0, w: 4, h: 2 },
        { i: 'filter-1', x: 4, y: 0, w: 4, h: 2 },
        { i: 'filter-2', x: 8, y: 0, w: 4, h: 2 },
        { i: 'chart-0', x: 0, y: 2, w: 7, h: 6 },
        { i: 'chart-1', x: 7, y: 2, w: 5, h: 6 },
        { i: 'table-0', x: 0, y: 8, w: 12, h: 8 },
      ],
    },
  },
];

/** Adds configurations and their Reports menu items, ordered from `start` (migrations 042, 048, 049 and 053). */
export async function insertReportConfigurations(db: Kysely<unknown>, configurations: typeof MORE_REPORT_CONFIGURATIONS, start: number): Promise<void> {
  const rows = configurations.map((c, i) => ({ name: c.name, label: c.label, description: c.description, definition: c.definition, ord: start + i }));
  await sql`
    insert into reference_data (model, name, label, ref_data_type, default_sort_order, attributes)
    select 'reference-report-configuration', r.name, r.label, null, r.ord,
           jsonb_build_object('reportConfigurationDescription', r.description, 'reportConfigurationDefinition', r.definition)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(name text, label text, description text, definition jsonb, ord integer)`.execute(db);
  await sql`
    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag)
    select 'reports', r.label, 'reports', 'configured/' || r.name, r.ord, '{hasReports}'
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(name text, label text, ord integer)`.execute(db);
}

/** Every configuration the migrations seed, in their menu order. */
export const SEEDED_REPORT_CONFIGURATIONS = [...REPORT_CONFIGURATIONS, ...MORE_REPORT_CONFIGURATIONS, ...OUTBOUND_REPORT_CONFIGURATIONS, ...QUEUE_REPORT_CONFIGURATIONS, ...BADGE_REPORT_CONFIGURATIONS];
