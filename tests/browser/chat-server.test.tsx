import '../../widgets/chat/chat.element';
import { NO_MESSAGES, NOT_JOINED } from '../../widgets/chat/chat.component';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, text, typeInto, waitFor } from './support/dom';
import { mountElement, shadow, slButton } from './support/element';
import { eventually, signIn, url, type Api } from './support/reminders-server';

interface Patient {
  id: string;
  title: string;
}

let counter = 0;
/** A message text unique to this run. */
const unique = (text: string) => `${text} (${Date.now()}-${++counter})`;

/** POST patient/{id}/chat as `api`'s user, the way another user's client sends. */
async function say(api: Api, patient: Patient, body: string): Promise<void> {
  const answer = await api.call(`/patient/${patient.id}/chat`, { body: { data: { type: 'chat-messages', attributes: { body } } }, headers: { 'idempotency-key': crypto.randomUUID() } });
  if (answer.status !== 201) throw new Error(`send: ${JSON.stringify(answer.body)}`);
}

const titles = (el: HTMLElement) => [...shadow(el).querySelectorAll('.chat-list-item .chat-list-title')].map(text);
const item = (el: HTMLElement, title: string) => [...shadow(el).querySelectorAll<HTMLButtonElement>('.chat-list-item')].find((b) => text(b.querySelector('.chat-list-title')) === title);
const messages = (el: HTMLElement) => [...shadow(el).querySelectorAll('.chat-messages .chat-body')].map(text);
const unreadOf = async (api: Api, patient: Patient) =>
  ((await api.call('/real-time-subscription')).body.data as { attributes: { patient_uid: string; unread_count: number } }[]).find((s) => s.attributes.patient_uid === patient.id)?.attributes.unread_count;

/** Types into the open conversation's prompt and sends it. */
async function sendFromPrompt(el: HTMLElement, body: string): Promise<void> {
  const box = await waitFor(() => shadow(el).querySelector<HTMLTextAreaElement>('.chat-prompt textarea'));
  equal(box, byLabel<HTMLTextAreaElement>(shadow(el), 'Message'));
  typeInto(box, body);
  const send = await waitFor(() => slButton(el, 'Send'));
  await waitFor(() => !send.disabled, { message: 'Send enabled' });
  send.click();
  await waitFor(() => messages(el).includes(body), { message: `"${body}" shown` });
}

describe('<care-chat> against the real server', function () {
  let nav: Api;
  let community: Api;
  let patients: Patient[];

  before(async function () {
    if (!url) this.skip();
    [nav, community] = await Promise.all([signIn('navigator'), signIn('community')]);
    const list = await nav.call('/data/public/patient-list?sort=-last_name,first_name&page-size=3');
    patients = (list.body.data as { id: string; attributes: { last_name: string; first_name: string } }[]).map((p) => ({ id: p.id, title: `${p.attributes.last_name}, ${p.attributes.first_name}` }));
    equal(patients.length, 3);
  });
  afterEach(() => document.querySelectorAll('care-chat').forEach((el) => el.remove()));

  it('lists the conversations newest activity first with unread counts, opens one in order (read), and sends through the prompt', async () => {
    const [busy, quiet] = patients;
    const [first, other, answer] = [unique('Who can visit on Friday?'), unique('Intake form is signed.'), unique('I can go in the morning.')];
    await say(nav, busy, first);
    await say(nav, quiet, other);
    await say(community, busy, answer);

    const el = mountElement('care-chat', { token: nav.token });
    await waitFor(() => titles(el).length >= 2, { message: 'two conversations' });
    deepEqual(titles(el).slice(0, 2), [busy.title, quiet.title]);
    ok(item(el, busy.title)!.querySelector('[aria-label="1 unread"]'), 'the answer is unread');
    ok(!item(el, quiet.title)!.querySelector('.chat-unread'), 'nothing unread in the other');
    ok(text(item(el, busy.title)!.querySelector('.chat-list-last')).endsWith(answer), 'the last message, with its author');

    item(el, busy.title)!.click();
    await waitFor(() => messages(el).length === 2, { message: 'the two messages' });
    deepEqual(messages(el), [first, answer]);
    await waitFor(() => !item(el, busy.title)!.querySelector('.chat-unread'), { message: 'unread count cleared' });
    await eventually(async () => (await unreadOf(nav, busy)) === 0, 'read on the server');

    const reply = unique('Thank you, I will tell the family.');
    await sendFromPrompt(el, reply);
    deepEqual(messages(el), [first, answer, reply]);
    const stored = (await nav.call(`/patient/${busy.id}/chat`)).body;
    deepEqual(stored.data.map((m: { attributes: { body: string } }) => m.attributes.body), [first, answer, reply]);
    equal(stored.meta.last_seq, 3);
  });

  it('shows a message sent elsewhere in the open conversation without reloading, and moves its conversation to the top', async () => {
    const [busy, quiet] = patients;
    const el = mountElement('care-chat', { token: nav.token });
    await waitFor(() => item(el, quiet.title), { message: 'the quiet conversation' });
    equal(titles(el)[0], busy.title);
    item(el, quiet.title)!.click();
    await waitFor(() => messages(el).length === 1);
    const live = unique('Arrived over the socket.');
    await say(community, quiet, live);
    await waitFor(() => messages(el).includes(live), { timeout: 10000, message: 'the live message' });
    await waitFor(() => titles(el)[0] === quiet.title, { message: 'moved to the top' });
  });

  it('with patient-id shows that patient’s conversation; one not joined yet is empty until the first message', async () => {
    const fresh = patients[2];
    const el = mountElement('care-chat', { token: nav.token, 'patient-id': fresh.id });
    await waitFor(() => text(shadow(el)).includes(`${NO_MESSAGES}. ${NOT_JOINED}`), { message: 'the empty conversation' });
    const first = unique('Starting this conversation from the record.');
    await sendFromPrompt(el, first);
    deepEqual(messages(el), [first]);
    equal((await nav.call(`/patient/${fresh.id}/chat`)).body.meta.last_seq, 1);
  });
});
