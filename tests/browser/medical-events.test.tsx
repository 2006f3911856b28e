import '../../widgets/medical-events/medical-events.element';
import { WidgetProvider } from '../../shared/widget/widget-context';
import { todayIn } from '../../shared/schemas/medical-events';
import { $toasts } from '../../widgets/kit/toasts';
import { MedicalEventForm } from '../../widgets/medical-events/medical-event-form.component';
import { MedicalEventsList, noEventsText } from '../../widgets/medical-events/medical-events-list.component';
import { eventSummary } from '../../widgets/medical-events/medical-event-summary';
import type { MedicalEvent } from '../../widgets/medical-events/medical-events.resource';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, cleanup, render, selectOption, settle, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

const PATIENT = 'pat-1';
const API = 'http://api.test/api';
const list = (type: string, rows: Record<string, unknown>[], id: string) => ({ data: rows.map((r) => ({ type, id: String(r[id]), attributes: r })), meta: { total: rows.length } });
/** Reference ids are uuids on the wire; the shared schema checks their shape. */
const IDS = new Map<string, string>();
const id = (key: string) => {
  if (!IDS.has(key)) IDS.set(key, `00000000-0000-4000-8000-${String(IDS.size + 1).padStart(12, '0')}`);
  return IDS.get(key)!;
};
const refs = (prefix: string, labels: string[]) => labels.map((l) => ({ uid: id(`${prefix}-${l.toLowerCase()}`), name: l.toLowerCase(), label: l }));
const rule = (show: boolean, required = false) => ({ show, required });
const TYPES: Record<string, unknown> = {
  drug_overdose: { medical_event_name: 'drug_overdose', medical_event_label: 'Drug Overdose', medical_event_plural_label: 'Drug Overdoses',
    property_rules: { status: rule(true, true), reason: rule(false), event_time: rule(true), event_time_zone: rule(true, true), provider: rule(false), facility: rule(true), location: rule(true) } },
  survivor_interaction: { medical_event_name: 'survivor_interaction', medical_event_label: 'Survivor Interaction', medical_event_plural_label: 'Survivor Interactions',
    property_rules: { status: rule(true, true), reason: rule(true), event_time: rule(true), event_time_zone: rule(true, true), provider: rule(true), facility: rule(false), location: rule(true) } },
  other_interaction: { medical_event_name: 'other_interaction', medical_event_label: 'Other Interaction', medical_event_plural_label: 'Other Interactions',
    property_rules: { status: rule(true, true), reason: rule(true), event_time: rule(true), event_time_zone: rule(true, true), provider: rule(true), facility: rule(false), location: rule(true) } },
  treatment_referral: { medical_event_name: 'treatment_referral', medical_event_label: 'Treatment Referral', medical_event_plural_label: 'Treatment Referrals',
    property_rules: { status: rule(true, true), reason: rule(true, true), event_time: rule(false), event_time_zone: rule(true, true), provider: rule(true), facility: rule(true, true), location: rule(false) } },
};
const STATUSES: Record<string, unknown> = {
  medical_event__drug_overdose: list('reference-status', refs('od', ['Reported', 'Confirmed']), 'uid'),
  medical_event__survivor_interaction: list('reference-status', refs('si', ['Scheduled', 'Attempted', 'Completed']), 'uid'),
  medical_event__treatment_referral: list('reference-status', refs('tr', ['Referred', 'Connected', 'Enrolled', 'Declined']), 'uid'),
  medical_event__other_interaction: list('reference-status', refs('oi', ['Scheduled', 'Attempted', 'Completed']), 'uid'),
};
/** The location's states: stored by their ISO abbreviation (the entry's name). */
const STATES = [{ uid: id('st-oh'), name: 'OH', label: 'Ohio' }, { uid: id('st-pa'), name: 'PA', label: 'Pennsylvania' }];
const ROLES = refs('ro', ['Counselor', 'Physician']);
const PROVIDERS = [
  { provider_uid: id('pr-1'), display_name: 'Dr. Elena Ortiz', provider_role_label: 'Physician' },
  { provider_uid: id('pr-2'), display_name: 'Sam Reyes', provider_role_label: 'Counselor' },
];
const REFERRAL = {
  medical_event_uid: 'ev-1', patient_uid: PATIENT, medical_event_name: 'treatment_referral', medical_event_label: 'Treatment Referral', event_date: '2026-11-20T05:00:00Z',
  event_date_local: '2026-11-20', event_time: null, event_time_zone: 'America/New_York', all_day: true, status_uid: id('tr-referred'), status_name: 'referred', status_label: 'Referred',
  reason_uid: id('rs-1'), reason_label: 'Mental Health', provider_uid: null, provider_name: null, facility_uid: id('fa-1'), facility_name: 'Riverside General Hospital', notes: null,
  note_is_internal: false, location: null, detail_object: {}, is_foreign: false, patient_first_name: 'Ada', patient_last_name: 'Quill',
};
/** A referral made to a role and two providers, as its details page reads it (the providers by name). */
const REFERRED = {
  ...REFERRAL, medical_event_uid: 'ev-3', detail_object: { refer_to_role: id('ro-counselor'), providers: [id('pr-2'), id('pr-1')] },
  referred_providers: [{ provider_uid: id('pr-1'), display_name: 'Dr. Elena Ortiz' }, { provider_uid: id('pr-2'), display_name: 'Sam Reyes' }],
};
/** An overdose at a place in Pennsylvania. */
const OVERDOSE_PA = {
  ...REFERRAL, medical_event_uid: 'ev-4', medical_event_name: 'drug_overdose', medical_event_label: 'Drug Overdose', status_uid: id('od-reported'), status_name: 'reported', status_label: 'Reported',
  reason_uid: null, reason_label: null, location: { is_home_address: false, addr1: '1 Market St', city: 'Pittsburgh', province_iso: 'PA', post_code: '15222' },
  detail_object: { naloxone_administered: 'no', was_overdose_fatal: 'yes' },
};
const NOTES = [
  { note_uid: 'n-2', note: 'Called the clinic', note_is_internal: true, created_at: '2026-11-21T15:00:00Z', author_first_name: 'Nora', author_last_name: 'Navigator' },
  { note_uid: 'n-1', note: 'Referred at intake', note_is_internal: false, created_at: '2026-11-20T15:00:00Z', author_first_name: 'Nora', author_last_name: 'Navigator' },
];
let notes = [...NOTES];
const SESSION = { data: { type: 'session', id: 's', attributes: { flags: { hasAppNavigator: true, medicalEvent: true } } } };
const CIT_SESSION = { data: { type: 'session', id: 's', attributes: { flags: { hasAppCit: true, medicalEvent: true } } } };

function server(session: unknown = SESSION) {
  return (url: URL, init?: RequestInit) => {
    const path = url.pathname;
    if (path.endsWith('/session/current')) return { body: session };
    const type = /\/medical-event-types\/(\w+)$/.exec(path)?.[1];
    if (type && TYPES[type]) return { body: { data: { type: 'reference-medical-event', id: type, attributes: TYPES[type] } } };
    if (path.endsWith('/data/reference/reference-status')) return { body: STATUSES[url.searchParams.get('ref_data_type') ?? ''] ?? list('reference-status', [], 'uid') };
    if (path.endsWith('/data/reference/reference-reason')) return { body: list('reference-reason', [{ uid: id('rs-1'), name: 'mental_health', label: 'Mental Health' }], 'uid') };
    if (path.endsWith('/data/reference/reference-medical-event-interaction')) return { body: list('x', [{ uid: id('it-1'), name: 'friend', label: 'Friend' }], 'uid') };
    if (path.endsWith('/data/reference/reference-medical-event-outcome')) return { body: list('x', [{ uid: id('oc-1'), name: 'admitted', label: 'Admitted to Inpatient Treatment' }], 'uid') };
    if (path.endsWith('/data/public/facility')) return { body: list('facility', [{ facility_uid: id('fa-1'), facility_name: 'Riverside General Hospital' }], 'facility_uid') };
    if (path.endsWith('/providers/mv')) return { body: list('providers', PROVIDERS, 'provider_uid') };
    if (path.endsWith('/data/reference/reference-country-division')) return { body: list('reference-country-division', STATES, 'uid') };
    if (path.endsWith('/data/reference/reference-provider-role')) return { body: list('reference-provider-role', ROLES, 'uid') };
    if (path.endsWith(`/patients/${PATIENT}/primary-address`)) {
      return { body: { data: { type: 'addresses', id: 'ad-1', attributes: { address_uid: 'ad-1', address1: '12 Main St', address2: null, city: 'Columbus', state: 'Ohio', state_iso: 'OH', post_code: '43215', county: 'Franklin' } } } };
    }
    if (path.endsWith('/medical-events/ev-3') && (!init?.method || init.method === 'GET')) return { body: { data: { type: 'medical-events', id: 'ev-3', attributes: { ...REFERRED, previous_notes: [] } } } };
    if (path.endsWith('/medical-events/ev-4') && (!init?.method || init.method === 'GET')) return { body: { data: { type: 'medical-events', id: 'ev-4', attributes: { ...OVERDOSE_PA, previous_notes: [] } } } };
    if (path.endsWith('/medical-events/ev-1') && (!init?.method || init.method === 'GET')) return { body: { data: { type: 'medical-events', id: 'ev-1', attributes: { ...REFERRAL, previous_notes: notes } } } };
    const note = /\/medical-events\/ev-1\/notes\/([\w-]+)$/.exec(path)?.[1];
    if (note && init?.method === 'DELETE') {
      notes = notes.filter((n) => n.note_uid !== note);
      return { status: 204 };
    }
    // A patient with no survivor interaction (issue 32 §5: the empty list names what it lacks).
    if (path.endsWith(`/patients/${PATIENT}/medical-events/survivor_interaction`)) return { body: list('medical-events', [], 'medical_event_uid') };
    if (path.endsWith(`/patients/${PATIENT}/medical-events/treatment_referral`)) {
      return { body: list('medical-events', [REFERRAL, { ...REFERRAL, medical_event_uid: 'ev-2', status_name: 'enrolled', status_label: 'Enrolled' }], 'medical_event_uid') };
    }
    if (path.endsWith('/data/reference/reference-gender')) return { body: list('x', refs('ge', ['Female', 'Male']), 'uid') };
    if (path.endsWith('/patients/possible-duplicates')) {
      const rows = url.searchParams.get('first_name') === 'Marta' ? [{ id: id('pt-9'), first_name: 'Marta', last_name: 'Quill', birth_date: '1990-04-02', gender_label: 'Female' }] : [];
      return { body: list('patients', rows, 'id') };
    }
    if (path.endsWith(`/patients/${PATIENT}/foreign/medical-event`)) {
      const rows = url.searchParams.get('medical_event_name') === 'treatment_referral' ? [{ ...REFERRAL, medical_event_uid: 'ev-far', event_date: '2026-11-22T05:00:00Z', event_date_local: '2026-11-22', is_foreign: true, recorded_by: 'Summit County Care' }] : [];
      return { body: list('medical-events', rows, 'medical_event_uid') };
    }
    if (path.endsWith('/medical-events') && init?.method === 'POST') return { status: 201, body: { data: { type: 'medical-events', id: 'new', attributes: REFERRAL } } };
    if (path.endsWith('/medical-events/ev-1') && init?.method === 'PUT') return { body: { data: { type: 'medical-events', id: 'ev-1', attributes: REFERRAL } } };
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

const mountForm = (name: string, eventId?: string) =>
  render(
    <WidgetProvider apiBase={API} token="t0k">
      <MedicalEventForm patientId={PATIENT} params={eventId ? { name, eventId } : { name }} />
    </WidgetProvider>,
  );
const shown = (root: HTMLElement, name: string) => root.querySelector(`[data-field="${name}"]`) !== null;
const fieldError = (root: HTMLElement, name: string) => text(root.querySelector(`[data-field="${name}"] .field-error`));
const save = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Save')!.click();
const choose = (root: HTMLElement, label: string, value: string) => selectOption(byLabel<HTMLSelectElement>(root, label), value);

describe('medical event form (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
    document.querySelectorAll('care-medical-events').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('drug overdose: naloxone details only when administered is yes; accepted treatment only when not fatal; hidden properties absent', async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('drug_overdose');
    await waitFor(() => root.querySelector('form'), { message: 'form' });
    equal(text(root.querySelector('h2')), 'Add Drug Overdose');
    ok(!shown(root, 'reasonUid') && !shown(root, 'providerUid'), 'the type hides reason and provider');
    ok(shown(root, 'facilityUid') && shown(root, 'location.addr1') && shown(root, 'eventTime'));
    equal(byLabel<HTMLSelectElement>(root, 'Time Zone').value, 'America/New_York', 'Eastern by default');
    ok(!shown(root, 'detailObject.naloxoneAdministeredBy') && !shown(root, 'detailObject.amountOfNaloxoneGiven'));
    choose(root, 'Naloxone Administered', 'yes');
    await waitFor(() => shown(root, 'detailObject.naloxoneAdministeredBy'), { message: 'naloxone details' });
    ok(shown(root, 'detailObject.routeOfNaloxoneAdministration') && shown(root, 'detailObject.amountOfNaloxoneGiven'));
    choose(root, 'Naloxone Administered', 'no');
    await waitFor(() => !shown(root, 'detailObject.naloxoneAdministeredBy'), { message: 'naloxone details hidden' });
    ok(!shown(root, 'detailObject.acceptedTreatment'));
    choose(root, 'Was the Overdose Fatal', 'no');
    await waitFor(() => shown(root, 'detailObject.acceptedTreatment'), { message: 'accepted treatment' });
    choose(root, 'Was the Overdose Fatal', 'yes');
    await waitFor(() => !shown(root, 'detailObject.acceptedTreatment'), { message: 'accepted treatment hidden' });
  });

  it('drug overdose: says what is missing, refuses a negative amount, fills the home address, and posts once with a key', async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('drug_overdose');
    await waitFor(() => root.querySelector('form'));
    save(root);
    await waitFor(() => fieldError(root, 'statusUid'), { message: 'errors' });
    equal(fieldError(root, 'statusUid'), 'Status is required');
    equal(fieldError(root, 'detailObject.naloxoneAdministered'), 'Naloxone Administered is required');
    equal(fieldError(root, 'detailObject.wasOverdoseFatal'), 'Was the Overdose Fatal is required');

    choose(root, 'Status', id('od-reported'));
    choose(root, 'Naloxone Administered', 'yes');
    choose(root, 'Was the Overdose Fatal', 'yes');
    await waitFor(() => shown(root, 'detailObject.amountOfNaloxoneGiven'));
    typeInto(byLabel(root, 'Amount of Naloxone Given (mg)'), '-2');
    save(root);
    await waitFor(() => fieldError(root, 'detailObject.amountOfNaloxoneGiven'), { message: 'amount error' });
    equal(fieldError(root, 'detailObject.amountOfNaloxoneGiven'), 'Must be a positive number');
    equal(fieldError(root, 'detailObject.naloxoneAdministeredBy'), 'Naloxone Administered By is required');

    typeInto(byLabel(root, 'Amount of Naloxone Given (mg)'), '4');
    choose(root, 'Naloxone Administered By', 'ems');
    byLabel(root, 'Is Home Address').click();
    await waitFor(() => byLabel(root, 'Address Line 1').value === '12 Main St', { message: 'home address' });
    equal(byLabel(root, 'City').value, 'Columbus');
    equal(byLabel<HTMLSelectElement>(root, 'State').value, 'OH', 'Is Home Address copies the state too');
    const posts = () => fetched.calls.filter((c) => c.init?.method === 'POST');
    equal(posts().length, 0, 'the refused saves posted nothing');
    save(root);
    const post = await waitFor(() => posts()[0], { message: 'POST' });
    equal(post.url.href, `${API}/medical-events`);
    const a = JSON.parse(String(post.init!.body)).data.attributes;
    equal(a.medical_event_name, 'drug_overdose');
    equal(a.patient_uid, PATIENT);
    equal(a.event_date, todayIn('America/New_York'));
    equal(a.location.is_home_address, true);
    equal(a.location.province_iso, 'OH');
    deepEqual(
      Object.fromEntries(Object.entries(a.detail_object).filter(([, v]) => v !== '' && !(Array.isArray(v) && v.length === 0))),
      { naloxone_administered: 'yes', naloxone_administered_by: 'ems', amount_of_naloxone_given: '4', was_overdose_fatal: 'yes' },
    );
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'an Idempotency-Key');
    await waitFor(() => $toasts.get().some((t) => t.message === 'Successfully saved!'), { message: 'toast' });
    // The submission is over once Save is back (its busy state ends last, after the answer is handled).
    await waitFor(() => [...root.querySelectorAll<HTMLElement & { disabled: boolean }>('sl-button')].some((b) => text(b) === 'Save' && !b.disabled), { message: 'Save again' });
    equal(posts().length, 1, 'exactly one POST');
  });

  it('survivor interaction: kit and strip counts only when the status is Completed, and whole numbers', async () => {
    restore = fakeFetch(server()).restore;
    const root = mountForm('survivor_interaction');
    await waitFor(() => root.querySelector('form'));
    ok(shown(root, 'reasonUid') && shown(root, 'providerUid') && !shown(root, 'facilityUid'));
    ok(!shown(root, 'detailObject.kitsDistributed'));
    choose(root, 'Status', id('si-attempted'));
    await waitFor(() => !shown(root, 'detailObject.kitsDistributed'));
    choose(root, 'Status', id('si-completed'));
    await waitFor(() => shown(root, 'detailObject.kitsDistributed'), { message: 'counts' });
    ok(shown(root, 'detailObject.ftStripsDistributed') && shown(root, 'detailObject.xyStripsDistributed'));
    typeInto(byLabel(root, 'Naloxone Kits Distributed'), '1.5');
    save(root);
    await waitFor(() => fieldError(root, 'detailObject.kitsDistributed'), { message: 'count error' });
    equal(fieldError(root, 'detailObject.kitsDistributed'), 'Must be a positive whole number');
    ok(!shown(root, 'detailObject.nextInteractionDate'));
    choose(root, 'Schedule Another Interaction', 'yes');
    await waitFor(() => shown(root, 'detailObject.nextInteractionDate'), { message: 'next date' });
  });

  it('human interactions: add people, the duplicate check after 1000 ms, link a match, make another a patient, remove one', async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('survivor_interaction');
    await waitFor(() => root.querySelector('fieldset.human-interactions'), { message: 'people' });
    ok(text(root).includes('No one else was met.'));
    const person = (n: number) => root.querySelector<HTMLElement>(`fieldset.person[data-person="${n}"]`)!;
    const addPerson = () => [...root.querySelectorAll<HTMLElement>('fieldset.human-interactions .add-action')].find((b) => text(b) === 'Add Person')!.click();
    addPerson();
    await waitFor(() => person(1), { message: 'person 1' });
    addPerson();
    await waitFor(() => person(2), { message: 'person 2' });
    const asked = () => fetched.calls.filter((c) => c.url.pathname.endsWith('/possible-duplicates')).map((c) => Object.fromEntries(c.url.searchParams));
    choose(person(1), 'Relationship', 'Sibling');
    typeInto(byLabel(person(1), 'First Name'), 'Ma');
    typeInto(byLabel(person(1), 'Last Name'), 'Quill');
    // Person 2, typed at the same moment, is the clock: their check waits as long, from just after, so once
    // it has been asked and answered a check of person 1 would have been asked before it.
    typeInto(byLabel(person(2), 'First Name'), 'Nadia');
    typeInto(byLabel(person(2), 'Last Name'), 'Okafor');
    await waitFor(() => text(person(2)).includes('No duplicates found!'), { message: 'no duplicates', timeout: 4000 });
    deepEqual(asked(), [{ first_name: 'Nadia', last_name: 'Okafor' }], 'no check while a name has 2 characters or fewer');
    typeInto(byLabel(person(1), 'First Name'), 'Marta');
    await waitFor(() => text(person(1)).includes('Duplicates found!'), { message: 'duplicates', timeout: 4000 });
    deepEqual(asked().slice(1), [{ first_name: 'Marta', last_name: 'Quill' }], 'asked once, after the typing stopped');
    ok(text(person(1)).includes('Marta Quill, born 04/02/1990, Female'));
    [...person(1).querySelectorAll<HTMLButtonElement>('button')].find((b) => text(b) === 'This Is the Same Person')!.click();
    await waitFor(() => text(person(1)).includes('Linked to an existing patient record.'), { message: 'linked' });

    typeInto(byLabel(person(2), 'Telephone Number'), '614-555-0111');
    byLabel(person(2), 'Create a patient record for this person when saving').click();
    addPerson();
    await waitFor(() => person(3), { message: 'person 3' });
    [...person(3).querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Remove Person 3')!.click();
    await waitFor(() => !person(3), { message: 'removed' });

    choose(root, 'Status', id('si-attempted'));
    choose(root, 'Contact Attempt Type', 'Phone');
    choose(root, 'Contact Phase', 'First Contact');
    choose(root, 'Survivor Contacted', 'yes');
    choose(root, 'Left Flyer', 'no');
    save(root);
    await waitFor(() => fieldError(person(2), 'detailObject.humanInteractions.1.otherContactType'), { message: 'relationship error' });
    equal(fieldError(person(2), 'detailObject.humanInteractions.1.otherContactType'), 'Relationship is required');
    equal(fieldError(person(2), 'detailObject.humanInteractions.1.telephoneType'), 'Telephone Type is required');
    choose(person(2), 'Relationship', 'Friend');
    choose(person(2), 'Telephone Type', 'Mobile');
    save(root);
    const post = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'POST'), { message: 'POST' });
    const people = JSON.parse(String(post.init!.body)).data.attributes.detail_object.human_interactions;
    equal(people.length, 2);
    deepEqual([people[0].patient, people[0].create_patient, people[0].other_contact_type], [id('pt-9'), false, 'Sibling']);
    deepEqual([people[1].first_name, people[1].telephone_number, people[1].telephone_type, people[1].create_patient], ['Nadia', '6145550111', 'Mobile', true]);
  });

  it('treatment referral: outcome and outcome date only when Connected; save puts the change', async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('treatment_referral', 'ev-1');
    await waitFor(() => root.querySelector('form'));
    equal(text(root.querySelector('h2')), 'Treatment Referral Details');
    ok(!shown(root, 'eventTime') && !shown(root, 'location.addr1'), 'the type hides time and location');
    ok(!shown(root, 'detailObject.outcome'));
    choose(root, 'Status', id('tr-connected'));
    await waitFor(() => shown(root, 'detailObject.outcome'), { message: 'outcome' });
    ok(shown(root, 'detailObject.outcomeDate'));
    choose(root, 'Outcome', id('oc-1'));
    save(root);
    const put = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'PUT'), { message: 'PUT' });
    const a = JSON.parse(String(put.init!.body)).data.attributes;
    equal(a.status_uid, id('tr-connected'));
    equal(a.detail_object.outcome, id('oc-1'));
    equal(a.event_date, '2026-11-20', 'the stored date is kept');
  });

  it('location: the State is one of the listed states, Is Home Address copies it over a chosen one, and the details show the stored one', async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('drug_overdose');
    await waitFor(() => root.querySelector('form'));
    const state = byLabel<HTMLSelectElement>(root, 'State');
    deepEqual([...state.options].map((o) => [o.value, o.text]), [['', 'None'], ['OH', 'Ohio'], ['PA', 'Pennsylvania']]);
    ok(state.closest('fieldset.event-location'), 'in the Location section');
    choose(root, 'State', 'PA');
    byLabel(root, 'Is Home Address').click();
    await waitFor(() => byLabel<HTMLSelectElement>(root, 'State').value === 'OH', { message: 'the home state' });
    cleanup();

    const details = mountForm('drug_overdose', 'ev-4');
    await waitFor(() => details.querySelector('form'));
    await waitFor(() => byLabel<HTMLSelectElement>(details, 'State').value === 'PA', { message: 'the stored state' });
    equal(byLabel<HTMLSelectElement>(details, 'State').selectedOptions[0].text, 'Pennsylvania');
    equal(byLabel(details, 'City').value, 'Pittsburgh');
  });

  it('other interaction: its name and the contact\'s relationship are asked and posted', async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('other_interaction');
    await waitFor(() => root.querySelector('form'));
    choose(root, 'Status', id('oi-completed'));
    choose(root, 'Interaction Type', id('it-1'));
    choose(root, 'Method', 'Phone');
    typeInto(byLabel(root, 'Interaction Name'), 'Health fair at the library');
    deepEqual([...byLabel<HTMLSelectElement>(root, 'Contact Relationship').options].map((o) => o.value).slice(1, 4), ['Spouse', 'Parent', 'Grandparent']);
    choose(root, 'Contact Relationship', 'Sibling');
    typeInto(byLabel(root, 'Contact Name'), 'Ann Smith');
    save(root);
    const post = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'POST'), { message: 'POST' });
    const d = JSON.parse(String(post.init!.body)).data.attributes.detail_object;
    deepEqual([d.name, d.other_contact_type, d.other_contact_name], ['Health fair at the library', 'Sibling', 'Ann Smith']);
  });

  it('treatment referral: Refer To a role and its Providers are posted; CIT staff read the providers by name', async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('treatment_referral');
    await waitFor(() => root.querySelector('form'));
    choose(root, 'Status', id('tr-referred'));
    choose(root, 'Reason', id('rs-1'));
    choose(root, 'Facility', id('fa-1'));
    choose(root, 'Refer To', id('ro-counselor'));
    // The role's providers are drawn once the choice has rendered (and their list is read): wait for them, as a user would.
    const providers = await waitFor(() => {
      const fieldset = root.querySelector<HTMLFieldSetElement>('fieldset[data-field="detailObject.providers"]');
      return fieldset && [...fieldset.querySelectorAll('label')].some((l) => text(l).includes('Sam Reyes')) ? fieldset : null;
    }, { message: 'the providers of the chosen role' });
    equal(text(providers.querySelector('legend')), 'Providers');
    byLabel(providers, 'Sam Reyes').click();
    byLabel(providers, 'Dr. Elena Ortiz').click();
    save(root);
    const post = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'POST'), { message: 'POST' });
    const d = JSON.parse(String(post.init!.body)).data.attributes.detail_object;
    equal(d.refer_to_role, id('ro-counselor'));
    deepEqual(d.providers, [id('pr-2'), id('pr-1')]);
    restore();
    cleanup();

    restore = fakeFetch(server(CIT_SESSION)).restore;
    const readOnly = mountForm('treatment_referral', 'ev-3');
    await waitFor(() => readOnly.querySelector('fieldset[data-field="detailObject.providers"]'), { message: 'the providers' });
    const checked = [...readOnly.querySelectorAll<HTMLInputElement>('fieldset[data-field="detailObject.providers"] input')].map((i) => [text(i.parentElement), i.checked]);
    deepEqual(checked, [['Dr. Elena Ortiz', true], ['Sam Reyes', true]]);
    equal(byLabel<HTMLSelectElement>(readOnly, 'Refer To').selectedOptions[0].text, 'Counselor');
  });

  it('Previous Notes newest first; Deactivate asks first, then the note is gone', async () => {
    notes = [...NOTES];
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('treatment_referral', 'ev-1');
    await waitFor(() => root.querySelector('.previous-notes li'), { message: 'notes' });
    deepEqual([...root.querySelectorAll('.previous-notes .note-text')].map(text), ['Called the clinic', 'Referred at intake']);
    // MM/DD/YYYY like every other date (issue 32 §5), not spec 001's MM/DD/YY.
    ok(text(root.querySelector('.previous-notes li')).startsWith('11/21/2026'), text(root.querySelector('.previous-notes li')));
    ok(text(root.querySelector('.previous-notes li')).includes('Internal'));
    equal(byLabel<HTMLTextAreaElement>(root, 'Notes').value, '', 'Notes adds a new note');
    const buttons = [...root.querySelectorAll<HTMLElement>('.previous-notes li sl-button')];
    buttons[1].click();
    const dialog = root.querySelector<HTMLElement & { open: boolean }>('sl-dialog[label="Deactivate Note"]')!;
    await waitFor(() => dialog.open, { message: 'confirm' });
    ok(!fetched.calls.some((c) => c.init?.method === 'DELETE'), 'nothing before the confirmation');
    [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Deactivate')!.click();
    const call = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'DELETE'), { message: 'DELETE' });
    ok(call.url.pathname.endsWith('/medical-events/ev-1/notes/n-1'));
    await waitFor(() => root.querySelectorAll('.previous-notes li').length === 1, { message: 'reloaded' });
    await waitFor(() => $toasts.get().some((t) => t.message === 'Note deactivated'), { message: 'toast' });
  });

  it('a CIT user sees the details read-only, without Save', async () => {
    notes = [...NOTES];
    restore = fakeFetch(server(CIT_SESSION)).restore;
    const root = mountForm('treatment_referral', 'ev-1');
    await waitFor(() => root.querySelector('form'));
    ok(root.querySelector<HTMLFieldSetElement>('fieldset.plain-fieldset')!.disabled);
    ok(![...root.querySelectorAll('sl-button')].some((b) => text(b) === 'Save'));
    await waitFor(() => root.querySelector('.previous-notes li'));
    equal(root.querySelectorAll('.previous-notes li sl-button').length, 0, 'CIT staff deactivate nothing');
  });
});

describe('medical events list (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  const mountList = (name = 'treatment_referral') =>
    render(
      <WidgetProvider apiBase={API} token="t0k">
        <MedicalEventsList patientId={PATIENT} name={name} />
      </WidgetProvider>,
    );

  it('an empty list names what it lacks (issue 32 §5): "No survivor interactions", not "No medical events"', async () => {
    restore = fakeFetch(server()).restore;
    const root = mountList('survivor_interaction');
    const empty = await waitFor(() => root.querySelector('.load-state-empty'), { message: 'the empty state' });
    equal(text(root.querySelector('h2')), 'Survivor Interactions');
    equal(text(empty), 'No survivor interactions');
  });

  it("an empty list's text is the type's plural label, lower-cased but for acronyms", () => {
    equal(noEventsText('Drug Overdoses'), 'No drug overdoses');
    equal(noEventsText('CIT Contacts'), 'No CIT contacts');
    equal(noEventsText('Other Interactions'), 'No other interactions');
  });

  it('titled with the plural label; rows with date, badge and summary; Add for a care mode', async () => {
    restore = fakeFetch(server()).restore;
    const root = mountList();
    await waitFor(() => root.querySelector('tbody tr'), { message: 'rows' });
    equal(text(root.querySelector('h2')), 'Treatment Referrals');
    const rows = [...root.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map(text));
    deepEqual(rows[1], ['11/20/2026', 'Referred', 'Mental Health · Riverside General Hospital']);
    deepEqual([...root.querySelectorAll('.status-badge')].map((b) => b.getAttribute('data-variant')), ['warning', 'warning', 'success']);
    await waitFor(() => text(root).includes('Add Treatment Referral'), { message: 'Add' });
  });

  it('a foreign event is listed by date with its mark, and is no link', async () => {
    restore = fakeFetch(server()).restore;
    const navigations: string[] = [];
    const root = mountList();
    root.addEventListener('care-navigate', (e) => navigations.push((e as CustomEvent<{ path: string }>).detail.path));
    await waitFor(() => root.querySelector('tr.foreign'), { message: 'foreign row' });
    const rows = [...root.querySelectorAll<HTMLTableRowElement>('tbody tr')];
    equal(rows[0].className, 'foreign', 'newest first, foreign or not');
    equal(rows[0].tabIndex, -1);
    ok(text(rows[0].querySelector('.foreign-mark')).includes('Recorded by Summit County Care'));
    ok(rows[0].querySelector('.foreign-mark svg'), 'an external-link icon');
    rows[0].click();
    rows[1].click();
    deepEqual(navigations, [`/patients/${PATIENT}/medical-events/treatment_referral/ev-1/details`]);
  });

  it('the summary: an other interaction\'s type, name, method and contact with relationship; a referral\'s role', () => {
    const labels = new Map([[id('it-1'), 'Friend'], [id('ro-counselor'), 'Counselor']]);
    const event = (name: string, detailObject: Record<string, unknown>, extra: Partial<MedicalEvent> = {}) => ({ ...REFERRAL, medicalEventName: name, reasonLabel: null, facilityName: null, detailObject, ...extra }) as unknown as MedicalEvent;
    equal(eventSummary(event('other_interaction', { type: id('it-1'), name: 'Health fair', method: 'Phone', otherContactName: 'Ann Smith', otherContactType: 'Sibling' }), labels), 'Friend · Health fair · Phone · Ann Smith (Sibling)');
    equal(eventSummary(event('other_interaction', { type: id('it-1'), method: 'Email', otherContactType: 'Parent' }), labels), 'Friend · Email · Parent');
    equal(eventSummary(event('treatment_referral', { referToRole: id('ro-counselor') }, { reasonLabel: 'Mental Health', facilityName: 'Riverside' } as Partial<MedicalEvent>), labels), 'Mental Health · To: Counselor · Riverside');
  });

  it('in the record no row names the patient: the header does', async () => {
    restore = fakeFetch(server()).restore;
    const root = mountList();
    await waitFor(() => root.querySelector('tbody tr.clickable'), { message: 'rows' });
    deepEqual([...root.querySelectorAll('thead th')].map(text), ['Date', 'Status', 'Summary']);
    equal(root.querySelectorAll('tbody a').length, 0, 'rows open in place, no new-tab links');
  });

  it('<care-medical-events show-patient-name="true">: each row names its patient and opens its event in a new tab; a foreign row opens nothing', async () => {
    restore = fakeFetch(server()).restore;
    const opened: unknown[][] = [];
    const open = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      const el = document.createElement('care-medical-events');
      for (const [k, v] of Object.entries({ 'api-base': API, token: 't0k', 'patient-id': PATIENT, 'event-name': 'treatment_referral', 'show-patient-name': 'true', 'route-base': 'https://care.example/app/' })) el.setAttribute(k, v);
      document.body.append(el);
      const navigations: string[] = [];
      el.addEventListener('care-navigate', (e) => navigations.push((e as CustomEvent<{ path: string }>).detail.path));
      const root = el.shadowRoot!;
      await waitFor(() => root.querySelector('tbody tr.foreign') && root.querySelectorAll('tbody tr').length === 3, { message: 'rows' });
      deepEqual([...root.querySelectorAll('thead th')].map(text), ['Date', 'Patient', 'Status', 'Summary']);
      const rows = [...root.querySelectorAll<HTMLTableRowElement>('tbody tr')];
      deepEqual(rows.map((r) => text(r.querySelector('td.event-patient'))), ['Ada Quill', 'Ada Quill', 'Ada Quill']);
      const details = `https://care.example/app/patients/${PATIENT}/medical-events/treatment_referral/ev-1/details`;
      const link = rows[1].querySelector('a')!;
      equal(link.getAttribute('href'), details);
      equal(link.target, '_blank');
      equal(link.rel, 'noopener noreferrer');
      ok(text(link).endsWith('(opens in a new tab)'));
      rows[1].querySelector<HTMLElement>('td:last-child')!.click();
      deepEqual(opened, [[details, '_blank', 'noopener']]);
      // The foreign row: no link, no tab, no navigation.
      equal(rows[0].className, 'foreign');
      equal(rows[0].querySelectorAll('a').length, 0);
      rows[0].click();
      equal(opened.length, 1);
      deepEqual(navigations, [], 'rows that open a new tab leave the page where it is');
    } finally {
      window.open = open;
      document.querySelectorAll('care-medical-events').forEach((el) => el.remove());
    }
  });

  it('no Add button for CIT staff', async () => {
    const fetched = fakeFetch(server(CIT_SESSION));
    restore = fetched.restore;
    const root = mountList();
    await waitFor(() => root.querySelector('tbody tr'));
    // Add is drawn from the session's flags and the type: once both answers are read, and drawn, it would show.
    const read = (path: string) => fetched.calls.some((c) => c.url.pathname.endsWith(path) && c.read);
    await waitFor(() => read('/session/current') && read('/medical-event-types/treatment_referral'), { message: 'the session and the type read' });
    await settle();
    ok(!text(root).includes('Add Treatment Referral'));
  });
});
