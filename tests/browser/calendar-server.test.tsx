import dayjs from 'dayjs';
import { resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../widgets/calendar/calendar.element';
import { nowMs, resetClock, setClock } from '../../shared/clock';
import { deepEqual, equal, ok } from './support/assert';
import { calendarEvents, calendarTitle, ignoreResizeObserverLoop, settled, shownCount } from './support/calendar';
import { byLabel, selectOption, text, waitFor } from './support/dom';

const url = __CAREWEAVE_URL__;

async function login(userName: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: userName, password: 'careweave-demo' }) });
  if (!response.ok) throw new Error(`login ${userName}: HTTP ${response.status}`);
  return (await response.json()).data.attributes.token;
}

/** How many events the server has for the navigator in [start, end), through the same views the widget reads. */
async function serverCount(token: string, start: Date, end: Date, extra: Record<string, string> = {}): Promise<number> {
  let total = 0;
  for (const view of ['nav-list-view-appointment', 'nav-list-view-medical-event']) {
    const qs = new URLSearchParams({ 'all-data': '1', 'event_date__>>=': start.toISOString(), 'event_date__<=': end.toISOString(), ...extra });
    for (const s of ['scheduled', 'requested', 'pending pre-auth', 'completed']) qs.append('status_name', s);
    const response = await fetch(`${url}/api/data/public/${view}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status === 403) continue;
    total += (await response.json()).meta.total;
  }
  return total;
}

/** The month grid's first and last day, as FullCalendar asks for them (local midnights, end exclusive). */
function gridRange(root: ShadowRoot): { start: Date; end: Date } {
  const cells = [...root.querySelectorAll('[role="cell"][data-date]')].map((c) => c.getAttribute('data-date')!);
  return { start: dayjs(cells[0]).toDate(), end: dayjs(cells[cells.length - 1]).add(1, 'day').toDate() };
}

const DETAILS: Record<string, RegExp> = {
  appointment: /^\/patients\/[0-9a-f-]{36}\/appointments\/[0-9a-f-]{36}\/details$/,
  medical_event: /^\/patients\/[0-9a-f-]{36}\/medical-events\/(drug_overdose|survivor_interaction|other_interaction|treatment_referral)\/[0-9a-f-]{36}\/details$|^\/patients\/[0-9a-f-]{36}\/medical-events\/cit\/[0-9a-f-]{36}\/cit-details$/,
  procedure: /^\/patients\/[0-9a-f-]{36}\/procedures\/[0-9a-f-]{36}\/details$/,
  surgery: /^\/patients\/[0-9a-f-]{36}\/surgeries\/[0-9a-f-]{36}\/details$/,
  testing: /^\/patients\/[0-9a-f-]{36}\/tests\/[0-9a-f-]{36}\/details$/,
};

describe('<care-calendar> against the real server', function () {
  let token = '';

  before(async function () {
    if (!url) this.skip();
    ignoreResizeObserverLoop();
    // Tall enough for the whole month: a real click needs its spot on screen.
    await setViewport({ width: 1280, height: 1400 });
    token = await login('navigator');
  });

  afterEach(async () => {
    document.querySelectorAll('care-calendar').forEach((el) => el.remove());
    resetClock();
    await resetMouse();
  });

  async function mount(attributes: Record<string, string>, as = token): Promise<ShadowRoot> {
    const element = document.createElement('care-calendar');
    element.setAttribute('api-base', `${url}/api`);
    element.setAttribute('token', as);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    await waitFor(() => element.shadowRoot?.querySelector('.calendar-view'), { timeout: 10000, message: 'the calendar' });
    await settled(element.shadowRoot!);
    return element.shadowRoot!;
  }

  const navigations = (root: ShadowRoot) => {
    const paths: string[] = [];
    root.host.addEventListener('care-navigate', (e) => paths.push((e as CustomEvent<{ path: string }>).detail.path));
    return paths;
  };

  it("opens in month view on this month and shows every event of the grid's range", async () => {
    const root = await mount({ variant: 'page' });
    equal(calendarTitle(root), dayjs(nowMs()).format('MMMM YYYY'));
    const tab = [...root.querySelectorAll('[role="tab"]')].find((t) => t.getAttribute('aria-selected') === 'true');
    equal(text(tab), 'Month');
    deepEqual([...root.querySelectorAll('[role="tab"]')].map((t) => text(t)), ['Day', 'Week', 'Month', 'List Week']);
    const { start, end } = gridRange(root);
    const expected = await serverCount(token, start, end);
    ok(expected > 20, `the seed fills this month (${expected})`);
    await waitFor(() => shownCount(root) === expected, { message: `${expected} events shown, got ${shownCount(root)}` });
    ok(!text(root).includes('No events found!'));
  });

  it('clicking a date opens its day view', async () => {
    // A quiet month, so the click lands on the day and not on one of its events.
    const root = await mount({ variant: 'page', 'start-date': '2001-01-01' });
    const day = '2001-01-17';
    const cell = root.querySelector<HTMLElement>(`[role="cell"][data-date="${day}"]`)!;
    const box = cell.getBoundingClientRect();
    const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    const target = root.elementFromPoint(at.clientX, at.clientY) as HTMLElement;
    ok(cell.contains(target), 'the spot is inside the cell');
    await sendMouse({ type: 'click', position: [Math.round(at.clientX), Math.round(at.clientY)] });
    await waitFor(() => calendarTitle(root) === dayjs(day).format('MMMM D, YYYY'), { message: `day view title, got "${calendarTitle(root)}"` });
    const tab = [...root.querySelectorAll('[role="tab"]')].find((t) => t.getAttribute('aria-selected') === 'true');
    equal(text(tab), 'Day');
  });

  it('clicking an event emits care-navigate to its details page, for each type; the type filter narrows', async () => {
    const root = await mount({ variant: 'page' });
    const paths = navigations(root);
    const select = byLabel<HTMLSelectElement>(root, 'Event Type');
    deepEqual([...select.options].map((o) => o.text), ['All', 'Appointment', 'Medical Event', 'Procedure', 'Surgery', 'Testing']);
    for (const type of Object.keys(DETAILS)) {
      selectOption(select, type);
      await waitFor(() => calendarEvents(root).length > 0 && calendarEvents(root).every((e) => e.classList.contains(`care-event-${type}`)), { message: `only ${type} events` });
      calendarEvents(root)[0].click();
      await waitFor(() => paths.length > 0, { message: `care-navigate from a ${type}` });
      ok(DETAILS[type].test(paths[0]), `${type}: ${paths[0]}`);
      paths.length = 0;
    }
  });

  it('provider and facility filters narrow the events to what the server holds for them', async () => {
    const root = await mount({ variant: 'page' });
    const { start, end } = gridRange(root);
    const all = shownCount(root);
    const provider = byLabel<HTMLSelectElement>(root, 'Provider');
    equal(provider.options[0].text, 'All');
    const ortiz = [...provider.options].find((o) => o.text === 'Dr. Elena Ortiz')!;
    selectOption(provider, ortiz.value);
    const byProvider = await serverCount(token, start, end, { provider_uid: ortiz.value });
    ok(byProvider > 0 && byProvider < all, `${byProvider} of ${all}`);
    await waitFor(() => shownCount(root) === byProvider, { message: `${byProvider} events of the provider, got ${shownCount(root)}` });

    const facility = byLabel<HTMLSelectElement>(root, 'Facility');
    const clinic = [...facility.options].find((o) => o.text === 'Riverside General Hospital')!;
    selectOption(facility, clinic.value);
    const both = await serverCount(token, start, end, { provider_uid: ortiz.value, facility_uid: clinic.value });
    ok(both < byProvider);
    await waitFor(() => shownCount(root) === both, { message: `${both} events of provider and facility, got ${shownCount(root)}` });

    selectOption(provider, '');
    selectOption(facility, '');
    await waitFor(() => shownCount(root) === all, { message: 'back to all' });
  });

  it('"No events found!" when the range has none; start-date opens that month', async () => {
    const root = await mount({ variant: 'page', 'start-date': '2001-01-15' });
    equal(calendarTitle(root), 'January 2001');
    await waitFor(() => text(root).includes('No events found!'), { message: 'the empty text' });
    equal(calendarEvents(root).length, 0);
  });

  it('a user without the calendar flags is offered no event type (and sees no events)', async () => {
    const root = await mount({ variant: 'page' }, await login('community'));
    const select = byLabel<HTMLSelectElement>(root, 'Event Type');
    deepEqual([...select.options].map((o) => o.text), ['All']);
    await waitFor(() => text(root).includes('No events found!'), { message: 'the empty text' });
  });

  it('the card links to the full calendar at the date it shows', async () => {
    setClock(new Date(2026, 10, 30, 12));
    const root = await mount({});
    ok(root.querySelector('.calendar-card'));
    equal(text(root.querySelector('h2')), 'Calendar');
    const paths = navigations(root);
    const link = [...root.querySelectorAll('a')].find((a) => text(a) === 'View full calendar')!;
    link.click();
    equal(paths[0], '/home/calendar?startDate=2026-11-30');
    root.querySelector<HTMLButtonElement>('button[aria-label="Next Month"]')!.click();
    await waitFor(() => calendarTitle(root) === 'December 2026', { message: 'next month' });
    await waitFor(() => link.getAttribute('href') === '/home/calendar?startDate=2026-12-01', { message: `link follows, got ${link.getAttribute('href')}` });
  });
});
