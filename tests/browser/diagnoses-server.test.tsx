import '../../widgets/diagnoses/patient-diagnoses.element';
import '../../widgets/patient-record/patient-record.element';
import { SAVED } from '../../widgets/diagnoses/diagnosis-form.component';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, text, typeInto, waitFor } from './support/dom';
import { fieldError, mountElement, shadow, slButton } from './support/element';
import { signIn, url, visiblePatient, type Api } from './support/reminders-server';

const TAGS = ['care-patient-record', 'care-patient-diagnoses'];

interface Lists {
  diagnoses: { id: string; attributes: { name: string; label: string } }[];
  statuses: { id: string; attributes: { label: string } }[];
}

function events(el: HTMLElement) {
  const seen: { name: string; detail: any }[] = [];
  for (const name of ['care-navigate', 'care-saved']) {
    el.addEventListener(name, (e) => {
      e.preventDefault();
      seen.push({ name, detail: (e as CustomEvent).detail });
    });
  }
  return seen;
}

const select = (el: HTMLElement, label: string) => byLabel<HTMLSelectElement>(shadow(el), label);
const options = (s: HTMLSelectElement) => [...s.options].map((o) => o.text);

describe('diagnoses against the real server', function () {
  let nav: Api;
  let patient: string;
  let lists: Lists;
  const code = (c: string) => lists.diagnoses.find((d) => d.attributes.name === c)!.id;

  async function openForm(page = 'diagnoses/add') {
    const el = mountElement('care-patient-record', { token: nav.token, 'patient-id': patient, page });
    await waitFor(() => shadow(el).querySelector('form select'), { timeout: 10000, message: 'the diagnosis form' });
    return el;
  }

  before(async function () {
    if (!url) this.skip();
    nav = await signIn();
    patient = await visiblePatient(nav);
    const event = (await nav.call('/reference-event?event-type-name=Diagnosis')).body.data[0].id;
    lists = {
      diagnoses: (await nav.call(`/reference/events/${event}/diagnosis`)).body.data,
      statuses: (await nav.call(`/reference/events/${event}/status`)).body.data,
    };
  });
  afterEach(() => {
    document.querySelectorAll(TAGS.join(',')).forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('requires diagnosis, status and provider on submit; region and onset date are optional', async () => {
    const el = await openForm();
    slButton(el, 'Save')!.click();
    await waitFor(() => shadow(el).querySelector('.error-summary'), { message: 'the error summary' });
    equal(fieldError(el, 'diagnosisUid'), 'Diagnosis is required');
    equal(fieldError(el, 'statusUid'), 'Status is required');
    equal(fieldError(el, 'providerUid'), 'Provider is required');
    equal(fieldError(el, 'regionUid'), '');
    equal(fieldError(el, 'onsetDate'), '');
  });

  it('offers the regions of the chosen diagnosis and resets the region when the new diagnosis does not take it', async () => {
    const el = await openForm('diagnoses/new');
    const region = () => select(el, 'Region');
    deepEqual(options(region()), ['None'], 'no diagnosis, no regions');

    selectOption(select(el, 'Diagnosis'), code('H66.9'));
    await waitFor(() => region().options.length === 4, { message: 'the regions of otitis media' });
    deepEqual(options(region()), ['None', 'Right', 'Left', 'Bilateral']);
    selectOption(region(), [...region().options].find((o) => o.text === 'Left')!.value);

    // A fracture takes a side too: Left stays.
    selectOption(select(el, 'Diagnosis'), code('S52.5'));
    await waitFor(() => region().options.length === 3, { message: 'the regions of a fracture' });
    equal(region().selectedOptions[0].text, 'Left');

    // ADHD takes no region: the choice goes.
    selectOption(select(el, 'Diagnosis'), code('F90.2'));
    await waitFor(() => region().options.length === 1, { message: 'no regions for ADHD' });
    equal(region().value, '');
    ok(text(shadow(el).querySelector('[data-field="regionUid"]')).includes('This diagnosis takes no region.'));
  });

  it('the search narrows the diagnoses and keeps the chosen one', async () => {
    const el = await openForm();
    const all = select(el, 'Diagnosis').options.length;
    ok(all > 200, `${all} options`);
    selectOption(select(el, 'Diagnosis'), code('F90.2'));
    typeInto(byLabel(shadow(el), 'Find a Diagnosis'), 'otitis media');
    await waitFor(() => select(el, 'Diagnosis').options.length < all, { message: 'a narrower list' });
    const shown = options(select(el, 'Diagnosis')).slice(1);
    ok(shown.includes('F90.2 Attention-deficit hyperactivity disorder, combined type'), 'the chosen diagnosis stays');
    ok(shown.filter((o) => !o.startsWith('F90.2')).every((o) => o.toLowerCase().includes('otitis media')), shown.join('; '));
    equal(select(el, 'Diagnosis').value, code('F90.2'));
  });

  it('saves a diagnosis, says so, and goes to the list', async () => {
    const el = await openForm();
    const seen = events(el);
    selectOption(select(el, 'Diagnosis'), code('H65.0'));
    await waitFor(() => select(el, 'Region').options.length === 4, { message: 'regions' });
    selectOption(select(el, 'Region'), [...select(el, 'Region').options].find((o) => o.text === 'Bilateral')!.value);
    selectOption(select(el, 'Status'), lists.statuses[0].id);
    selectOption(select(el, 'Provider'), select(el, 'Provider').options[1].value);
    typeInto(byLabel(shadow(el), 'Onset Date'), '2026-10-02');
    const note = `Browser test ${Date.now()}`;
    typeInto(byLabel(shadow(el), 'Note'), note);
    slButton(el, 'Save')!.click();
    await waitFor(() => $toasts.get().some((t) => t.message === SAVED), { timeout: 10000, message: 'the saved toast' });
    equal(SAVED, 'Successfully Saved!');
    await waitFor(() => seen.some((e) => e.name === 'care-navigate'), { message: 'navigation' });
    deepEqual(seen.find((e) => e.name === 'care-navigate')!.detail, { path: `/patients/${patient}/diagnoses` });
    const stored = (await nav.call(`/patients/${patient}/diagnoses`)).body.data.find((d: any) => d.attributes.note === note).attributes;
    equal(stored.region.region_label, 'Bilateral');
    equal(stored.onset_date, '2026-10-02');
  });

  it('<care-patient-diagnoses> lists primary diagnoses first and bold', async () => {
    const provider = nav.me;
    const add = async (c: string, primary: boolean, onset: string) => {
      const answer = await fetch(`${url}/api/diagnoses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${nav.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          data: {
            type: 'diagnoses',
            attributes: { ref_diagnoses_ids: [code(c)], status_uid: lists.statuses[0].id, onset_date: onset, is_primary_diagnosis: primary },
            relationships: { patient: { data: { type: 'patients', id: patient } }, provider: { data: { type: 'providers', id: provider } } },
          },
        }),
      });
      equal(answer.status, 201);
    };
    await add('F41.1', false, '2026-11-01');
    await add('F43.10', true, '2019-01-01');
    const el = mountElement('care-patient-diagnoses', { token: nav.token, 'patient-id': patient });
    await waitFor(() => shadow(el).querySelector('tbody tr'), { timeout: 10000, message: 'the list' });
    const rows = [...shadow(el).querySelectorAll('tbody tr')];
    const primary = rows.filter((r) => r.classList.contains('diagnosis-primary'));
    ok(primary.length >= 1);
    equal(rows.indexOf(primary[primary.length - 1]), primary.length - 1, 'every primary row comes before the others');
    ok(primary.some((r) => text(r).includes('F43.10 Post-traumatic stress disorder, unspecified')), 'the primary one is listed');
    equal(getComputedStyle(primary[0].querySelector('td')!).fontWeight, '700');
    const other = rows.find((r) => text(r).includes('F41.1 Generalized anxiety disorder'))!;
    ok(rows.indexOf(other) >= primary.length, 'the newer, non-primary one after');
    equal(getComputedStyle(other.querySelector('td')!).fontWeight, '400');
    deepEqual([...shadow(el).querySelectorAll('th')].map((th) => text(th)), ['Diagnosis', 'Region', 'Status', 'Onset Date', 'Provider']);
  });
});
