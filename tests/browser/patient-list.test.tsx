import '../../widgets/patient-list/patient-list.element';
import { $toasts } from '../../widgets/kit/toasts';
import { CLIENTS_EMPTY } from '../../widgets/patient-list/patient-list.component';
import { equal, ok } from './support/assert';
import { text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { mountElement } from './support/element';

const session = (flags: Record<string, boolean>) => ({ data: { type: 'session', id: 's', attributes: { display_name: 'Nora Navigator', flags } } });
const ROW = { patient_uid: 'pat-1', last_name: 'Lovelace', first_name: 'Ada', birth_date: '2010-12-10', gender_label: 'Female', episode_status_label: 'Active', referral_date: null, referral_source_label: null };

function serve(flags: Record<string, boolean>, list: () => { status?: number; body?: unknown }) {
  return fakeFetch((url) => (url.pathname.endsWith('/session/current') ? { body: session(flags) } : url.pathname.endsWith('/data/public/patient-list') ? list() : { status: 404, body: {} }));
}

const mount = () => mountElement('care-patient-list', { 'api-base': 'http://api.test/api', token: 't0k' });

describe('<care-patient-list> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-patient-list').forEach((el) => el.remove());
    $toasts.set([]);
    localStorage.clear();
  });

  it('lists the division\'s patients from the data view; a row asks to open /patients/{id}', async () => {
    const server = serve({ hasAppNavigator: true }, () => ({ body: { data: [{ type: 'patient-list', id: 'pat-1', attributes: ROW }], meta: { total: 1 } } }));
    restore = server.restore;
    const el = mount();
    const root = el.shadowRoot!;
    const row = await waitFor(() => root.querySelector<HTMLTableRowElement>('tbody tr.clickable'), { message: 'a row' });
    equal([...root.querySelectorAll('thead th')].map((th) => text(th)).join(','), 'Last Name,First Name,Date of Birth,Sex,Episode Status,Referral Date,Referral Source');
    equal(text(row), 'LovelaceAda12/10/2010FemaleActive');
    const query = server.calls.find((c) => c.url.pathname.endsWith('/patient-list'))!.url.searchParams;
    equal(query.get('page'), '1');
    equal(query.get('page-size'), '10');
    let path = '';
    el.addEventListener('care-navigate', (e) => {
      path = (e as CustomEvent<{ path: string }>).detail.path;
      e.preventDefault();
    });
    row.click();
    equal(path, '/patients/pat-1');
    // Every "Add ..." is the kit's AddAction (issue 32 §5): a link with the one look.
    const add = root.querySelector<HTMLAnchorElement>('a.add-action')!;
    equal(text(add), 'Add Patient', 'a mode that may add patients gets Add Patient');
    equal(add.getAttribute('href'), '/patients/add');
  });

  it('"No Clients" (spec 002 section 8) when the division has none; the error state when the list fails', async () => {
    let fail = false;
    restore = serve({ hasAppCommunity: true }, () => (fail ? { status: 500, body: { errors: [{ message: 'boom' }] } } : { body: { data: [], meta: { total: 0 } } })).restore;
    const el = mount();
    await waitFor(() => text(el.shadowRoot!.querySelector('.load-state-empty')) === CLIENTS_EMPTY, { message: 'empty text' });
    equal(CLIENTS_EMPTY, 'No Clients');
    el.remove();
    fail = true;
    const again = mount();
    await waitFor(() => text(again.shadowRoot!.querySelector('[role="alert"]')) === 'Oops, something went wrong!', { message: 'error state' });
  });

  it('identity users get the welcome, how to search and the search form, and no list call', async () => {
    const server = serve({ hasAppIdentity: true, hasAppNavigator: true }, () => ({ body: { data: [], meta: { total: 0 } } }));
    restore = server.restore;
    const el = mount();
    const welcome = await waitFor(() => el.shadowRoot!.querySelector('.patient-list-welcome'), { message: 'welcome' });
    ok(text(welcome).startsWith('Welcome'), text(welcome));
    ok(text(welcome).includes('SACWIS person ID'));
    ok(!server.calls.some((c) => c.url.pathname.endsWith('/patient-list')));
    ok(![...el.shadowRoot!.querySelectorAll('.add-action')].some((b) => text(b) === 'Add Patient'), 'no Add Patient for identity users');
    await waitFor(() => el.shadowRoot!.querySelector('form[aria-label="Search for a child"]'), { message: 'the identity search form' });
  });
});
