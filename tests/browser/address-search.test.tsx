import { useState } from 'react';
import { DEFAULT_DEBOUNCE_MS, PROVIDER_SEARCH_DEBOUNCE_MS, REFERENCE_SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { ADDRESS_SEARCH_TEXT } from '../../shared/schemas/address-autocomplete';
import { WidgetProvider } from '../../shared/widget/widget-context';
import { AddressSearch, type AddressSuggestion } from '../../widgets/kit/address-search';
import { NarrowingSearch, searchStatus } from '../../widgets/kit/narrowing-search';
import { $toasts, Toasts } from '../../widgets/kit/toasts';
import { useDebounced } from '../../widgets/kit/use-debounced';
import { useProviderSearch } from '../../widgets/kit/use-providers';
import { useReferenceSearch } from '../../widgets/kit/use-reference-list';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, cleanup, render, settle, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { fakeTimers } from './support/timers';

/**
 * Spec 002 "Address autocomplete" (the kit's address search, the combobox
 * every address form draws) and spec 002 section 9's debounces (the
 * address search's default 750 ms, the provider search's 200 ms leading,
 * the reference-data search's 500 ms), against a stubbed server. The
 * debounces are timed with the test's clock (fakeTimers) to the millisecond.
 */

const API = 'http://api.test/api';

const SUGGESTIONS = [
  { label: '123 North High Street, Columbus, OH 43215', address1: '123 North High Street', city: 'Columbus', county: 'Franklin', state: 'OH', state_uid: 'st-oh', post_code: '43215', latitude: 39.96, longitude: -82.99 },
  { label: 'Akron, OH 44308', address1: '', city: 'Akron', county: 'Summit', state: 'OH', state_uid: 'st-oh', post_code: '44308', latitude: 41.08, longitude: -81.51 },
];

/** The stubbed address route: text starting "broken" fails (502), "nowhere" finds nothing, anything else the two suggestions. */
function addressServer() {
  return fakeFetch((url, init) => {
    if (!url.pathname.endsWith('/geoapify/autocomplete') || init?.method !== 'POST') return { status: 404, body: { errors: [{ message: 'Not found' }] } };
    const { text: typed } = JSON.parse(String(init.body)) as { text: string };
    if (typed.startsWith('broken')) return { status: 502, body: { errors: [{ message: ADDRESS_SEARCH_TEXT.failed }] } };
    if (typed.startsWith('nowhere')) return { body: { data: [], meta: { total: 0 } } };
    return { body: { data: SUGGESTIONS.map((s, i) => ({ type: 'address-suggestions', id: String(i + 1), attributes: s })), meta: { total: 2 } } };
  });
}

const searchBox = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[role="combobox"]');
const status = (root: HTMLElement) => text(root.querySelector('.address-search-status'));
const options = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[role="option"]')];
const listShown = (root: HTMLElement) => !root.querySelector<HTMLElement>('[role="listbox"]')!.hidden;

async function mountAddressSearch(chosen: AddressSuggestion[]) {
  const root = render(
    <WidgetProvider apiBase={API} token="t0k">
      <AddressSearch onChoose={(a) => chosen.push(a)} />
      <Toasts />
    </WidgetProvider>,
  );
  const box = await waitFor(() => searchBox(root), { message: 'the address search' });
  return { root, box };
}

describe('address search (kit combobox)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
    $toasts.set([]);
  });

  it('is a labelled combobox; asks once, the default debounce (750 ms) after the last key, with the last text', async () => {
    const server = addressServer();
    restore = server.restore;
    const { root, box } = await mountAddressSearch([]);
    equal(byLabel(root, 'Address Search'), box, 'the label names the combobox');
    equal(box.getAttribute('aria-autocomplete'), 'list');
    equal(box.getAttribute('aria-expanded'), 'false');
    equal(DEFAULT_DEBOUNCE_MS, 750);
    const clock = fakeTimers();
    try {
      typeInto(box, '12');
      await settle();
      equal(status(root), 'Type at least 3 characters');
      clock.tick(DEFAULT_DEBOUNCE_MS);
      await settle();
      equal(server.calls.length, 0, 'two characters ask nothing');
      typeInto(box, '123');
      await settle();
      clock.tick(300);
      typeInto(box, '123 N');
      await settle();
      equal(status(root), 'Searching ...', 'waiting is said at once');
      clock.tick(300);
      typeInto(box, '123 N High');
      await settle();
      clock.tick(DEFAULT_DEBOUNCE_MS - 1);
      await settle();
      equal(server.calls.length, 0, 'nothing 1 ms before the window after the last key ends');
      clock.tick(1);
      await settle();
    } finally {
      clock.uninstall();
    }
    await waitFor(() => server.calls.length === 1, { message: 'one call when the window ends' });
    deepEqual(JSON.parse(String(server.calls[0].init?.body)), { text: '123 N High' }, 'for the last text');
    await waitFor(() => options(root).length === 2, { message: 'the suggestions' });
    deepEqual(options(root).map((o) => text(o)), SUGGESTIONS.map((s) => s.label));
    equal(box.getAttribute('aria-expanded'), 'true');
    ok(listShown(root));
    equal(status(root), '');
  });

  it("choosing an address (click, or arrows and Enter) hands it over, closes the list and says 'address completed'", async () => {
    const server = addressServer();
    restore = server.restore;
    const chosen: AddressSuggestion[] = [];
    const { root, box } = await mountAddressSearch(chosen);
    box.focus();
    typeInto(box, '123 N High');
    await waitFor(() => options(root).length === 2, { message: 'the suggestions', timeout: 3000 });
    options(root)[1].click();
    await waitFor(() => status(root) === ADDRESS_SEARCH_TEXT.completed, { message: 'address completed' });
    equal(ADDRESS_SEARCH_TEXT.completed, 'address completed');
    deepEqual(chosen, [{ label: 'Akron, OH 44308', address1: '', city: 'Akron', county: 'Summit', state: 'OH', stateUid: 'st-oh', postCode: '44308', latitude: 41.08, longitude: -81.51 }]);
    equal(box.value, '', 'the box is emptied for the next search');
    ok(!listShown(root), 'the list is closed');

    typeInto(box, '123 N High St');
    await waitFor(() => options(root).length === 2, { message: 'the suggestions again', timeout: 3000 });
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await settle();
    equal(box.getAttribute('aria-activedescendant'), options(root)[0].id, 'the first option is active');
    equal(options(root)[0].getAttribute('aria-selected'), 'true');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    box.dispatchEvent(enter);
    ok(enter.defaultPrevented, 'Enter chooses, it does not submit the form around');
    await waitFor(() => chosen.length === 2, { message: 'the second choice' });
    equal(chosen[1].address1, '123 North High Street');
    equal(status(root), 'address completed');
  });

  it("none found: 'No Address Results Found'; a search that fails: the toast 'Unable to autocomplete address' and the same under the box", async () => {
    const server = addressServer();
    restore = server.restore;
    const { root, box } = await mountAddressSearch([]);
    typeInto(box, 'nowhere street');
    await waitFor(() => status(root) === ADDRESS_SEARCH_TEXT.noResults, { message: 'No Address Results Found', timeout: 3000 });
    equal(ADDRESS_SEARCH_TEXT.noResults, 'No Address Results Found');
    equal(options(root).length, 0);
    equal(root.querySelector('.address-search-status')!.getAttribute('role'), 'status');

    typeInto(box, 'broken street');
    await waitFor(() => root.querySelector('sl-alert'), { message: 'the toast', timeout: 3000 });
    equal(text(root.querySelector('sl-alert')), 'Unable to autocomplete address');
    equal(root.querySelector('sl-alert')!.getAttribute('variant'), 'danger');
    equal(status(root), ADDRESS_SEARCH_TEXT.failed);
    ok(root.querySelector('.address-search-status.failed'), 'drawn as an error');
    equal(server.calls.length, 2);
  });
});

const PROVIDERS = [
  { provider_uid: 'pr-1', display_name: 'Dr. Elena Ortiz', provider_role_label: 'Physician' },
  { provider_uid: 'pr-2', display_name: 'Sam Reyes', provider_role_label: 'Counselor' },
];

function ProviderHarness() {
  const [name, setName] = useState('');
  const found = useProviderSearch(name);
  return (
    <>
      <NarrowingSearch label="Search Providers" hint="Type a name" value={name} onChange={setName} status={searchStatus(found, name, 'failed')} />
      <ul>{found.data?.map((p) => <li key={p.providerUid}>{p.displayName}</li>)}</ul>
    </>
  );
}

function ReferenceHarness() {
  const [name, setName] = useState('');
  const found = useReferenceSearch('reference-medication', name);
  return (
    <>
      <NarrowingSearch label="Search Medications" hint="Type a name" value={name} onChange={setName} status={searchStatus(found, name, 'failed')} />
      <ul>{found.data?.map((m) => <li key={m.uid}>{m.label}</li>)}</ul>
    </>
  );
}

function LeadingHarness({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  const settled = useDebounced(value, 200, { leading: true });
  onValue(settled);
  return <input aria-label="Value" value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('search debounces (spec 002 section 9)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  it('useDebounced with leading: the first change at once, then at most one per window with the last value', async () => {
    const seen: string[] = [];
    const root = render(<LeadingHarness onValue={(v) => seen[seen.length - 1] !== v && seen.push(v)} />);
    const box = await waitFor(() => root.querySelector('input'), { message: 'the box' });
    const clock = fakeTimers();
    try {
      typeInto(box, 'a');
      await settle();
      deepEqual(seen, ['', 'a'], 'the first change lands at once');
      clock.tick(100);
      typeInto(box, 'ab');
      await settle();
      typeInto(box, 'abc');
      await settle();
      clock.tick(99);
      await settle();
      deepEqual(seen, ['', 'a'], 'within the window nothing more');
      clock.tick(1);
      await settle();
      deepEqual(seen, ['', 'a', 'abc'], "the window's end brings the last value");
      clock.tick(50);
      typeInto(box, 'abcd');
      await settle();
      deepEqual(seen, ['', 'a', 'abc'], 'a change in the next window waits for its end');
      clock.tick(150);
      await settle();
      deepEqual(seen, ['', 'a', 'abc', 'abcd']);
      clock.tick(200);
      await settle();
      clock.tick(500);
      typeInto(box, 'x');
      await settle();
      deepEqual(seen, ['', 'a', 'abc', 'abcd', 'x'], 'after a quiet window the next change is at once again');
    } finally {
      clock.uninstall();
    }
  });

  it('provider search: the first key asks providers/mv at once; keys within 200 ms are asked once at its end, with the last text', async () => {
    const server = fakeFetch((url) => {
      if (!url.pathname.endsWith('/providers/mv')) return { status: 404, body: { errors: [{ message: 'Not found' }] } };
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const rows = PROVIDERS.filter((p) => p.display_name.toLowerCase().includes(q));
      return { body: { data: rows.map((r) => ({ type: 'providers', id: r.provider_uid, attributes: r })), meta: { total: rows.length } } };
    });
    restore = server.restore;
    const root = render(
      <WidgetProvider apiBase={API} token="t0k">
        <ProviderHarness />
      </WidgetProvider>,
    );
    const box = await waitFor(() => root.querySelector('input'), { message: 'the box' });
    equal(byLabel(root, 'Search Providers'), box);
    await settle();
    equal(server.calls.length, 0, 'nothing typed asks nothing');
    equal(PROVIDER_SEARCH_DEBOUNCE_MS, 200);
    const clock = fakeTimers();
    try {
      typeInto(box, 'D');
      await settle();
      equal(server.calls.length, 1, 'the leading call: the first key asks at once');
      equal(server.calls[0].url.searchParams.get('q'), 'D');
      clock.tick(60);
      typeInto(box, 'Dr');
      await settle();
      clock.tick(60);
      typeInto(box, 'Dr.');
      await settle();
      clock.tick(60);
      typeInto(box, 'Dr. E');
      await settle();
      clock.tick(PROVIDER_SEARCH_DEBOUNCE_MS - 180 - 1);
      await settle();
      equal(server.calls.length, 1, 'no other call within the 200 ms window');
      clock.tick(1);
      await settle();
      // The trailing value opened a window of its own: it closes with nothing new.
      clock.tick(PROVIDER_SEARCH_DEBOUNCE_MS);
      await settle();
    } finally {
      clock.uninstall();
    }
    await waitFor(() => server.calls.length === 2, { message: 'the trailing call at the window end' });
    equal(server.calls[1].url.searchParams.get('q'), 'Dr. E', 'with the last text');
    await waitFor(() => text(root.querySelector('ul')) === 'Dr. Elena Ortiz', { message: 'the match' });
    equal(server.calls.length, 2, 'nothing more once the last text has been asked');
    equal(text(root.querySelector('[role="status"]')), '1 found');
    typeInto(box, 'Nobody');
    await waitFor(() => text(root.querySelector('[role="status"]')) === 'No options', { message: 'No options' });
  });

  it('reference-data search: asks data/reference/{model} by label 500 ms after the last key, once', async () => {
    const server = fakeFetch((url) => {
      if (!url.pathname.endsWith('/data/reference/reference-medication')) return { status: 404, body: { errors: [{ message: 'Not found' }] } };
      const rows = [{ uid: 'md-1', name: 'amoxicillin', label: 'Amoxicillin', ref_data_type: null }];
      return { body: { data: rows.map((r) => ({ type: 'reference-medication', id: r.uid, attributes: r })), meta: { total: 1 } } };
    });
    restore = server.restore;
    const root = render(
      <WidgetProvider apiBase={API} token="t0k">
        <ReferenceHarness />
      </WidgetProvider>,
    );
    const box = await waitFor(() => root.querySelector('input'), { message: 'the box' });
    equal(byLabel(root, 'Search Medications'), box);
    equal(REFERENCE_SEARCH_DEBOUNCE_MS, 500);
    const clock = fakeTimers();
    try {
      typeInto(box, 'A');
      await settle();
      equal(server.calls.length, 0, 'no leading call');
      equal(text(root.querySelector('[role="status"]')), 'Searching ...');
      clock.tick(200);
      typeInto(box, 'Amox');
      await settle();
      clock.tick(REFERENCE_SEARCH_DEBOUNCE_MS - 1);
      await settle();
      equal(server.calls.length, 0, 'nothing 499 ms after the last key');
      clock.tick(1);
      await settle();
    } finally {
      clock.uninstall();
    }
    await waitFor(() => server.calls.length === 1, { message: 'one call 500 ms after the last key' });
    const asked = server.calls[0].url.searchParams;
    equal(asked.get('label__like'), 'Amox', 'by label, with the last text');
    equal(asked.get('is_active'), 'true');
    await waitFor(() => text(root.querySelector('ul')) === 'Amoxicillin', { message: 'the match' });
  });
});
