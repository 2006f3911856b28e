import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

describe('external referral: a provider registers on a phone and refers; the navigator sees it', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('register → texted code (read at /demo/outbox) → confirm → referral → "new referrals" queue', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/ext/demo-referral/referral-form');

    // No registration yet: the form link sends the visitor to register.
    await page.getByText('No registration found ...').waitFor();
    await page.waitForURL('**/ext/demo-referral/register');
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await shot(page, 'ext-register-390');
    await page.getByLabel('Name').fill('Dr. Imogen Thistlewood');
    await page.getByLabel('Mobile phone').fill('(614) 555-0177');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('A code was sent to your phone.').waitFor();
    await page.waitForURL('**/ext/demo-referral/register-confirm');

    // The "texted" code, as a person would read it on the demo outbox page.
    const outbox = await context.newPage();
    await outbox.goto('/demo/outbox');
    const text = await outbox.locator('article', { hasText: '6145550177' }).first().innerText();
    const code = /registration code is (\d{6})/.exec(text)?.[1];
    assert.ok(code, text);
    await outbox.close();

    await page.getByLabel('Code').fill(code);
    await shot(page, 'ext-register-confirm-390');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Registration confirmed.').waitFor();
    await page.waitForURL('**/ext/demo-referral/referral-form');
    await page.getByText('Thank you for contacting Franklin County Care of Careweave Demo Health.', { exact: false }).waitFor();

    // Fields wait for the requester.
    const widget = page.locator('main');
    await widget.getByLabel('First name', { exact: true }).waitFor();
    assert.equal(await widget.getByLabel('First name', { exact: true }).isDisabled(), true);
    await widget.getByRole('radio', { name: 'Provider' }).check();
    await shot(page, 'ext-referral-provider-390');

    // An invalid submit: toast and the error summary.
    await widget.getByRole('button', { name: 'Submit referral' }).click();
    await page.getByText('Invalid Form').first().waitFor();
    await widget.getByText('Please correct the following:').waitFor();

    await widget.getByLabel('Provider name').selectOption({ label: "I don't see me, add me" });
    await widget.getByLabel('Provider first name').fill('Imogen');
    await widget.getByLabel('Provider last name').fill('Thistlewood');
    await widget.getByLabel('Provider role').selectOption({ label: 'Counselor' });
    await widget.getByLabel('Provider phone').fill('614-555-0177');
    await widget.getByLabel('Provider email').fill('imogen@clinic.test');
    await widget.getByLabel('First name', { exact: true }).fill('Peregrine');
    await widget.getByLabel('Last name', { exact: true }).fill('Ashcombe');
    await widget.getByLabel('Date of birth', { exact: true }).fill('1984-07-09');
    await widget.getByLabel('Mobile phone').fill('6145550188');
    await widget.getByLabel('Address line 1').fill('44 Linden Ave');
    await widget.getByLabel('City', { exact: true }).fill('Columbus');
    await widget.getByLabel('State', { exact: true }).selectOption({ label: 'Ohio' });
    await widget.getByLabel('Zip code').fill('43211');
    await widget.getByLabel('Insurance carrier').selectOption({ label: 'Medicaid' });
    await widget.getByLabel('Reason for referral').selectOption({ label: 'Substance Use' });
    assert.equal(await widget.getByLabel('Referral date').getAttribute('readonly'), '');
    await shot(page, 'ext-referral-filled-390');
    await widget.getByRole('button', { name: 'Submit referral' }).click();
    await widget.getByText('Thanks for your referral. You can now safely close your browser tab.').waitFor();
    await shot(page, 'ext-referral-thanks-390', false);
    await widget.getByRole('button', { name: 'Start another referral' }).click();
    assert.equal(await widget.getByLabel('First name', { exact: true }).inputValue(), '');
    assert.deepEqual(errors, []);
    await context.close();

    // The navigator finds the patient in the "new referrals" queue.
    const staff = await openPage(h);
    await loginAs(staff.page, 'navigator');
    const queues = await staff.page.evaluate(async () => (await (await fetch('/api/queues', { credentials: 'include' })).json()).data);
    const newReferrals = queues.find((q: { attributes: { queue_label: string } }) => q.attributes.queue_label === 'new referrals');
    await staff.page.goto(`/home/queues/${newReferrals.id}`);
    await staff.page.getByText('Ashcombe').first().waitFor();
    await shot(staff.page, 'ext-new-referrals-queue');
    await staff.context.close();
  });

  test('on a desktop the form has two columns; the sections wait for the requester', async () => {
    const phone = '6145550166';
    const post = (path: string, body: unknown) =>
      fetch(`${h.server.url}/api/ext/demo-referral${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-desktop-${path.length}-${Date.now()}` }, body: JSON.stringify(body) });
    assert.equal((await post('/register', { name: 'Desk Top', identifier: phone, identifier_type: 'Phone' })).status, 202);
    const sms = await h.server.db.selectFrom('outbox').select('body').where('recipient', '=', phone).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const confirmed = await (await post('/register-confirm', { challenge: /(\d{6})/.exec(sms.body)![1], identifier: phone })).json();
    const { context, page } = await openPage(h);
    await context.addInitScript((token) => localStorage.setItem('careweave.ext.registration.demo-referral', token), confirmed.data.attributes.registration_token as string);
    await page.goto('/ext/demo-referral');
    await page.getByText('Registration found ...').waitFor();
    await page.waitForURL('**/ext/demo-referral/referral-form');
    await page.getByLabel('First name', { exact: true }).waitFor();
    const [a, b] = await Promise.all(['First name', 'Last name'].map((l) => page.getByLabel(l, { exact: true }).boundingBox()));
    assert.equal(a!.y, b!.y, 'side by side');
    await shot(page, 'ext-referral-desktop');
    await context.close();
  });

  test('an unknown type shows "<type> form not found"', async () => {
    const { context, page } = await openPage(h);
    await page.goto('/ext/demo-referral/contact-sheet');
    await page.getByText('contact-sheet form not found').waitFor();
    await context.close();
  });
});
