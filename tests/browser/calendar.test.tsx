import '../../widgets/calendar/calendar.element';
import { resetClock, setClock } from '../../shared/clock';
import { deepEqual, equal, ok } from './support/assert';
import { calendarEvents, ignoreResizeObserverLoop } from './support/calendar';
import { fakeFetch } from './support/fake-fetch';
import { byLabel, text, waitFor } from './support/dom';
import { mountElement, shadow } from './support/element';

const API = 'http://api.test/api';
const PATIENT = '11111111-1111-4111-8111-111111111111';
const TODAY = new Date(2026, 10, 30, 12);

function list(rows: Record<string, unknown>[]) {
  return { data: rows.map((r) => ({ type: 'x', id: String(r.id ?? r.provider_uid ?? r.facility_uid), attributes: r })), meta: { total: rows.length, page: 1, page_size: 10000 } };
}

const surgeryToday = {
  id: '22222222-2222-4222-8222-222222222222',
  event_type: 'surgery',
  medical_event_name: null,
  medical_event_label: 'Appendectomy',
  event_date: new Date(2026, 10, 30, 10).toISOString(),
  event_date_no_tz: '2026-01-01T10:00:00',
  all_day: false,
  status_name: 'scheduled',
  status_label: 'Scheduled',
  patient_uid: PATIENT,
  patient_first_name: 'Ada',
  patient_last_name: 'Lovelace',
  provider_uid: null,
  provider_name: null,
  facility_uid: null,
  facility_name: null,
};

/** A server whose user holds only the surgery and testing flags; `events` answers the medical-event view. */
type Answer = { status?: number; body?: unknown };

function server(events: () => Promise<Answer> | Answer = () => ({ body: list([surgeryToday]) }), session: () => Promise<Answer | null> | Answer | null = () => null) {
  return fakeFetch(async (url) => {
    const path = url.pathname.replace('/api/', '');
    if (path === 'session/current') return (await session()) ?? { body: { data: { type: 'session', id: 's', attributes: { flags: { hasAppNavigator: true, calendarSurgery: true, calendarTesting: true } } } } };
    if (path === 'providers/mv') return { body: list([{ provider_uid: 'p1', display_name: 'Dr. Priya Raman' }]) };
    if (path === 'data/public/facility') return { body: list([{ facility_uid: 'f1', facility_name: 'Riverside General Hospital' }]) };
    if (path === 'data/public/nav-list-view-medical-event') return events();
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  });
}

const mount = (attributes: Record<string, string> = {}) => shadow(mountElement('care-calendar', { 'api-base': API, token: 't0k', ...attributes }));

describe('<care-calendar> (stubbed server)', () => {
  let restore: () => void = () => undefined;
  before(ignoreResizeObserverLoop);
  afterEach(() => {
    restore();
    resetClock();
    document.querySelectorAll('care-calendar').forEach((el) => el.remove());
  });

  it('offers only the event types the user has flags for, and asks only their views for the visible range', async () => {
    setClock(TODAY);
    const fake = server();
    restore = fake.restore;
    const root = mount({ variant: 'page' });
    await waitFor(() => root.querySelector('.care-event-surgery'), { timeout: 10000, message: 'the surgery event' });
    deepEqual([...byLabel<HTMLSelectElement>(root, 'Event Type').options].map((o) => o.text), ['All', 'Surgery', 'Testing']);
    deepEqual([...byLabel<HTMLSelectElement>(root, 'Provider').options].map((o) => o.text), ['All', 'Dr. Priya Raman']);
    deepEqual([...byLabel<HTMLSelectElement>(root, 'Facility').options].map((o) => o.text), ['All', 'Riverside General Hospital']);
    equal(byLabel<HTMLSelectElement>(root, 'Event Type').value, '');
    ok(!fake.calls.some((c) => c.url.pathname.endsWith('nav-list-view-appointment')), 'no appointment request without calendarAppointment');
    const call = fake.calls.find((c) => c.url.pathname.endsWith('nav-list-view-medical-event'))!;
    const from = new Date(call.url.searchParams.get('event_date__>>=')!);
    const to = new Date(call.url.searchParams.get('event_date__<=')!);
    ok(to.getTime() - from.getTime() <= 43 * 86_400_000, 'one month grid, not everything');
    ok(from <= TODAY && TODAY <= to);
    deepEqual(call.url.searchParams.getAll('status_name'), ['scheduled', 'requested', 'pending pre-auth', 'completed']);
    equal(call.url.searchParams.get('all-data'), '1');
    equal(text(calendarEvents(root)[0]).includes('Appendectomy: Ada Lovelace (Scheduled)'), true);
    const paths: string[] = [];
    root.host.addEventListener('care-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
    calendarEvents(root)[0].click();
    deepEqual(paths, [`/patients/${PATIENT}/surgeries/${surgeryToday.id}/details`]);
  });

  it('loading, then the error state when the events fail (page and card texts)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fake = server(
      () => ({ status: 500, body: { errors: [{ message: 'boom' }] } }),
      async () => (await gate, null),
    );
    restore = fake.restore;
    const page = mount({ variant: 'page' });
    await waitFor(() => page.querySelector('[aria-label="Loading"]'), { message: 'loading state' });
    release();
    await waitFor(() => text(page.querySelector('[role="alert"]')) === 'Oops, something went wrong!', { timeout: 10000, message: 'page error text' });
    const card = mount();
    await waitFor(() => text(card.querySelector('[role="alert"]')) === 'Error', { timeout: 10000, message: 'compact error text' });
  });

  /**
   * An empty calendar page whose first events call answers at once and every
   * later one waits for `release`; `button` finds a toolbar button by its text or name.
   */
  async function gatedAfterFirstLoad(attributes: Record<string, string> = {}) {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fake = server(async () => {
      if (++calls > 1) await gate;
      return { body: list([]) };
    });
    restore = fake.restore;
    const page = mount({ variant: 'page', ...attributes });
    const button = (pattern: RegExp) => waitFor(() => [...page.querySelectorAll('button')].find((b) => pattern.test(`${text(b)} ${b.getAttribute('aria-label')} ${b.title}`)), { message: `${pattern} button` });
    const says = (words: string) => text(page.querySelector('.calendar-view')).includes(words);
    await waitFor(() => page.querySelector('.calendar-view[aria-busy="false"]'), { timeout: 10000, message: 'first range loaded' });
    return { page, release, button, says };
  }

  it('a spinner lies over the calendar while its events load; it says it is empty only once they are in', async () => {
    const { page, release, button, says } = await gatedAfterFirstLoad();
    await waitFor(() => says('No events found!'), { timeout: 10000, message: 'this month empty' });
    equal(page.querySelector('.calendar-loading'), null, 'no spinner once loaded');
    (await button(/next/i)).click();
    const spinner = await waitFor(() => page.querySelector('.calendar-view .calendar-loading [aria-label="Loading events"]'), { timeout: 10000, message: 'events spinner' });
    ok(page.querySelector('.calendar-view[aria-busy="true"]'), 'busy while loading');
    ok(!says('No events found!'), 'not said to be empty while it loads');
    release();
    await waitFor(() => says('No events found!'), { timeout: 10000, message: 'next month empty' });
    equal(spinner.isConnected, false, 'spinner gone');
  });

  it('the list week holds the spinner in its empty box while the next week loads, then says it is empty', async () => {
    // A fixed day late in January: its month grid ends on 02/07, so three weeks on (02/15) is past it whatever today is.
    const { page, release, button, says } = await gatedAfterFirstLoad({ 'start-date': '2026-01-28' });
    (await button(/List Week/)).click();
    await waitFor(() => says('No events found!'), { timeout: 10000, message: 'this week empty' });
    // Three weeks on: past the days the month grid already fetched.
    for (let i = 0; i < 3; i++) (await button(/next/i)).click();
    await waitFor(() => page.querySelector('.calendar-view[aria-busy="true"] [aria-label="Loading events"]'), { timeout: 10000, message: 'spinner in the list' });
    equal(page.querySelector('.calendar-loading'), null, 'no overlay on the list');
    ok(!says('No events found!'), 'not said to be empty while it loads');
    release();
    await waitFor(() => says('No events found!'), { timeout: 10000, message: 'next week empty' });
    equal(page.querySelector('[aria-label="Loading events"]'), null, 'spinner gone');
  });

  it('the option lists failing is an error state too', async () => {
    const fake = server(undefined, () => ({ status: 500, body: { errors: [{ message: 'boom' }] } }));
    restore = fake.restore;
    const root = mount({ variant: 'page' });
    await waitFor(() => text(root.querySelector('[role="alert"]')) === 'Oops, something went wrong!', { message: 'error state' });
    equal(root.querySelector('select'), null);
  });
});
