import '../../widgets/outbound-referrals/patient-outbound-referrals.element';
import { resetClock, setClock } from '../../shared/clock';
import { WidgetProvider } from '../../shared/widget/widget-context';
import { $toasts } from '../../widgets/kit/toasts';
import { DIVISION_ANSWERS, FHIR_TARGET_LOCKED, OutboundReferralForm, TARGET_LOCKED } from '../../widgets/outbound-referrals/outbound-referral-form.component';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, cleanup, render, selectOption, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

const PATIENT = 'pat-1';
const API = 'http://api.test/api';
const list = (type: string, rows: Record<string, unknown>[], id: string) => ({ data: rows.map((r) => ({ type, id: String(r[id]), attributes: r })), meta: { total: rows.length } });
const REFERENCES: Record<string, unknown> = {
  'reference-provider-role': list('reference-provider-role', [{ uid: 'sp-psy', label: 'Psychiatrist' }, { uid: 'sp-ped', label: 'Pediatrician' }], 'uid'),
  'reference-status': list('reference-status', ['Pending', 'Scheduled', 'Enrolled', 'Declined', 'Closed'].map((l) => ({ uid: `st-${l.toLowerCase()}`, label: l })), 'uid'),
};
const PROVIDERS = list('providers', [{ provider_uid: 'pr-1', display_name: 'Dr. Priya Raman', provider_role_label: 'Physician' }], 'provider_uid');
const FACILITIES = list('facility', [{ facility_uid: 'fa-1', facility_name: 'Riverside General Hospital' }], 'facility_uid');
const DIVISIONS = list('outbound-referral-division', [{ division_uid: 'dv-2', division_name: 'Summit County Care' }], 'division_uid');
const SESSION = { data: { type: 'session', id: 's', attributes: { flags: { hasAppNavigator: true } } } };

const row = (id: string, status: string, to: [string, string]) => ({
  outbound_referral_uid: id, patient_uid: PATIENT, event_date: '2026-11-20', provider_role_name: 'Psychiatrist', status_label: status, status_changed_at: '2026-11-24T15:30:00Z',
  to_type: to[0], to_name: to[1], priority_label: 'Routine', reason: null,
});
const ROWS = list('nav-list-view-outbound-referral', [row('r-1', 'Enrolled', ['division', 'Summit County Care']), row('r-2', 'Declined', ['facility', 'Riverside General Hospital']), row('r-3', 'Scheduled', ['provider', 'Dr. Priya Raman'])], 'outbound_referral_uid');
const SENT_TO_DIVISION = {
  data: {
    type: 'outbound-referrals',
    id: 'r-1',
    attributes: {
      direction: 'sent', outbound_referral_uid: 'r-1', patient_uid: PATIENT, event_date: '2026-11-20', specialty_uid: 'sp-psy', provider_role_name: 'Psychiatrist', status_uid: 'st-enrolled', status_label: 'Enrolled',
      status_changed_at: '2026-11-24T15:30:00Z', to_type: 'division', to_provider_uid: null, to_facility_uid: null, to_division_uid: 'dv-2', to_name: 'Summit County Care', priority: 'urgent', priority_label: 'Urgent',
      reason: 'Evaluation', notes: null, from_provider_name: 'Nora Navigator', from_division_name: 'Franklin County Care',
    },
  },
};

const RECEIVED = {
  data: {
    type: 'outbound-referrals',
    id: 'x-1',
    attributes: {
      direction: 'received', outbound_referral_uid: 'x-1', received_patient_uid: PATIENT, event_date: '2026-11-21', provider_role_name: 'Pediatrician', status_uid: 'st-pending', status_label: 'Pending',
      status_changed_at: '2026-11-21T10:00:00Z', priority: 'urgent', priority_label: 'Urgent', reason: 'Well-child visit', notes: null, from_provider_name: 'Nora Navigator', from_division_name: 'Summit County Care',
    },
  },
};
/** A referral to a facility sent by FHIR (issue 35): the facility's server sets its status. */
const SENT_BY_FHIR = {
  data: {
    ...SENT_TO_DIVISION.data,
    id: 'r-2',
    attributes: {
      ...SENT_TO_DIVISION.data.attributes, outbound_referral_uid: 'r-2', to_type: 'facility', to_division_uid: null, to_facility_uid: 'fa-1', to_name: 'Riverside General Hospital',
      status_uid: 'st-scheduled', status_label: 'Scheduled', sent_by_fhir: true, fhir_sent_at: '2026-11-20T15:00:00Z', fhir_task_status: 'accepted', fhir_business_status: 'Accepted', fhir_output: null,
    },
  },
};
const CIT_SESSION = { data: { type: 'session', id: 's', attributes: { flags: { hasAppCit: true } } } };

function server(saved: { status?: number; body?: unknown } = { status: 201, body: SENT_TO_DIVISION }, received: Record<string, unknown>[] = [], session: unknown = SESSION) {
  return (url: URL, init?: RequestInit) => {
    const path = url.pathname;
    if (path.endsWith('/session/current')) return { body: session };
    if (path.endsWith('/outbound-referrals/x-1')) return { body: RECEIVED };
    if (path.endsWith('/outbound-referrals/x-1/status') && init?.method === 'PUT') {
      const statusUid = JSON.parse(String(init.body)).data.attributes.status_uid;
      return { body: { data: { ...RECEIVED.data, attributes: { ...RECEIVED.data.attributes, status_uid: statusUid, status_label: 'Enrolled', status_changed_at: '2026-11-25T09:00:00Z' } } } };
    }
    const model = /\/data\/reference\/([\w-]+)$/.exec(path)?.[1];
    if (model && model in REFERENCES) return { body: REFERENCES[model] };
    if (path.endsWith('/providers/mv')) return { body: PROVIDERS };
    if (path.endsWith('/data/public/facility')) return { body: FACILITIES };
    if (path.endsWith('/data/public/outbound-referral-division')) return { body: DIVISIONS };
    if (path.endsWith('/data/public/nav-list-view-outbound-referral')) return { body: ROWS };
    if (path.endsWith(`/patients/${PATIENT}/received-referrals`)) return { body: list('outbound-referrals', received, 'outbound_referral_uid') };
    if (path.endsWith(`/patients/${PATIENT}/ehr-referrals`)) return { body: list('ehr-referrals', [], 'referral_uid') };
    if (path.endsWith('/outbound-referrals/r-1') && (!init?.method || init.method === 'GET')) return { body: SENT_TO_DIVISION };
    if (path.endsWith('/outbound-referrals/r-2') && (!init?.method || init.method === 'GET')) return { body: SENT_BY_FHIR };
    if (path.endsWith('/outbound-referrals') && init?.method === 'POST') return saved;
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

function mountForm(referralId?: string) {
  return render(
    <WidgetProvider apiBase={API} token="t0k">
      <OutboundReferralForm patientId={PATIENT} params={referralId ? { outboundReferralId: referralId } : {}} />
    </WidgetProvider>,
  );
}

const targetRadio = (root: HTMLElement, label: string) => [...root.querySelectorAll<HTMLLabelElement>('label.radio')].find((l) => text(l) === label)!.querySelector('input')!;
const fieldShown = (root: HTMLElement, name: string) => root.querySelector(`[data-field="${name}"]`) !== null;
const fieldError = (root: HTMLElement, name: string) => text(root.querySelector(`[data-field="${name}"] .field-error`));
const save = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Save')!.click();

describe('outbound referral form (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    resetClock();
    cleanup();
    document.querySelectorAll('care-patient-outbound-referrals').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('shows the one target list the Refer To choice names; a division hides the status, which the division sets', async () => {
    restore = fakeFetch(server()).restore;
    const root = mountForm();
    await waitFor(() => root.querySelector('form'), { message: 'form' });
    equal(text(root.querySelector('h2')), 'Add Outbound Referral');
    ok(!fieldShown(root, 'toProviderUid') && !fieldShown(root, 'toFacilityUid') && !fieldShown(root, 'toDivisionUid'), 'no target list before a choice');
    targetRadio(root, 'Provider').click();
    await waitFor(() => fieldShown(root, 'toProviderUid'), { message: 'provider list' });
    deepEqual([...root.querySelector<HTMLSelectElement>('[data-field="toProviderUid"] select')!.options].map((o) => o.text), ['Choose a provider', 'Dr. Priya Raman (Physician)']);
    ok(fieldShown(root, 'statusUid'), 'the sender records a provider\'s answer');
    targetRadio(root, 'Facility').click();
    await waitFor(() => fieldShown(root, 'toFacilityUid') && !fieldShown(root, 'toProviderUid'), { message: 'facility list only' });
    targetRadio(root, 'Careweave Division').click();
    await waitFor(() => fieldShown(root, 'toDivisionUid') && !fieldShown(root, 'toFacilityUid'), { message: 'division list only' });
    deepEqual([...byLabel<HTMLSelectElement>(root, 'Division').options].map((o) => o.text), ['Choose a division', 'Summit County Care']);
    ok(!fieldShown(root, 'statusUid'), 'no status to choose');
    ok(text(root).includes(DIVISION_ANSWERS));
  });

  it('says what is missing: specialty, target and the chosen list; then sends the division referral once, without a status', async () => {
    setClock(new Date(2026, 10, 30, 12));
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm();
    await waitFor(() => root.querySelector('form'));
    save(root);
    await waitFor(() => fieldError(root, 'toType'), { message: 'errors' });
    equal(fieldError(root, 'specialtyUid'), 'Specialty is required');
    equal(fieldError(root, 'toType'), 'Refer To is required');
    ok(text(root.querySelector('.error-summary')).includes('Specialty is required'));

    selectOption(byLabel<HTMLSelectElement>(root, 'Specialty'), 'sp-psy');
    targetRadio(root, 'Careweave Division').click();
    await waitFor(() => fieldShown(root, 'toDivisionUid'));
    save(root);
    await waitFor(() => fieldError(root, 'toDivisionUid'), { message: 'division error' });
    equal(fieldError(root, 'toDivisionUid'), 'Division is required');

    selectOption(byLabel<HTMLSelectElement>(root, 'Division'), 'dv-2');
    typeInto(byLabel<HTMLTextAreaElement>(root, 'Reason'), 'Psychiatric evaluation');
    save(root);
    const post = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'POST'), { message: 'POST' });
    const body = JSON.parse(String(post.init!.body));
    deepEqual(body.data.attributes, {
      patient_uid: PATIENT, specialty_uid: 'sp-psy', event_date: '2026-11-30', to_type: 'division', to_provider_uid: null, to_facility_uid: null, to_division_uid: 'dv-2',
      priority: 'routine', status_uid: null, reason: 'Psychiatric evaluation', notes: null,
    });
    ok(new Headers(post.init!.headers).get('idempotency-key'), 'an Idempotency-Key');
    await waitFor(() => $toasts.get().some((t) => t.message === 'Successfully saved!'), { message: 'toast' });
  });

  it('a referral sent to a division keeps its division and shows the answer that came back', async () => {
    restore = fakeFetch(server()).restore;
    const root = mountForm('r-1');
    await waitFor(() => root.querySelector('form'));
    equal(text(root.querySelector('h2')), 'Edit Outbound Referral');
    ok(targetRadio(root, 'Careweave Division').checked && targetRadio(root, 'Careweave Division').disabled, 'fixed');
    ok(targetRadio(root, 'Provider').disabled);
    ok(byLabel<HTMLSelectElement>(root, 'Division').disabled);
    ok(text(root).includes(TARGET_LOCKED));
    equal(root.querySelector('.status-badge')?.getAttribute('data-variant'), 'success');
  });

  it('a referral sent to a facility by FHIR keeps its facility; its status is the one read back, shown with when it was sent', async () => {
    restore = fakeFetch(server()).restore;
    const root = mountForm('r-2');
    await waitFor(() => root.querySelector('form'));
    ok(targetRadio(root, 'Facility').checked && targetRadio(root, 'Facility').disabled, 'fixed');
    ok(text(root).includes(FHIR_TARGET_LOCKED));
    equal(root.querySelector('select[name="statusUid"]'), null, 'no status to choose');
    equal(text(root.querySelector('.status-badge')), 'Scheduled');
    ok(/Sent to Riverside General Hospital by FHIR on 11\/20\/2026 .*; Riverside General Hospital sets the status\. Last update: Accepted\./.test(text(root.querySelector('.field .referral-note'))), text(root.querySelector('.field .referral-note')));
  });

  it("on the receiving division's record: the referral and, for a care mode, the answer that goes back", async () => {
    const fetched = fakeFetch(server());
    restore = fetched.restore;
    const root = mountForm('x-1');
    await waitFor(() => root.querySelector('.referral-answer'), { message: 'answer form' });
    equal(text(root.querySelector('h2')), 'Referral From Summit County Care');
    ok(text(root.querySelector('.section-facts')).includes('Well-child visit'));
    equal(root.querySelector('[data-field="toType"]'), null, 'not the sender\'s form');
    selectOption(byLabel<HTMLSelectElement>(root.querySelector('.referral-answer')!, 'Status'), 'st-enrolled');
    save(root);
    const put = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'PUT'), { message: 'PUT' });
    ok(put.url.pathname.endsWith('/outbound-referrals/x-1/status'));
    deepEqual(JSON.parse(String(put.init!.body)).data.attributes, { status_uid: 'st-enrolled' });
    await waitFor(() => root.querySelector('.section-facts .status-badge[data-variant="success"]'), { message: 'Enrolled badge' });
  });

  it('a mode that reads referrals (CIT) sees them without a form or an answer', async () => {
    restore = fakeFetch(server(undefined, [], CIT_SESSION)).restore;
    const sent = mountForm('r-1');
    await waitFor(() => sent.querySelector('.section-facts'), { message: 'details' });
    equal(text(sent.querySelector('h2')), 'Outbound Referral');
    equal(sent.querySelector('form'), null);
    ok(text(sent.querySelector('.section-facts')).includes('Summit County Care (Careweave Division)'));
    cleanup();
    const received = mountForm('x-1');
    await waitFor(() => received.querySelector('.section-facts'), { message: 'received details' });
    equal(received.querySelector('.referral-answer'), null, 'no answer');
  });
});

/** A referral an EHR sent by FHIR (issue 35), linked to the record and not yet answered. */
const EHR_REFERRAL = {
  referral_uid: 'e-1', event_date: '2026-11-30', what_for: 'Assistance with application for food pantry program', priority_label: 'Urgent', reason: 'Food insecurity', notes: null,
  requester_name: 'Riverside Family Medicine', from_system_name: 'Riverside EHR', status: 'received', status_label: 'Received', status_reason: null, output_display: null,
  status_changed_at: '2026-11-30T15:00:00Z', next_statuses: ['accepted', 'rejected'], codes: ['Food insecurity (SNOMED CT 733423003)'],
};

/** The stubbed server with one EHR referral, which a PUT of its status answers as the server does. */
function withEhrReferral() {
  let referral: Record<string, unknown> = EHR_REFERRAL;
  const rest = server();
  return (url: URL, init?: RequestInit) => {
    if (url.pathname.endsWith(`/patients/${PATIENT}/ehr-referrals`)) return { body: list('ehr-referrals', [referral], 'referral_uid') };
    if (url.pathname.endsWith('/ehr-referrals/e-1/status') && init?.method === 'PUT') {
      const { status, status_reason } = JSON.parse(String(init.body)).data.attributes;
      referral = { ...referral, status, status_label: 'Rejected', status_reason, next_statuses: [], status_changed_at: '2026-12-01T09:00:00Z' };
      return { body: { data: { type: 'ehr-referrals', id: 'e-1', attributes: referral } } };
    }
    return rest(url, init);
  };
}

describe('<care-patient-outbound-referrals> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-patient-outbound-referrals').forEach((el) => el.remove());
    $toasts.set([]);
  });

  function mount(): ShadowRoot {
    const el = document.createElement('care-patient-outbound-referrals');
    el.setAttribute('api-base', API);
    el.setAttribute('token', 't0k');
    el.setAttribute('patient-id', PATIENT);
    document.body.append(el);
    return el.shadowRoot!;
  }

  it('status badges: success for Enrolled, danger for Declined, warning otherwise, each with the time of the status', async () => {
    restore = fakeFetch(server()).restore;
    const root = mount();
    const badges = await waitFor(() => (root.querySelectorAll('tbody .status-badge').length === 3 ? [...root.querySelectorAll('tbody .status-badge')] : null), { message: 'badges' });
    deepEqual(badges.map((b) => [text(b), b.getAttribute('data-variant')]), [['Enrolled', 'success'], ['Declined', 'danger'], ['Scheduled', 'warning']]);
    ok(text(root.querySelector('tbody tr')).includes('11/24/2026'), text(root.querySelector('tbody tr')));
    ok(text(root.querySelector('tbody tr')).includes('Careweave Division'));
    equal(text(root.querySelector('.section-head a')), 'Add Referral');
    // The other divisions' list loads on its own: its frame shows while it loads, and leaves once it answers nothing.
    await waitFor(() => (root.querySelector('.received-referrals') === null ? true : null), { message: 'nothing received: no section' });
  });

  it('lists what other divisions referred this patient for', async () => {
    restore = fakeFetch(server(undefined, [{ outbound_referral_uid: 'x-1', event_date: '2026-11-21', provider_role_name: 'Pediatrician', status_label: 'Pending', status_changed_at: '2026-11-21T10:00:00Z', priority_label: 'Urgent', from_division_name: 'Summit County Care' }])).restore;
    const root = mount();
    // The section's rows, not only its frame: the heading may show while its list still loads.
    const section = await waitFor(() => (root.querySelector('.received-referrals tbody td') ? root.querySelector('.received-referrals') : null), { message: 'received' });
    equal(text(section.querySelector('h3')), 'Referrals From Other Divisions');
    const cells = [...section.querySelectorAll('tbody td')];
    deepEqual(cells.slice(0, 4).map((td) => text(td)), ['11/21/2026', 'Summit County Care', 'Pediatrician', 'Urgent']);
    equal(text(cells[4].querySelector('.status-badge')), 'Pending');
    ok(text(cells[4].querySelector('.status-time')).startsWith('11/21/2026'));
    equal(section.querySelector('.status-badge')?.getAttribute('data-variant'), 'warning');
  });

  it('Reject on an EHR referral asks for a reason from the list, sends it, and shows the referral rejected with it', async () => {
    const fetched = fakeFetch(withEhrReferral());
    restore = fetched.restore;
    const root = mount();
    const card = await waitFor(() => (root.querySelector('.ehr-referrals tbody td') ? root.querySelector<HTMLElement>('.ehr-referrals')! : null), { message: 'the EHR referrals' });
    ok(text(card).includes('Food insecurity (SNOMED CT 733423003)'), text(card));
    [...card.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Reject')!.click();
    const dialog = await waitFor(() => card.querySelector<HTMLElement>('sl-dialog[label="Reject Referral"]'), { message: 'the Reject dialog' });
    ok(text(dialog).includes('Riverside EHR sees this answer on its referral.'));
    const reject = () => [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Reject')!.click();
    reject();
    await waitFor(() => text(dialog.querySelector('[data-field="statusReason"] .field-error')), { message: 'the reason is required' });
    equal(text(dialog.querySelector('[data-field="statusReason"] .field-error')), 'Reason is required');
    equal(fetched.calls.filter((c) => c.init?.method === 'PUT').length, 0, 'nothing sent without a reason');

    deepEqual([...byLabel<HTMLSelectElement>(dialog, 'Reason').options].map((o) => o.text).slice(0, 3), ['Choose one', 'Not eligible for the program', 'No capacity to take the referral']);
    selectOption(byLabel<HTMLSelectElement>(dialog, 'Reason'), 'out-of-area');
    reject();
    const put = await waitFor(() => fetched.calls.find((c) => c.init?.method === 'PUT'), { message: 'PUT' });
    ok(put.url.pathname.endsWith('/ehr-referrals/e-1/status'));
    deepEqual(JSON.parse(String(put.init!.body)).data, { type: 'ehr-referrals', id: 'e-1', attributes: { status: 'rejected', status_reason: 'out-of-area' } });
    await waitFor(() => $toasts.get().some((t) => t.message === 'Referral rejected'), { message: 'toast' });
    const badge = await waitFor(() => (text(card.querySelector('.referral-status .status-badge')) === 'Rejected' ? card.querySelector('.referral-status')! : null), { message: 'shown rejected' });
    equal(badge.querySelector('.status-badge')?.getAttribute('data-variant'), 'danger');
    equal(text(badge.querySelector('.note-text')), 'Outside the service area');
    equal(card.querySelector('sl-button'), null, 'nothing more to answer');
    await waitFor(() => (card.querySelector('sl-dialog') ? null : true), { message: 'the dialog closed' });
  });
});
