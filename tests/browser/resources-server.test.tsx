import '../../widgets/resources/patient-resources.element';
import '../../widgets/resources/resource-library.element';
import { $toasts } from '../../widgets/kit/toasts';
import { OPEN_FAILED } from '../../widgets/resources/resource-link';
import { deepEqual, equal, ok } from './support/assert';
import { selectOption, text, waitFor } from './support/dom';
import { catchNewTabs, fieldError, mountElement, plainButton, shadow } from './support/element';
import { signIn, visiblePatient, type Api } from './support/reminders-server';

const titles = (el: HTMLElement) => [...shadow(el).querySelectorAll('tbody tr td:first-child :is(a, button)')].map((a) => text(a).replace(' (opens in a new tab)', ''));
/** A File resource's title: a button that asks for the signed link. */
const fileButton = (el: HTMLElement, title: string) => [...shadow(el).querySelectorAll<HTMLButtonElement>('tbody td:first-child button')].find((b) => text(b).startsWith(title));

/**
 * Clicks a File resource's title with window.open and fetch watched: the
 * get-s3-link calls it made and the tab it opened (answering get-s3-link with
 * `failWith` instead, when given).
 */
async function openFile(button: HTMLButtonElement, failWith?: number) {
  const realFetch = window.fetch;
  const asked: string[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/get-s3-link')) {
      asked.push(new URL(url).searchParams.get('link') ?? '');
      if (failWith) return Promise.resolve(new Response(JSON.stringify({ errors: [{ message: 'Document not found' }] }), { status: failWith, headers: { 'content-type': 'application/json' } }));
    }
    return realFetch(input, init);
  }) as typeof fetch;
  const caught = catchNewTabs();
  try {
    button.click();
    await waitFor(() => (failWith ? caught.tabs[0]?.closed : caught.tabs[0]?.location.href), { timeout: 10000, message: failWith ? 'the tab closed again' : 'the tab sent to the signed link' });
  } finally {
    caught.restore();
    window.fetch = realFetch;
  }
  return { asked, opened: caught.opened, tab: caught.tabs[0] };
}
const dialog = (el: HTMLElement, label: string) => shadow(el).querySelector<HTMLElement>(`sl-dialog[label="${label}"]`);
const button = (root: ParentNode, label: string) => [...root.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === label);

/** Records the widget's writes without holding them. */
function spyOnWrites() {
  const real = window.fetch;
  const writes: { method: string; url: string; body: any }[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') writes.push({ method: init.method, url: String(input), body: init.body ? JSON.parse(String(init.body)) : null });
    return real(input, init);
  }) as typeof fetch;
  return { writes, restore: () => (window.fetch = real) };
}

describe('<care-resource-library> against the real server', function () {
  let nav: Api;

  before(async function () {
    if (!__CAREWEAVE_URL__) this.skip();
    nav = await signIn();
    localStorage.removeItem('careweave.table.resource-library');
  });
  afterEach(() => document.querySelectorAll('care-resource-library').forEach((el) => el.remove()));

  it('shows the clinician resources first; the target filter switches to the resources for patients and families', async () => {
    const el = mountElement('care-resource-library', { token: nav.token });
    await waitFor(() => titles(el).includes('Child Welfare Information Gateway'), { timeout: 10000, message: 'the clinician resources' });
    ok(!titles(el).some((t) => t.startsWith('SNAP')), 'no patient resources among the clinician ones');
    const headers = [...shadow(el).querySelectorAll('thead th')].map((th) => text(th).replace(/[▲▼]/g, '').trim());
    deepEqual(headers, ['Title', 'Category', 'Type', 'Link']);
    const clinician = shadow(el).querySelector<HTMLInputElement>('fieldset input[value="clinician"]')!;
    ok(clinician.checked, 'clinicians by default');
    equal(text(shadow(el).querySelector('fieldset legend')), 'Resources For');

    shadow(el).querySelector<HTMLInputElement>('fieldset input[value="patient"]')!.click();
    await waitFor(() => titles(el).some((t) => t.startsWith('SNAP')), { timeout: 10000, message: 'the patient resources' });
    ok(!titles(el).includes('Child Welfare Information Gateway'));
    const link = [...shadow(el).querySelectorAll<HTMLAnchorElement>('tbody a')].find((a) => text(a).startsWith('988'))!;
    equal(link.getAttribute('href'), 'https://988lifeline.org/');
    equal(link.target, '_blank', 'opens in a new tab');
    ok(link.rel.split(' ').includes('noopener'), link.rel);
    const row = link.closest('tr')!;
    deepEqual([...row.querySelectorAll('td')].slice(1).map((td) => text(td)), ['Crisis and Safety', 'Link', '988lifeline.org']);

    // The patient resources fill two pages; switching audience on the second starts the other on its first.
    plainButton(el, 'Next')!.click();
    await waitFor(() => text(shadow(el).querySelector('.page-of')) === 'Page 2 of 2' && !titles(el).some((t) => t.startsWith('988')), { timeout: 10000, message: 'the second page' });
    clinician.click();
    await waitFor(() => titles(el).includes('Child Welfare Information Gateway'), { timeout: 10000, message: 'the clinician resources again' });
    equal(text(shadow(el).querySelector('.page-of')), 'Page 1 of 1');
  });

  it('a File resource shows its type and file; a click asks for its signed link and opens it in a new tab, or says it could not', async () => {
    const el = mountElement('care-resource-library', { token: nav.token, target: 'patient' });
    const button = await waitFor(() => fileButton(el, 'Handout: 988 Suicide & Crisis Lifeline'), { timeout: 10000, message: 'the handout' });
    const row = button.closest('tr')!;
    const cells = [...row.querySelectorAll('td')].slice(1).map((td) => text(td));
    deepEqual(cells.slice(0, 2), ['Crisis and Safety', 'File']);
    ok(/^988-lifeline-handout\.pdf \(\d+(\.\d)? KB\)$/.test(cells[2]), cells[2]);
    ok(text(button).endsWith('(opens in a new tab)'));
    const key = (await nav.call('/data/reference/reference-resource?resource_target=patient&title=Handout: 988 Suicide %26 Crisis Lifeline')).body.data[0].attributes.resource_link;

    const { asked, opened, tab } = await openFile(button);
    deepEqual(asked, [key], 'get-s3-link for the stored file');
    equal(opened.join(','), '|_blank', 'one new tab, opened within the click');
    equal(tab.opener, null, 'the tab cannot reach back');
    ok(tab.location.href.startsWith(`http://localhost:${new URL(__CAREWEAVE_URL__).port}/api/files?token=`), tab.location.href);
    const pdf = await fetch(tab.location.href);
    equal(pdf.status, 200);
    equal(pdf.headers.get('content-type'), 'application/pdf');
    equal(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5)), '%PDF-');
    ok(!$toasts.get().length, 'no toast');

    const failed = await openFile(button, 404);
    equal(failed.asked.length, 1);
    ok(failed.tab.closed && !failed.tab.location.href, 'the empty tab is closed again');
    await waitFor(() => $toasts.get().some((t) => t.message === OPEN_FAILED && t.variant === 'danger'), { message: 'the error toast' });
    $toasts.set([]);
  });

  it('the target attribute chooses the audience, also when it changes', async () => {
    const el = mountElement('care-resource-library', { token: nav.token, target: 'patient' });
    await waitFor(() => titles(el).some((t) => t.startsWith('SNAP')), { timeout: 10000, message: 'the patient resources' });
    el.setAttribute('target', 'clinician');
    await waitFor(() => titles(el).includes('Child Welfare Information Gateway'), { timeout: 10000, message: 'the clinician resources after the attribute changed' });
  });
});

describe('<care-patient-resources> against the real server', function () {
  let nav: Api;
  let patient: string;
  let spy: ReturnType<typeof spyOnWrites> | null = null;

  before(async function () {
    if (!__CAREWEAVE_URL__) this.skip();
    nav = await signIn();
    patient = await visiblePatient(nav);
    for (const r of (await nav.call(`/data/public/patient-resource?patient_uid=${patient}&all-data=1`)).body.data) await nav.call(`/patient-resources/${r.id}`, { method: 'DELETE' });
  });
  afterEach(() => {
    spy?.restore();
    spy = null;
    document.querySelectorAll('care-patient-resources').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('a patient without resources says so', async () => {
    const el = mountElement('care-patient-resources', { token: nav.token, 'patient-id': patient });
    await waitFor(() => text(shadow(el)).includes('No Resources'), { timeout: 10000, message: 'the empty state' });
    equal(text(shadow(el).querySelector('h2')), 'Resources');
  });

  it('a patient the caller may not see shows the error state', async () => {
    const el = mountElement('care-patient-resources', { token: nav.token, 'patient-id': '00000000-0000-4000-8000-000000000000' });
    await waitFor(() => shadow(el).querySelector('.load-state-error'), { timeout: 10000, message: 'the error state' });
  });

  it('Add Resource: the resource is required, then the chosen one is added and no longer offered', async () => {
    const el = mountElement('care-patient-resources', { token: nav.token, 'patient-id': patient });
    (await waitFor(() => plainButton(el, 'Add Resource'), { timeout: 10000, message: 'the page' })).click();
    const add = await waitFor(() => dialog(el, 'Add Resource'), { message: 'the add dialog' });
    const select = await waitFor(() => add.querySelector<HTMLSelectElement>('select'), { timeout: 10000, message: 'the resource list' });
    ok([...select.querySelectorAll('optgroup')].some((g) => g.label === 'Food and Nutrition'), 'grouped by category');
    ok(![...select.options].some((o) => text(o) === 'Child Welfare Information Gateway'), 'clinician resources are not offered');
    spy = spyOnWrites();
    button(add, 'Save')!.click();
    await waitFor(() => fieldError(el, 'resourceUid'), { message: 'the required message' });
    equal(fieldError(el, 'resourceUid'), 'Resource is required');
    equal(spy.writes.length, 0, 'an empty choice sends nothing');

    const snap = [...select.options].find((o) => text(o).startsWith('SNAP'))!;
    selectOption(select, snap.value);
    button(add, 'Save')!.click();
    await waitFor(() => titles(el).some((t) => t.startsWith('SNAP')), { timeout: 10000, message: 'the added row' });
    equal(spy.writes.length, 1);
    equal(spy.writes[0].method, 'POST');
    deepEqual(spy.writes[0].body, { data: { type: 'patient-resources', attributes: { patient_uid: patient, resource_uid: snap.value } } });
    ok(!dialog(el, 'Add Resource'), 'the dialog closed');
    ok($toasts.get().some((t) => t.message === 'Successfully saved!'));

    (await waitFor(() => plainButton(el, 'Add Resource'))).click();
    const again = await waitFor(() => dialog(el, 'Add Resource')?.querySelector<HTMLSelectElement>('select'), { timeout: 10000, message: 'the list again' });
    ok(![...again.options].some((o) => o.value === snap.value), 'a resource the patient has is not offered again');
  });

  it('a File resource on the patient\'s list shows its type and opens through its signed link', async () => {
    const handout = (await nav.call('/data/reference/reference-resource?resource_target=patient&title=Handout: How to Give Naloxone Nasal Spray')).body.data[0];
    const added = await nav.call('/patient-resources', { method: 'POST', body: { data: { type: 'patient-resources', attributes: { patient_uid: patient, resource_uid: handout.id } } }, headers: { 'idempotency-key': crypto.randomUUID() } });
    equal(added.status, 201);
    try {
      const el = mountElement('care-patient-resources', { token: nav.token, 'patient-id': patient });
      const button = await waitFor(() => fileButton(el, 'Handout: How to Give Naloxone Nasal Spray'), { timeout: 10000, message: 'the handout row' });
      equal(text(button.closest('tr')!.querySelector('td[data-label="Type"]')), 'File');
      ok(text(button.closest('tr')!.querySelector('td[data-label="Link"]')).startsWith('naloxone-nasal-spray-steps.pdf ('));
      const { asked, tab } = await openFile(button);
      deepEqual(asked, [handout.attributes.resource_link]);
      ok(tab.location.href.includes('/api/files?token='), tab.location.href);
    } finally {
      await nav.call(`/patient-resources/${added.body.data.id}`, { method: 'DELETE' });
    }
  });

  it('Remove asks first: Cancel keeps the resource, Remove takes it off', async () => {
    const el = mountElement('care-patient-resources', { token: nav.token, 'patient-id': patient });
    await waitFor(() => titles(el).some((t) => t.startsWith('SNAP')), { timeout: 10000, message: 'the row' });
    spy = spyOnWrites();
    const removeButton = () => [...shadow(el).querySelectorAll<HTMLElement>('tbody sl-button')].find((b) => text(b).startsWith('Remove SNAP'));
    removeButton()!.click();
    const confirm = await waitFor(() => dialog(el, 'Remove Resource'), { message: 'the confirm dialog' });
    ok(text(confirm).includes('SNAP'), text(confirm));
    button(confirm, 'Cancel')!.click();
    await waitFor(() => !dialog(el, 'Remove Resource'), { message: 'the dialog to close' });
    // Counted as sent: a DELETE from Cancel would have left with the click. Remove below then counts exactly one.
    equal(spy.writes.length, 0, 'Cancel removes nothing');
    ok(titles(el).some((t) => t.startsWith('SNAP')));

    removeButton()!.click();
    button(await waitFor(() => dialog(el, 'Remove Resource')), 'Remove')!.click();
    await waitFor(() => text(shadow(el)).includes('No Resources'), { timeout: 10000, message: 'the empty list' });
    equal(spy.writes.length, 1);
    equal(spy.writes[0].method, 'DELETE');
    ok(spy.writes[0].url.includes('/api/patient-resources/'));
    ok($toasts.get().some((t) => t.message === 'Successfully deleted!'));
  });
});
