import { WidgetProvider } from '../../shared/widget/widget-context';
import { SERVICE_REFERRAL_CONFIRMATION, SERVICE_REFERRAL_NO_RECIPIENT } from '../../shared/schemas/identity-record';
import { SERVICE_REFERRAL_LABEL, ServiceReferralEmailMenuItem } from '../../widgets/identity-record/service-referral-email';
import { deepEqual, equal, ok } from './support/assert';
import { cleanup, render, settle, text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

/** Issue 11 section 4: the Service Referral Email menu item, its confirmation and its errors (spec 001 section 8). */

const API = 'http://api.test/api';
const PATIENT = 'pat-1';
const mount = (node: React.ReactNode) => render(<WidgetProvider apiBase={API} token="t0k">{node}</WidgetProvider>);

type Posted = { url: URL; body: unknown; key: string | undefined };
/** `held`: the POST's answer waits for it (a request still on its way). */
function emailServer(posted: Posted[], answer: { status: number; body: unknown }, held: Promise<void> = Promise.resolve()) {
  return async (url: URL, init?: RequestInit) => {
    if (init?.method === 'POST' && url.pathname.endsWith(`/patients/${PATIENT}/service-referral-email`)) {
      posted.push({ url, body: JSON.parse(String(init.body)), key: (init.headers as Record<string, string>)['idempotency-key'] });
      await held;
      return answer;
    }
    return { status: 404, body: { errors: [{ message: 'Not found' }] } };
  };
}

async function openDialog(root: HTMLElement) {
  const item = await waitFor(() => [...root.querySelectorAll('button')].find((b) => text(b) === SERVICE_REFERRAL_LABEL), { message: 'menu item' });
  item.click();
  return waitFor(() => root.querySelector('sl-dialog'), { message: 'dialog' });
}
const send = (dialog: Element) => [...dialog.querySelectorAll<HTMLElement>('sl-button')].find((b) => text(b) === 'Send')!.click();
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('Service Referral Email', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
    sessionStorage.clear();
  });

  it('says the confirmation text, needs a subject, and sends once with an Idempotency-Key however often Send is clicked', async () => {
    const posted: Posted[] = [];
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    restore = fakeFetch(emailServer(posted, { status: 201, body: { data: { type: 'service-referral-emails', id: PATIENT, attributes: { recipients: ['pat@x.example'] } } } }, held)).restore;
    const root = mount(<ul><ServiceReferralEmailMenuItem patientId={PATIENT} /></ul>);
    const dialog = await openDialog(root);
    ok(text(dialog).includes(SERVICE_REFERRAL_CONFIRMATION));
    type(dialog.querySelector('input')!, ' ');
    send(dialog);
    await waitFor(() => text(dialog).includes('Subject is required'), { message: 'subject error' });
    equal(posted.length, 0);
    type(dialog.querySelector('input')!, 'Dental referral');
    type(dialog.querySelector('textarea')!, 'Please call the foster parent.');
    send(dialog);
    send(dialog);
    // Both clicks checked the form and went their way while the first request is still unanswered.
    await waitFor(() => posted.length > 0, { message: 'the request' });
    await settle();
    equal(posted.length, 1, 'one request while the first is on its way');
    answer();
    await waitFor(() => !root.querySelector('sl-dialog'), { message: 'dialog closed' });
    equal(posted.length, 1);
    deepEqual(posted[0].body, { subject: 'Dental referral', additional_message: 'Please call the foster parent.' });
    ok(/^[A-Za-z0-9_-]{16,100}$/.test(posted[0].key ?? ''), 'an Idempotency-Key');
  });

  it('without a recipient shows the spec’s error text and stays open', async () => {
    const posted: Posted[] = [];
    restore = fakeFetch(emailServer(posted, { status: 422, body: { errors: [{ message: SERVICE_REFERRAL_NO_RECIPIENT }] } })).restore;
    const root = mount(<ul><ServiceReferralEmailMenuItem patientId={PATIENT} /></ul>);
    const dialog = await openDialog(root);
    send(dialog);
    await waitFor(() => text(dialog).includes(SERVICE_REFERRAL_NO_RECIPIENT), { message: 'no-recipient error' });
    equal(posted.length, 1);
    ok(root.querySelector('sl-dialog'));
  });
});
