import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { call, login } from '../server/support/http';
import { fillReferredPatient } from './support/referral';
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
    await fillReferredPatient(widget, { first: 'Peregrine', last: 'Ashcombe', mobile: '6145550188' });
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

  test('issue 32 §4: beside Submit referral what is missing, the SSN masked, outside clinicians only; the admin chooses who is offered', async () => {
    const phone = '6145550155';
    const post = (path: string, body: unknown) =>
      fetch(`${h.server.url}/api/ext/demo-referral${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-offered-${path.length}-${Date.now()}` }, body: JSON.stringify(body) });
    assert.equal((await post('/register', { name: 'Dr. Offer Shot', identifier: phone, identifier_type: 'Phone' })).status, 202);
    const sms = await h.server.db.selectFrom('outbox').select('body').where('recipient', '=', phone).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const confirmed = await (await post('/register-confirm', { challenge: /(\d{6})/.exec(sms.body)![1], identifier: phone })).json();
    const token = confirmed.data.attributes.registration_token as string;

    const providerOptions = async (page: Page) =>
      page.getByLabel('Provider name').locator('option').evaluateAll((options) => options.map((o) => o.textContent ?? ''));
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      const { context, page, errors } = await openPage(h, width, height);
      await context.addInitScript((t) => localStorage.setItem('careweave.ext.registration.demo-referral', t), token);
      await page.goto('/ext/demo-referral/referral-form');
      const widget = page.locator('main');
      await widget.getByLabel('First name', { exact: true }).waitFor();
      const submit = widget.getByRole('button', { name: 'Submit referral' });
      assert.equal(await submit.isDisabled(), false);
      await widget.getByText('Choose Patient or Provider, then fill in: First name, Last name, Date of birth, Mobile phone, Reason for referral').waitFor();
      await widget.getByRole('radio', { name: 'Provider' }).check();
      const options = await providerOptions(page);
      assert.ok(options.includes('Alicia Moreno, MD (Linden Family Practice)'), options.join(' | '));
      assert.ok(!options.some((o) => /Ada Admin|Dana Director|Nora Navigator/.test(o)), options.join(' | '));
      await widget.getByLabel('First name', { exact: true }).fill('Rosalind');
      await widget.getByLabel('Date of birth', { exact: true }).fill('1982-10-14');
      const ssn = widget.getByLabel('Policy holder SSN');
      await ssn.fill('123-45-6789');
      assert.equal(await ssn.inputValue(), '123-45-6789', 'the digits while typing');
      await widget.getByLabel('Policy number').click();
      assert.equal(await ssn.inputValue(), '•••-••-6789', 'masked once left');
      assert.equal(await ssn.getAttribute('inputmode'), 'numeric');
      assert.equal(await ssn.getAttribute('autocomplete'), 'off');
      const hint = widget.getByText('Fill in: Provider name, Last name, Mobile phone, Reason for referral');
      await hint.waitFor();
      const describedBy = (await submit.getAttribute('aria-describedby'))!;
      assert.equal(await hint.getAttribute('id'), describedBy, 'the hint is the button\'s description');
      await shot(page, `ext-referral-missing-ssn-${width}`);
      await ssn.focus();
      assert.equal(await ssn.inputValue(), '123-45-6789', 'the digits again to edit');
      assert.deepEqual(errors, []);
      await context.close();
    }

    // The administrator offers a staff member on the public forms, from the providers' reference list.
    const admin = await openPage(h, 1366, 900);
    await loginAs(admin.page, 'admin');
    await admin.page.goto('/admin/access-codes');
    const note = admin.page.locator('.offered-providers');
    await note.getByText('The forms offer these providers:', { exact: false }).waitFor();
    assert.ok(!(await note.innerText()).includes('Nora Navigator'));
    await shot(admin.page, 'admin-ext-links-offered-1366');
    await note.getByRole('link', { name: 'Choose them under Reference → Providers' }).click();
    await admin.page.waitForURL('**/admin/reference/providers');
    await admin.page.getByRole('columnheader', { name: 'Offered on Public Forms' }).waitFor();
    await shot(admin.page, 'admin-providers-offered-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-providers-offered-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('link', { name: 'Nora Navigator' }).click();
    const offered = admin.page.getByLabel('Offered on Public Forms');
    await offered.waitFor();
    assert.equal(await offered.isChecked(), false, 'staff are off by default');
    assert.equal(await admin.page.getByLabel('Role').locator('option:checked').innerText(), 'Navigator', 'the role shows as it is (its options came first)');
    await offered.check();
    await shot(admin.page, 'admin-provider-offered-form-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-provider-offered-form-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL('**/admin/reference/providers');
    await admin.page.locator('tr', { hasText: 'Nora Navigator' }).getByRole('cell', { name: 'Yes', exact: true }).waitFor();
    const listed = await (await fetch(`${h.server.url}/api/ext/demo-referral/providers`, { headers: { 'x-registration-token': token } })).json();
    assert.ok(listed.data.some((p: { attributes: { display_name: string } }) => p.attributes.display_name === 'Nora Navigator'), 'offered now');
    assert.deepEqual(admin.errors, []);
    await admin.context.close();
  });

  test("the logo and theme colour the admin set head the referral pages, as on the other public forms (1366 and 390 px)", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#127a5b"/>' +
      '<path d="M32 50 L15 31 A9.5 9.5 0 0 1 32 19 A9.5 9.5 0 0 1 49 31 Z" fill="#fff"/></svg>';
    const LOGO = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const admin = await login(h.server.url, 'admin');
    const franklin = (await h.server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
    const saved = (await call(h.server.url, `/api/admin/divisions/${franklin}`, { token: admin.token })).body.data.attributes;
    const setDivision = async (changes: Record<string, unknown>) => {
      const body = { division_name: saved.division_name, theme_color: saved.theme_color ?? '#0d6efd', logo_url: saved.logo_url, requires_supervisory_approval: saved.requires_supervisory_approval, ...changes };
      const answer = await call(h.server.url, `/api/admin/divisions/${franklin}`, { method: 'PUT', token: admin.token, body });
      assert.equal(answer.status, 200, answer.text);
    };

    const phone = '6145550144';
    const post = (path: string, body: unknown) =>
      fetch(`${h.server.url}/api/ext/demo-referral${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-logo-${path.length}-${Date.now()}` }, body: JSON.stringify(body) });
    assert.equal((await post('/register', { name: 'Dr. Logo Shot', identifier: phone, identifier_type: 'Phone' })).status, 202);
    const sms = await h.server.db.selectFrom('outbox').select('body').where('recipient', '=', phone).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const confirmed = await (await post('/register-confirm', { challenge: /(\d{6})/.exec(sms.body)![1], identifier: phone })).json();
    const token = confirmed.data.attributes.registration_token as string;

    await setDivision({ theme_color: '#127a5b', logo_url: LOGO });
    try {
      for (const [width, height] of [
        [1366, 900],
        [390, 844],
      ] as const) {
        const { context, page, errors } = await openPage(h, width, height);
        await context.addInitScript((t) => localStorage.setItem('careweave.ext.registration.demo-referral', t), token);
        await page.goto('/ext/demo-referral/referral-form');
        await page.locator('main').getByLabel('First name', { exact: true }).waitFor();
        const logo = page.locator('.public-form-brand img');
        await logo.waitFor();
        assert.equal(await logo.getAttribute('src'), LOGO, "the admin's logo, not generated initials");
        assert.equal(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true, 'the logo is drawn');
        assert.equal(await page.locator('.public-form-name').innerText(), 'Franklin County Care');
        assert.equal(await page.locator('.public-form-detail').innerText(), 'Careweave Demo Health');
        await shot(page, `ext-referral-logo-${width}`, false);
        assert.deepEqual(errors, []);
        await context.close();
      }
      // Without a logo: the initials on the theme colour the admin chose, as the other public forms draw it.
      await setDivision({ theme_color: '#127a5b', logo_url: null });
      const { context, page } = await openPage(h, 390, 844);
      await page.goto('/ext/demo-referral/register');
      await page.getByRole('heading', { name: 'Register' }).waitFor();
      const src = (await page.locator('.public-form-brand img').getAttribute('src')) ?? '';
      assert.match(Buffer.from(src.split(',')[1] ?? '', 'base64').toString(), /fill="#127a5b"/);
      await context.close();
    } finally {
      await setDivision({});
    }
  });

  test('an unknown type shows "<type> form not found"', async () => {
    const { context, page } = await openPage(h);
    await page.goto('/ext/demo-referral/contact-sheet');
    await page.getByText('contact-sheet form not found').waitFor();
    await context.close();
  });
});
