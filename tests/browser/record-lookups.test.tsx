import { UNKNOWN_FACILITY } from '../../shared/constants';
import { WidgetProvider } from '../../shared/widget/widget-context';
import { AdmissionForm } from '../../widgets/admissions/admission-form.component';
import { CustodialAgency } from '../../widgets/identity-record/primary-contacts.component';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, cleanup, render, text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

/**
 * Spec 001 section 8's lookups that can find nothing: a facility a record
 * names that cannot be resolved ('Uknown Facility') and the agency lookup
 * ('No data found for agency_id: {id}'), each shown where the widget looks it up.
 */

const API = 'http://api.test/api';
const PATIENT = 'pat-1';
const mount = (node: React.ReactNode) => render(<WidgetProvider apiBase={API} token="t0k">{node}</WidgetProvider>);
const list = (rows: Record<string, unknown>[], id: string) => ({ data: rows.map((r) => ({ type: 'x', id: String(r[id]), attributes: r })), meta: { total: rows.length } });
const notFound = (message: string) => ({ status: 404, body: { errors: [{ message }] } });

describe('a record whose facility is no longer offered', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  /** The admission A-1 names facility `facilityUid`; the organisation offers only Mercy; `lookup` answers the facility by id. */
  function server(facilityUid: string, lookup: (id: string) => { status?: number; body?: unknown }) {
    return (url: URL) => {
      const path = url.pathname.replace('/api/', '');
      if (path === 'admissions/A-1')
        return { body: { data: { type: 'admissions', id: 'A-1', attributes: { admission_uid: 'A-1', patient_uid: PATIENT, event_date: '2026-01-02', discharge_date: null, status_uid: 'S-1', status_label: 'Admitted', facility_uid: facilityUid, facility_name: null, comments: null, note: null } } } };
      if (path === 'data/reference/reference-status') return { body: list([{ uid: 'S-1', name: 'admitted', label: 'Admitted', ref_data_type: 'Admission' }], 'uid') };
      if (path === 'data/public/facility') return { body: list([{ facility_uid: 'F-1', facility_name: 'Mercy Hospital' }], 'facility_uid') };
      const one = /^data\/public\/facility\/(.+)$/.exec(path);
      if (one) return lookup(decodeURIComponent(one[1]));
      return notFound('Not found');
    };
  }

  it("keeps a facility the organisation no longer offers under its own name", async () => {
    const fake = fakeFetch(server('F-old', (id) => ({ body: { data: { type: 'facility', id, attributes: { facility_uid: id, facility_name: 'Old Riverside Clinic' } } } })));
    restore = fake.restore;
    const root = mount(<AdmissionForm patientId={PATIENT} params={{ admissionId: 'A-1' }} />);
    const select = await waitFor(() => root.querySelector<HTMLSelectElement>('select[name="facilityUid"]'), { message: 'the facility field' });
    equal(select.value, 'F-old');
    equal(select.selectedOptions[0].text, 'Old Riverside Clinic');
    ok(fake.calls.some((c) => c.url.pathname.endsWith('/data/public/facility/F-old')), 'looked up by id');
  });

  it("shows 'Uknown Facility' for one that cannot be resolved (the server's 404), still the admission's choice", async () => {
    restore = fakeFetch(server('F-gone', () => notFound(UNKNOWN_FACILITY))).restore;
    const root = mount(<AdmissionForm patientId={PATIENT} params={{ admissionId: 'A-1' }} />);
    const select = await waitFor(() => root.querySelector<HTMLSelectElement>('select[name="facilityUid"]'), { message: 'the facility field' });
    equal(select, byLabel<HTMLSelectElement>(root, 'Facility'));
    equal(select.value, 'F-gone');
    equal(select.selectedOptions[0].text, 'Uknown Facility');
    deepEqual([...select.options].map((o) => o.text), ['None', 'Mercy Hospital', 'Uknown Facility']);
  });

  it('a new admission asks for no facility by id', async () => {
    const fake = fakeFetch(server('unused', () => notFound(UNKNOWN_FACILITY)));
    restore = fake.restore;
    const root = mount(<AdmissionForm patientId={PATIENT} params={{}} />);
    const select = await waitFor(() => root.querySelector<HTMLSelectElement>('select[name="facilityUid"]'), { message: 'the facility field' });
    deepEqual([...select.options].map((o) => o.text), ['None', 'Mercy Hospital']);
    ok(!fake.calls.some((c) => /\/data\/public\/facility\/./.test(c.url.pathname)), 'no lookup');
  });
});

describe("the agency of the child's custody (Primary Contacts)", () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  function server(agency: (id: string) => { status?: number; body?: unknown }, custody = [{ episode_id: 'E-1', county: 'Franklin', legal_status: 'Temporary Custody', start_date: '2024-01-01', end_date: null }]) {
    return (url: URL) => {
      if (url.pathname.endsWith('/list-view-cs-tbl-custody-history')) return { body: list(custody, 'episode_id') };
      const one = /\/tbl-source-agency\/(.+)$/.exec(url.pathname);
      if (one) return agency(decodeURIComponent(one[1]));
      return notFound('Not found');
    };
  }

  it('looks the agency up by its id (the county of the current custody) and names it', async () => {
    const fake = fakeFetch(server((id) => ({ body: { data: { type: 'tbl-source-agency', id, attributes: { agency_county: id, agency_name: `${id} County Children Services` } } } })));
    restore = fake.restore;
    const root = mount(<CustodialAgency patientId={PATIENT} />);
    await waitFor(() => text(root).includes('Franklin County Children Services (Franklin County)'), { message: 'the agency' });
    const custody = fake.calls.find((c) => c.url.pathname.endsWith('/list-view-cs-tbl-custody-history'))!.url.searchParams;
    equal(custody.get('end_date'), 'null');
    equal(custody.get('patient_uid'), PATIENT);
  });

  it("an agency the division's extract does not have: 'No data found for agency_id: {id}'", async () => {
    restore = fakeFetch(server((id) => notFound(`No data found for agency_id: ${id}`))).restore;
    const root = mount(<CustodialAgency patientId={PATIENT} />);
    await waitFor(() => text(root) === 'No data found for agency_id: Franklin', { message: 'the lookup’s text' });
  });

  it('no current custody: no agency line; a failed lookup: an error', async () => {
    restore = fakeFetch(server(() => ({ status: 500, body: { errors: [{ message: 'boom' }] } }), [])).restore;
    const root = mount(<CustodialAgency patientId={PATIENT} />);
    await waitFor(() => root.querySelector('.care-root') && !root.querySelector('[role="status"][aria-busy]') && text(root) === '', { message: 'nothing shown' });
    cleanup();
    restore();
    restore = fakeFetch(server(() => ({ status: 500, body: { errors: [{ message: 'boom' }] } }))).restore;
    const failed = mount(<CustodialAgency patientId={PATIENT} />);
    await waitFor(() => text(failed.querySelector('[role="alert"]')) === 'The agency could not be looked up.', { message: 'the error state' });
  });
});
