import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_B2W_VENDOR } from '../../server/db/seed/b2w';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { CIT_TEXT } from '../../shared/cit-options';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';
import { FIRST_SCREEN_ID } from '../../shared/first-screen-slot';

/** Issue 16: the public forms, the home calendar card and the demo pages as a new user sees them, at a desktop and a phone width. */
const WIDTHS = [1366, 390] as const;

/** The first demo division, which the demo's agency, district, referral link and opt-out tokens all belong to. */
const DIVISION = 'Franklin County Care';

/**
 * Whose form each is: the receiving division (or the employer) by name and
 * logo, once the link or the credential the form asks for says which; the
 * support form is the product's own. `unlock` gives the credential.
 */
const PUBLIC_FORMS: { name: string; path: string; heading: string; brand: string; unlock?: (page: Page) => Promise<void> }[] = [
  {
    name: 'cit',
    path: '/cit/oh',
    heading: 'Crisis Intervention Team Contact Sheet',
    brand: DIVISION,
    unlock: async (page) => {
      await page.getByLabel('Agency Identifier').fill(DEMO_CIT_AGENCY.code);
      await page.getByLabel('Officer Name').fill(DEMO_CIT_AGENCY.officers[0]);
      await page.getByRole('button', { name: 'Continue' }).click();
    },
  },
  { name: 'hwc', path: '/hwc', heading: 'Handle with Care', brand: DIVISION, unlock: (page) => page.getByLabel('District Code').fill(DEMO_HWC_CODES.franklin) },
  { name: 'support', path: '/support', heading: 'Customer Support', brand: 'Careweave' },
  { name: 'b2w', path: '/b2w?vendorCode=DEMO-B2W', heading: 'Back to Work', brand: DEMO_B2W_VENDOR.vendor_name },
  { name: 'ext', path: '/ext/demo-referral/register', heading: 'Register', brand: DIVISION },
  // Opening the page reads whose link it is but does not use the token: only the Opt out button does.
  { name: 'opt-out', path: '/engagements/opt-out/demo-opt-out-3', heading: 'Opt out', brand: DIVISION },
];

async function assertNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `the page scrolls sideways (${scroll} > ${client})`);
}

describe('visual finish: public forms, the calendar card and the demo pages', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  for (const width of WIDTHS) {
    test(`every public form in one frame: whose form (name and logo), what it is for, the same footer (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, 900);
      for (const form of PUBLIC_FORMS) {
        await page.goto(form.path);
        // The live form, not the page's first screen it replaces (its scripts start after that screen has painted).
        await page.locator(`#${FIRST_SCREEN_ID}`).waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: form.heading }).waitFor();
        const frame = page.locator('.public-form');
        await frame.locator('.public-form-name').waitFor();
        assert.ok((await frame.locator('.public-form-purpose').innerText()).length > 40, `${form.name}: says what the form is for`);
        assert.equal(await frame.locator('.public-form-footer').innerText(), 'Powered by Careweave');
        // Centred: as much room on the left as on the right at a desktop width.
        const box = (await frame.boundingBox())!;
        if (width > 1000) assert.ok(Math.abs(box.x - (width - box.x - box.width)) <= 2, `${form.name}: centred (${box.x}, ${box.width})`);
        await assertNoSidewaysScroll(page);
        await shot(page, `visual-${form.name}-${width}`);
        // Whose form: the division's (or employer's) name and logo once known; the product's mark until then and on the support form.
        if (form.unlock) {
          assert.equal(await frame.locator('.public-form-name').innerText(), 'Careweave', `${form.name}: the product's until the credential is accepted`);
          await form.unlock(page);
        }
        await frame.locator('.public-form-name', { hasText: form.brand }).waitFor();
        if (form.brand === 'Careweave') assert.equal(await frame.locator('.public-form-brand .public-form-mark').innerText(), 'C');
        else assert.match((await frame.locator('.public-form-brand img').getAttribute('src')) ?? '', /^data:image\/svg\+xml;base64,/, `${form.name}: the logo`);
        if (form.unlock) await shot(page, `visual-${form.name}-branded-${width}`, false);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`the CIT identity step has a Continue button and a hint (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, 900);
      await page.goto('/cit/oh');
      await page.getByText('then select Continue').waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('.field-error').first().waitFor();
      assert.equal(await page.locator('.field-error').count(), 2, 'both identity fields say what is missing');
      await shot(page, `visual-cit-identity-errors-${width}`);
      await page.getByLabel('Agency Identifier').fill(DEMO_CIT_AGENCY.code);
      await page.getByLabel('Officer Name').fill(DEMO_CIT_AGENCY.officers[0]);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('identity-status').getByText(CIT_TEXT.identitySuccess).waitFor();
      await page.getByLabel('First Name').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Continue' }).count(), 0, 'Continue goes once the agency is recognized');
      await shot(page, `visual-cit-identity-ok-${width}`, false);
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`the home calendar card shows whole items: time and type with the patient in the tooltip, or the week's list on a phone (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, 900);
      await loginAs(page, 'navigator');
      const event = page.locator('.care-home-calendar .care-event').first();
      await event.waitFor();
      const tooltip = (await event.getAttribute('title')) ?? '';
      assert.match(tooltip, /^.+: .+ \(.+\)$/, 'type: patient (status) on hover');
      const patient = tooltip.split(': ')[1];
      // Month cells show time and type; on a phone the card opens on the week's list, with room for the patient.
      if (width > 576) assert.ok(!(await event.innerText()).includes(patient), 'the patient is not squeezed into the cell');
      else assert.ok((await event.innerText()).includes(patient), 'the list shows the patient');
      await shot(page, `visual-home-${width}`);
      // No event's text is cut: each fits its box.
      const cut = await page.locator('.care-home-calendar .care-event').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).length);
      assert.equal(cut, 0, 'events cut mid-word');
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`the demo index and outbox read like the product (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, 900);
      await page.goto('/demo/');
      assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /Segoe UI/);
      await shot(page, `visual-demo-index-${width}`);
      // A support request leaves a message in the outbox.
      await page.goto('/support');
      await page.getByLabel('Email').fill('visual@example.org');
      await page.getByLabel('Issue Type').selectOption('Other Help');
      await page.getByLabel('Comment').fill('Checking how the outbox shows times.');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you!').waitFor();
      await page.goto('/demo/outbox');
      const times = await page.locator('article time').allInnerTexts();
      assert.ok(times.length > 0, 'the outbox has messages');
      for (const t of times) assert.match(t, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]m$/);
      await shot(page, `visual-demo-outbox-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
