import '../../widgets/patient-record/patient-record.element';
import '../../widgets/allergies/patient-allergies.element';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, settle, text, typeInto, waitFor } from './support/dom';
import { fieldError, mountElement, shadow, slButton } from './support/element';
import { eventually, signIn, visiblePatient, type Api } from './support/reminders-server';

/** A record page of the patient, the way the shell opens one; its moves and saves are caught, not followed. */
function openPage(api: Api, patientId: string, page: string) {
  const el = mountElement('care-patient-record', { token: api.token, 'patient-id': patientId, page });
  const events: { name: string; detail: any }[] = [];
  for (const name of ['care-navigate', 'care-saved']) {
    el.addEventListener(name, (e) => {
      e.preventDefault();
      events.push({ name, detail: (e as CustomEvent).detail });
    });
  }
  return { el, events };
}

/** Records the element's writes (method, path, body) and lets them through. */
function spyOnWrites() {
  const real = window.fetch;
  const writes: { method: string; path: string; body: any }[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') writes.push({ method: init.method, path: new URL(String(input)).pathname, body: init.body ? JSON.parse(String(init.body)) : null });
    return real(input, init);
  }) as typeof fetch;
  return { writes, restore: () => (window.fetch = real) };
}

const form = async (el: HTMLElement) => waitFor(() => shadow(el).querySelector<HTMLFormElement>('.record-page form'), { timeout: 10000, message: 'the form' });
const toasts = () => $toasts.get().map((t) => t.message);
const labelOf = (select: HTMLSelectElement, label: string) => [...select.options].find((o) => o.text === label)!.value;

describe('allergies and medications against the real server', function () {
  let api: Api;
  let patient: string;
  let spy: ReturnType<typeof spyOnWrites> | null = null;

  before(async function () {
    if (!__CAREWEAVE_URL__) this.skip();
    api = await signIn();
    patient = await visiblePatient(api);
  });
  afterEach(() => {
    spy?.restore();
    spy = null;
    document.querySelectorAll('care-patient-record, care-patient-allergies').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('allergy: the medication field shows, and is required, only while the allergy is Medication', async () => {
    const { el, events } = openPage(api, patient, 'allergies/add');
    const f = await form(el);
    const allergy = byLabel<HTMLSelectElement>(f, 'Allergy');
    ok([...allergy.querySelectorAll('optgroup')].map((g) => g.label).includes('Food'), 'allergens grouped by kind');
    equal(shadow(el).querySelector('[data-field="medicationUid"]'), null, 'no medication field before a choice');

    selectOption(allergy, labelOf(allergy, 'Peanut'));
    await settle(); // the field would be drawn by now
    equal(shadow(el).querySelector('[data-field="medicationUid"]'), null, 'no medication field for a food');

    selectOption(allergy, labelOf(allergy, 'Medication'));
    const medication = await waitFor(() => shadow(el).querySelector<HTMLSelectElement>('[data-field="medicationUid"] select'), { message: 'the medication field' });
    ok(medication.options.length > 300, `${medication.options.length} medications`);
    spy = spyOnWrites();
    f.requestSubmit();
    await waitFor(() => fieldError(el, 'medicationUid'), { message: 'the medication error' });
    equal(fieldError(el, 'medicationUid'), 'Medication is required');
    equal(spy.writes.length, 0, 'nothing sent');

    selectOption(medication, labelOf(medication, 'Amoxicillin'));
    typeInto(byLabel<HTMLTextAreaElement>(f, 'Comments'), 'Hives on the second day');
    f.requestSubmit();
    await waitFor(() => events.some((e) => e.name === 'care-navigate'), { message: 'the move back to the list' });
    equal(spy.writes.length, 1);
    equal(spy.writes[0].path, '/api/data/public/patient-allergy');
    deepEqual(spy.writes[0].body.data.attributes, { patient_uid: patient, allergy_uid: labelOf(allergy, 'Medication'), medication_uid: labelOf(medication, 'Amoxicillin'), comments: 'Hives on the second day' });
    deepEqual(toasts(), ['Successfully Saved!']);
    deepEqual(events.find((e) => e.name === 'care-navigate')!.detail, { path: `/patients/${patient}/allergies` });
  });

  it('allergy: switching away from Medication hides the field and sends no medication', async () => {
    const { el, events } = openPage(api, patient, 'allergies/add');
    const f = await form(el);
    const allergy = byLabel<HTMLSelectElement>(f, 'Allergy');
    selectOption(allergy, labelOf(allergy, 'Medication'));
    const medication = await waitFor(() => shadow(el).querySelector<HTMLSelectElement>('[data-field="medicationUid"] select'), { message: 'the medication field' });
    selectOption(medication, labelOf(medication, 'Ibuprofen'));
    selectOption(allergy, labelOf(allergy, 'Latex'));
    await waitFor(() => !shadow(el).querySelector('[data-field="medicationUid"]'), { message: 'the field to go' });
    spy = spyOnWrites();
    f.requestSubmit();
    await waitFor(() => events.some((e) => e.name === 'care-navigate'), { message: 'the save' });
    equal(spy.writes[0].body.data.attributes.medication_uid, null);
  });

  it('allergy: the server field errors land on the fields', async () => {
    const { el } = openPage(api, patient, 'allergies/add');
    const f = await form(el);
    const allergy = byLabel<HTMLSelectElement>(f, 'Allergy');
    selectOption(allergy, labelOf(allergy, 'Peanut'));
    const real = window.fetch;
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? Promise.resolve(new Response(JSON.stringify({ errors: [{ field: 'data.attributes.allergy_uid', message: 'Required' }] }), { status: 422, headers: { 'content-type': 'application/json' } }))
        : real(input, init)) as typeof fetch;
    spy = { writes: [], restore: () => (window.fetch = real) };
    f.requestSubmit();
    await waitFor(() => fieldError(el, 'allergyUid'), { message: 'the server error on the field' });
    equal(fieldError(el, 'allergyUid'), 'Allergy is required');
    deepEqual(toasts(), []);
  });

  it('allergy: Delete asks first; Cancel keeps it, Delete removes it', async () => {
    const mold = (await api.call('/data/reference/reference-allergy?label=Mold')).body.data[0].id;
    const created = await fetch(`${__CAREWEAVE_URL__}/api/data/public/patient-allergy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ data: { type: 'patient-allergy', attributes: { patient_uid: patient, allergy_uid: mold, comments: 'To delete' } } }),
    });
    const id = (await created.json()).data?.id;
    ok(id, `created: ${created.status}`);
    const { el, events } = openPage(api, patient, `allergies/${id}`);
    const f = await form(el);
    equal(byLabel<HTMLTextAreaElement>(f, 'Comments').value, 'To delete', 'the allergy is loaded');
    const dialog = () => shadow(el).querySelector<HTMLElement & { open: boolean }>('sl-dialog[label="Delete Allergy"]')!;
    const dialogButton = (label: string) => [...dialog().querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === label)!;
    equal(dialog().open, false);
    spy = spyOnWrites();

    slButton(el, 'Delete Allergy')!.click();
    await waitFor(() => dialog().open, { message: 'the confirm dialog' });
    ok(text(dialog()).includes('Mold will be removed'), text(dialog()));
    dialogButton('Cancel').click();
    await waitFor(() => !dialog().open, { message: 'the dialog to close' });
    equal(spy.writes.length, 0, 'Cancel deletes nothing');
    equal(events.length, 0, 'and stays on the page');
    equal((await api.call(`/data/public/patient-allergy/${id}`)).status, 200);

    slButton(el, 'Delete Allergy')!.click();
    await waitFor(() => dialog().open, { message: 'the confirm dialog again' });
    dialogButton('Delete').click();
    await waitFor(() => events.some((e) => e.name === 'care-navigate'), { message: 'the move back to the list' });
    deepEqual(spy.writes.map((w) => `${w.method} ${w.path}`), [`DELETE /api/data/public/patient-allergy/${id}`]);
    deepEqual(toasts(), ['Successfully deleted!']);
    await eventually(async () => (await api.call(`/data/public/patient-allergy/${id}`)).status === 404, 'the allergy to be gone');
  });

  it('medication: routes take several choices, the medication is required, finished not before started', async () => {
    const { el, events } = openPage(api, patient, 'medications/add');
    const f = await form(el);
    const routes = [...shadow(el).querySelectorAll<HTMLInputElement>('[data-field="medicationRouteUids"] input[type="checkbox"]')];
    ok(routes.length >= 10, `${routes.length} routes`);
    equal(byLabel(f, 'Still Taking').checked, true, 'a new medication is one still taken');
    spy = spyOnWrites();
    typeInto(byLabel(f, 'Started'), '2026-10-02');
    typeInto(byLabel(f, 'Finished'), '2026-10-01');
    f.requestSubmit();
    await waitFor(() => fieldError(el, 'medicationUid'), { message: 'the errors' });
    equal(fieldError(el, 'medicationUid'), 'Medication is required');
    equal(fieldError(el, 'finishedDate'), 'Must be on or after the start date');
    equal(spy.writes.length, 0);

    const medication = byLabel<HTMLSelectElement>(f, 'Medication');
    selectOption(medication, labelOf(medication, 'Albuterol'));
    typeInto(byLabel(f, 'Finished'), '');
    typeInto(byLabel(f, 'Dosage'), '90 mcg');
    const label = (input: HTMLInputElement) => text(input.parentElement);
    const inhaled = routes.find((r) => label(r) === 'Inhaled')!;
    const nasal = routes.find((r) => label(r) === 'Nasal')!;
    inhaled.click();
    nasal.click();
    byLabel(f, 'Primary Medication').click();
    selectOption(byLabel<HTMLSelectElement>(f, 'Relief Rating'), 'Large');
    selectOption(byLabel<HTMLSelectElement>(f, 'Relief Duration'), 'Short term');
    selectOption(byLabel<HTMLSelectElement>(f, 'Patient Reported Improvement'), 'Yes');
    f.requestSubmit();
    await waitFor(() => events.some((e) => e.name === 'care-navigate'), { timeout: 10000, message: 'the save' });
    const sent = spy.writes[0].body.data.attributes;
    deepEqual(sent.medication_route_uids, [inhaled.value, nasal.value]);
    deepEqual(
      [sent.dosage, sent.started_date, sent.finished_date, sent.is_primary, sent.is_still_taking, sent.is_prescription, sent.relief_rating, sent.relief_duration, sent.patient_reported_improvement],
      ['90 mcg', '2026-10-02', null, true, true, false, 'Large', 'Short term', 'Yes'],
    );
    deepEqual(toasts(), ['Successfully Saved!']);
    const list = await api.call(`/data/public/nav-list-view-medication?patient_uid=${patient}&medication_label=Albuterol&dosage=90%20mcg`);
    ok(list.body.data.some((r: any) => r.attributes.medication_route_labels.join() === 'Inhaled,Nasal'), JSON.stringify(list.body.data));
  });

  it('<care-patient-allergies>: the patient\'s allergies, a row opens one', async () => {
    const el = mountElement('care-patient-allergies', { token: api.token, 'patient-id': patient });
    const moves: string[] = [];
    el.addEventListener('care-navigate', (e) => {
      e.preventDefault();
      moves.push((e as CustomEvent).detail.path);
    });
    const row = await waitFor(() => [...shadow(el).querySelectorAll<HTMLTableRowElement>('tbody tr')].find((r) => text(r).includes('Amoxicillin')), { timeout: 10000, message: 'the Medication allergy row' });
    ok(text(row).includes('Medication'), 'the kind');
    deepEqual([...shadow(el).querySelectorAll('thead th')].map((th) => text(th).replace(/[▲▼]/g, '').trim()), ['Allergy', 'Kind', 'Comments', 'Recorded']);
    row.click();
    ok(/^\/patients\/[^/]+\/allergies\/[0-9a-f-]{36}$/.test(moves[0] ?? ''), moves.join());
  });
});
