import { ApiClient } from '../../shared/api/client';
import { $translations, loadTranslations, patientLabel, searchPatientsLabel } from '../../shared/i18n';
import { WidgetProvider } from '../../shared/widget/widget-context';
import { AddPatient } from '../../widgets/add-patient/add-patient.component';
import { RecentPatients } from '../../widgets/kit/recent-patients';
import { PatientList } from '../../widgets/patient-list/patient-list.component';
import { PatientHeader, PatientHeaderWidget } from '../../widgets/patient-record/patient-header.component';
import type { RecordPatient } from '../../widgets/patient-record/patient-record.resource';
import { QuickSearch } from '../../widgets/patient-search/quick-search.component';
import { QueueCard } from '../../widgets/queue/queue.component';
import { QueuePage } from '../../widgets/queue/queue-page.component';
import { deepEqual, equal, ok } from './support/assert';
import { cleanup, render, text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

/**
 * Spec 000: patients are "also called individuals or clients; the label can
 * be changed by translation" (`GET translations`). A division whose strings
 * say `patient: Client` (the server serves them for the current division)
 * sees "Client" wherever a label names a patient.
 */

const API = 'http://api.test/api';
const NAVIGATOR = { data: { type: 'session', id: 's', attributes: { flags: { hasAppNavigator: true, twoOh: true } } } };
const CLIENT_DIVISION = { data: { type: 'translations', id: 'en-US', attributes: { lang: 'en-US', strings: { patient: 'Client', patients: 'Patients', search_patients: 'Search Patients' } } } };

const mount = (node: React.ReactNode) => render(<WidgetProvider apiBase={API} token="t0k">{node}</WidgetProvider>);
const list = (rows: Record<string, unknown>[], id: string) => ({ data: rows.map((r) => ({ type: 'x', id: String(r[id]), attributes: r })), meta: { total: rows.length } });

const queueDoc = {
  data: {
    type: 'queue',
    id: 'q1',
    attributes: {
      queue_label: 'Active Patients',
      count: 1,
      child_queues: [{ id: 'q2', queue_label: 'New patients this week', count: 3 }],
      queue_list_view_column_map: [
        { column_name: 'patient_uid', display_header: 'Patient Id', is_hidden: true },
        { column_name: 'last_name', display_header: 'Patient Last Name', is_hidden: false },
      ],
      data: [{ patient_uid: 'p-1', last_name: 'Lovelace' }],
    },
  },
  meta: { total: 1, page: 1, page_size: 5 },
};

/** A fake server for a division that calls patients clients. */
function server(url: URL) {
  const path = url.pathname.replace('/api/', '');
  if (path === 'translations') return { body: CLIENT_DIVISION };
  if (path === 'session/current') return { body: NAVIGATOR };
  if (path.startsWith('queues/')) return { body: queueDoc };
  if (path.startsWith('data/reference/')) return { body: list([], 'uid') };
  if (path === 'data/public/patient-list') return { body: list([], 'patient_uid') };
  if (path === 'data/public/list_view_cs_recent_patients') return { body: list([], 'patient_uid') };
  return { status: 404, body: { errors: [{ message: 'Not found' }] } };
}

const patient: RecordPatient = {
  patientUid: 'p-1', divisionUid: 'd-1', firstName: 'Ada', middleName: null, lastName: 'Lovelace', birthDate: '1990-12-10', genderUid: null, genderLabel: null,
  genderIdentityUid: null, genderIdentityLabel: null, preferredPhone: null, mobilePhone: null, homePhone: null, workPhone: null, phone: null, restrictedFlag: '0', note: null,
  userCanSeeRestrictedCase: true, summaryPatient: { patientEpisodeUid: 'e-1', episodeStatusUid: null, episodeStatusLabel: 'Active' }, agencyLegalStatus: null,
};

describe('the patient word, as the division translates it', () => {
  let restore: () => void = () => undefined;
  beforeEach(async () => {
    const fake = fakeFetch(server);
    restore = fake.restore;
    await loadTranslations(new ApiClient({ apiBase: API, token: 't0k' }));
    equal($translations.get().patient, 'Client');
  });
  afterEach(() => {
    restore();
    cleanup();
    $translations.set({});
  });

  it('patientLabel: every form and case of the word, nothing that only contains it', () => {
    equal(patientLabel('Add Patient'), 'Add Client');
    equal(patientLabel('Active Patients'), 'Active Clients');
    equal(patientLabel('No patients'), 'No clients');
    equal(patientLabel('This patient does not exist'), 'This client does not exist');
    equal(patientLabel('outpatient visits, patient_uid, Patients'), 'outpatient visits, patient_uid, Clients');
    equal(patientLabel('Add Patient', {}), 'Add Patient');
    equal(patientLabel('Patients', { patient: 'Individual', patients: 'People Served' }), 'People Served');
    equal(searchPatientsLabel(), 'Search Clients');
    equal(searchPatientsLabel({ searchPatients: 'Find a Client' }), 'Find a Client');
  });

  it('home queues: the card title and its column headers; the queue page and its child queues', async () => {
    const card = mount(<QueueCard queueId="q1" />);
    await waitFor(() => text(card.querySelector('h2')) === 'Active Clients (1)', { message: 'the card title' });
    deepEqual([...card.querySelectorAll('th')].map((th) => text(th)).filter(Boolean), ['Client Last Name']);
    cleanup();
    const page = mount(<QueuePage queueId="q1" />);
    await waitFor(() => text(page.querySelector('h1')) === 'Active Clients', { message: 'the page title' });
    equal(text(page.querySelector('nav[aria-label="Child queues"] a')), 'New clients this week 3');
  });

  it('Add Patient: the heading, the section and the button', async () => {
    const root = mount(<AddPatient />);
    await waitFor(() => root.querySelector('form legend'), { message: 'the form' });
    equal(text(root.querySelector('h1')), 'Add Client');
    equal(text(root.querySelector('legend')), 'Client');
    deepEqual([...root.querySelectorAll('sl-button')].map((b) => text(b)), ['Cancel', 'Add Client']);
  });

  it('the patient list: its heading and Add Patient', async () => {
    const root = mount(<PatientList />);
    await waitFor(() => root.querySelector('.add-action'), { message: 'Add Client' });
    equal(text(root.querySelector('h1')), 'Clients');
    equal(text(root.querySelector('.add-action')), 'Add Client');
  });

  it('the record header: its actions and its load error', async () => {
    const root = mount(<PatientHeader patient={patient} />);
    const actions = await waitFor(() => root.querySelector('sl-button[slot="trigger"]'), { message: 'the actions' });
    equal(actions.getAttribute('aria-label'), 'Client actions');
    cleanup();
    const missing = mount(<PatientHeaderWidget patientId="gone" />);
    await waitFor(() => text(missing.querySelector('[role="alert"]')) === 'Client not found', { message: 'the load error' });
  });

  it('search: the quick search and the recent list', async () => {
    const quick = mount(<QuickSearch />);
    const input = await waitFor(() => quick.querySelector('input'), { message: 'the quick search' });
    equal(input.getAttribute('placeholder'), 'Search Clients');
    equal(text(quick.querySelector(`label[for="${input.id}"]`)), 'Search Clients');
    cleanup();
    const recent = mount(<RecentPatients onOpen={() => undefined} />);
    await waitFor(() => text(recent).includes('No recent clients'), { message: 'the empty recent list' });
    equal(text(recent.querySelector('h2')), 'Recent Clients');
  });
});
