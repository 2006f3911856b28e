import '../../widgets/reports/report.element';
import { resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import { Chart } from 'chart.js';
import { BADGE_REPORT_CONFIGURATIONS } from '../../server/db/reference-lists/report-configurations';
import { snakeKeys } from '../../shared/casing';
import type { ReportChart } from '../../shared/schemas/reports';
import { $toasts } from '../../widgets/kit/toasts';
import { fitLabel, legendPosition, SIDE_LEGEND_MIN_WIDTH } from '../../widgets/reports/report-chart';
import { deepEqual, equal, ok } from './support/assert';
import { text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { mountElement, shadow, updateReport } from './support/element';

/**
 * Patients By Badge (issue 12) in the page, and chart legends at the side
 * that move under the chart when it is narrow, their labels wrapped or
 * shortened with the whole label as a tooltip, never cut at the canvas edge.
 */
const [BADGES] = BADGE_REPORT_CONFIGURATIONS;
const LONG_GROUP = 'Social Determinants Of Health And Housing Stability Needs';

function server() {
  return async (url: URL) => {
    const path = url.pathname;
    const q = url.searchParams;
    if (path.endsWith('/data/reference/reference-report-configuration')) {
      const c = BADGES;
      return { body: { data: [{ type: 'reference-report-configuration', id: 'c-1', attributes: snakeKeys({ reportConfigurationName: c.name, reportConfigurationLabel: c.label, reportConfigurationDescription: c.description, reportConfigurationDefinition: c.definition }) }] } };
    }
    if (path.endsWith('/reports/divisions')) return { body: { data: [{ type: 'divisions', id: 'd-1', attributes: { division_uid: 'd-1', division_name: 'Franklin County Care' } }] } };
    if (path.endsWith('/reference-data/reference-badge-groups')) {
      return {
        body: {
          data: [{ type: 'reference-badge-groups', id: 'g-1', attributes: { badge_group_uid: 'g-1', badge_group_label: 'Risk Level' }, relationships: { reference_badges: { data: [{ type: 'reference-badges', id: 'b-1' }] } } }],
          included: [{ type: 'reference-badges', id: 'b-1', attributes: { badge_uid: 'b-1', badge_group_uid: 'g-1', badge_label: 'High Risk' } }],
        },
      };
    }
    if (path.endsWith('/chart') && q.get('series')) {
      return { body: { data: [{ x: 'High Risk', series: 'Risk Level', value: 3 }, { x: 'Housing Insecure', series: LONG_GROUP, value: 2 }, { x: null, series: null, value: 4 }] } };
    }
    if (path.endsWith('/chart')) return { body: { data: [{ x: LONG_GROUP, value: 2 }, { x: 'Risk Level', value: 3 }, { x: null, value: 4 }] } };
    if (path.includes('/permissable/views/')) {
      const rows = [{ last_name: 'Ames', first_name: 'Al', badge_label: 'High Risk', badge_group_label: 'Risk Level', badge_added_at: '2026-11-02T14:30:00Z', in_custody: false, latest_referral_status: 'New' }];
      return { body: { data: { columns: [], rows }, meta: { total: rows.length, page: 1, page_size: 100 } } };
    }
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

/** Ten pixels a character: widths a test can count. */
const measure = (t: string) => t.length * 10;

describe('legend placement and labels', () => {
  const side: ReportChart = { type: 'doughnut', title: 'T', xAxisColumn: 'x', aggregationType: 'count', legend: true, legendPosition: 'left' };

  it('a side legend goes to the bottom under the narrow width; other places stay', () => {
    equal(legendPosition(side, SIDE_LEGEND_MIN_WIDTH), 'left');
    equal(legendPosition(side, SIDE_LEGEND_MIN_WIDTH - 1), 'bottom');
    equal(legendPosition({ ...side, legendPosition: 'right' }, 300), 'bottom');
    equal(legendPosition({ ...side, legendPosition: 'top' }, 300), 'top');
    equal(legendPosition({ ...side, legendPosition: undefined }, 300), 'top');
  });

  it('labels wrap between words, and what does not fit ends in an ellipsis', () => {
    deepEqual(fitLabel('Risk Level', 200, measure, 2), ['Risk Level']);
    deepEqual(fitLabel('Needs Transportation Help', 200, measure, 2), ['Needs Transportation', 'Help']);
    deepEqual(fitLabel('Needs Transportation Help Now', 120, measure, 2), ['Needs', 'Transportat…']);
    deepEqual(fitLabel('Needs Transportation', 100, measure, 1), ['Needs Tra…']);
    // A word wider than a line is shortened in its own line; the next word starts the next.
    deepEqual(fitLabel('Transportation Help', 100, measure, 2), ['Transport…', 'Help']);
  });
});

describe('<care-report name="patients-by-badge"> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(async () => {
    await resetMouse();
    await setViewport({ width: 800, height: 600 });
    restore();
    document.querySelectorAll('care-report').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('runs: per badge by group with a badge filter, per group, the table grouped by badge group', async () => {
    const fake = fakeFetch(server());
    restore = fake.restore;
    const el = mountElement('care-report', { 'api-base': 'http://api.test/api', token: 't0k', name: BADGES.name });
    const root = shadow(el);
    await waitFor(() => root.querySelectorAll('.badge-group').length === 2, { message: 'both badge filters' });
    root.querySelector<HTMLInputElement>('.badge-filter label.choice input')!.click();
    const run = await updateReport(el, fake.calls);
    const charts = run.filter((c) => c.url.pathname.endsWith('/permissable/views/report-patient-badges/chart')).map((c) => c.url.searchParams);
    deepEqual(charts.map((q) => [q.get('x'), q.get('series'), q.get('aggregation'), q.get('y')]), [['badge_label', 'badge_group_label', 'unique-count', 'patient_uid'], ['badge_group_label', null, 'unique-count', 'patient_uid']]);
    equal(charts[0].get('badge_uid_list__contains_uuid_or'), 'b-1');
    const images = await waitFor(() => (root.querySelectorAll('figure.report-chart canvas').length === 2 ? [...root.querySelectorAll('figure.report-chart canvas')] : null), { message: 'both charts' });
    ok(images[0].getAttribute('aria-label')!.includes('No Badge: High Risk 0, Housing Insecure 0, No Badge 4'), images[0].getAttribute('aria-label')!);
    await waitFor(() => text(root.querySelector('tr.group-row')) === 'Risk Level', { message: 'the group row' });
  });

  it('a side legend moves under a narrow chart and back; its labels stay inside the canvas with the whole label on hover', async () => {
    await setViewport({ width: 1366, height: 900 });
    const fake = fakeFetch(server());
    restore = fake.restore;
    const el = mountElement('care-report', { 'api-base': 'http://api.test/api', token: 't0k', name: BADGES.name });
    const root = shadow(el);
    // The report opens run (issue 32 §5). The bar chart's legend is on the right, beside its axis; the doughnut's on the left.
    const canvases = await waitFor(() => (root.querySelectorAll('figure.report-chart canvas').length === 2 ? [...root.querySelectorAll<HTMLCanvasElement>('figure.report-chart canvas')] : null), { message: 'both charts' });
    const [bars, chart] = await waitFor(() => (canvases.every((c) => Chart.getChart(c)) ? canvases.map((c) => Chart.getChart(c)!) : null), { message: 'the charts' });
    const canvas = canvases[1];
    type Box = { left: number; top: number; width: number; height: number };
    type Legend = { position: string; left: number; right: number; legendItems: { text: string | string[]; fullText?: string }[]; legendHitBoxes: Box[] };
    const legendOf = (c: Chart) => c.legend as unknown as Legend;
    const legend = () => legendOf(chart);
    // Drawn outside its own box, a label is cut (chart.js clips the legend to it).
    const inside = (c: Chart) => {
      const l = legendOf(c);
      return l.right <= c.width + 0.5 && l.legendHitBoxes.every((b) => b.left >= l.left - 0.5 && b.left + b.width <= l.right + 0.5);
    };

    await waitFor(() => legend().position === 'left' && legendOf(bars).position === 'right', { message: 'the legends at the side when wide' });
    ok(inside(chart) && inside(bars), 'every label inside its legend');
    for (const c of [chart, bars]) {
      const wide = legendOf(c).legendItems.find((i) => i.fullText === LONG_GROUP || (Array.isArray(i.text) && i.text.join(' ') === LONG_GROUP));
      ok(wide && Array.isArray(wide.text), `the long label wraps at the side: ${JSON.stringify(legendOf(c).legendItems)}`);
    }

    await setViewport({ width: 390, height: 844 });
    await waitFor(() => legend().position === 'bottom' && legendOf(bars).position === 'bottom', { message: 'the legends under the charts when narrow' });
    ok(chart.width < SIDE_LEGEND_MIN_WIDTH, `the chart is narrow (${chart.width})`);
    ok(inside(chart) && inside(bars), 'every label inside its legend');
    const long = legend().legendItems.findIndex((i) => i.fullText === LONG_GROUP);
    ok(long >= 0 && typeof legend().legendItems[long].text === 'string' && (legend().legendItems[long].text as string).endsWith('…'), `shortened in a row: ${JSON.stringify(legend().legendItems)}`);

    // Pointing at the shortened item shows the whole label.
    const box = legend().legendHitBoxes[long];
    canvas.scrollIntoView();
    const at = canvas.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(at.left + box.left + box.width / 2), Math.round(at.top + box.top + box.height / 2)] });
    await waitFor(() => canvas.title === LONG_GROUP, { message: 'the whole label as the tooltip' });
    await sendMouse({ type: 'move', position: [Math.round(at.left + 2), Math.round(at.top + 2)] });
    await waitFor(() => canvas.title === '', { message: 'the tooltip gone' });

    await setViewport({ width: 1366, height: 900 });
    await waitFor(() => legend().position === 'left' && legendOf(bars).position === 'right', { message: 'back at the side' });
    ok(inside(chart) && inside(bars), 'every label inside its legend');
  });
});
