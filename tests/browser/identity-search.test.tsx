import '../../widgets/identity-search/identity-search.element';
import { resetClock, setClock } from '../../shared/clock';
import { BIRTH_CRITERION_MESSAGE } from '../../shared/schemas/identity-search';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { mountElement, shadow } from './support/element';

const NCH = "Nationwide Children's Hospital";
const AKRON = "Akron Children's Hospital";
const DAYTON = "Dayton Children's Hospital";

const session = (flags: Record<string, boolean>) => ({ data: { type: 'session', id: 'u-1', attributes: { user_uid: 'u-1', display_name: 'Ian Identity', current_division_uid: 'd-1', flags } } });

/** A result card as the server sends it; `over` replaces any attribute. */
function card(over: Record<string, unknown> = {}) {
  return {
    type: 'identity_search',
    id: (over.patient_uid as string) ?? 'pat-1',
    attributes: {
      patient_uid: 'pat-1', first_name: 'Amara', last_name: 'Quillfeather', middle_name: 'NaN', preferred_names: [{ preferredname: 'Mara' }, { preferredname: 'Bea' }],
      birth_date: '2021-08-30', gender: 'Female',
      patient_flags: [{ id: 'F-1', patientflag: 'Medically Fragile', flaginfo: 'Needs a trained caregiver', source_description: NCH, county: 'Franklin' }],
      agency_county: 'Franklin', cs_child_legal_status_legal: 'Temporary Custody', placement_type: 'Foster Care', provider_name: 'Sunrise Foster Home', sacwis_person_id: '70000017',
      person_image: null, provider_id: 'PR-1', source_cases: [{ case_id: 'C-1' }, { case_id: 'C-2' }, { case_id: 'C-1' }],
      match_results: {
        matches: [
          { source_description: NCH, match_status_id: 1, lookuppersonid: '10000001' },
          { source_description: NCH, match_status_id: 1, lookuppersonid: '10000002' },
          { source_description: AKRON, match_status_id: 3, lookuppersonid: null },
          { source_description: DAYTON, match_status_id: 2, lookuppersonid: null },
        ],
        has_any_disputes: false,
      },
      restricted_flag: '0', in_custody: true, custody: 'in-custody', division_uid: 'd-1', division_name: 'Franklin County', restricted_case_warning: false,
      ...over,
    },
  };
}

interface Options {
  flags?: Record<string, boolean>;
  results?: () => unknown;
  recent?: unknown[];
  /** Holds the search's answer until released. */
  hold?: Promise<void>;
}

function serve({ flags = { hasAppIdentity: true, hasIdentityViewFull: true }, results = () => ({ data: [card()], meta: { total: 1 } }), recent = [], hold }: Options = {}) {
  return fakeFetch(async (url) => {
    const path = url.pathname;
    if (path.endsWith('/session/current')) return { body: session(flags) };
    if (path.endsWith('/list-view-cs-tbl-identity-source')) return { body: { data: [AKRON, DAYTON, NCH].map((s) => ({ id: s, attributes: { source_description: s } })) } };
    if (path.endsWith('/tbl-source-agency')) return { body: { data: ['Franklin', 'Summit'].map((c) => ({ id: c, attributes: { agency_county: c, agency_name: `${c} County Children Services` } })) } };
    if (path.endsWith('/list_view_cs_recent_patients')) return { body: { data: recent, meta: { total: recent.length } } };
    if (path.endsWith('/identity_search')) {
      await hold;
      const body = results();
      return body === undefined ? { status: 500, body: { errors: [{ message: 'boom' }] } } : { body };
    }
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  });
}

const mount = (attributes: Record<string, string> = {}) => mountElement('care-identity-search', { 'api-base': 'http://api.test/api', token: 't0k', ...attributes });
/** What stops a search, said beside Search (issue 32 §5) as well as at the top of the form. */
const besideSearch = (root: ShadowRoot) => text(root.querySelector('.form-buttons .search-problem'));
const button = (root: ShadowRoot, label: string) => waitFor(() => [...root.querySelectorAll<HTMLElement & { disabled: boolean }>('sl-button')].find((b) => text(b) === label), { message: label });
const formReady = (root: ShadowRoot) => waitFor(() => root.querySelectorAll('.hospital-options input').length === 3 && root.querySelectorAll('[data-field="county"] option').length === 3, { message: 'the form lists' });
async function searchFor(root: ShadowRoot, label: string, value: string) {
  await formReady(root);
  typeInto(byLabel(root, label), value);
  (await button(root, 'Search')).click();
  return waitFor(() => root.querySelector<HTMLElement>('article.summary-card'), { message: 'a card' });
}

describe('<care-identity-search> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => setClock(new Date(2026, 10, 30, 12)));
  afterEach(() => {
    restore();
    resetClock();
    document.querySelectorAll('care-identity-search').forEach((el) => el.remove());
  });

  it('sends every field, trimmed, empty ones left out, hospitals repeated, sorted by last then first name, 50 a page; Search is disabled while loading', async () => {
    let release = () => undefined as void;
    const server = serve({ hold: new Promise<void>((r) => (release = r)) });
    restore = server.restore;
    const root = shadow(mount());
    await formReady(root);
    const fields: [string, string][] = [
      ['Last Name', '  Quill '], ['First Name', 'Ama'], ['Date of Birth', '05/06/2014'], ['Medical Record #', ' 1000 '], ['Caseworker Name', 'Dana'],
      ['SACWIS Person ID', '70000017'], ['SACWIS Case ID', 'C-1'], ['Provider ID', 'PR-1'], ['Placement Provider Name', 'Sunrise'],
    ];
    for (const [label, value] of fields) typeInto(byLabel(root, label), value);
    selectOption(byLabel<HTMLSelectElement>(root, 'PCSA County'), 'Franklin');
    for (const name of [AKRON, NCH]) byLabel(root, name).click();
    const search = await button(root, 'Search');
    search.click();
    await waitFor(() => search.disabled, { message: 'Search disabled while loading' });
    const call = await waitFor(() => server.calls.find((c) => c.url.pathname.endsWith('/identity_search')), { message: 'the search call' });
    const q = call.url.searchParams;
    deepEqual(
      [...q.keys()].filter((k, i, all) => all.indexOf(k) === i),
      ['last_name__like', 'first_name__like', 'birth_date', 'source_mrns__contains', 'source_description', 'agency_county', 'wkr_name', 'sacwis_person_id', 'case_id', 'provider_id', 'provider_name', 'sort', 'page', 'page-size'],
    );
    equal(q.get('last_name__like'), 'Quill');
    equal(q.get('source_mrns__contains'), '1000');
    equal(q.get('birth_date'), '05/06/2014');
    deepEqual(q.getAll('source_description'), [AKRON, NCH]);
    equal(q.get('sort'), 'lastName,firstName');
    equal(q.get('page'), '1');
    equal(q.get('page-size'), '50');
    release();
    await waitFor(() => root.querySelector('article.summary-card') && !search.disabled, { message: 'results, Search enabled again' });
    equal(text(root.querySelector('.results-bar [role="status"]')), '1 child found');
  });

  it('leaves out empty fields; checks the date (MM/DD/YYYY, 1900–2099, or an age or birth year), an MRN needs a hospital and a caseworker a county, one criterion; Reset clears the form and the results', async () => {
    const server = serve();
    restore = server.restore;
    const root = shadow(mount());
    await formReady(root);
    (await button(root, 'Search')).click();
    await waitFor(() => text(root.querySelector('.error-summary')).includes('Enter at least one search criterion.'), { message: 'one criterion' });
    equal(besideSearch(root), 'Enter at least one search criterion.', 'said beside Search too');
    equal(root.querySelector('.search-problem')!.previousElementSibling, await button(root, 'Search'), 'right after the Search button');
    const dateError = () => text(root.querySelector('[data-field="birthDate"] .field-error'));
    for (const bad of ['13/45/2014', '01/01/1899', '7']) {
      typeInto(byLabel(root, 'Date of Birth'), bad);
      (await button(root, 'Search')).click();
      await waitFor(() => dateError().includes(BIRTH_CRITERION_MESSAGE), { message: `${bad} refused` });
      ok(besideSearch(root).includes(BIRTH_CRITERION_MESSAGE), besideSearch(root));
      typeInto(byLabel(root, 'Date of Birth'), '');
      (await button(root, 'Search')).click();
      await waitFor(() => dateError() === '', { message: 'the error goes with the value' });
    }
    typeInto(byLabel(root, 'Medical Record #'), '1000');
    typeInto(byLabel(root, 'Caseworker Name'), 'Dana');
    (await button(root, 'Search')).click();
    await waitFor(() => /^Hospitals is required\.?$/.test(text(root.querySelector('[data-field="hospitals"] .field-error'))), { message: 'an MRN needs its hospital' });
    ok(/^PCSA County is required\.?$/.test(text(root.querySelector('[data-field="county"] .field-error'))), 'a caseworker needs a county');
    ok(!server.calls.some((c) => c.url.pathname.endsWith('/identity_search')), 'no call for an invalid form');
    typeInto(byLabel(root, 'Medical Record #'), '');
    typeInto(byLabel(root, 'Caseworker Name'), '');
    typeInto(byLabel(root, 'Date of Birth'), '2014');
    await searchFor(root, 'Last Name', 'quill');
    equal(server.calls.find((c) => c.url.pathname.endsWith('/identity_search'))!.url.searchParams.get('birth_date'), '2014', 'a birth year is a criterion');
    (await button(root, 'Reset')).click();
    await waitFor(() => !root.querySelector('article.summary-card'), { message: 'results cleared' });
    server.calls.length = 0;

    typeInto(byLabel(root, 'Date of Birth'), '');
    typeInto(byLabel(root, 'First Name'), '   ');
    await searchFor(root, 'Last Name', 'quill');
    equal(besideSearch(root), '', 'nothing beside Search once the search went');
    const q = server.calls.find((c) => c.url.pathname.endsWith('/identity_search'))!.url.searchParams;
    deepEqual([...q.keys()], ['last_name__like', 'sort', 'page', 'page-size']);
    (await button(root, 'Reset')).click();
    await waitFor(() => !root.querySelector('article.summary-card'), { message: 'results cleared' });
    equal(byLabel(root, 'Last Name').value, '');
  });

  it('the card: title, names (NaN middle name hidden, preferred names in quotes), adaptive age, flags with their source, MRNs by source, under review in red, full-view ids, avatar 66×66', async () => {
    restore = serve().restore;
    const root = shadow(mount());
    const el = await searchFor(root, 'Last Name', 'quill');
    equal(text(el.querySelector('h3')), 'Quillfeather, Amara ( 70000017 ) - Identity / Navigator');
    equal(text(el.querySelector('.summary-name')), 'Amara Quillfeather “Mara”, “Bea”');
    ok(text(el.querySelector('.summary-born')).includes('(5 years) · Female'), text(el.querySelector('.summary-born')));
    const facts = Object.fromEntries([...el.querySelectorAll('.summary-fact')].map((f) => [text(f.querySelector('dt')), text(f.querySelector('dd'))]));
    deepEqual(facts, {
      'PCSA County': 'Franklin',
      'Legal Status': 'Temporary Custody',
      'Placement Type': 'Foster Care',
      Placement: 'Sunrise Foster Home',
      'Medical Record #': `${NCH}: 10000001, 10000002Another MRN is under review`,
      'SACWIS Person ID': '70000017',
      'SACWIS Case ID': 'C-1, C-2',
      'Provider ID': 'PR-1',
    });
    ok(!text(el).includes(AKRON), 'a source whose matches are all rejected is left out');
    const review = el.querySelector<HTMLElement>('.summary-under-review')!;
    ok(/rgb\((1\d\d|2\d\d), \d{1,2}, \d{1,2}\)/.test(getComputedStyle(review).color), `red, got ${getComputedStyle(review).color}`);
    const avatar = el.querySelector<HTMLElement>('.summary-avatar')!;
    deepEqual([avatar.offsetWidth, avatar.offsetHeight], [66, 66]);
    equal(text(avatar), 'AQ');

    const pill = el.querySelector<HTMLButtonElement>('.flag-pill')!;
    equal(text(pill), 'Medically Fragile');
    pill.click();
    await waitFor(() => (el.querySelector('sl-dropdown') as HTMLElement & { open: boolean }).open, { message: 'the flag popover' });
    const panel = el.querySelector('.flag-panel')!;
    deepEqual([...panel.children].map((c) => text(c)), ['Medically Fragile', 'Needs a trained caregiver', `via ${NCH} / Franklin`]);
  });

  it('adaptive age in days, months and years; a real middle name shows; no MRN says so; without the full view no case or provider id', async () => {
    restore = serve({
      flags: { hasAppIdentity: true },
      results: () => ({
        data: [
          card({ patient_uid: 'p-1', first_name: 'Ava', middle_name: 'Rose', birth_date: '2026-11-18', match_results: { matches: [], has_any_disputes: false }, preferred_names: [], patient_flags: [], provider_id: undefined, source_cases: undefined }),
          card({ patient_uid: 'p-2', first_name: 'Bo', middle_name: null, birth_date: '2025-09-30', match_results: { matches: [{ source_description: NCH, match_status_id: 3, lookuppersonid: null }], has_any_disputes: false }, provider_id: undefined, source_cases: undefined }),
        ],
        meta: { total: 2 },
      }),
    }).restore;
    const root = shadow(mount());
    await searchFor(root, 'Last Name', 'quill');
    const [ava, bo] = [...root.querySelectorAll<HTMLElement>('article.summary-card')];
    equal(text(ava.querySelector('.summary-name')), 'Ava Rose Quillfeather');
    ok(text(ava.querySelector('.summary-born')).includes('(12 days)'), text(ava.querySelector('.summary-born')));
    ok(text(bo.querySelector('.summary-born')).includes('(14 months)'), text(bo.querySelector('.summary-born')));
    for (const c of [ava, bo]) {
      ok(text(c).includes('No matched MRNs'));
      ok(!c.querySelector('.summary-under-review'));
      ok(!text(c).includes('SACWIS Case ID') && !text(c).includes('Provider ID'), 'no full-view facts');
    }
  });

  it('a card opens the patient preview; an identity-healthcare user first sees "Health Information is under review" when disputes exist', async () => {
    restore = serve({ flags: { hasAppIdentity: true, isIdentityHealthcareUser: true }, results: () => ({ data: [card({ match_results: { matches: [], has_any_disputes: true } })], meta: { total: 1 } }) }).restore;
    const root = shadow(mount());
    const el = await searchFor(root, 'Last Name', 'quill');
    el.querySelector<HTMLButtonElement>('h3 button')!.click();
    const review = await waitFor(() => root.querySelector<HTMLElement & { open: boolean }>('sl-dialog.under-review[open]'), { message: 'under review modal' });
    equal(review.getAttribute('label'), 'Health Information is under review');
    ok(!root.querySelector('sl-dialog.patient-preview[open]'));
    (await button(root, 'Continue')).click();
    const preview = await waitFor(() => root.querySelector<HTMLElement>('sl-dialog.patient-preview[open]'), { message: 'the preview' });
    equal(preview.getAttribute('label'), 'Quillfeather, Amara');
  });

  it('without disputes (or for other identity users) the card opens the preview at once', async () => {
    restore = serve({ results: () => ({ data: [card({ match_results: { matches: [], has_any_disputes: true } })], meta: { total: 1 } }) }).restore;
    const root = shadow(mount());
    const el = await searchFor(root, 'Last Name', 'quill');
    el.querySelector<HTMLButtonElement>('h3 button')!.click();
    await waitFor(() => root.querySelector('sl-dialog.patient-preview[open]'), { message: 'the preview' });
    ok(!root.querySelector('sl-dialog.under-review[open]'));
  });

  it('recent patients: asked for the user\'s 4 newest, listed as buttons (no links) that open the preview', async () => {
    const recent = ['Zed', 'Amy'].map((first, i) => ({
      type: 'list_view_cs_recent_patients',
      id: `r-${i}`,
      attributes: { patient_uid: `r-${i}`, first_name: first, last_name: 'Recent', birth_date: '2015-01-02', restricted_flag: '0', access: 'full', adoption_restricted: false, restricted_case_warning: false, in_custody: true, agency_legal_status: 'Temporary Custody', custody: 'in-custody', division_name: 'Franklin County', source_cases: [] },
    }));
    const server = serve({ recent });
    restore = server.restore;
    const root = shadow(mount());
    const items = await waitFor(() => (root.querySelectorAll('.recent-patients li').length === 2 ? [...root.querySelectorAll('.recent-patients li')] : null), { message: 'recent patients' });
    deepEqual(items.map((li) => text(li.querySelector('button'))), ['Recent, Zed', 'Recent, Amy']);
    equal(root.querySelectorAll('.recent-patients a').length, 0);
    const q = server.calls.find((c) => c.url.pathname.endsWith('/list_view_cs_recent_patients'))!.url.searchParams;
    deepEqual(Object.fromEntries(q), { user_uid: 'u-1', page: '1', 'page-size': '4', sort: '-updated-date' });
    items[1].querySelector('button')!.click();
    const preview = await waitFor(() => root.querySelector<HTMLElement>('sl-dialog.patient-preview[open]'), { message: 'the preview' });
    equal(preview.getAttribute('label'), 'Recent, Amy');
  });

  it('"No patients" when nothing matches; the error state when the search fails', async () => {
    let fail = false;
    restore = serve({ results: () => (fail ? undefined : { data: [], meta: { total: 0 } }) }).restore;
    const root = shadow(mount());
    await formReady(root);
    typeInto(byLabel(root, 'Last Name'), 'nobody');
    (await button(root, 'Search')).click();
    await waitFor(() => text(root.querySelector('.identity-results .load-state-empty')) === 'No patients', { message: 'empty' });
    fail = true;
    typeInto(byLabel(root, 'Last Name'), 'nobody2');
    (await button(root, 'Search')).click();
    await waitFor(() => root.querySelector('.identity-results .load-state-error'), { message: 'error state' });
    equal(besideSearch(root), 'Oops, something went wrong!', 'a failed search is said beside Search too');
  });

  it('with `query` (the shell passes the address\'s): searches what it holds at once; each search asks for its own address, so Back from a record finds it (issue 32 §5)', async () => {
    const server = serve({ results: () => ({ data: [card()], meta: { total: 120 } }) });
    restore = server.restore;
    const el = mount({ query: `lastName=quill&hospitals=${encodeURIComponent(NCH)}&page=2` });
    const root = shadow(el);
    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => (paths.push((e as CustomEvent<{ path: string }>).detail.path), e.preventDefault()));
    await waitFor(() => root.querySelector('article.summary-card'), { message: 'the results, without a click' });
    const asked = server.calls.find((c) => c.url.pathname.endsWith('/identity_search'))!.url.searchParams;
    equal(asked.get('last_name__like'), 'quill');
    deepEqual(asked.getAll('source_description'), [NCH]);
    equal(asked.get('page'), '2');
    await formReady(root);
    equal(byLabel(root, 'Last Name').value, 'quill', 'the form shows the criteria');
    ok(byLabel(root, NCH).checked);
    ok(text(root.querySelector('.results-pages')).includes('Page 2 of 3'));
    deepEqual(paths, [], 'showing what the address holds moves nowhere');

    typeInto(byLabel(root, 'First Name'), ' Ama ');
    (await button(root, 'Search')).click();
    await waitFor(() => paths.length === 1, { message: 'the new address' });
    equal(paths[0], `${location.pathname}?${new URLSearchParams([['lastName', 'quill'], ['firstName', 'Ama'], ['hospitals', NCH]])}`, 'criteria trimmed, back to the first page');
    await waitFor(() => byLabel(root, 'First Name').value === 'Ama', { message: 'the form showing the criteria searched, trimmed' });

    // Back: the address under the widget changes; the form and the results follow it.
    el.setAttribute('query', 'lastName=hale');
    await waitFor(() => byLabel(root, 'Last Name').value === 'hale' && byLabel(root, 'First Name').value === '' && !byLabel(root, NCH).checked, { message: 'the form as the address says' });
    await waitFor(() => server.calls.some((c) => c.url.pathname.endsWith('/identity_search') && c.url.searchParams.get('last_name__like') === 'hale'), { message: 'searched again' });
    equal(paths.length, 1, 'following the address moves nowhere');
    // Back to the page as it was before any search: an address with no criteria.
    el.setAttribute('query', 'page=1');
    await waitFor(() => !root.querySelector('.identity-results section') && byLabel(root, 'Last Name').value === '', { message: 'no search: the intro and the empty form again' });
  });

  it('without `query` (an embedder\'s page owns its address) the search stays in the widget', async () => {
    restore = serve().restore;
    const el = mount();
    const root = shadow(el);
    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => (paths.push((e as CustomEvent<{ path: string }>).detail.path), e.preventDefault()));
    await searchFor(root, 'Last Name', 'quill');
    deepEqual(paths, []);
  });
});
