import '../../widgets/reports/reports.element';
import { MORE_REPORT_CONFIGURATIONS, REPORT_CONFIGURATIONS } from '../../server/db/reference-lists/report-configurations';
import { snakeKeys } from '../../shared/casing';
import { REPORT_TEXT } from '../../shared/schemas/reports';
import { $toasts } from '../../widgets/kit/toasts';
import { filterQuery, initialValues, presetDate } from '../../widgets/reports/report-filters';
import { chartSeries, percent } from '../../widgets/reports/report-chart';
import { cellFormat } from '../../widgets/reports/reports.component';
import { deepEqual, equal, ok } from './support/assert';
import { selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { mountElement, shadow, slButton, updateReport } from './support/element';

const [INBOUND, OVER_TIME] = REPORT_CONFIGURATIONS;
const MENU = {
  data: REPORT_CONFIGURATIONS.map((c, i) => ({ type: 'reference-nav-item', id: `n-${i}`, attributes: { nav_item_label: c.label, route: `configured/${c.name}` } })),
};
const configuration = (c: (typeof REPORT_CONFIGURATIONS)[number]) => ({
  data: [{ type: 'reference-report-configuration', id: 'c-1', attributes: snakeKeys({ reportConfigurationName: c.name, reportConfigurationLabel: c.label, reportConfigurationDescription: c.description, reportConfigurationDefinition: c.definition }) }],
});
const DIVISIONS = { data: [{ type: 'divisions', id: 'd-1', attributes: { division_uid: 'd-1', division_name: 'Franklin County Care' } }, { type: 'divisions', id: 'd-2', attributes: { division_uid: 'd-2', division_name: 'Summit County Care' } }] };
const ROWS = { data: { columns: ['referral_date', 'last_name'], rows: [{ referral_date: '2025-01-15', last_name: 'Ames', first_name: 'Ann', referral_source_label: 'Hospital', referral_status: 'New', referral_reason_label: null }] }, meta: { total: 1, page: 1, page_size: 50 } };

interface Options {
  config?: unknown;
  configStatus?: number;
  csvStatus?: number;
  /** Holds chart answers until released, to see the Loading state. */
  gate?: Promise<void>;
}

function server({ config = configuration(INBOUND), configStatus = 200, csvStatus = 200, gate }: Options = {}) {
  return async (url: URL, init?: RequestInit) => {
    const path = url.pathname;
    if (path.endsWith('/data/reference/reference-nav-item')) return { body: MENU };
    if (path.endsWith('/data/reference/reference-report-configuration')) return { status: configStatus, body: configStatus === 200 ? config : { errors: [{ field: 'report_configuration_definition.layout.0.i', message: 'misconfigured' }] } };
    if (path.endsWith('/reports/divisions')) return { body: DIVISIONS };
    if (path.endsWith('/chart')) {
      await gate;
      return { body: { data: [{ x: 'Hospital', value: 3 }, { x: null, value: 1 }] } };
    }
    if (path.endsWith('/csv') && init?.method === 'POST') return { status: csvStatus, body: csvStatus === 200 ? { data: { data: 'A,B\r\n' } } : { errors: [{ message: 'No' }] } };
    if (path.endsWith('/permissable/views/report-inbound-referrals')) return { body: ROWS };
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

const mount = (page: string) => mountElement('care-reports', { 'api-base': 'http://api.test/api', token: 't0k', page });

describe('report filters', () => {
  it('date presets count from today', () => {
    const today = new Date(2026, 2, 15);
    const got = Object.fromEntries((['today', 'oneYearAgo', 'threeYearsAgo', 'startOfMonth', 'endOfMonth', 'startOfPreviousMonth', 'endOfPreviousMonth', 'startOfYear', 'endOfPreviousYear'] as const).map((p) => [p, presetDate(p, today)]));
    deepEqual(got, {
      today: '2026-03-15', oneYearAgo: '2025-03-15', threeYearsAgo: '2023-03-15', startOfMonth: '2026-03-01', endOfMonth: '2026-03-31',
      startOfPreviousMonth: '2026-02-01', endOfPreviousMonth: '2026-02-28', startOfYear: '2026-01-01', endOfPreviousYear: '2025-12-31',
    });
  });

  it('each filter adds its operator only when filled in', () => {
    const today = new Date(2026, 2, 15);
    const inbound = INBOUND.definition;
    const values = initialValues(inbound.filters, today);
    deepEqual(values, [{ start: '2025-03-15', end: '2026-03-15' }, [], '']);
    // A date column's end is the end day itself; a string filter left empty adds nothing.
    deepEqual(filterQuery(inbound, values), { 'referral_date__>>=': '2025-03-15', 'referral_date__<=': '2026-03-15' });
    deepEqual(filterQuery(inbound, [{ start: '', end: '' }, ['New', 'Accepted'], '  hosp ']), { referral_status: ['New', 'Accepted'], referral_source_label__like: 'hosp' });
    const time = OVER_TIME.definition;
    deepEqual(filterQuery(time, [{ start: '', end: '' }, '35', 'all']), { 'patient_age__>>=': '35' });
    deepEqual(filterQuery(time, [{ start: '', end: '' }, '', 'false']), { in_custody: ['false', 'null'] });
    deepEqual(filterQuery(time, [{ start: '', end: '' }, '', 'true']), { in_custody: 'true' });
    const events = REPORT_CONFIGURATIONS[2].definition;
    // A date-time column's end takes the whole end day: the next day (spec 002 section 5).
    deepEqual(filterQuery(events, [{ start: '2026-01-01', end: '2026-01-31' }, 'Drug Overdose']), { 'event_date__>>=': '2026-01-01', 'event_date__<=': '2026-02-01', medical_event_label__eq: 'Drug Overdose' });
  });
});

describe('report charts', () => {
  const chart = INBOUND.definition.charts[0];
  it('nulls show as the null text only when asked; dates of a time series as MM/DD/YYYY; percentages to 2 decimals', () => {
    const points = [{ x: 'Hospital', value: 2 }, { x: null, value: 1 }];
    deepEqual(chartSeries(chart, points), { labels: ['Hospital', 'No Source'], values: [2, 1] });
    deepEqual(chartSeries({ ...chart, showNulls: false }, points), { labels: ['Hospital'], values: [2] });
    deepEqual(chartSeries({ ...chart, showNulls: false }, [{ x: null, value: 4 }]), { labels: [], values: [] });
    deepEqual(chartSeries(OVER_TIME.definition.charts[0], [{ x: '2025-02-01', value: 3 }]).labels, ['02/01/2025']);
    equal(percent(1, 3), '33.33%');
    equal(percent(0, 0), '0.00%');
  });
});

describe('report table cells', () => {
  it('a time column shows hh:mm A (spec 002 section 9: "report times hh:mm A"); its date column MM/DD/YYYY', () => {
    const reminders = MORE_REPORT_CONFIGURATIONS.find((c) => c.name === 'reminders')!.definition.tables[0];
    const time = reminders.columns.find((c) => c.displayHeader === 'Time')!;
    equal(time.type, 'time');
    const show = (type: typeof time.type, value: string | null) => cellFormat(type)!(value, {});
    equal(show('time', '2026-03-15T14:05:00'), '02:05 PM');
    equal(show('time', '2026-03-15T09:30:00'), '09:30 AM');
    equal(show('time', null), '');
    equal(show('date', '2026-03-15'), '03/15/2026');
  });
});

describe('<care-reports> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-reports').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('the menu lists the reports; with none chosen it asks for one', async () => {
    const fake = fakeFetch(server());
    restore = fake.restore;
    const root = shadow(mount(''));
    await waitFor(() => root.querySelectorAll('.reports-menu a').length === REPORT_CONFIGURATIONS.length + 1, { message: 'the menu' });
    // The configured reports, then the built-in (custom) ones.
    deepEqual(
      [...root.querySelectorAll('.reports-menu a')].map((a) => [text(a), a.getAttribute('href')]),
      [...REPORT_CONFIGURATIONS.map((c) => [c.label, `/reports/configured/${c.name}`]), ['Custody Flags', '/reports/custom/CustodyFlagReport']],
    );
    ok(text(root).includes(REPORT_TEXT.pick));
  });

  it("an unknown report says 'Report not found'; a misconfigured one shows the error state", async () => {
    let fake = fakeFetch(server({ config: { data: [] } }));
    restore = fake.restore;
    let el = mount('configured/nope');
    await waitFor(() => text(shadow(el)).includes(REPORT_TEXT.notFound), { message: 'not found' });
    el.remove();
    // A custom report that is not built in.
    el = mount('custom/NoSuchReport');
    await waitFor(() => text(shadow(el)).includes(REPORT_TEXT.notFound), { message: 'custom: not found' });
    el.remove();
    restore();
    fake = fakeFetch(server({ configStatus: 422 }));
    restore = fake.restore;
    el = mount('configured/broken');
    await waitFor(() => shadow(el).querySelector('.load-state-error'), { message: 'the error state' });
    equal(shadow(el).querySelector('.report'), null, 'nothing of the report is drawn');
  });

  it('opens run with its default filters (issue 32 §5): Loading, then charts, the table and Update Report, without a click', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fake = fakeFetch(server({ gate }));
    restore = fake.restore;
    const el = mount('configured/inbound-referrals');
    const root = shadow(el);
    await waitFor(() => root.querySelector('.report-head h2'), { message: 'the report' });
    equal(text(root.querySelector('.report-head h2')), 'Inbound Referrals');
    await waitFor(() => slButton(el, REPORT_TEXT.loading), { message: 'Loading, the report running by itself' });
    ok(slButton(el, REPORT_TEXT.loading)!.disabled, 'Loading is disabled');
    equal(slButton(el, REPORT_TEXT.run), undefined, 'never waits for Run Report');
    ok(!text(root).includes('Choose the filters'), 'no "Choose the filters, then Run Report."');
    release();
    await waitFor(() => slButton(el, REPORT_TEXT.update), { message: 'Update Report' });
    await waitFor(() => root.querySelectorAll('canvas').length === 2, { message: 'two charts' });
    await waitFor(() => text(root.querySelector('table')).includes('Ames'), { message: 'the table' });
    ok(text(root.querySelector('table')).includes('01/15/2025'), 'dates as MM/DD/YYYY');
    // The opening run is the report's defaults: its date range, no status or source, the first division.
    const opening = fake.calls.find((c) => c.url.pathname.endsWith('/chart'))!.url.searchParams;
    ok(opening.get('referral_date__>>=') && opening.get('referral_date__<='), 'the default date range');
    deepEqual(opening.getAll('referral_status'), []);
    equal(opening.get('referral_source_label__like'), null);
    deepEqual(opening.getAll('division_uid'), ['d-1'], 'no session: the first division');
  });

  it('Update Report runs it again with the filters and divisions as changed', async () => {
    const fake = fakeFetch(server());
    restore = fake.restore;
    const el = mount('configured/inbound-referrals');
    const root = shadow(el);
    await waitFor(() => root.querySelectorAll('.report-divisions input').length === 2, { message: 'the divisions' });

    // Filters: tick New, type a source; choose the second division too.
    const boxes = [...root.querySelectorAll<HTMLInputElement>('.report-filter input[type="checkbox"]')];
    boxes[0].click();
    typeInto(root.querySelector<HTMLInputElement>('.report-filter input[type="search"]')!, 'Hosp');
    root.querySelectorAll<HTMLInputElement>('.report-divisions input')[1].click();
    const run = await updateReport(el, fake.calls);
    await waitFor(() => root.querySelectorAll('canvas').length === 2, { message: 'two charts' });
    const q = run.find((c) => c.url.pathname.endsWith('/chart'))!.url.searchParams;
    equal(q.get('x'), 'referral_source_label');
    equal(q.get('aggregation'), 'count');
    deepEqual(q.getAll('referral_status'), ['New']);
    equal(q.get('referral_source_label__like'), 'Hosp');
    deepEqual(q.getAll('division_uid'), ['d-1', 'd-2'], 'no session: the first division, and the one ticked');
    ok(q.get('referral_date__>>='), 'the default date range');
    const aria = root.querySelector('canvas')!.getAttribute('aria-label')!;
    ok(aria.includes('Hospital 3') && aria.includes('No Source 1'), aria);
  });

  it("Export says 'Beginning export...' then 'Export finished!', or 'Export failed!'", async () => {
    let fake = fakeFetch(server());
    restore = fake.restore;
    const clicked: string[] = [];
    const realClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      let el = mount('configured/inbound-referrals');
      await waitFor(() => slButton(el, REPORT_TEXT.export) && !slButton(el, REPORT_TEXT.export)!.disabled, { message: 'Export' });
      slButton(el, REPORT_TEXT.export)!.click();
      await waitFor(() => $toasts.get().some((t) => t.message === REPORT_TEXT.exportStarted), { message: 'started' });
      await waitFor(() => $toasts.get().some((t) => t.message === REPORT_TEXT.exportDone && t.variant === 'success'), { message: 'finished' });
      ok(/^Inbound Referrals - \d{2}-\d{2}-\d{4}\.csv$/.test(clicked[0]), clicked[0]);
      const body = JSON.parse(String(fake.calls.find((c) => c.url.pathname.endsWith('/csv'))!.init!.body));
      deepEqual(body.columns[0], { column_name: 'referral_date', display_header: 'Referral Date' });

      el.remove();
      restore();
      $toasts.set([]);
      fake = fakeFetch(server({ csvStatus: 500 }));
      restore = fake.restore;
      el = mount('configured/inbound-referrals');
      await waitFor(() => slButton(el, REPORT_TEXT.export) && !slButton(el, REPORT_TEXT.export)!.disabled, { message: 'Export' });
      slButton(el, REPORT_TEXT.export)!.click();
      await waitFor(() => $toasts.get().some((t) => t.message === REPORT_TEXT.exportFailed && t.variant === 'danger'), { message: 'failed' });
      // The failure is said once the export has settled; a download would have come before it.
      equal(fake.calls.filter((c) => c.url.pathname.endsWith('/csv')).length, 1, 'the export was asked for');
      equal(clicked.length, 1, 'nothing downloaded');
    } finally {
      HTMLAnchorElement.prototype.click = realClick;
    }
  });

  it('number, boolean and dropdown controls go out as their operators', async () => {
    let fake = fakeFetch(server({ config: configuration(OVER_TIME) }));
    restore = fake.restore;
    let el = mount('configured/referrals-over-time');
    let root = shadow(el);
    const age = await waitFor(() => root.querySelector<HTMLInputElement>('.report-filter input[type="number"]'), { message: 'the number filter' });
    ok(text(root).includes('Age At Least (at least)'), 'the comparison is said');
    typeInto(age, '35');
    const notInCustody = [...root.querySelectorAll<HTMLLabelElement>('.report-filter label.choice')].find((l) => text(l) === 'Not In Custody')!;
    notInCustody.querySelector('input')!.click();
    let run = await updateReport(el, fake.calls);
    const q = run.find((c) => c.url.pathname.endsWith('/chart'))!.url.searchParams;
    equal(q.get('patient_age__>>='), '35');
    deepEqual(q.getAll('in_custody'), ['false', 'null']);
    const series = run.find((c) => c.url.searchParams.get('x') === 'referral_date')!.url.searchParams;
    equal(series.get('time-unit'), 'month');
    el.remove();
    restore();

    fake = fakeFetch(server({ config: configuration(REPORT_CONFIGURATIONS[2]) }));
    restore = fake.restore;
    el = mount('configured/medical-events');
    root = shadow(el);
    const type = await waitFor(() => root.querySelector<HTMLSelectElement>('.report-filter select'), { message: 'the dropdown' });
    selectOption(type, 'Drug Overdose');
    run = await updateReport(el, fake.calls);
    equal(run.find((c) => c.url.pathname.endsWith('/chart'))!.url.searchParams.get('medical_event_label__eq'), 'Drug Overdose');
  });

  it('the filter panel collapses and opens again', async () => {
    const fake = fakeFetch(server());
    restore = fake.restore;
    const root = shadow(mount('configured/inbound-referrals'));
    const toggle = await waitFor(() => root.querySelector<HTMLButtonElement>('.filters-toggle'), { message: 'the toggle' });
    equal(toggle.getAttribute('aria-expanded'), 'true');
    toggle.click();
    await waitFor(() => root.querySelector('.filter-grid') === null, { message: 'hidden' });
    ok(text(toggle).includes('Show Filters'));
    toggle.click();
    await waitFor(() => root.querySelector('.filter-grid'), { message: 'shown' });
  });
});
