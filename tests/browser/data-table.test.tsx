import { setViewport } from '@web/test-runner-commands';
import { createRoot } from 'react-dom/client';
import { adoptWidgetStyles } from '../../shared/widget/styles';
import { TABLE_DEBOUNCE_MS } from '../../shared/constants';
import { DataTable, type Column, type PageRequest, type PageResult } from '../../widgets/kit/data-table';
import { $toasts, Toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { fakeTimers } from './support/timers';
import { buttonByText, byLabel, cleanup, render, selectOption, settle, text, typeInto, waitFor } from './support/dom';

const columns: Column[] = [
  { columnName: 'name', displayHeader: 'Name', filterable: true },
  { columnName: 'city', displayHeader: 'City' },
  { columnName: 'secret', displayHeader: 'Secret', isHidden: true },
];

const people = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, city: `City ${i + 1}`, secret: 'x' }));

function fakeServer(rows = people) {
  const calls: PageRequest[] = [];
  const fetchPage = async (request: PageRequest): Promise<PageResult> => {
    calls.push(request);
    const start = (request.page - 1) * request.pageSize;
    return { rows: rows.slice(start, start + request.pageSize), total: rows.length };
  };
  return { calls, fetchPage };
}

let tableCount = 0;
const freshId = () => `test-table-${Date.now()}-${tableCount++}`;
const bodyRows = (root: HTMLElement) => [...root.querySelectorAll('tbody tr')];

describe('DataTable', () => {
  afterEach(() => {
    cleanup();
    $toasts.set([]);
  });

  it('shows a loading skeleton, then the first page without hidden columns', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = fakeServer();
    const root = render(<DataTable tableId={freshId()} columns={columns} fetchPage={async (r) => (await gate, server.fetchPage(r))} />);
    await waitFor(() => root.querySelector('[aria-busy="true"] sl-skeleton'), { message: 'skeleton' });
    release();
    await waitFor(() => bodyRows(root).length === 10, { message: '10 rows' });
    deepEqual([...root.querySelectorAll('th')].map((th) => text(th)), ['Name', 'City']);
    ok(text(root).includes('Page 1 of 3'));
  });

  it('a summary card leaves out a column with no value on its page, and shows it again on a page that has one', async () => {
    const rows = people.map((p) => ({ ...p, city: p.id > 10 ? `City ${p.id}` : '' }));
    const server = fakeServer(rows);
    const root = render(<DataTable tableId={freshId()} columns={columns} fetchPage={server.fetchPage} hideEmptyColumns />);
    await waitFor(() => bodyRows(root).length === 10);
    deepEqual([...root.querySelectorAll('th')].map((th) => text(th)), ['Name']);
    buttonByText(root, 'Next').click();
    await waitFor(() => text(root).includes('Person 11'), { message: 'page 2' });
    deepEqual([...root.querySelectorAll('th')].map((th) => text(th)), ['Name', 'City']);
  });

  it('pages with next and previous', async () => {
    const server = fakeServer();
    const root = render(<DataTable tableId={freshId()} columns={columns} fetchPage={server.fetchPage} />);
    await waitFor(() => bodyRows(root).length === 10);
    buttonByText(root, 'Next').click();
    await waitFor(() => text(root).includes('Person 11'), { message: 'page 2' });
    ok(text(root).includes('Page 2 of 3'));
    buttonByText(root, 'Next').click();
    await waitFor(() => bodyRows(root).length === 3, { message: 'last page' });
    ok(buttonByText(root, 'Next').disabled, 'Next is disabled on the last page');
    buttonByText(root, 'Previous').click();
    await waitFor(() => text(root).includes('Page 2 of 3'));
    equal(server.calls.at(-1)?.page, 2);
  });

  it('toggles sort on header click and reports it with aria-sort', async () => {
    const server = fakeServer();
    const root = render(<DataTable tableId={freshId()} columns={columns} fetchPage={server.fetchPage} />);
    await waitFor(() => bodyRows(root).length === 10);
    const header = () => root.querySelector('th')!;
    equal(header().getAttribute('aria-sort'), 'none');
    header().querySelector('button')!.click();
    await waitFor(() => server.calls.at(-1)?.sort === 'name', { message: 'ascending fetch' });
    equal(header().getAttribute('aria-sort'), 'ascending');
    header().querySelector('button')!.click();
    await waitFor(() => server.calls.at(-1)?.sort === '-name', { message: 'descending fetch' });
    equal(header().getAttribute('aria-sort'), 'descending');
  });

  it('remembers the page size per table in localStorage', async () => {
    const tableId = freshId();
    const server = fakeServer();
    const root = render(<DataTable tableId={tableId} columns={columns} fetchPage={server.fetchPage} />);
    await waitFor(() => bodyRows(root).length === 10);
    selectOption(byLabel<HTMLSelectElement>(root, 'Rows per page'), '20');
    await waitFor(() => bodyRows(root).length === 20, { message: '20 rows' });
    equal(JSON.parse(localStorage.getItem(`careweave.table.${tableId}`) ?? '{}').pageSize, 20);
    cleanup();

    const again = fakeServer();
    const root2 = render(<DataTable tableId={tableId} columns={columns} fetchPage={again.fetchPage} />);
    await waitFor(() => bodyRows(root2).length === 20, { message: 'remembered 20 rows' });
    equal(again.calls[0].pageSize, 20);
  });

  it('debounces filter typing to one fetch 750 ms after the last keystroke', async () => {
    const server = fakeServer();
    const root = render(<DataTable tableId={freshId()} columns={columns} fetchPage={server.fetchPage} />);
    await waitFor(() => bodyRows(root).length === 10);
    const before = server.calls.length;
    const filter = byLabel(root, 'Filter Name');
    // The page's timers are the test's while it types: keys 100 ms apart, then the debounce's window to the millisecond.
    const clock = fakeTimers();
    try {
      typeInto(filter, 'P');
      await settle();
      clock.tick(100);
      typeInto(filter, 'Pe');
      await settle();
      clock.tick(100);
      typeInto(filter, 'Per');
      await settle();
      clock.tick(TABLE_DEBOUNCE_MS - 1);
      await settle();
      equal(server.calls.length, before, 'nothing yet, 1 ms before the window after the last key ends (each key started it again)');
      clock.tick(1);
      await settle();
    } finally {
      clock.uninstall();
    }
    await waitFor(() => server.calls.length > before, { message: 'the debounced fetch' });
    // The first fetch after the keys is for the last text: one for "P" or "Pe" would have come first.
    deepEqual(server.calls.slice(before).map((c) => c.filters), [{ name: 'Per' }], 'one fetch, for the last text');
    await waitFor(() => bodyRows(root).length === 10, { message: 'the filtered page' });
    // Still one: the next page's fetch is the next one made, nothing came between.
    buttonByText(root, 'Next').click();
    await waitFor(() => server.calls.length > before + 1, { message: 'the next page' });
    deepEqual(server.calls.slice(before).map((c) => [c.page, c.filters]), [[1, { name: 'Per' }], [2, { name: 'Per' }]], 'exactly one fetch for the filter');
  });

  it('says "No rows found" when there are no rows', async () => {
    const server = fakeServer([]);
    const root = render(<DataTable tableId={freshId()} columns={columns} fetchPage={server.fetchPage} />);
    await waitFor(() => text(root).includes('No rows found'), { message: 'empty text' });
  });

  it('shows the toast "Oops, something went wrong!" when a page fails', async () => {
    const root = render(
      <>
        <DataTable tableId={freshId()} columns={columns} fetchPage={() => Promise.reject(new Error('boom'))} />
        <Toasts />
      </>,
    );
    await waitFor(() => root.querySelector('sl-alert'), { message: 'toast' });
    equal(text(root.querySelector('sl-alert')), 'Oops, something went wrong!');
    equal(root.querySelector('sl-alert')!.getAttribute('variant'), 'danger');
    ok(root.querySelector('[role="alert"]'), 'error state in the table');
  });

  it('activates clickable rows with Enter', async () => {
    const clicked: unknown[] = [];
    const server = fakeServer();
    const root = render(<DataTable tableId={freshId()} columns={columns} fetchPage={server.fetchPage} onRowClick={(row) => clicked.push(row.id)} />);
    await waitFor(() => bodyRows(root).length === 10);
    const row = bodyRows(root)[1] as HTMLElement;
    equal(row.tabIndex, 0);
    row.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    row.click();
    deepEqual(clicked, [2, 2]);
  });

  it('labels each cell with its column header and marks the primary one, for the cards of a narrow list', async () => {
    const server = fakeServer();
    const root = render(<DataTable tableId={freshId()} columns={[columns[0], { ...columns[1], primary: true }]} fetchPage={server.fetchPage} />);
    await waitFor(() => bodyRows(root).length === 10);
    const cells = [...bodyRows(root)[0].querySelectorAll('td')];
    deepEqual(cells.map((td) => td.dataset.label), ['Name', 'City']);
    deepEqual(cells.map((td) => td.classList.contains('primary-cell')), [false, true]);
  });

  it('with the widget styles, a list narrower than 576 px shows each row as a card of label and value, and a wider one as a table', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    adoptWidgetStyles(shadow);
    const mount = document.createElement('div');
    shadow.append(mount);
    const root = createRoot(mount);
    try {
      const server = fakeServer();
      host.style.width = '360px';
      root.render(<DataTable tableId={freshId()} columns={[columns[0], { ...columns[1], primary: true }]} fetchPage={server.fetchPage} minWidth="40rem" />);
      await waitFor(() => bodyRows(mount).length === 10);
      const [name, city] = [...bodyRows(mount)[0].querySelectorAll('td')];
      equal(getComputedStyle(name).display, 'grid', 'a label and value pair');
      equal(getComputedStyle(name, '::before').content, '"Name"', 'labelled with its column header');
      ok(mount.querySelector('table')!.getBoundingClientRect().width <= 360, 'no wider than its box');
      ok(city.getBoundingClientRect().width > 300, 'the primary cell takes the card\'s width');
      ok(byLabel(mount, 'Filter Name').getBoundingClientRect().width > 0, 'the filter stays in view');
      ok(buttonByText(mount, 'Name').getBoundingClientRect().width > 0, 'so does sorting');

      host.style.width = '900px';
      await waitFor(() => getComputedStyle(name).display === 'table-cell', { message: 'a table again' });
      ok(mount.querySelector('table')!.getBoundingClientRect().width >= 640, 'at its minimum width');
    } finally {
      root.unmount();
      host.remove();
    }
  });

  it('spec 002 "plus portrait orientation": a tablet held upright shows a list under 768 px as cards; sideways, or a phone on its side, keeps the table', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    adoptWidgetStyles(shadow);
    const mount = document.createElement('div');
    shadow.append(mount);
    const root = createRoot(mount);
    try {
      const server = fakeServer();
      host.style.width = '700px';
      root.render(<DataTable tableId={freshId()} columns={[columns[0], { ...columns[1], primary: true }]} fetchPage={server.fetchPage} minWidth="40rem" />);
      await waitFor(() => bodyRows(mount).length === 10);
      const name = bodyRows(mount)[0].querySelector('td')!;
      await setViewport({ width: 768, height: 1024 });
      await waitFor(() => getComputedStyle(name).display === 'grid', { message: 'cards on a portrait tablet' });
      ok(mount.querySelector('table')!.getBoundingClientRect().width <= 700, 'no wider than its box');
      await setViewport({ width: 1024, height: 768 });
      await waitFor(() => getComputedStyle(name).display === 'table-cell', { message: 'a table on the tablet held sideways' });
      await setViewport({ width: 844, height: 390 });
      await waitFor(() => getComputedStyle(name).display === 'table-cell', { message: 'a table on a phone on its side' });
      // Upright but past the lg breakpoint (a tall desktop window): the table.
      await setViewport({ width: 1000, height: 1400 });
      await waitFor(() => getComputedStyle(name).display === 'table-cell', { message: 'a table from 992 px' });
      // A list wider than 768 px on a portrait tablet stays a table too.
      await setViewport({ width: 900, height: 1200 });
      host.style.width = '860px';
      await waitFor(() => getComputedStyle(name).display === 'table-cell', { message: 'a wide list' });
      host.style.width = '700px';
      await waitFor(() => getComputedStyle(name).display === 'grid', { message: 'cards again under 768 px' });
    } finally {
      await setViewport({ width: 800, height: 600 });
      root.unmount();
      host.remove();
    }
  });
});
