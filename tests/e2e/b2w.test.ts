import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { B2W_CODE_SENT, B2W_MISSING_VENDOR, B2W_REPORT } from '../../shared/schemas/b2w';
import { OPT_OUT_DONE } from '../../shared/schemas/opt-out';
import en from '../../shared/i18n/en.json';
import { openPage, shot, startHarness, type Harness } from './support/harness';

/** Every visible input, select, textarea and button on the page is at least 44 px tall, and nothing is wider than the screen. */
async function assertPhoneFriendly(page: Page, width: number) {
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  const sizes: { tag: string; height: number; right: number }[] = await page.evaluate(`(() => {
    const out = [];
    function visit(root) {
      for (const el of root.querySelectorAll('input:not([type=radio]), select, textarea, sl-button, .choice')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0) out.push({ tag: el.localName + '.' + el.className, height: r.height, right: r.right });
      }
      for (const host of root.querySelectorAll('*')) if (host.shadowRoot && !host.localName.startsWith('sl-')) visit(host.shadowRoot);
    }
    visit(document);
    return out;
  })()`);
  assert.ok(sizes.length > 0);
  for (const s of sizes) {
    assert.ok(s.height >= 44, `${s.tag} is ${s.height} px tall`);
    assert.ok(s.right <= width, `${s.tag} ends at ${s.right} px on a ${width} px screen`);
  }
}

describe('public forms on a phone: Back to Work, opt-out, support', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('an employee registers on a 390 px screen, reads the code from /demo/outbox, confirms, submits an assessment and sees the outcome', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/b2w');
    await page.getByText(B2W_MISSING_VENDOR).waitFor();
    await shot(page, 'b2w-missing-vendor-mobile');

    await page.goto('/b2w?vendorCode=DEMO-B2W');
    await page.getByLabel('Telephone Number').fill('614-555-0131');
    await page.getByLabel('Employee ID').fill('E1001');
    await assertPhoneFriendly(page, 390);
    await shot(page, 'b2w-register-mobile');
    await page.getByRole('button', { name: 'Register' }).click();

    // The page reloads into the confirm step.
    await page.getByText(B2W_CODE_SENT).waitFor();
    await h.server.outbox.runOnce();
    const outbox = await context.newPage();
    await outbox.goto('/demo/outbox');
    const message = await outbox.locator('article', { hasText: 'to 6145550131' }).first().locator('pre').textContent();
    const code = /code is (\d{6})/.exec(message ?? '')?.[1];
    assert.ok(code, `a code in ${message}`);
    await outbox.close();
    await page.getByLabel('Code').fill(code);
    await shot(page, 'b2w-confirm-mobile');
    await page.getByRole('button', { name: 'Confirm' }).click();

    const temperature = page.getByRole('group', { name: /Is your temperature 100\.4 °F or higher\?/ });
    await temperature.getByLabel('No').check();
    await page.getByRole('group', { name: /Do you have any other symptoms/ }).getByLabel('No').check();
    await assertPhoneFriendly(page, 390);
    await shot(page, 'b2w-assessment-mobile');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(B2W_REPORT).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Submit' }).count(), 0, 'locked after a result');
    await shot(page, 'b2w-outcome-mobile');

    const rows = await h.server.db.selectFrom('b2w_assessment').selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].outcome, 'report');

    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Register' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('opt-out and support on a phone and on a desktop', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/engagements/opt-out/demo-opt-out-1');
    await page.getByRole('button', { name: 'Opt out' }).waitFor();
    await assertPhoneFriendly(page, 390);
    await shot(page, 'opt-out-mobile');
    await page.getByRole('button', { name: 'Opt out' }).click();
    await page.getByText(OPT_OUT_DONE).waitFor();
    await shot(page, 'opt-out-done-mobile');

    await page.goto('/support');
    await page.getByLabel('Email').fill('phone.user@example.test');
    await page.getByLabel('Issue Type').selectOption('Ask a Product Question');
    await page.getByLabel('Comment').fill('How do I print a face sheet?');
    await assertPhoneFriendly(page, 390);
    await shot(page, 'support-mobile');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(en.translation.support.sent).waitFor();
    await shot(page, 'support-sent-mobile');
    assert.deepEqual(errors, []);
    await context.close();

    // Embedded the way an agency site would: one script tag per element, no session.
    const embed = await openPage(h, 1024, 800);
    // A plain page (served by the test itself) with one script tag per element.
    await embed.page.route(`${h.server.url}/agency-site.html`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><title>Agency site</title></head><body><h1>Agency site</h1>
      <care-support-form api-base="${h.server.url}/api" support-phone="(614) 555-0100"></care-support-form>
      <care-b2w-form api-base="${h.server.url}/api" vendor-code="DEMO-B2W"></care-b2w-form>
      <care-opt-out api-base="${h.server.url}/api" opt-out-token="demo-opt-out-2"></care-opt-out>
      <script type="module" src="${h.server.url}/elements/care-support-form.js"></script>
      <script type="module" src="${h.server.url}/elements/care-b2w-form.js"></script>
      <script type="module" src="${h.server.url}/elements/care-opt-out.js"></script></body></html>` }));
    await embed.page.goto('/agency-site.html');
    await embed.page.locator('care-support-form').getByText('For urgent issues call (614) 555-0100.').waitFor();
    await embed.page.locator('care-b2w-form').getByLabel('Vendor Code').waitFor();
    assert.equal(await embed.page.locator('care-b2w-form').getByLabel('Vendor Code').inputValue(), 'DEMO-B2W');
    await embed.page.locator('care-opt-out').getByRole('button', { name: 'Opt out' }).click();
    await embed.page.locator('care-opt-out').getByText(OPT_OUT_DONE).waitFor();
    await shot(embed.page, 'public-forms-embedded');
    assert.deepEqual(embed.errors, []);
    await embed.context.close();

    const desk = await openPage(h, 1280, 900);
    await desk.page.goto('/support');
    await desk.page.getByRole('button', { name: 'Submit' }).click();
    await desk.page.getByText('Email is required').first().waitFor();
    await shot(desk.page, 'support-errors-desktop');
    await desk.page.goto('/b2w?vendorCode=DEMO-B2W');
    await desk.page.getByRole('button', { name: 'Register' }).waitFor();
    await shot(desk.page, 'b2w-register-desktop');
    assert.deepEqual(desk.errors, []);
    await desk.context.close();
  });
});
