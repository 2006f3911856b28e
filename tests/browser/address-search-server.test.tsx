import '../../widgets/add-patient/add-patient.element';
import '../../widgets/cit/cit-form.element';
import { CIT_TEXT } from '../../shared/cit-options';
import { ADDRESS_SEARCH_TEXT } from '../../shared/schemas/address-autocomplete';
import { $toasts } from '../../widgets/kit/toasts';
import { equal, ok } from './support/assert';
import { byLabel, text, typeInto, waitFor } from './support/dom';
import { watchFetch } from './support/fake-fetch';
import { mountElement, plainButton, shadow, slButton } from './support/element';
import { signInAs } from './support/sign-in';

/**
 * Spec 002 "Address autocomplete" in the forms, against the real test server
 * (which has no GEOCODER_URL: the search answers a 5-digit zip from the
 * reference geo data and finds nothing else). Add Patient asks the signed-in
 * route; the public CIT sheet its own, with the officer's identity.
 */
const url = __CAREWEAVE_URL__;

const searchIn = (root: ParentNode, name: string) => {
  const found = root.querySelector<HTMLElement>(`[data-search="${name}"]`);
  if (!found) throw new Error(`No address search ${name}`);
  return { box: found.querySelector<HTMLInputElement>('input[role="combobox"]')!, status: () => text(found.querySelector('[role="status"]')), options: () => [...found.querySelectorAll<HTMLElement>('[role="option"]')] };
};
const selectedText = (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '';

describe('address search in the forms, against the real server', function () {
  this.timeout(60000);
  let navigator: string;
  let watch: ReturnType<typeof watchFetch> | null = null;
  before(async function () {
    if (!url) this.skip();
    navigator = (await signInAs('navigator')).token;
  });
  afterEach(() => {
    watch?.restore();
    watch = null;
    document.querySelectorAll('care-add-patient, care-cit-form').forEach((el) => el.remove());
    $toasts.set([]);
    sessionStorage.clear();
    localStorage.clear();
  });

  it("Add Patient: a zip found by the address search fills the address row and says 'address completed'; the post-code lookup is not asked again", async () => {
    const el = mountElement('care-add-patient', { token: navigator });
    await waitFor(() => slButton(el, 'Add Patient'), { timeout: 10000, message: 'the form' });
    plainButton(el, 'Add Address')!.click();
    await waitFor(() => shadow(el).querySelector('[data-search="address-1"]'), { message: 'the address row' });
    const search = searchIn(shadow(el), 'address-1');
    equal(byLabel(shadow(el), 'Address 1 Search'), search.box, 'labelled');
    watch = watchFetch();
    search.box.focus();
    typeInto(search.box, '43215');
    await waitFor(() => search.options().length === 1, { message: 'the zip found' });
    equal(text(search.options()[0]), 'Columbus, OH 43215');
    ok(watch.sent.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/api/geoapify/autocomplete')), 'the signed-in route');
    search.options()[0].click();
    await waitFor(() => search.status() === ADDRESS_SEARCH_TEXT.completed, { message: 'address completed' });
    equal(byLabel(shadow(el), 'City').value, 'Columbus');
    equal(byLabel(shadow(el), 'County').value, 'Franklin');
    equal(byLabel(shadow(el), 'Post Code').value, '43215');
    equal(selectedText(byLabel<HTMLSelectElement>(shadow(el), 'State')), 'Ohio');
    equal(byLabel(shadow(el), 'Address Line 1').value, '', 'a zip has no street line to fill');
    ok(!watch.sent.some((r) => r.url.pathname.endsWith('/reference-data/reference-geo-data')), 'the post-code lookup was not asked for what the search filled');

    typeInto(search.box, '12 Nowhere Lane');
    await waitFor(() => search.status() === ADDRESS_SEARCH_TEXT.noResults, { message: 'No Address Results Found' });
  });

  it("the public CIT sheet: the officer's search fills the client's address (and the incident's), without a session", async () => {
    const el = mountElement('care-cit-form');
    await waitFor(() => shadow(el).querySelector('[data-field="code"] input'), { timeout: 10000, message: 'the identity fields' });
    typeInto(shadow(el).querySelector<HTMLInputElement>('[data-field="code"] input')!, 'OH-DEMO-PD');
    typeInto(shadow(el).querySelector<HTMLInputElement>('[data-field="officerName"] input')!, 'Officer Riley');
    await waitFor(() => shadow(el).querySelector('[data-search="client"]'), { timeout: 10000, message: 'the sheet' });
    const client = searchIn(shadow(el), 'client');
    equal(byLabel(shadow(el), 'Address Search'), client.box);
    watch = watchFetch();
    typeInto(client.box, '44308');
    await waitFor(() => client.options().length === 1, { message: 'the zip found' });
    const asked = watch.sent.find((r) => r.url.pathname.endsWith('/geoapify/autocomplete'))!;
    equal(asked.url.pathname.replace(/^.*\/api\//, ''), 'cit/oh/geoapify/autocomplete', "the CIT sheet's route");
    client.options()[0].click();
    await waitFor(() => client.status() === CIT_TEXT.addressCompleted, { message: 'address completed' });
    const field = (name: string) => shadow(el).querySelector<HTMLInputElement>(`[data-field="${name}"] input, [data-field="${name}"] select`)!;
    equal(field('city').value, 'Akron');
    equal(field('county').value, 'Summit');
    equal(field('postCode').value, '44308');
    ok(field('stateUid').value !== '', 'the state chosen');

    const incident = searchIn(shadow(el), 'location');
    equal(byLabel(shadow(el), 'Incident Address Search'), incident.box);
    typeInto(incident.box, '43215');
    await waitFor(() => incident.options().length === 1, { message: 'the incident zip found' });
    incident.options()[0].click();
    await waitFor(() => field('locationCity').value === 'Columbus', { message: 'the incident address' });
    equal(field('locationCounty').value, 'Franklin');
    equal(field('locationPostCode').value, '43215');
    equal(field('city').value, 'Akron', "the client's address stays");
  });
});
