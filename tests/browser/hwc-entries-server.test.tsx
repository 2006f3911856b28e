import '../../widgets/hwc/hwc-entries.element';
import { HWC_ENTRIES_EMPTY } from '../../widgets/hwc/hwc-entries.component';
import { TABLE_ERROR_TOAST } from '../../widgets/kit/data-table';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { text, typeInto, waitFor } from './support/dom';
import { signInAs, switchDivision } from './support/sign-in';
import { mountElement, shadow } from './support/element';

/** <care-hwc-entries> against the real server: loading, error, empty and data, and a row opening /hwc/{id}. */
const url = __CAREWEAVE_URL__;

const mount = (token: string) => mountElement('care-hwc-entries', { token });
const rows = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLTableRowElement>('tbody tr.clickable')];
const cells = (row: HTMLTableRowElement) => [...row.cells].map((c) => text(c));

describe('<care-hwc-entries> against the real server', function () {
  this.timeout(30000);
  let staffToken = '';
  before(async function () {
    if (!url) this.skip();
    staffToken = (await signInAs('hwc')).token;
  });
  const listCall = (query: string) => fetch(`${url}/api/data/public/hwc-patient-list?${query}`, { headers: { authorization: `Bearer ${staffToken}` } }).then((r) => r.json());
  afterEach(() => {
    document.querySelectorAll('care-hwc-entries').forEach((el) => el.remove());
    $toasts.set([]);
    localStorage.clear();
  });

  it('loading skeleton, then the division’s entries newest first; a filter narrows them; a row fires care-navigate /hwc/{id}', async () => {
    const real = window.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('hwc-patient-list')) await held;
      return real(input, init);
    }) as typeof fetch;
    let el: HTMLElement;
    try {
      el = mount(staffToken);
      await waitFor(() => shadow(el).querySelector('tbody[aria-busy="true"] sl-skeleton'), { timeout: 10000, message: 'the loading skeleton' });
      equal(rows(el).length, 0);
      release();
      await waitFor(() => rows(el).length > 0, { timeout: 10000, message: 'rows from the server' });
    } finally {
      window.fetch = real;
    }
    equal(text(shadow(el).querySelector('h2')), 'Handle with Care Entries');
    deepEqual(
      [...shadow(el).querySelectorAll('thead th')].map((th) => text(th).replace(/[▲▼]/g, '').trim()),
      ['Child Name', 'Age', 'School', 'Officer', 'Created', 'Status'],
    );
    const expected: { attributes: { name: string } }[] = (await listCall('page-size=10')).data;
    deepEqual(rows(el).map((r) => cells(r)[0]), expected.map((r) => r.attributes.name), 'the server’s order: newest first');
    for (const row of rows(el)) ok(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/i.test(cells(row)[4]), `created as MM/DD/YYYY hh:mm a: ${cells(row)[4]}`);

    // The seeded entries: one sent, one waiting for a distribution list.
    const filter = shadow(el).querySelector<HTMLInputElement>('tr.filters td:first-child input')!;
    typeInto(filter, 'Brooks');
    await waitFor(() => rows(el).length === 1 && cells(rows(el)[0])[0] === 'Brooks, Maya', { timeout: 5000, message: 'the filtered row' });
    const [name, age, school, officer, , status] = cells(rows(el)[0]);
    deepEqual([name, school, officer, status], ['Brooks, Maya', 'Eastmoor Middle School', 'Officer Dana Reyes', 'Sent']);
    ok(Number(age) > 0, 'age');
    typeInto(filter, 'Carter');
    await waitFor(() => rows(el).length === 1 && cells(rows(el)[0])[0] === 'Carter, Leo', { timeout: 5000, message: 'the row not sent' });
    ok(cells(rows(el)[0])[5].startsWith('Not sent: The school has no distribution list'), cells(rows(el)[0])[5]);

    const carter = (await listCall('name__like=Carter, Leo')).data[0];
    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
    rows(el)[0].click();
    rows(el)[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    deepEqual(paths, [`/hwc/${carter.id}`, `/hwc/${carter.id}`]);
  });

  it('error: a user without handleWithCare sees the error text and a toast, no rows', async () => {
    const el = mount((await signInAs('navigator')).token);
    await waitFor(() => shadow(el).querySelector('.load-state-error'), { timeout: 10000, message: 'the error state' });
    equal(text(shadow(el).querySelector('.load-state-error')), TABLE_ERROR_TOAST);
    equal(rows(el).length, 0);
    ok($toasts.get().some((t) => t.message === TABLE_ERROR_TOAST && t.variant === 'danger'), 'the error toast');
  });

  it('empty: a division without entries says so', async () => {
    // The demo seed files Handle with Care entries in Franklin only; admin is staff in both divisions.
    const el = mount(await switchDivision(await signInAs('admin'), 'Summit County Care'));
    await waitFor(() => shadow(el).querySelector('.load-state-empty'), { timeout: 10000, message: 'the empty state' });
    equal(text(shadow(el).querySelector('.load-state-empty')), HWC_ENTRIES_EMPTY);
    equal(rows(el).length, 0);
  });
});
