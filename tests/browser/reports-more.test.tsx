import '../../widgets/reports/report.element';
import '../../widgets/reports/report-card.element';
import { MORE_REPORT_CONFIGURATIONS } from '../../server/db/reference-lists/report-configurations';
import { snakeKeys } from '../../shared/casing';
import { CUSTOM_REPORTS, type ReportChart } from '../../shared/schemas/reports';
import { $toasts } from '../../widgets/kit/toasts';
import { chartDatasets, dataLabelText } from '../../widgets/reports/report-chart';
import { filterQuery, initialValues } from '../../widgets/reports/report-filters';
import { deepEqual, equal, ok } from './support/assert';
import { selectOption, text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { mountElement, shadow, updateReport } from './support/element';

const named = (name: string) => MORE_REPORT_CONFIGURATIONS.find((c) => c.name === name)!;
const FIRST_CONTACT = named('time-to-first-contact');
const REMINDERS = named('reminders');
const OVERDOSES = named('overdoses');
const CASELOADS = named('caseloads');

const configuration = (c: { name: string; label: string; description: string; definition: unknown }) => ({
  data: [{ type: 'reference-report-configuration', id: 'c-1', attributes: snakeKeys({ reportConfigurationName: c.name, reportConfigurationLabel: c.label, reportConfigurationDescription: c.description, reportConfigurationDefinition: c.definition }) }],
});
const DIVISIONS = { data: [{ type: 'divisions', id: 'd-1', attributes: { division_uid: 'd-1', division_name: 'Franklin County Care' } }, { type: 'divisions', id: 'd-2', attributes: { division_uid: 'd-2', division_name: 'Summit County Care' } }] };
const BADGE_GROUPS = {
  data: [
    { type: 'reference-badge-groups', id: 'g-1', attributes: { badge_group_uid: 'g-1', badge_group_label: 'Risk' }, relationships: { reference_badges: { data: [{ type: 'reference-badges', id: 'b-1' }, { type: 'reference-badges', id: 'b-2' }] } } },
    { type: 'reference-badge-groups', id: 'g-2', attributes: { badge_group_uid: 'g-2', badge_group_label: 'Program' }, relationships: { reference_badges: { data: [{ type: 'reference-badges', id: 'b-3' }] } } },
  ],
  included: [
    { type: 'reference-badges', id: 'b-1', attributes: { badge_uid: 'b-1', badge_group_uid: 'g-1', badge_label: 'High Risk' } },
    { type: 'reference-badges', id: 'b-2', attributes: { badge_uid: 'b-2', badge_group_uid: 'g-1', badge_label: 'Repeat Overdose' } },
    { type: 'reference-badges', id: 'b-3', attributes: { badge_uid: 'b-3', badge_group_uid: 'g-2', badge_label: 'Peer Support' } },
  ],
};
const list = (type: string, rows: Record<string, string>[]) => ({ data: rows.map((r, i) => ({ type, id: `${type}-${i}`, attributes: r })), meta: { total: rows.length } });

function server(config: unknown, rows: Record<string, unknown>[] = []) {
  return async (url: URL) => {
    const path = url.pathname;
    if (path.endsWith('/data/reference/reference-report-configuration')) return { body: config };
    if (path.endsWith('/reports/divisions')) return { body: DIVISIONS };
    if (path.endsWith('/reference-data/reference-badge-groups')) return { body: BADGE_GROUPS };
    if (path.endsWith('/api/users')) return { body: list('users', [{ user_uid: 'u-1', display_name: 'Nora Navigator' }]) };
    if (path.endsWith('/providers/mv')) return { body: list('providers', [{ provider_uid: 'p-1', display_name: 'Dr. Elena Ortiz' }, { provider_uid: 'p-2', display_name: 'Marcus Bell' }]) };
    if (path.endsWith('/data/public/facility')) return { body: list('facility', [{ facility_uid: 'f-1', facility_name: 'Riverside General' }]) };
    if (path.endsWith('/data/reference/reference-referral-source')) return { body: list('reference-referral-source', [{ uid: 's-1', name: 'hospital', label: 'Hospital' }, { uid: 's-2', name: 'self', label: 'Self' }]) };
    if (path.endsWith('/chart')) return { body: { data: [{ x: 'A', value: 1 }] } };
    if (path.includes('/permissable/views/')) return { body: { data: { columns: [], rows }, meta: { total: rows.length, page: 1, page_size: 100 } } };
    if (path.includes('/api/reports/')) return { body: { data: { view: 'report-inbound-referrals', title: 'Referrals Received', report_name: 'inbound-referrals', this_month: 7, last_month: 4, months: ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'].map((month, i) => ({ month, value: i })) } } };
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

const mountReport = (name: string) => mountElement('care-report', { 'api-base': 'http://api.test/api', token: 't0k', name });

describe('new filter queries', () => {
  it('badges go as one list, all of them or any; reference choices as __eq; a case-insensitive dropdown as __ieq', () => {
    const first = FIRST_CONTACT.definition;
    const values = initialValues(first.filters, new Date(2026, 10, 26));
    deepEqual(values.slice(1), ['', []]);
    deepEqual(filterQuery(first, [{ start: '', end: '' }, 's-1', ['b-1', 'b-3']]), { referral_source_uid__eq: 's-1', badge_uids__contains_uuid_and: 'b-1,b-3' });
    const caseloads = CASELOADS.definition;
    deepEqual(filterQuery(caseloads, ['p-1', ['b-2'], 'all']), { provider_uid__eq: 'p-1', badge_uids__contains_uuid_or: 'b-2' });
    deepEqual(filterQuery(caseloads, ['', [], 'all']), {});
    deepEqual(filterQuery(REMINDERS.definition, [{ start: '', end: '' }, 'p-2', 'u-1', 'true']), { assignee_uid__eq: 'p-2', created_by__eq: 'u-1', is_urgent: 'true' });
    // Naloxone Given is a custom dropdown with caseInsensitive.
    deepEqual(filterQuery(OVERDOSES.definition, [{ start: '', end: '' }, 'f-1', 'Yes']), { facility_uid__eq: 'f-1', naloxone_given__ieq: 'Yes' });
  });
});

describe('stacked series and data labels', () => {
  const stacked: ReportChart = { type: 'bar', title: 'By Assignee', xAxisColumn: 'assignee_name', seriesColumn: 'reminder_status', aggregationType: 'count', isStacked: true, showDataLabels: true, showPercentage: true };
  const points = [
    { x: 'Ann', series: 'Done', value: 1 },
    { x: 'Ann', series: 'Overdue', value: 3 },
    { x: 'Bob', series: 'Overdue', value: 2 },
  ];

  it('one dataset per series, 0 where a group has none', () => {
    deepEqual(chartDatasets(stacked, points), { labels: ['Ann', 'Bob'], datasets: [{ name: 'Done', values: [1, 0] }, { name: 'Overdue', values: [3, 2] }] });
    deepEqual(chartDatasets({ ...stacked, seriesColumn: undefined }, [{ x: 'Ann', value: 4 }]), { labels: ['Ann'], datasets: [{ name: 'By Assignee', values: [4] }] });
  });

  it('a stacked share is of its stack; a pie slice of the whole; to 2 decimals', () => {
    const values = chartDatasets(stacked, points).datasets.map((d) => d.values);
    equal(dataLabelText(stacked, values, 0, 0), '25.00%');
    equal(dataLabelText(stacked, values, 1, 0), '75.00%');
    equal(dataLabelText(stacked, values, 1, 1), '100.00%');
    const pie: ReportChart = { type: 'pie', title: 'Outcomes', xAxisColumn: 'outcome', aggregationType: 'count', showDataLabels: true, showPercentage: true };
    equal(dataLabelText(pie, [[1, 2]], 0, 0), '33.33%');
    equal(dataLabelText({ ...pie, showPercentage: false }, [[1, 2]], 0, 1), '2');
  });
});

describe('<care-report> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-report, care-report-card').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('badge filter: grouped checkboxes; reference-data choices from its list; both go with Run Report', async () => {
    const fake = fakeFetch(server(configuration(FIRST_CONTACT)));
    restore = fake.restore;
    const el = mountReport('time-to-first-contact');
    const root = shadow(el);
    await waitFor(() => root.querySelectorAll('.badge-group').length === 2, { message: 'the badge groups' });
    deepEqual([...root.querySelectorAll('.badge-group-name')].map(text), ['Risk', 'Program']);
    ok(text(root.querySelector('.badge-filter legend')).includes('all chosen'), 'filterByAllBadges is said');
    const source = await waitFor(() => root.querySelector<HTMLSelectElement>('.report-filter select'), { message: 'the source list' });
    deepEqual([...source.options].map((o) => o.text), ['All', 'Hospital', 'Self']);
    selectOption(source, 's-2');
    const boxes = [...root.querySelectorAll<HTMLLabelElement>('.badge-filter label.choice')];
    boxes.find((l) => text(l) === 'High Risk')!.querySelector('input')!.click();
    boxes.find((l) => text(l) === 'Peer Support')!.querySelector('input')!.click();
    const run = await updateReport(el, fake.calls);
    const q = run.find((c) => c.url.pathname.endsWith('/chart'))!.url.searchParams;
    equal(q.get('referral_source_uid__eq'), 's-2');
    equal(q.get('badge_uids__contains_uuid_and'), 'b-1,b-3');
    const sources = fake.calls.find((c) => c.url.pathname.endsWith('/reference-referral-source'))!.url.searchParams;
    equal(sources.get('all-data'), '1');
  });

  it('provider, user and facility lists come from their calls; a stacked chart asks for its series; a grouped table sorts by its group first and heads each group', async () => {
    let fake = fakeFetch(server(configuration(REMINDERS), [
      { assignee_name: 'Ann', reminder_date: '2026-11-02T14:30:00Z', last_name: 'Ames', first_name: 'Al', reminder_status: 'Done', is_urgent: true },
      { assignee_name: 'Ann', reminder_date: '2026-11-03T14:30:00Z', last_name: 'Baker', first_name: 'Bo', reminder_status: 'Overdue', is_urgent: false },
      { assignee_name: 'Bob', reminder_date: '2026-11-04T14:30:00Z', last_name: 'Cole', first_name: 'Cy', reminder_status: 'Open', is_urgent: false },
    ]));
    restore = fake.restore;
    let el = mountReport('reminders');
    let root = shadow(el);
    await waitFor(() => root.querySelectorAll('.report-filter select').length === 2 && root.querySelectorAll('.report-filter select option').length === 5, { message: 'the provider and user lists' });
    const [provider, user] = [...root.querySelectorAll<HTMLSelectElement>('.report-filter select')];
    selectOption(provider, 'p-2');
    selectOption(user, 'u-1');
    const run = await updateReport(el, fake.calls);
    const byAssignee = run.find((c) => c.url.searchParams.get('x') === 'assignee_name')!.url.searchParams;
    equal(byAssignee.get('series'), 'reminder_status');
    equal(byAssignee.get('assignee_uid__eq'), 'p-2');
    equal(byAssignee.get('created_by__eq'), 'u-1');
    await waitFor(() => root.querySelectorAll('tr.group-row').length === 2, { message: 'the group rows' });
    deepEqual([...root.querySelectorAll('tr.group-row')].map(text), ['Ann', 'Bob']);
    const page = fake.calls.find((c) => c.url.pathname.endsWith('/permissable/views/report-reminders'))!.url.searchParams;
    equal(page.get('sort'), 'assignee_name,-reminder_date');
    // Boolean and time columns as the definition types them; a fixed height scrolls the table.
    ok(text(root.querySelector('tbody')).includes('Yes'), 'a boolean cell');
    ok(root.querySelector('.fixed-height'), 'a fixed height');
    el.remove();
    restore();

    fake = fakeFetch(server(configuration(OVERDOSES)));
    restore = fake.restore;
    el = mountReport('overdoses');
    root = shadow(el);
    const facility = await waitFor(() => [...root.querySelectorAll<HTMLSelectElement>('.report-filter select')].find((s) => [...s.options].some((o) => o.text === 'Riverside General')), { message: 'the facility list' });
    selectOption(facility, 'f-1');
    const rerun = await updateReport(el, fake.calls);
    equal(rerun.find((c) => c.url.pathname.endsWith('/chart'))!.url.searchParams.get('facility_uid__eq'), 'f-1');
    const facilities = fake.calls.find((c) => c.url.pathname.endsWith('/data/public/facility'))!.url.searchParams;
    deepEqual([facilities.get('sort'), facilities.get('all-data'), facilities.get('is_in_selections')], ['facility_name', '1', 'true']);
  });

  it('a choice list that fails to load shows the error state in its place', async () => {
    const fake = fakeFetch(async (url: URL) => (url.pathname.endsWith('/providers/mv') ? { status: 403, body: { errors: [{ message: 'Forbidden' }] } } : server(configuration(CASELOADS))(url)));
    restore = fake.restore;
    const root = shadow(mountReport('caseloads'));
    await waitFor(() => root.querySelector('.report-filter .load-state-error'), { message: 'the error state' });
    ok(text(root).includes('Navigator'));
  });

  it('CustodyFlagReport: the division multi-select, the first division chosen, every chosen division asked for', async () => {
    const fake = fakeFetch(server({ data: [] }));
    restore = fake.restore;
    const el = mountReport('CustodyFlagReport');
    const root = shadow(el);
    await waitFor(() => root.querySelectorAll('.report-divisions input').length === 2, { message: 'the divisions' });
    equal(text(root.querySelector('.report-head h2')), CUSTOM_REPORTS.CustodyFlagReport.label);
    const [first, second] = [...root.querySelectorAll<HTMLInputElement>('.report-divisions input')];
    await waitFor(() => first.checked, { message: 'the current (first) division' });
    ok(!second.checked, 'only the current division');
    second.click();
    const run = await updateReport(el, fake.calls);
    deepEqual(run.find((c) => c.url.pathname.endsWith('/report-custody/chart'))!.url.searchParams.getAll('division_uid'), ['d-1', 'd-2']);
    ok(!fake.calls.some((c) => c.url.pathname.endsWith('/reference-report-configuration')), 'a built-in report asks for no configuration');
  });
});

describe('<care-report-card> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-report-card').forEach((el) => el.remove());
  });

  it('this month against last, the months as bars, and Open Report firing care-navigate', async () => {
    const fake = fakeFetch(server({ data: [] }));
    restore = fake.restore;
    const el = mountElement('care-report-card', { 'api-base': 'http://api.test/api', token: 't0k', view: 'report-inbound-referrals' });
    const root = shadow(el);
    await waitFor(() => root.querySelector('.figure'), { message: 'the figure' });
    equal(text(root.querySelector('h2')), 'Referrals Received');
    equal(text(root.querySelector('.figure')), '7');
    ok(text(root).includes('Last month: 4'));
    equal(root.querySelectorAll('.spark rect').length, 6);
    ok(root.querySelector('.spark')!.getAttribute('aria-label')!.includes('Nov 2026 5'));
    let asked = '';
    el.addEventListener('care-navigate', (e) => {
      asked = (e as CustomEvent<{ path: string }>).detail.path;
      e.preventDefault();
    });
    root.querySelector<HTMLAnchorElement>('a.open-report')!.click();
    equal(asked, '/reports/configured/inbound-referrals');
  });

  it("a view without a card says 'Report not found'", async () => {
    const fake = fakeFetch(async () => ({ status: 404, body: { errors: [{ message: 'Report not found' }] } }));
    restore = fake.restore;
    const el = mountElement('care-report-card', { 'api-base': 'http://api.test/api', token: 't0k', view: 'nope' });
    await waitFor(() => text(shadow(el)).includes('Report not found'), { message: 'not found' });
  });
});
