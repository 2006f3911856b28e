import '../../widgets/cit/cit-form.element';
import { CIT_TEXT } from '../../shared/cit-options';
import { equal } from './support/assert';
import { text, typeInto, waitFor } from './support/dom';
import { mountElement, shadow } from './support/element';

/**
 * Issue 33, spec 002 "Address autocomplete": the CIT sheet's address lookup
 * (a zip of five characters) that fails says 'Unable to autocomplete
 * address'; one that finds nothing says 'No Address Results Found'. Against
 * the real server, with the lookup's answer replaced by a failure.
 */
const url = __CAREWEAVE_URL__;
const CODE = 'OH-DEMO-PD';
const OFFICER = 'Officer Riley';

const ctl = (el: HTMLElement, name: string) => {
  const found = shadow(el).querySelector<HTMLInputElement>(`[data-field="${name}"] input`);
  if (!found) throw new Error(`No control for ${name}`);
  return found;
};
const hint = (el: HTMLElement, name: string) => text(shadow(el).querySelector(`[data-field="${name}"] .field-hint`));

/** Passes every request to the server but the address lookup, which answers `status` (with an error) while `failing` is true. */
function failLookups(status: number) {
  const real = window.fetch;
  const state = { failing: true, lookups: 0 };
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const target = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (target.pathname.endsWith('/reference-data/reference-geo-data')) {
      state.lookups += 1;
      if (state.failing) return Promise.resolve(new Response(JSON.stringify({ errors: [{ message: 'The address service does not answer' }] }), { status, headers: { 'content-type': 'application/json' } }));
    }
    return real(input, init);
  }) as typeof fetch;
  return { state, restore: () => (window.fetch = real) };
}

describe('<care-cit-form> address autocomplete', function () {
  this.timeout(60000);
  before(function () {
    if (!url) this.skip();
  });
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-cit-form').forEach((el) => el.remove());
    sessionStorage.clear();
    localStorage.clear();
  });

  it('a lookup that fails: "Unable to autocomplete address"; one that finds nothing: "No Address Results Found"; one that finds the zip: "address completed"', async () => {
    const lookups = failLookups(502);
    restore = lookups.restore;
    const el = mountElement('care-cit-form');
    await waitFor(() => shadow(el).querySelector('[data-field="code"] input'), { timeout: 10000, message: 'the identity fields' });
    typeInto(ctl(el, 'code'), CODE);
    typeInto(ctl(el, 'officerName'), OFFICER);
    await waitFor(() => shadow(el).querySelector('[data-field="postCode"] input'), { timeout: 10000, message: 'the sheet' });

    typeInto(ctl(el, 'postCode'), '44308');
    await waitFor(() => hint(el, 'postCode') === CIT_TEXT.autocompleteFailed, { message: 'Unable to autocomplete address' });
    equal(CIT_TEXT.autocompleteFailed, 'Unable to autocomplete address');
    equal(lookups.state.lookups, 1);
    equal(ctl(el, 'city').value, '', 'nothing filled in from a failed lookup');

    lookups.state.failing = false;
    typeInto(ctl(el, 'postCode'), '99999');
    await waitFor(() => hint(el, 'postCode') === CIT_TEXT.noAddress, { message: 'No Address Results Found' });
    typeInto(ctl(el, 'postCode'), '44308');
    await waitFor(() => hint(el, 'postCode') === CIT_TEXT.addressCompleted, { message: 'address completed' });
    equal(ctl(el, 'city').value, 'Akron');
  });
});
