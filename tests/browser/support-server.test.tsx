import '../../widgets/support/support-form.element';
import { DEMO_SUPPORT_PHONE, SUPPORT_ISSUE_TYPES, SUPPORT_TRIAGE_HOURS } from '../../shared/schemas/support';
import en from '../../shared/i18n/en.json';

const { failed: SUPPORT_FAILED, sent: SUPPORT_SENT } = en.translation.support;
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, settle, text, typeInto, waitFor } from './support/dom';
import { fieldError, mountElement, shadow, slButton } from './support/element';
import { watchFetch } from './support/fake-fetch';
import { signInAs } from './support/sign-in';

const url = __CAREWEAVE_URL__;

const mount = (attrs: Record<string, string> = {}) => mountElement('care-support-form', attrs);

/** Reads the demo outbox page, where the e-mail to support lands. */
async function outboxPage(): Promise<string> {
  return (await fetch(`${url}/demo/outbox`)).text();
}

describe('<care-support-form> against the real server', function () {
  before(function () {
    if (!url) this.skip();
  });
  afterEach(() => {
    document.querySelectorAll('care-support-form').forEach((el) => el.remove());
    sessionStorage.clear();
    $toasts.set([]);
  });

  it('shows the triage hours, the urgent line (configurable), the five issue types; works without a session', async () => {
    const el = mount({ 'support-phone': '(614) 555-0100' });
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000, message: 'the form' });
    ok(text(shadow(el)).includes(`Requests are triaged ${SUPPORT_TRIAGE_HOURS}.`), 'triage hours');
    ok(text(shadow(el)).includes('For urgent issues call (614) 555-0100.'), 'urgent line');
    equal(shadow(el).querySelector('a[href^="tel:"]')!.getAttribute('href'), 'tel:6145550100');
    const options = [...byLabel<HTMLSelectElement>(shadow(el), 'Issue Type').options].map((o) => o.value).filter(Boolean);
    deepEqual(options, [...SUPPORT_ISSUE_TYPES]);
    const plain = mount();
    await waitFor(() => text(shadow(plain)).includes(DEMO_SUPPORT_PHONE), { message: "the demo organisation's number (demo seed) without the attribute" });
  });

  it('validates on submit: field errors under the fields and the summary; "is required"; a bad e-mail', async () => {
    const el = mount();
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000 });
    equal(shadow(el).querySelector('.error-summary'), null);
    slButton(el, 'Submit')!.click();
    await waitFor(() => shadow(el).querySelector('.error-summary'), { message: 'the summary' });
    equal(fieldError(el, 'userEmail'), 'Email is required');
    equal(fieldError(el, 'issueType'), 'Issue Type is required');
    equal(fieldError(el, 'comment'), 'Comment is required');
    ok(text(shadow(el).querySelector('.error-summary')).includes('Email is required'));
    typeInto(byLabel(shadow(el), 'Email'), 'not-an-email');
    slButton(el, 'Submit')!.click();
    await waitFor(() => fieldError(el, 'userEmail') === 'Must be a valid email address', { message: 'email message' });
  });

  it('a value over its bound shows the schema\'s "Must be at most N characters" under the field', async () => {
    const el = mount();
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000 });
    typeInto(byLabel(shadow(el), 'Email'), `${'a'.repeat(250)}@example.test`);
    slButton(el, 'Submit')!.click();
    await waitFor(() => fieldError(el, 'userEmail') === 'Must be at most 254 characters', { message: 'the length message' });
  });

  it('stores the request, e-mails it to support through the outbox and shows the success state', async () => {
    const el = mount();
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000 });
    const comment = `Browser support test ${Date.now()}`;
    typeInto(byLabel(shadow(el), 'Email'), 'browser.test@example.test');
    selectOption(byLabel<HTMLSelectElement>(shadow(el), 'Issue Type'), 'Report a Problem');
    typeInto(byLabel<HTMLTextAreaElement>(shadow(el), 'Comment'), comment);
    const saved: any[] = [];
    el.addEventListener('care-saved', (e) => saved.push((e as CustomEvent).detail));
    slButton(el, 'Submit')!.click();
    slButton(el, 'Submit')?.click();
    await waitFor(() => text(shadow(el)).includes(SUPPORT_SENT), { timeout: 10000, message: 'the success state' });
    ok(text(shadow(el)).includes('We will reply to browser.test@example.test.'));
    equal(saved.length, 1);
    const page = await outboxPage();
    equal(page.split(comment).length - 1, 1, 'one e-mail for a double click');
    ok(page.includes('Support request: Report a Problem'));
    slButton(el, 'Send another request')!.click();
    await waitFor(() => byLabel(shadow(el), 'Email').value === '', { message: 'an empty form' });
  });

  it('a failure keeps what was typed and says so (summary and toast)', async () => {
    const el = mount();
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000 });
    // The urgent line is there (the demo's number), so the failure may say to call.
    await waitFor(() => text(shadow(el)).includes('For urgent issues call'), { message: 'the urgent line' });
    const real = window.fetch;
    window.fetch = (async () => new Response(JSON.stringify({ errors: [{ message: 'Something went wrong on the server. Please try again.' }] }), { status: 500, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    try {
      typeInto(byLabel(shadow(el), 'Email'), 'keep@example.test');
      selectOption(byLabel<HTMLSelectElement>(shadow(el), 'Issue Type'), 'Other Help');
      typeInto(byLabel<HTMLTextAreaElement>(shadow(el), 'Comment'), 'Keep me');
      slButton(el, 'Submit')!.click();
      await waitFor(() => shadow(el).querySelector('.error-summary'), { message: 'the summary' });
    } finally {
      window.fetch = real;
    }
    ok(text(shadow(el).querySelector('.error-summary')).includes('Something went wrong on the server. Please try again.'));
    ok($toasts.get().some((t) => t.message === SUPPORT_FAILED && t.variant === 'danger'), 'a danger toast');
    equal(byLabel(shadow(el), 'Email').value, 'keep@example.test');
    equal(byLabel<HTMLTextAreaElement>(shadow(el), 'Comment').value, 'Keep me');
  });

  it('maps the server field errors onto the fields', async () => {
    const el = mount();
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000 });
    const real = window.fetch;
    window.fetch = (async () => new Response(JSON.stringify({ errors: [{ field: 'data.comment', message: 'Required' }] }), { status: 422, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    try {
      typeInto(byLabel(shadow(el), 'Email'), 'map@example.test');
      selectOption(byLabel<HTMLSelectElement>(shadow(el), 'Issue Type'), 'Other Help');
      typeInto(byLabel<HTMLTextAreaElement>(shadow(el), 'Comment'), 'x');
      slButton(el, 'Submit')!.click();
      await waitFor(() => fieldError(el, 'comment') === 'Comment is required', { message: 'the server error on the field' });
    } finally {
      window.fetch = real;
    }
  });
});

/** Sets the demo organisation's Support Phone the way its administrator does (PUT /api/admin/organization); '' for none. */
let adminToken: Promise<string> | null = null;
async function setSupportPhone(phone: string): Promise<void> {
  adminToken ??= signInAs('admin').then((s) => s.token);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await adminToken}` };
  const org = (await (await fetch(`${url}/api/admin/organization`, { headers })).json()).data.attributes;
  const answer = await fetch(`${url}/api/admin/organization`, { method: 'PUT', headers, body: JSON.stringify({ org_name: org.org_name, support_phone: phone }) });
  equal(answer.status, 200, 'the Support Phone saved');
}

/**
 * Passes every call to the real server, but holds `GET /api/support/contact`
 * until `open()`: `sent` counts its requests, `read` the answers the widget
 * has read (what it draws from them is drawn after a settle()), `bodies` what they said.
 */
function holdContact() {
  const real = window.fetch;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const state = { sent: 0, read: 0, bodies: [] as any[], open: () => open(), restore: () => void (window.fetch = real) };
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).endsWith('/api/support/contact')) return real(input, init);
    state.sent++;
    await gate;
    const response = await real(input, init);
    const original = response.text.bind(response);
    Object.defineProperty(response, 'text', {
      value: async () => {
        const content = await original();
        state.bodies.push(JSON.parse(content));
        state.read++;
        return content;
      },
    });
    return response;
  }) as typeof fetch;
  return state;
}

const contactCalls = (sent: { url: URL }[]) => sent.filter((r) => r.url.pathname.endsWith('/api/support/contact'));
const urgentLine = (el: HTMLElement) => shadow(el).querySelector('.support-urgent');

describe("<care-support-form>: the urgent line from the organisation's settings (issue 33)", function () {
  const DEMO_DIGITS = DEMO_SUPPORT_PHONE.replace(/\D/g, '');
  let restore: () => void = () => undefined;
  before(function () {
    if (!url) this.skip();
  });
  afterEach(async () => {
    restore();
    restore = () => undefined;
    document.querySelectorAll('care-support-form').forEach((el) => el.remove());
    await setSupportPhone(DEMO_DIGITS);
  });

  it('the support-phone attribute wins: shown as given, and the organisation\'s number is not even asked for', async () => {
    await setSupportPhone('3305550123');
    const watch = watchFetch();
    restore = watch.restore;
    const el = mount({ 'support-phone': '(614) 555-0100' });
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000, message: 'the form' });
    equal(text(urgentLine(el)), 'For urgent issues call (614) 555-0100.');
    ok(!text(shadow(el)).includes('555-0123'), "not the organisation's number");
    // "Not asked" is counted against a form without the attribute, whose read is sent after the first form's would have been.
    const plain = mount();
    await waitFor(() => contactCalls(watch.sent).length > 0, { message: "the plain form's read" });
    await waitFor(() => text(urgentLine(plain)) === 'For urgent issues call (330) 555-0123.', { message: "the plain form shows the organisation's number" });
    equal(contactCalls(watch.sent).length, 1, 'one read, by the form without the attribute');
    equal(text(urgentLine(el)), 'For urgent issues call (614) 555-0100.');
  });

  it("without the attribute, the organisation's number from the server shows (formatted, dialled as digits); nothing shows before it arrives", async () => {
    await setSupportPhone('3305550123');
    const contact = holdContact();
    restore = contact.restore;
    const el = mount();
    await waitFor(() => slButton(el, 'Submit') && contact.sent === 1, { timeout: 10000, message: 'the form drawn, its read held' });
    await settle();
    equal(urgentLine(el), null, 'no urgent line while the number loads');
    equal(shadow(el).querySelector('a[href^="tel:"]'), null);
    ok(!text(shadow(el)).includes(DEMO_SUPPORT_PHONE), 'no made-up number while loading');
    ok(text(shadow(el)).includes(`Requests are triaged ${SUPPORT_TRIAGE_HOURS}.`), 'the triage hours meanwhile');
    contact.open();
    await waitFor(() => text(urgentLine(el)) === 'For urgent issues call (330) 555-0123.', { message: "the organisation's number" });
    equal(shadow(el).querySelector('a[href^="tel:"]')!.getAttribute('href'), 'tel:3305550123');
    equal(contact.read, 1);
  });

  it('no number set: no urgent line at all, and no made-up number', async () => {
    await setSupportPhone('');
    const contact = holdContact();
    restore = contact.restore;
    contact.open();
    const el = mount();
    await waitFor(() => slButton(el, 'Submit'), { timeout: 10000, message: 'the form' });
    // "Not shown" is checked once the answer it would be drawn from has been read and drawn.
    await waitFor(() => contact.read === 1, { message: 'the answer read' });
    await settle();
    equal(contact.bodies[0].data.attributes.support_phone, null);
    equal(urgentLine(el), null);
    equal(shadow(el).querySelector('a[href^="tel:"]'), null);
    ok(!text(shadow(el)).includes('For urgent issues'), 'no urgent line');
    ok(!text(shadow(el)).includes(DEMO_SUPPORT_PHONE), 'no demo number');
    ok(text(shadow(el)).includes(`Requests are triaged ${SUPPORT_TRIAGE_HOURS}.`), 'the triage hours still');
  });
});
