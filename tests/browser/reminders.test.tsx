import '../../widgets/reminders/reminders.element';
import '../../widgets/reminders/reminder-form.element';
import { $toasts } from '../../widgets/kit/toasts';
import { EMPTY_MINE, EMPTY_UNASSIGNED } from '../../widgets/reminders/reminders.component';
import { equal, ok } from './support/assert';
import { byLabel, text, typeInto, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';
import { mountElement } from './support/element';

const ME = { data: { type: 'reminder-assignee', id: 'u1', attributes: { user_uid: 'u1', org_uid: 'o1', provider_uid: 'p1' } } };
const NAVIGATORS = { data: [{ type: 'providers', id: 'p1', attributes: { provider_uid: 'p1', display_name: 'Nora Navigator', user_uid: 'u1', provider_role_label: 'Navigator' } }], meta: { total: 1 } };

/** The calls the reminder widgets make before any list: who I am and whom I may assign to. */
function assignees(url: URL) {
  if (url.pathname.endsWith('/reminders/me')) return { body: ME };
  if (url.pathname.endsWith('/providers/mv')) return { body: NAVIGATORS };
  return null;
}

const mount = (tag: string, attributes: Record<string, string> = {}) => mountElement(tag, { 'api-base': 'http://api.test/api', token: 't0k', ...attributes });

describe('reminder widgets (stubbed server)', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    document.querySelectorAll('care-reminders, care-reminder-form').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it('card: skeleton while loading, then the spec’s empty texts; asks for today, mine and unassigned, unread', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = fakeFetch(async (url) => assignees(url) ?? (await gate, { body: { data: [], meta: { total: 0 } } }));
    restore = server.restore;
    const el = mount('care-reminders');
    await waitFor(() => el.shadowRoot!.querySelector('sl-skeleton'), { message: 'skeleton' });
    release();
    await waitFor(() => text(el.shadowRoot!).includes(EMPTY_MINE) && text(el.shadowRoot!).includes(EMPTY_UNASSIGNED), { message: 'empty texts' });
    equal(EMPTY_MINE, 'No reminders assigned to you for today');
    equal(EMPTY_UNASSIGNED, 'No unassigned reminders for today');
    const lists = server.calls.filter((c) => c.url.pathname.endsWith('/home-page-notifications-view')).map((c) => c.url.searchParams);
    equal(lists.length, 2);
    equal(lists.map((q) => q.get('target_uid')).sort().join(','), 'null,p1');
    for (const q of lists) {
      equal(q.get('is_read'), 'false');
      equal(q.get('sort'), '-reminder_date');
      ok(q.get('reminder_date__>>=')! < q.get('reminder_date__<=')!, 'a date range');
      equal(new Date(q.get('reminder_date__>>=')!).getHours(), 0, 'from the start of the local day');
    }
    const providers = server.calls.find((c) => c.url.pathname.endsWith('/providers/mv'))!.url.searchParams;
    equal(providers.toString(), 'limit=9999&org_users_only=true&organization-id=o1&role_type=Navigator');
  });

  it('card: a failed load shows the error state', async () => {
    restore = fakeFetch((url) => assignees(url) ?? { status: 500, body: { errors: [{ message: 'boom' }] } }).restore;
    const el = mount('care-reminders');
    await waitFor(() => text(el.shadowRoot!.querySelector('[role="alert"]')) === 'Oops, something went wrong!', { message: 'error state' });
  });

  it('form: server field errors land on the fields ("Required" as "is required"), others in the summary', async () => {
    const refusal = { status: 422, body: { errors: [{ field: 'data.attributes.note', message: 'Required' }, { field: 'data.relationships', message: 'Required' }, { message: 'Please try later' }] } };
    const patients = { body: { data: [{ type: 'summary-patients', id: 'pat-1', attributes: { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10' } }] } };
    // A navigator: the picker searches with summary-patients (community users search their patient list).
    const navigator = { body: { data: { type: 'session', id: 's', attributes: { flags: { hasAppNavigator: true } } } } };
    const server = fakeFetch((url) => assignees(url) ?? (url.pathname.endsWith('/summary-patients') ? patients : url.pathname.endsWith('/session/current') ? navigator : refusal));
    restore = server.restore;
    const el = mount('care-reminder-form');
    const root = el.shadowRoot!;
    await waitFor(() => root.querySelector('form'), { message: 'form' });
    // Pass the browser-side checks, so what shows is the server's answer.
    typeInto(byLabel(root, 'Patient'), 'Lov');
    const option = await waitFor(() => root.querySelector<HTMLButtonElement>('.patient-options button'), { timeout: 4000, message: 'search results' });
    equal(text(option), 'Lovelace, Ada (12/10/2010)');
    option.click();
    typeInto(byLabel(root, 'Date'), '2030-01-09');
    typeInto(byLabel<HTMLTextAreaElement>(root, 'Note'), 'n');
    ([...root.querySelectorAll('sl-button')].find((b) => text(b) === 'Save') as HTMLElement).click();
    const summary = await waitFor(() => root.querySelector('.error-summary'), { message: 'summary' });
    for (const expected of ['Note is required', 'Patient is required', 'Please try later']) ok(text(summary).includes(expected), `${expected} in ${text(summary)}`);
    const noteError = root.querySelector(`#${CSS.escape(byLabel<HTMLTextAreaElement>(root, 'Note').getAttribute('aria-describedby')!)}`);
    equal(text(noteError), 'Note is required');
    const search = server.calls.find((c) => c.url.pathname.endsWith('/summary-patients'))!.url.searchParams;
    equal(search.toString(), 'q=Lov&sort=lastName&current_division_only=true');
  });
});
