import '../../widgets/support/support-form.element';
import { DEMO_SUPPORT_PHONE, SUPPORT_ISSUE_TYPES, SUPPORT_TRIAGE_HOURS } from '../../shared/schemas/support';
import { SUPPORT_FAILED, SUPPORT_SENT } from '../../widgets/support/support.component';
import { $toasts } from '../../widgets/kit/toasts';
import { deepEqual, equal, ok } from './support/assert';
import { byLabel, selectOption, text, typeInto, waitFor } from './support/dom';
import { fieldError, mountElement, shadow, slButton } from './support/element';

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
    await waitFor(() => text(shadow(plain)).includes(DEMO_SUPPORT_PHONE), { message: 'the demo phone by default' });
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
