import '../../widgets/queue/queue.element';
import { $toasts } from '../../widgets/kit/toasts';
import { equal, ok } from './support/assert';
import { fakeFetch } from './support/fake-fetch';
import { text, themeLinkColor, waitFor } from './support/dom';

function queueDocument(label: string, rows: Record<string, unknown>[], children: { id: string; queue_label: string; count: number }[] = []) {
  return {
    data: {
      type: 'queue',
      id: 'q1',
      attributes: {
        queue_label: label,
        count: rows.length,
        child_queues: children,
        queue_list_view_column_map: [
          { column_name: 'patient_last_name', display_header: 'Last Name', is_hidden: false },
          { column_name: 'patient_uid', display_header: 'Patient', is_hidden: true },
        ],
        data: rows,
      },
    },
    meta: { total: rows.length, page: 1, page_size: 5 },
  };
}

const rows = [
  { patient_uid: 'p-1', patient_last_name: 'Lovelace' },
  { patient_uid: 'p-2', patient_last_name: 'Hopper' },
];

function mount(attributes: Record<string, string>): HTMLElement {
  const el = document.createElement('care-queue');
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  document.body.append(el);
  return el;
}

const shadow = (el: HTMLElement) => el.shadowRoot!;

describe('<care-queue> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-queue').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('card: skeleton, then title with count, rows without hidden columns, row click navigates', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = fakeFetch(async () => (await gate, { body: queueDocument('New Referrals', rows) }));
    restore = server.restore;
    const el = mount({ 'queue-id': 'q1', 'api-base': 'http://api.test/api', token: 't0k' });
    await waitFor(() => shadow(el).querySelector('sl-skeleton'), { message: 'skeleton' });
    release();
    await waitFor(() => text(shadow(el).querySelector('h2')) === 'New Referrals (2)', { message: 'title' });
    const call = server.calls[0];
    equal(call.url.pathname, '/api/queues/q1');
    equal(call.url.searchParams.get('page-size'), '5');
    equal(new Headers(call.init?.headers).get('authorization'), 'Bearer t0k');
    equal(shadow(el).querySelectorAll('th').length, 1, 'hidden column not shown');

    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
    (shadow(el).querySelector('tbody tr') as HTMLElement).click();
    (shadow(el).querySelector('a') as HTMLAnchorElement).click();
    equal(paths.join(' '), '/patients/p-1/face-sheet /home/queues/q1');
  });

  it('card: error state and the toast on failure', async () => {
    restore = fakeFetch(() => ({ status: 500, body: { errors: [{ message: 'down' }] } })).restore;
    const el = mount({ 'queue-id': 'q1', 'api-base': 'http://api.test/api', token: 't' });
    await waitFor(() => shadow(el).querySelector('[role="alert"]'), { message: 'error state' });
    await waitFor(() => text(shadow(el)).includes('Oops, something went wrong!'));
    ok($toasts.get().some((t) => t.message === 'Oops, something went wrong!'));
  });

  it('card: empty state says "No rows found"', async () => {
    restore = fakeFetch(() => ({ body: queueDocument('Follow Up', []) })).restore;
    const el = mount({ 'queue-id': 'q1', 'api-base': 'http://api.test/api', token: 't' });
    await waitFor(() => text(shadow(el)).includes('No rows found'), { message: 'empty state' });
    equal(text(shadow(el).querySelector('h2')), 'Follow Up (0)');
  });

  it('page: queue name as title, filters, Go back, Add Referral for "new referrals"', async () => {
    const server = fakeFetch(() => ({ body: queueDocument('new referrals', rows) }));
    restore = server.restore;
    const el = mount({ 'queue-id': 'q1', variant: 'page', 'api-base': 'http://api.test/api', token: 't' });
    await waitFor(() => text(shadow(el).querySelector('h1')) === 'New Referrals', { message: 'title' });
    equal(server.calls[0].url.searchParams.get('page-size'), '10');
    ok(text(shadow(el)).includes('Add Referral'));
    equal(text(shadow(el).querySelector('.add-action')), 'Add Referral', 'drawn with the title');
    ok(shadow(el).querySelector('label[for] + input, input[type="search"]'), 'filter input');
    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => {
      e.preventDefault();
      paths.push((e as CustomEvent<{ path: string }>).detail.path);
    });
    const back = [...shadow(el).querySelectorAll('a')].find((a) => text(a) === 'Go back')!;
    back.click();
    equal(paths[0], '/home');
    // Add Referral opens Add Patient, which posts the patient's inbound referral (the spec's button has no action yet: docs/decisions.md).
    const add = shadow(el).querySelector<HTMLAnchorElement>('.add-action')!;
    equal(add.getAttribute('href'), '/patients/add');
    add.click();
    equal(paths.join(' '), '/home /patients/add');
  });

  it('page: no Add Referral for other queues', async () => {
    restore = fakeFetch(() => ({ body: queueDocument('Follow Up', rows) })).restore;
    const el = mount({ 'queue-id': 'q1', variant: 'page', 'api-base': 'http://api.test/api', token: 't' });
    await waitFor(() => text(shadow(el).querySelector('h1')) === 'Follow Up');
    // Add Referral is drawn with the title, in the same render (the test above finds it so): now is when it would show.
    equal(shadow(el).querySelector('.add-action'), null);
    ok(!text(shadow(el)).includes('Add Referral'));
  });

  it('page: each child queue (spec 000 "Queue: ... childQueues") is a link with its label and count that opens it; none, no links', async () => {
    const children = [
      { id: 'q2', queue_label: 'Active from the Emergency Department', count: 4 },
      { id: 'q 3', queue_label: 'Active from a provider', count: 0 },
    ];
    restore = fakeFetch(() => ({ body: queueDocument('Active Patients', rows, children) })).restore;
    const el = mount({ 'queue-id': 'q1', variant: 'page', 'api-base': 'http://api.test/api', token: 't' });
    const nav = await waitFor(() => shadow(el).querySelector('nav[aria-label="Child queues"]'), { message: 'child queues' });
    const links = [...nav.querySelectorAll('a')];
    equal(links.map((a) => text(a)).join(' | '), 'Active from the Emergency Department 4 | Active from a provider 0');
    equal(links.map((a) => a.getAttribute('href')).join(' '), '/home/queues/q2 /home/queues/q%203');
    equal(text(links[0].querySelector('.child-queue-count')), '4');
    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => {
      e.preventDefault();
      paths.push((e as CustomEvent<{ path: string }>).detail.path);
    });
    links[0].click();
    equal(paths.join(' '), '/home/queues/q2');
    // The card lists no children; a queue without any has no child links on its page either.
    el.remove();
    restore();
    restore = fakeFetch(() => ({ body: queueDocument('Follow Up', rows) })).restore;
    const plain = mount({ 'queue-id': 'q1', variant: 'page', 'api-base': 'http://api.test/api', token: 't' });
    await waitFor(() => text(shadow(plain).querySelector('h1')) === 'Follow Up');
    equal(shadow(plain).querySelector('nav[aria-label="Child queues"]'), null);
  });

  it('registers once even when the element module runs twice', async () => {
    const { defineWidget } = await import('../../shared/widget/define-widget');
    const first = customElements.get('care-queue');
    equal(defineWidget('care-queue', () => null), first);
  });

  it('keeps host page styles out and its theme colour in', async () => {
    restore = fakeFetch(() => ({ body: queueDocument('Follow Up', rows) })).restore;
    const style = document.createElement('style');
    style.textContent = 'h2 { color: rgb(255, 0, 0) !important; } a { display: none; }';
    document.head.append(style);
    try {
      const el = mount({ 'queue-id': 'q1', 'api-base': 'http://api.test/api', token: 't', 'primary-color': 'rgb(1, 2, 3)' });
      const h2 = await waitFor(() => shadow(el).querySelector('h2'));
      ok(getComputedStyle(h2).color !== 'rgb(255, 0, 0)', 'host CSS did not reach the widget');
      const link = shadow(el).querySelector('a')!;
      equal(getComputedStyle(link).color, themeLinkColor('rgb(1, 2, 3)'));
    } finally {
      style.remove();
    }
  });
});
