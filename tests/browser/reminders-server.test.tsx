import dayjs from 'dayjs';
import '../../widgets/reminders/reminders.element';
import { nowMs } from '../../shared/clock';
import { $toasts } from '../../widgets/kit/toasts';
import { UPDATE_FAILED } from '../../widgets/reminders/reminders.component';
import { equal, ok } from './support/assert';
import { text, waitFor } from './support/dom';
import { createReminder, eventually, reminderRow, signIn, url, visiblePatient, type Api } from './support/reminders-server';
import { mountElement, shadow } from './support/element';

const mount = (api: Api, variant = 'card') => mountElement('care-reminders', { token: api.token, variant });

const itemOf = (el: HTMLElement, note: string) => [...shadow(el).querySelectorAll<HTMLElement>('li.reminder')].find((li) => text(li.querySelector('.reminder-note')) === note);
const listOf = (li: HTMLElement) => text(li.closest('section.reminder-list')!.querySelector('h3'));
const shows = (el: HTMLElement, note: string) => waitFor(() => itemOf(el, note), { timeout: 10000, message: `reminder "${note}"` });
const gone = (el: HTMLElement, note: string) => waitFor(() => !itemOf(el, note), { message: `"${note}" to leave the card` });

function button(li: HTMLElement, label: string): HTMLElement {
  const found = [...li.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === label);
  ok(found, `button ${label}`);
  return found;
}

/** Picks an entry of the reminder's Reassign or Snooze menu, as a click on the menu item does. */
/** Chooses an entry of an item's menu once it is offered (the navigators arrive beside the list, not with it). */
async function pick(li: HTMLElement, menu: 'Reassign' | 'Snooze', entry: string): Promise<void> {
  const dropdown = [...li.querySelectorAll('sl-dropdown')].find((d) => text(d.querySelector('[slot="trigger"]')) === menu)!;
  const item = await waitFor(() => [...dropdown.querySelectorAll<HTMLElement>('sl-menu-item')].find((i) => text(i) === entry), { message: `${menu} → ${entry}` });
  item.click();
}

describe('<care-reminders> card against the real server', function () {
  let api: Api;
  let patient: string;
  let colleague: string;

  before(async function () {
    if (!url) this.skip();
    api = await signIn();
    patient = await visiblePatient(api);
    colleague = api.navigators.find((n) => n.attributes.display_name === 'Dana Director')!.id;
  });
  afterEach(() => {
    document.querySelectorAll('care-reminders').forEach((el) => el.remove());
    $toasts.set([]);
  });

  it("lists today's unread reminders: mine and unassigned, newest first, never read ones", async () => {
    const mine = await createReminder(api, patient, api.me);
    const open = await createReminder(api, patient, null);
    const el = mount(api);
    const mineItem = await shows(el, mine.note);
    equal(listOf(mineItem), 'Assigned to me');
    equal(listOf((await shows(el, open.note))!), 'Unassigned');
    ok(!itemOf(el, 'Send the release of information form'), 'a read reminder is not listed');
    ok(!itemOf(el, 'Bring the insurance paperwork to the clinic'), "tomorrow's reminder is not listed");
    ok(!itemOf(el, 'Update the care plan after the home visit'), "a colleague's reminder is not listed");
    const times = [...mineItem.closest('ul')!.querySelectorAll('time')].map((t) => t.getAttribute('datetime')!);
    equal(JSON.stringify(times), JSON.stringify([...times].sort().reverse()));
  });

  it('Mark as Done hides the reminder and stores is_read', async () => {
    const r = await createReminder(api, patient, api.me);
    const el = mount(api);
    button(await shows(el, r.note), 'Mark as Done').click();
    await gone(el, r.note);
    await eventually(async () => (await reminderRow(api, r.id)).is_read === true, 'is_read stored');
  });

  it('snooze Tomorrow and Next Week move the date, keeping the time of day', async () => {
    const tomorrow = await createReminder(api, patient, api.me);
    const nextWeek = await createReminder(api, patient, null);
    const el = mount(api);
    await pick(await shows(el, tomorrow.note), 'Snooze', 'Tomorrow');
    await gone(el, tomorrow.note);
    await pick(await shows(el, nextWeek.note), 'Snooze', 'Next Week');
    await gone(el, nextWeek.note);
    const noon = dayjs(nowMs()).hour(12).startOf('hour');
    await eventually(async () => (await reminderRow(api, tomorrow.id)).reminder_date === noon.add(1, 'day').toISOString(), 'tomorrow, noon');
    await eventually(async () => (await reminderRow(api, nextWeek.id)).reminder_date === noon.add(7, 'day').toISOString(), 'next week, noon');
  });

  it('snooze Customize asks for a date in a dialog and moves the reminder there', async () => {
    const r = await createReminder(api, patient, api.me);
    const el = mount(api);
    await pick(await shows(el, r.note), 'Snooze', 'Customize');
    const dialog = await waitFor(() => shadow(el).querySelector('sl-dialog[label="Snooze reminder"][open]'));
    const input = dialog.querySelector('input[type="date"]') as HTMLInputElement;
    equal(text(shadow(el).querySelector(`label[for="${input.id}"]`)), 'Snooze until');
    [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Snooze')!.click();
    await waitFor(() => text(dialog).includes('Snooze until is required'));
    const day = dayjs(nowMs()).add(3, 'day');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, day.format('YYYY-MM-DD'));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Snooze')!.click();
    await gone(el, r.note);
    await eventually(async () => (await reminderRow(api, r.id)).reminder_date === day.hour(12).startOf('hour').toISOString(), 'the chosen day, noon');
  });

  it('reassign moves a reminder between lists and to a colleague; the server stores the assignee', async () => {
    const r = await createReminder(api, patient, null);
    const el = mount(api);
    await pick(await shows(el, r.note), 'Reassign', 'Nora Navigator');
    await waitFor(() => itemOf(el, r.note) && listOf(itemOf(el, r.note)!) === 'Assigned to me', { message: 'moved to mine' });
    await eventually(async () => (await reminderRow(api, r.id)).target_uid === api.me, 'assigned to me');
    await pick(itemOf(el, r.note)!, 'Reassign', 'Unassign');
    await waitFor(() => itemOf(el, r.note) && listOf(itemOf(el, r.note)!) === 'Unassigned', { message: 'moved back to unassigned' });
    await eventually(async () => (await reminderRow(api, r.id)).target_uid === null, 'unassigned');
    await pick(itemOf(el, r.note)!, 'Reassign', 'Dana Director');
    await gone(el, r.note);
    await eventually(async () => (await reminderRow(api, r.id)).target_uid === colleague, 'assigned to the colleague');
    equal((await reminderRow(api, r.id)).assigned_to, 'Dana Director');
  });

  it('delete asks first; Cancel keeps it, Delete removes it for good', async () => {
    const r = await createReminder(api, patient, api.me);
    const el = mount(api);
    const li = await shows(el, r.note);
    button(li, 'Delete').click();
    const dialog = await waitFor(() => shadow(el).querySelector('sl-dialog[label="Delete reminder"][open]'));
    ok(text(dialog).includes('This action cannot be undone.'));
    [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Cancel')!.click();
    await waitFor(() => !shadow(el).querySelector('sl-dialog[label="Delete reminder"][open]'), { message: 'dialog closed' });
    ok(itemOf(el, r.note) && (await reminderRow(api, r.id)), 'still there after Cancel');
    button(itemOf(el, r.note)!, 'Delete').click();
    const again = await waitFor(() => shadow(el).querySelector('sl-dialog[label="Delete reminder"][open]'));
    [...again.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Delete')!.click();
    await gone(el, r.note);
    await eventually(async () => (await reminderRow(api, r.id)) === null, 'deleted');
  });

  it('a failed update shows the error and leaves the reminder as it was', async () => {
    const r = await createReminder(api, patient, api.me);
    const el = mount(api);
    const li = await shows(el, r.note);
    const errors: string[] = [];
    el.addEventListener('care-error', (e) => errors.push((e as CustomEvent<{ message: string }>).detail.message));
    const real = window.fetch;
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') return new Response(JSON.stringify({ errors: [{ message: 'Something went wrong on the server. Please try again.' }] }), { status: 500 });
      return real(input, init);
    }) as typeof fetch;
    try {
      button(li, 'Mark as Done').click();
      await waitFor(() => text(shadow(el).querySelector('.toast-stack')).includes(UPDATE_FAILED), { message: 'error toast' });
      await waitFor(() => itemOf(el, r.note), { message: 'reminder back' });
      equal(listOf(itemOf(el, r.note)!), 'Assigned to me');
      equal(errors[0], UPDATE_FAILED);
    } finally {
      window.fetch = real;
    }
    equal((await reminderRow(api, r.id)).is_read, false);
  });

  it('the patient name opens the details page; "View all" opens /home/reminders', async () => {
    const r = await createReminder(api, patient, api.me);
    const el = mount(api);
    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => {
      e.preventDefault();
      paths.push((e as CustomEvent<{ path: string }>).detail.path);
    });
    ((await shows(el, r.note)).querySelector('a.reminder-patient') as HTMLElement).click();
    [...shadow(el).querySelectorAll<HTMLElement>('a')].find((a) => text(a) === 'View all')!.click();
    equal(JSON.stringify(paths), JSON.stringify([`/patients/${patient}/details`, '/home/reminders']));
  });
});

describe('<care-reminders variant="page"> against the real server', function () {
  let api: Api;
  let patient: string;

  before(async function () {
    if (!url) this.skip();
    api = await signIn();
    patient = await visiblePatient(api);
    localStorage.removeItem('careweave.table.reminders');
  });
  afterEach(() => document.querySelectorAll('care-reminders').forEach((el) => el.remove()));

  const rowOf = (el: HTMLElement, note: string) => [...shadow(el).querySelectorAll<HTMLElement>('tbody tr.clickable')].find((tr) => tr.children[2]?.textContent === note);

  it('shows the columns of the spec, due dates MM/DD/YYYY newest first; Mark as Done removes the row; a row opens the patient', async () => {
    const r = await createReminder(api, patient, api.me);
    await api.call(`/data/public/notification/${r.id}`, { method: 'PUT', body: { data: { attributes: { reminder_date: dayjs(nowMs()).add(400, 'day').toISOString() } } } });
    const el = mount(api, 'page');
    await waitFor(() => rowOf(el, r.note), { timeout: 10000, message: 'the newest reminder on page 1' });
    const headers = [...shadow(el).querySelectorAll('thead th')].map((th) => text(th).replace(/[▲▼]/g, '').trim());
    equal(JSON.stringify(headers), JSON.stringify(['Patient First Name', 'Patient Last Name', 'Reminder', 'Assigned To', 'Due', 'Mark as Done']));
    const first = shadow(el).querySelector<HTMLElement>('tbody tr.clickable')!;
    equal(first.children[2].textContent, r.note, 'newest due date first');
    equal(first.children[4].textContent, dayjs(nowMs()).add(400, 'day').format('MM/DD/YYYY'));
    equal(first.children[3].textContent, 'Nora Navigator');
    const paths: string[] = [];
    el.addEventListener('care-navigate', (e) => {
      e.preventDefault();
      paths.push((e as CustomEvent<{ path: string }>).detail.path);
    });
    first.click();
    equal(paths[0], `/patients/${patient}/details`);
    (first.querySelector('button.care-button') as HTMLElement).click();
    await waitFor(() => !rowOf(el, r.note), { message: 'row gone after Mark as Done' });
    equal(paths.length, 1, 'Mark as Done does not open the patient');
    equal((await reminderRow(api, r.id)).is_read, true);
  });
});
