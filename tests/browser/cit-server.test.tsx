import '../../widgets/cit/cit-form.element';
import '../../widgets/cit/cit-submission.element';
import { CIT_DUPLICATE_DEBOUNCE_MS, CIT_TEXT } from '../../shared/cit-options';
import { TOAST_MS } from '../../shared/constants';
import { $session } from '../../shared/session-store';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { fakeTimers } from './support/timers';
import { buttonByText, selectOption, settle, text, typeInto, waitFor } from './support/dom';
import { watchFetch } from './support/fake-fetch';
import { catchNewTabs, fieldError, mountElement, shadow } from './support/element';

/** <care-cit-form> against the real server: identity, every conditional field and clearing rule, every message (spec 002 section 4). */
const url = __CAREWEAVE_URL__;
const CODE = 'OH-DEMO-PD';
const OFFICER = 'Officer Riley';

const mount = () => mountElement('care-cit-form');
const has = (el: HTMLElement, name: string) => Boolean(shadow(el).querySelector(`[data-field="${name}"]`));
const ctl = <E extends HTMLElement = HTMLInputElement>(el: HTMLElement, name: string) => {
  const found = shadow(el).querySelector<E>(`[data-field="${name}"] input, [data-field="${name}"] select, [data-field="${name}"] textarea`);
  if (!found) throw new Error(`No control for ${name}`);
  return found;
};
const box = (el: HTMLElement, name: string, value: string) => {
  const found = shadow(el).querySelector<HTMLInputElement>(`[data-field="${name}"] input[type="checkbox"][value="${value}"]`);
  if (!found) throw new Error(`No checkbox ${name}=${value}`);
  return found;
};
const boxByLabel = (el: HTMLElement, name: string, label: string) => {
  const found = [...shadow(el).querySelectorAll<HTMLLabelElement>(`[data-field="${name}"] label`)].find((l) => text(l) === label)?.querySelector('input');
  if (!found) throw new Error(`No checkbox ${name} "${label}"`);
  return found;
};
const type = (el: HTMLElement, name: string, value: string) => typeInto(ctl(el, name), value);
/** Picks an option of a select by its visible text (or its value). */
function pick(el: HTMLElement, name: string, label: string) {
  const select = ctl<HTMLSelectElement>(el, name);
  const option = [...select.options].find((o) => o.textContent === label || o.value === label);
  if (!option) throw new Error(`No option "${label}" in ${name}`);
  selectOption(select, option.value);
}
const hint = (el: HTMLElement, name: string) => text(shadow(el).querySelector(`[data-field="${name}"] .field-hint`));
const identityStatus = (el: HTMLElement) => text(shadow(el).querySelector('[data-testid="identity-status"]'));
const duplicateStatus = (el: HTMLElement) => text(shadow(el).querySelector('[data-testid="duplicate-status"]'));
const toasted = (message: string) => $toasts.get().some((t) => t.message === message);
const save = (el: HTMLElement) => buttonByText(shadow(el), 'Save').click();

async function identified(el: HTMLElement, officer = OFFICER) {
  await waitFor(() => shadow(el).querySelector('[data-field="code"] input'), { timeout: 10000, message: 'the identity fields' });
  type(el, 'code', CODE);
  type(el, 'officerName', officer);
  await waitFor(() => identityStatus(el) === CIT_TEXT.identitySuccess, { timeout: 10000, message: 'Identity Success!' });
  await waitFor(() => has(el, 'firstName'), { message: 'the sheet' });
}

/** Every required field of a valid sheet. */
function fillValid(el: HTMLElement, lastName: string) {
  type(el, 'firstName', 'Brow');
  type(el, 'lastName', lastName);
  type(el, 'birthDate', '1990-05-01');
  pick(el, 'genderUid', 'Female');
  shadow(el).querySelector<HTMLInputElement>('[data-field="raceUid"] input[type="checkbox"]')!.click();
  type(el, 'phoneNumber', '6145550199');
  type(el, 'dateTime', '2026-01-10T22:15');
  type(el, 'officer', OFFICER);
  pick(el, 'shiftUid', ctl<HTMLSelectElement>(el, 'shiftUid').options[1].value);
  pick(el, 'referralSourceUid', 'Law Enforcement');
  box(el, 'crisis', 'Depression').click();
  pick(el, 'response', 'No Contact');
  pick(el, 'dispositionUid', 'Active');
}

describe('<care-cit-form> against the real server', function () {
  this.timeout(60000);
  before(function () {
    if (!url) this.skip();
  });
  afterEach(() => {
    document.querySelectorAll('care-cit-form').forEach((el) => el.remove());
    sessionStorage.clear();
    localStorage.clear();
    $toasts.set([]);
  });

  it('identity first: the invalid message keeps the sheet hidden; "Identity Success!" shows it; works without a session', async () => {
    const el = mount();
    await waitFor(() => shadow(el).querySelector('[data-field="code"] input'), { timeout: 10000, message: 'the identity fields' });
    equal(has(el, 'firstName'), false, 'nothing but identity at first');
    equal([...shadow(el).querySelectorAll('button')].some((b) => text(b) === 'Save'), false, 'no Save yet');
    type(el, 'code', CODE);
    type(el, 'officerName', 'Officer Nobody');
    await waitFor(() => identityStatus(el) === CIT_TEXT.identityInvalid, { timeout: 10000, message: 'the invalid message' });
    equal(has(el, 'firstName'), false, 'the sheet stays hidden');
    const brandName = () => text(shadow(el).querySelector('.public-form-name')!);
    equal(brandName(), 'Careweave', "the product's name until the agency is recognized");
    type(el, 'officerName', OFFICER);
    await waitFor(() => identityStatus(el) === CIT_TEXT.identitySuccess, { timeout: 10000, message: 'Identity Success!' });
    ok(has(el, 'firstName') && has(el, 'dateTime') && has(el, 'dispositionUid'), 'the sheet appears');
    // Whose form: the agency's division, with its logo.
    await waitFor(() => brandName() === 'Franklin County Care', { message: "the division's name" });
    ok(shadow(el).querySelector('.public-form-brand img'), "the division's logo");
    buttonByText(shadow(el), 'Save');
    // A wrong agency identifier hides the sheet again.
    type(el, 'code', `${CODE}X`);
    await waitFor(() => identityStatus(el) === CIT_TEXT.identityInvalid, { timeout: 10000, message: 'invalid again' });
    equal(has(el, 'firstName'), false, 'hidden again');
    equal(brandName(), 'Careweave', 'and the division with it');
  });

  it('error summary after the first submit; defaults; zip autofill; Personal Residence; incident-date rule; duplicate check', async () => {
    const el = mount();
    await identified(el);
    equal(shadow(el).querySelector('.error-summary'), null, 'no summary before a submit');
    equal(ctl<HTMLSelectElement>(el, 'eventTimeZone').value, 'America/New_York');
    equal(ctl<HTMLSelectElement>(el, 'phoneType').value, 'Mobile');
    equal(ctl<HTMLSelectElement>(el, 'veteranStatus').value, 'Veteran status unknown');
    save(el);
    await waitFor(() => shadow(el).querySelector('.error-summary'), { message: 'the error summary' });
    equal(fieldError(el, 'firstName'), 'First Name is required');
    equal(fieldError(el, 'lastName'), 'Last Name is required');
    equal(fieldError(el, 'genderUid'), 'Gender is required');
    equal(fieldError(el, 'dateTime'), 'Incident Date and Time is required');
    equal(fieldError(el, 'dispositionUid'), 'Disposition is required');
    ok(text(shadow(el).querySelector('.error-summary')).includes('First Name is required'), 'the summary lists the fields');

    // Zip of five characters fills city, county and state.
    type(el, 'addr1', '22 Elm St');
    const requests = watchFetch();
    try {
      type(el, 'postCode', '4430');
      await settle(); // "4430" drawn, and its effects run, before the fifth character
      equal(hint(el, 'postCode'), '', 'nothing at four characters');
      type(el, 'postCode', '44308');
      await waitFor(() => hint(el, 'postCode') === CIT_TEXT.addressCompleted, { message: 'address completed' });
    } finally {
      requests.restore();
    }
    // The lookup is asked as the zip changes, with no debounce: one for "4430" would have gone before this one.
    deepEqual(requests.sent.filter((r) => r.url.pathname.endsWith('/reference-geo-data')).map((r) => r.url.searchParams.get('zip_code')), ['44308'], 'no lookup at four characters');
    equal(ctl(el, 'city').value, 'Akron');
    equal(ctl(el, 'county').value, 'Summit');
    ok(ctl<HTMLSelectElement>(el, 'stateUid').value !== '', 'the state is chosen');
    type(el, 'postCode', '99999');
    await waitFor(() => hint(el, 'postCode') === CIT_TEXT.noAddress, { message: 'No Address Results Found' });

    // Personal Residence copies the home address, and follows it.
    type(el, 'postCode', '44308');
    await waitFor(() => hint(el, 'postCode') === CIT_TEXT.addressCompleted, { message: 'address completed again' });
    equal(ctl(el, 'locationAddr1').value, '', 'nothing copied before the type');
    pick(el, 'type', 'Personal Residence');
    await waitFor(() => ctl(el, 'locationAddr1').value === '22 Elm St', { message: 'the copied address' });
    equal(ctl(el, 'locationCity').value, 'Akron');
    equal(ctl(el, 'locationCounty').value, 'Summit');
    equal(ctl(el, 'locationPostCode').value, '44308');
    equal(ctl<HTMLSelectElement>(el, 'locationStateUid').value, ctl<HTMLSelectElement>(el, 'stateUid').value);
    type(el, 'addr2', 'Apt 4');
    await waitFor(() => ctl(el, 'locationAddr2').value === 'Apt 4', { message: 'the copy follows the home address' });

    // Incident date on or before the birth date (checked once the other fields are valid).
    fillValid(el, 'Datecheck');
    type(el, 'birthDate', '1990-05-01');
    type(el, 'dateTime', '1990-05-01T10:00');
    save(el);
    await waitFor(() => fieldError(el, 'dateTime') === CIT_TEXT.incidentDate, { message: 'the incident-date rule' });
    type(el, 'dateTime', '1990-04-30T10:00');
    save(el);
    await waitFor(() => fieldError(el, 'dateTime') === CIT_TEXT.incidentDate, { message: 'before the birth date too' });
    type(el, 'dateTime', '1990-05-02T10:00');
    await waitFor(() => fieldError(el, 'dateTime') === '', { message: 'a later incident is fine (checked again as it changes)' });

    // Duplicate check: names of three characters or more and a gender, after 1000 ms.
    const real = window.fetch;
    const matchesAsked: string[] = [];
    // The first check is held until "Running duplication check ..." has been seen.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/person-match')) {
        matchesAsked.push(String(init?.body));
        if (matchesAsked.length === 1) await firstHeld;
      }
      return real(input, init);
    }) as typeof fetch;
    try {
      // Every field of the check feeds one 1000 ms debounce: the page's timers are the test's for its window.
      const clock = fakeTimers();
      try {
        type(el, 'firstName', 'Zo');
        type(el, 'lastName', 'Nobodyhere');
        pick(el, 'genderUid', 'Female');
        await settle();
        clock.tick(CIT_DUPLICATE_DEBOUNCE_MS);
        await settle();
      } finally {
        clock.uninstall();
      }
      deepEqual(matchesAsked, [], 'no check with a two-letter first name, the window over');
      equal(duplicateStatus(el), '');
      type(el, 'firstName', 'Zoey');
      await waitFor(() => duplicateStatus(el) === CIT_TEXT.duplicateRunning, { timeout: 3000, message: 'Running duplication check ...' });
      releaseFirst();
      await waitFor(() => duplicateStatus(el) === CIT_TEXT.noMatches, { timeout: 5000, message: 'No Matches Found' });
      equal(matchesAsked.length, 1, 'one check');
      ok(matchesAsked[0].includes('Zoey'), `for "Zoey": ${matchesAsked[0]}`);
      const person = await matchedPerson();
      type(el, 'firstName', person.firstName);
      type(el, 'lastName', person.lastName);
      pick(el, 'genderUid', person.genderUid);
      await waitFor(() => duplicateStatus(el) === CIT_TEXT.matchesFound, { timeout: 5000, message: 'Potential Matches Found' });
    } finally {
      releaseFirst();
      window.fetch = real;
    }
  });

  it('every conditional field appears only for its value, and its value is cleared when hidden', async () => {
    const el = mount();
    await identified(el);
    fillValid(el, 'Conditional');

    // Facility: only with follow-up Yes; cleared otherwise.
    equal(has(el, 'facilityUid'), false);
    pick(el, 'mhFollowUpRequested', 'Yes');
    await waitFor(() => has(el, 'facilityUid'), { message: 'the facility' });
    pick(el, 'facilityUid', 'Crisis Stabilization Unit');
    pick(el, 'mhFollowUpRequested', 'No');
    await waitFor(() => !has(el, 'facilityUid'), { message: 'facility hidden' });
    pick(el, 'mhFollowUpRequested', 'Yes');
    await waitFor(() => has(el, 'facilityUid'), { message: 'the facility again' });
    equal(ctl<HTMLSelectElement>(el, 'facilityUid').value, '', 'facility cleared');

    // Crime level and charges: only with related crime Yes; charges also need a crime level.
    equal(has(el, 'incidentHasRelatedCrimeYes'), false);
    pick(el, 'incidentHasRelatedCrime', 'Yes');
    await waitFor(() => has(el, 'incidentHasRelatedCrimeYes'), { message: 'the crime level' });
    equal(has(el, 'criminalChargesToBeFiled'), false, 'no charges without a crime level');
    pick(el, 'incidentHasRelatedCrimeYes', 'Felony');
    await waitFor(() => has(el, 'criminalChargesToBeFiled'), { message: 'the charges' });
    pick(el, 'criminalChargesToBeFiled', 'TBD');
    pick(el, 'incidentHasRelatedCrimeYes', '');
    await waitFor(() => !has(el, 'criminalChargesToBeFiled'), { message: 'charges hidden without a level' });
    pick(el, 'incidentHasRelatedCrimeYes', 'Misdemeanor');
    await waitFor(() => has(el, 'criminalChargesToBeFiled'), { message: 'the charges again' });
    equal(ctl<HTMLSelectElement>(el, 'criminalChargesToBeFiled').value, '', 'charges cleared with no crime level');
    pick(el, 'criminalChargesToBeFiled', 'Yes');
    pick(el, 'incidentHasRelatedCrime', 'No');
    await waitFor(() => !has(el, 'incidentHasRelatedCrimeYes') && !has(el, 'criminalChargesToBeFiled'), { message: 'crime fields hidden' });
    pick(el, 'incidentHasRelatedCrime', 'Yes');
    await waitFor(() => has(el, 'incidentHasRelatedCrimeYes'), { message: 'the crime level again' });
    equal(ctl<HTMLSelectElement>(el, 'incidentHasRelatedCrimeYes').value, '', 'crime level cleared');
    equal(has(el, 'criminalChargesToBeFiled'), false, 'charges cleared too');

    // Other reporting source: only with referral source Other.
    equal(has(el, 'otherReporting'), false);
    pick(el, 'referralSourceUid', 'Other');
    await waitFor(() => has(el, 'otherReporting'), { message: 'other reporting' });
    type(el, 'otherReporting', 'A neighbour');
    pick(el, 'referralSourceUid', 'Family');
    await waitFor(() => !has(el, 'otherReporting'), { message: 'other reporting hidden' });
    pick(el, 'referralSourceUid', 'Other');
    await waitFor(() => has(el, 'otherReporting'), { message: 'other reporting again' });
    equal(ctl(el, 'otherReporting').value, '', 'other reporting cleared');

    // Other crisis: only with crisis Other.
    equal(has(el, 'crisisOther'), false);
    box(el, 'crisis', 'Other').click();
    await waitFor(() => has(el, 'crisisOther'), { message: 'other crisis' });
    type(el, 'crisisOther', 'Lost keys');
    box(el, 'crisis', 'Other').click();
    await waitFor(() => !has(el, 'crisisOther'), { message: 'other crisis hidden' });
    box(el, 'crisis', 'Other').click();
    await waitFor(() => has(el, 'crisisOther'), { message: 'other crisis again' });
    equal(ctl(el, 'crisisOther').value, '', 'other crisis cleared');

    // Injuries: only with response Force Used; injury from force only with an injury other than No Injury.
    equal(has(el, 'forceUsedIncidentResultedInInjury'), false);
    pick(el, 'response', 'Force Used');
    await waitFor(() => has(el, 'forceUsedIncidentResultedInInjury'), { message: 'injured parties' });
    equal(has(el, 'injuryResultedFromForce'), false, 'nothing before an injury');
    boxByLabel(el, 'forceUsedIncidentResultedInInjury', 'No Injury').click();
    await settle(); // the field would be drawn by now
    equal(has(el, 'injuryResultedFromForce'), false, 'No Injury alone does not ask');
    box(el, 'forceUsedIncidentResultedInInjury', 'Subject Injured').click();
    await waitFor(() => has(el, 'injuryResultedFromForce'), { message: 'injury from force' });
    type(el, 'injuryResultedFromForce', 'Bruised wrist');
    box(el, 'forceUsedIncidentResultedInInjury', 'Subject Injured').click();
    await waitFor(() => !has(el, 'injuryResultedFromForce'), { message: 'injury from force hidden' });
    box(el, 'forceUsedIncidentResultedInInjury', 'Officer Injured').click();
    await waitFor(() => has(el, 'injuryResultedFromForce'), { message: 'injury from force again' });
    equal(ctl(el, 'injuryResultedFromForce').value, '', 'injury from force cleared');
    type(el, 'injuryResultedFromForce', 'Scratch');
    pick(el, 'response', 'No Contact');
    await waitFor(() => !has(el, 'forceUsedIncidentResultedInInjury') && !has(el, 'injuryResultedFromForce'), { message: 'injury fields hidden' });
    pick(el, 'response', 'Force Used');
    await waitFor(() => has(el, 'forceUsedIncidentResultedInInjury'), { message: 'injured parties again' });
    equal(shadow(el).querySelectorAll('[data-field="forceUsedIncidentResultedInInjury"] input:checked').length, 0, 'injured parties cleared');
    equal(has(el, 'injuryResultedFromForce'), false, 'injury from force cleared');

    // Evaluation initiated by: only with custody Yes.
    equal(has(el, 'processInitiatedBy'), false);
    pick(el, 'subjectTakenIntoCustodyForEvaluation', 'Yes');
    await waitFor(() => has(el, 'processInitiatedBy'), { message: 'evaluation initiated by' });
    pick(el, 'processInitiatedBy', 'Health Officer');
    pick(el, 'subjectTakenIntoCustodyForEvaluation', 'No');
    await waitFor(() => !has(el, 'processInitiatedBy'), { message: 'evaluation hidden' });
    pick(el, 'subjectTakenIntoCustodyForEvaluation', 'Yes');
    await waitFor(() => has(el, 'processInitiatedBy'), { message: 'evaluation again' });
    equal(ctl<HTMLSelectElement>(el, 'processInitiatedBy').value, '', 'evaluation initiated by cleared');

    // Required while shown.
    save(el);
    await waitFor(() => fieldError(el, 'facilityUid') === 'Facility is required', { message: 'facility required' });
    equal(fieldError(el, 'crisisOther'), 'Other Crisis is required');
    equal(fieldError(el, 'processInitiatedBy'), 'Evaluation Initiated By is required');
    equal(fieldError(el, 'incidentHasRelatedCrimeYes'), 'Crime Level is required');
    equal(fieldError(el, 'forceUsedIncidentResultedInInjury'), 'Injured Parties is required');
  });

  it('debug mode (a signed-in debug user) shows read-only id, latitude and longitude; nobody else sees them', async () => {
    const plain = mount();
    await identified(plain);
    equal(shadow(plain).querySelector('[data-debug]'), null, 'no debug fields for an officer');
    plain.remove();
    const before = $session.get();
    $session.set({ ...before, session: { flags: { hasDebugMode: true } } as never });
    try {
      const el = mount();
      await identified(el);
      const latitude = () => shadow(el).querySelector<HTMLInputElement>('[data-debug="Latitude"] input')!;
      ok(latitude().readOnly, 'read-only');
      equal(latitude().value, '');
      type(el, 'postCode', '44308');
      await waitFor(() => latitude().value !== '', { message: 'latitude from the zip' });
      ok(/^-?\d+(\.\d+)?$/.test(latitude().value), `a latitude: ${latitude().value}`);
      ok(/^-?\d+(\.\d+)?$/.test(shadow(el).querySelector<HTMLInputElement>('[data-debug="Longitude"] input')!.value), 'a longitude');
      equal(shadow(el).querySelector<HTMLInputElement>('[data-debug="Id"] input')!.value, '', 'no id before the sheet is saved');
    } finally {
      $session.set(before);
    }
  });

  it('all errors at once: the first submit of an empty sheet lists every required field, conditional ones (Facility) included', async () => {
    const el = mount();
    await identified(el);
    // Conditions that make further fields required; nothing else is filled in.
    pick(el, 'mhFollowUpRequested', 'Yes');
    pick(el, 'subjectTakenIntoCustodyForEvaluation', 'Yes');
    pick(el, 'incidentHasRelatedCrime', 'Yes');
    pick(el, 'response', 'Force Used');
    box(el, 'crisis', 'Other').click();
    await waitFor(() => has(el, 'facilityUid') && has(el, 'processInitiatedBy') && has(el, 'crisisOther'), { message: 'the conditional fields' });
    save(el);
    const summary = await waitFor(() => shadow(el).querySelector('.error-summary'), { message: 'the error summary' });
    const listed = [...summary.querySelectorAll('li')].map((li) => text(li));
    const expected = [
      'First Name is required', 'Last Name is required', 'Gender is required', 'Race is required', 'Phone Number is required',
      'Incident Date and Time is required', 'Officer is required', 'Shift is required', 'Referral Source is required', 'Other Crisis is required',
      'Injured Parties is required', 'Disposition is required', 'Facility is required', 'Evaluation Initiated By is required', 'Crime Level is required',
    ];
    for (const line of expected) ok(listed.includes(line), `"${line}" in the summary: ${listed.join(' | ')}`);
    // In the sheet's order: the Facility comes after the Disposition, not in a later round.
    ok(listed.indexOf('Facility is required') > listed.indexOf('Disposition is required'), listed.join(' | '));
    ok(listed.indexOf('First Name is required') === 0, listed.join(' | '));
    equal(fieldError(el, 'facilityUid'), 'Facility is required');
    equal(fieldError(el, 'firstName'), 'First Name is required');

    // Filling the plain fields leaves exactly the conditional ones: nothing new appears.
    fillValid(el, 'Allatonce');
    pick(el, 'response', 'Force Used');
    save(el);
    await waitFor(() => fieldError(el, 'firstName') === '', { message: 'the plain fields pass' });
    const after = [...shadow(el).querySelector('.error-summary')!.querySelectorAll('li')].map((li) => text(li));
    for (const line of ['Facility is required', 'Evaluation Initiated By is required', 'Crime Level is required', 'Injured Parties is required']) ok(after.includes(line), `"${line}" still listed: ${after.join(' | ')}`);
    ok(after.every((line) => expected.includes(line) || line === 'Criminal Charges To Be Filed is required'), `no new error: ${after.join(' | ')}`);
  });

  it('saves: "Form successfully saved!", the facility e-mail toast; a confirmation with the reference and time until "Start a new sheet", then an empty form that needs identity again', async () => {
    const el = mount();
    await identified(el);
    fillValid(el, `Citbrowser${Date.now() % 100000}`);
    pick(el, 'mhFollowUpRequested', 'Yes');
    await waitFor(() => has(el, 'facilityUid'), { message: 'the facility' });
    pick(el, 'facilityUid', 'Crisis Stabilization Unit');
    const posted: Promise<Response>[] = [];
    const real = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const answer = real(input, init);
      if (String(input).includes('/cit/oh/submit')) posted.push(answer.then((r) => r.clone()));
      return answer;
    }) as typeof fetch;
    try {
      save(el);
      await waitFor(() => toasted(CIT_TEXT.saved), { timeout: 10000, message: 'Form successfully saved!' });
    } finally {
      window.fetch = real;
    }
    await waitFor(() => toasted(CIT_TEXT.emailSent), { message: 'the e-mail toast' });
    equal(shadow(el).querySelector('[role="alertdialog"]'), null, 'no failure dialog');
    const receipt = await waitFor(() => shadow(el).querySelector('[data-testid="cit-receipt"]'), { message: 'the confirmation' });
    equal(text(receipt.querySelector('h2')), 'Contact sheet submitted');
    equal(has(el, 'firstName'), false, 'the sheet gives way to the confirmation');
    equal(has(el, 'code'), false, 'so does the identity');
    const answer = await (await posted[0]).json();
    equal(text(receipt.querySelector('[data-testid="cit-reference"]')), answer.data.id, 'the reference is the sheet\'s id');
    const shown = text(receipt.querySelector('[data-testid="cit-submitted-at"]'));
    ok(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/.test(shown), `MM/DD/YYYY hh:mm a: ${shown}`);
    const [, mm, dd, yyyy, hh, mi, ap] = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}) (am|pm)$/.exec(shown)!;
    const at = new Date(Number(yyyy), Number(mm) - 1, Number(dd), (Number(hh) % 12) + (ap === 'pm' ? 12 : 0), Number(mi));
    ok(Math.abs(at.getTime() - new Date(answer.data.attributes.created_at).getTime()) < 60_000, `the server's time: ${shown} / ${answer.data.attributes.created_at}`);
    const copy = receipt.querySelector<HTMLAnchorElement>('[data-testid="cit-pdf-link"]');
    ok(copy && copy.href === answer.data.attributes.secure_href && copy.target === '_blank', "the officer's copy: the server's link, in a new tab");
    equal(shadow(el).activeElement, receipt.querySelector('h2'), 'focus moves to the confirmation');
    equal(text(shadow(el).querySelector('.public-form-name')!), 'Franklin County Care', 'the team that received it stays named');
    // It stays until the officer asks for a new sheet: past the save's toast, the one thing that times out here.
    ok(toasted(CIT_TEXT.saved), 'the toast is up');
    await waitFor(() => !toasted(CIT_TEXT.saved), { timeout: TOAST_MS + 2000, message: 'the toast gone' });
    ok(shadow(el).querySelector('[data-testid="cit-receipt"]'), 'still there');
    buttonByText(shadow(el), 'Start a new sheet').click();
    await waitFor(() => has(el, 'code'), { message: 'the empty form' });
    equal(shadow(el).querySelector('[data-testid="cit-receipt"]'), null, 'the confirmation is gone');
    equal(has(el, 'firstName'), false, 'the sheet needs identity again');
    equal(text(shadow(el).querySelector('.public-form-name')!), 'Careweave', 'whose form: unknown until identified again');
    equal(ctl(el, 'code').value, '', 'identifier cleared');
    equal(ctl(el, 'officerName').value, '', 'officer cleared');
    equal(identityStatus(el), '');
    await identified(el);
    equal(ctl(el, 'firstName').value, '', 'a fresh sheet');
    equal(ctl(el, 'lastName').value, '');
  });

  it('a facility without an address: "Failed to send email" with its text and Okay', async () => {
    const el = mount();
    await identified(el, 'Officer Chen');
    fillValid(el, `Citnomail${Date.now() % 100000}`);
    pick(el, 'mhFollowUpRequested', 'Yes');
    await waitFor(() => has(el, 'facilityUid'), { message: 'the facility' });
    pick(el, 'facilityUid', 'Harbor Walk-in Center');
    save(el);
    const dialog = await waitFor(() => shadow(el).querySelector('[role="alertdialog"]'), { timeout: 10000, message: 'the dialog' });
    equal(dialog.getAttribute('aria-label'), CIT_TEXT.emailFailedTitle);
    equal(text(dialog.querySelector('h2')), 'Failed to send email');
    equal(text(dialog.querySelector('p')), 'Whoops - an email could not be sent to the Harbor Walk-in Center facility. Please contact your CIT.');
    ok(toasted(CIT_TEXT.saved), 'the sheet itself was saved');
    equal(toasted(CIT_TEXT.emailSent), false, 'no e-mail toast');
    buttonByText(dialog, 'Okay').click();
    await waitFor(() => !shadow(el).querySelector('[role="alertdialog"]'), { message: 'the dialog closes' });
  });
});

/** A patient the duplicate check matches: a sheet filed and approved through the API (the approval creates the patient). */
async function matchedPerson(): Promise<{ firstName: string; lastName: string; genderUid: string }> {
  return (await filed(true)).person;
}

/** A sheet filed through the public API, approved by the supervisor when `approve`. */
async function filed(approve: boolean) {
  const json = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}/api${path}`, { ...init, headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return body ? JSON.parse(body) : null;
  };
  const options = (await json('/cit/oh/context')).data.attributes.options as Record<string, { uid: string; label: string }[]>;
  const uid = (list: string, label?: string) => (label ? options[list].find((o) => o.label === label)! : options[list][0]).uid;
  const person = { firstName: 'Matchy', lastName: `Existing${Date.now() % 100000}`, genderUid: uid('gender', 'Male') };
  const sheet = await json('/cit/oh/submit', {
    method: 'POST',
    headers: { 'idempotency-key': `cit-browser-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify({
      code: CODE, officer_name: OFFICER, first_name: person.firstName, last_name: person.lastName, gender_uid: person.genderUid, race_uid: [uid('race')],
      veteran_status: 'Veteran status unknown', phone_number: '6145550123', phone_type: 'Mobile', date_time: '2026-01-10T22:15',
      event_time_zone: 'America/New_York', officer: OFFICER, shift_uid: uid('shift'), referral_source_uid: uid('referral_source'),
      crisis: ['Depression'], response: 'No Contact', disposition_uid: uid('status'),
    }),
  });
  const login = await json('/auth/login', { method: 'POST', body: JSON.stringify({ user_name: 'cit-supervisor', password: 'careweave-demo' }) });
  const token = login.data.attributes.token as string;
  if (approve) await json(`/data/public/cit-submission/${sheet.data.id}/accept`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  return { person, id: sheet.data.id as string, token };
}

describe('<care-cit-submission> approval and PDF against the real server', function () {
  this.timeout(30000);
  before(function () {
    if (!url) this.skip();
  });
  afterEach(() => document.querySelectorAll('care-cit-submission').forEach((el) => el.remove()));

  const view = (id: string, token: string) => {
    const el = document.createElement('care-cit-submission');
    el.setAttribute('api-base', `${url}/api`);
    el.setAttribute('token', token);
    el.setAttribute('submission-id', id);
    document.body.append(el);
    return el;
  };
  const pdfButton = (el: HTMLElement) => [...shadow(el).querySelectorAll('button')].find((b) => text(b) === 'PDF');

  it("the supervisor's button says what it will do: Approve (the default), Reject, Save (disabled) while pending", async () => {
    const pending = await filed(false);
    const el = view(pending.id, pending.token);
    const submit = () => shadow(el).querySelector<HTMLButtonElement>('[data-testid="approval-save"]')!;
    const choose = (label: string) => buttonByText(shadow(el).querySelector('[aria-label="Approval status"]')!, label).click();
    await waitFor(() => shadow(el).querySelector('[data-testid="approval-save"]'), { timeout: 10000, message: 'the approval controls' });
    equal(buttonByText(shadow(el), 'Approved').getAttribute('aria-pressed'), 'true', 'Approved by default (spec 002)');
    equal(text(submit()), 'Approve', 'a plain "Save" would approve without saying so');
    equal(submit().disabled, false);
    choose('Rejected');
    const warning = await waitFor(() => shadow(el).querySelector('[role="alertdialog"]'), { message: 'the reject warning' });
    buttonByText(warning, 'Go Back').click();
    await waitFor(() => text(submit()) === 'Reject', { message: 'Reject' });
    ok(submit().classList.contains('danger'), 'rejecting deletes the sheet: the button says so in red');
    choose('Pending');
    await waitFor(() => text(submit()) === 'Save', { message: 'Save while pending' });
    equal(submit().disabled, true, 'nothing to save while pending');
    equal(getComputedStyle(submit()).cursor, 'not-allowed', 'and it looks it');
    choose('Approved');
    await waitFor(() => text(submit()) === 'Approve', { message: 'Approve again' });
    submit().click();
    await waitFor(() => text(shadow(el).querySelector('[data-testid="approval-status"]')) === 'approved', { timeout: 10000, message: 'approved' });
    equal(shadow(el).querySelector('[data-testid="approval-save"]'), null, 'a decided sheet is locked');
  });

  it('an approved sheet has a PDF button that opens the signed link in a new tab; a pending one has none', async () => {
    const pending = await filed(false);
    const a = view(pending.id, pending.token);
    await waitFor(() => text(shadow(a).querySelector('[data-testid="approval-status"]')) === 'pending', { timeout: 10000, message: 'the pending sheet' });
    equal(pdfButton(a), undefined, 'no PDF before approval');

    const approved = await filed(true);
    const el = view(approved.id, approved.token);
    const button = await waitFor(() => pdfButton(el), { timeout: 10000, message: 'the PDF button' });
    const caught = catchNewTabs();
    try {
      button.click();
      await waitFor(() => caught.tabs[0]?.location.href, { message: 'the tab sent to the link' });
    } finally {
      caught.restore();
    }
    const [tab] = caught.tabs;
    equal(caught.opened.join(','), '|_blank', 'one new tab, opened within the click');
    equal(tab.opener, null, 'the tab cannot reach back');
    // Built from PUBLIC_URL (by default http://localhost:<port>), not from the page that asked.
    ok(tab.location.href.startsWith(`http://localhost:${new URL(url).port}/api/cit-pdf?token=`), tab.location.href);
    const pdf = await fetch(tab.location.href);
    equal(pdf.status, 200);
    equal(pdf.headers.get('content-type'), 'application/pdf');
    equal(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5)), '%PDF-');
  });
});
