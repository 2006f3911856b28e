import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openPage, shot, startHarness, type Harness } from './support/harness';

/** The agency-website demo: public forms embedded with one script tag each, no sign-in. */
describe('demo agency website embeds the public forms', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('each form works on the page, keeps its own look, and the support request reaches the outbox', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/demo/agency-site.html#hwc');
    const code = page.locator('care-hwc-form').getByLabel('District Code');
    await code.waitFor();
    // The site's `input { border: 3px ridge ... !important }` stays outside the form.
    assert.notEqual(await code.evaluate((i) => getComputedStyle(i).borderTopStyle), 'ridge');
    assert.equal(await page.locator('header nav a[aria-current="page"]').textContent(), 'Handle with Care');

    await page.goto('/demo/agency-site.html#crisis');
    await page.locator('care-cit-form').getByLabel('Agency Identifier').fill('OH-DEMO-PD');
    await page.locator('care-cit-form').getByLabel('Officer Name').fill('Officer Riley');
    await page.getByText('Identity Success!').first().waitFor();

    await page.goto('/demo/agency-site.html#referral');
    await page.locator('care-referral-form').getByRole('heading', { name: 'Register' }).waitFor();

    await page.goto('/demo/agency-site.html#support');
    const support = page.locator('care-support-form');
    await support.getByLabel('Email').fill('parent@example.test');
    await support.getByLabel('Issue Type').selectOption('Login Assistance');
    await support.getByLabel('Comment').fill('I cannot sign in from the school laptop.');
    await support.getByRole('button', { name: 'Submit' }).click();
    await support.getByText(/We will reply to parent@example\.test/).waitFor();
    await shot(page, 'agency-site-support-sent-390');
    const stored = await h.server.db.selectFrom('outbox').select(['recipient', 'body']).where('body', 'like', '%cannot sign in from the school laptop%').execute();
    assert.equal(stored.length, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
