import { ApiError } from '../../shared/api/errors';
import { ChatPrompt, SEND_FAILED } from '../../widgets/chat/chat.component';
import { $counters, counterMark, noteCounter, replaceCounters, unreadTotal } from '../../widgets/chat/chat-socket';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, cleanup, render, text, typeInto, waitFor } from './support/dom';

type Send = (body: string, key: string) => Promise<unknown>;

const sendButton = (root: HTMLElement) => root.querySelector<HTMLElement & { disabled: boolean }>('.chat-prompt sl-button')!;
const messageBox = (root: HTMLElement) => byLabel<HTMLTextAreaElement>(root, 'Message');

function mount(onSend: Send) {
  const root = render(<ChatPrompt submissionKey={`chat-test-${crypto.randomUUID()}`} onSend={onSend} />);
  return root;
}

describe('chat prompt (spec 000 section 4: send disabled while not dirty or submitting)', () => {
  afterEach(cleanup);

  it('is disabled until something is typed, and again when the text is taken back', async () => {
    const root = mount(async () => {});
    await waitFor(() => root.querySelector('textarea'));
    equal(sendButton(root).disabled, true);
    typeInto(messageBox(root), 'Hello');
    await waitFor(() => !sendButton(root).disabled, { message: 'enabled after typing' });
    typeInto(messageBox(root), '');
    await waitFor(() => sendButton(root).disabled, { message: 'disabled when back to empty' });
  });

  it('is disabled while sending, then clears the field and is disabled again', async () => {
    let finish!: () => void;
    const sent: { body: string; key: string }[] = [];
    const root = mount((body, key) => {
      sent.push({ body, key });
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await waitFor(() => root.querySelector('textarea'));
    typeInto(messageBox(root), 'Can you call the family?');
    await waitFor(() => !sendButton(root).disabled);
    sendButton(root).click();
    await waitFor(() => sent.length === 1, { message: 'sent' });
    await waitFor(() => sendButton(root).disabled && text(sendButton(root)) === 'Sending ...', { message: 'busy while sending' });
    // A second click while sending sends nothing more.
    sendButton(root).click();
    equal(sent.length, 1);
    equal(sent[0].body, 'Can you call the family?');
    ok(sent[0].key.length >= 16, 'an Idempotency-Key');
    finish();
    await waitFor(() => messageBox(root).value === '' && text(sendButton(root)) === 'Send', { message: 'reset after sending' });
    equal(sendButton(root).disabled, true);
  });

  it('requires a body: blanks are not sent', async () => {
    const sent: string[] = [];
    const root = mount(async (body) => void sent.push(body));
    await waitFor(() => root.querySelector('textarea'));
    typeInto(messageBox(root), '   ');
    await waitFor(() => !sendButton(root).disabled);
    sendButton(root).click();
    const error = await waitFor(() => root.querySelector('[data-field="body"] .field-error'), { message: 'field error' });
    equal(text(error), 'Message is required');
    equal(sent.length, 0);
  });

  it("sets the server's errors as form errors and keeps the text", async () => {
    let answer: Error = new ApiError(422, [{ field: 'data.attributes.body', message: 'Must be at most 4000 characters' }]);
    const root = mount(async () => {
      throw answer;
    });
    await waitFor(() => root.querySelector('textarea'));
    typeInto(messageBox(root), 'too long');
    await waitFor(() => !sendButton(root).disabled);
    sendButton(root).click();
    const error = await waitFor(() => root.querySelector('[data-field="body"] .field-error'));
    equal(text(error), 'Must be at most 4000 characters');
    equal(messageBox(root).value, 'too long');

    answer = new Error('offline');
    sendButton(root).click();
    const formError = await waitFor(() => root.querySelector('[role="alert"]'), { message: 'form error' });
    equal(text(formError), SEND_FAILED);
    equal(sendButton(root).disabled, false, 'the text can be sent again');
  });
});

describe('unread counters (the top bar badge)', () => {
  beforeEach(() => $counters.set({}));

  it('keeps a live message that arrived while a list read, started before it, was on its way', () => {
    const mark = counterMark();
    noteCounter('a', { lastSeq: 1, lastReadSeq: 0 });
    replaceCounters({}, mark);
    equal(unreadTotal($counters.get()), 1);
  });

  it('does not let an older answer undo a newer event, nor a newer answer stay behind an older event', () => {
    noteCounter('a', { lastSeq: 3, lastReadSeq: 0 });
    const mark = counterMark();
    replaceCounters({ a: { lastSeq: 2, lastReadSeq: 0 }, b: { lastSeq: 4, lastReadSeq: 4 } }, mark);
    equal(unreadTotal($counters.get()), 3);
    noteCounter('a', { lastSeq: 3, lastReadSeq: 3 });
    equal(unreadTotal($counters.get()), 0);
  });

  it('drops a conversation the list no longer holds when nothing was heard about it since the read began', () => {
    noteCounter('gone', { lastSeq: 2, lastReadSeq: 0 });
    replaceCounters({ kept: { lastSeq: 1, lastReadSeq: 0 } }, counterMark());
    deepEqual(Object.keys($counters.get()), ['kept']);
    equal(unreadTotal($counters.get()), 1);
  });
});
