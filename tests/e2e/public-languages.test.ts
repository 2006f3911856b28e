import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import en from '../../shared/i18n/en.json';
import es from '../../shared/i18n/es.json';
import { assertFitsPhone, openPage, shot, startHarness, type Harness } from './support/harness';

/** Issue 39 section 2: the Handle with Care form in Spanish, by the browser's language, by the switch, and by ?lang=es. */
describe('public forms in Spanish', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('Accept-Language es: Spanish labels, field errors and confirmation at 360 px; the notice is stored', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.url, viewport: { width: 360, height: 780 }, reducedMotion: 'reduce', locale: 'es-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/hwc');
    await page.getByRole('heading', { name: es.translation.hwc.title, level: 1 }).waitFor();
    assert.equal(await page.locator('.public-form').getAttribute('lang'), 'es');
    await page.getByLabel(es.translation.hwc.district).fill(DEMO_HWC_CODES.franklin);
    await page.getByLabel(es.translation.hwc.officerName).waitFor();
    await shot(page, 'hwc-es-360');
    await assertFitsPhone(page, 'hwc-es-360');

    // Saved empty: every error in Spanish, next to its field and in the summary.
    await page.getByTestId('hwc-save').click();
    const summary = page.locator('.error-summary');
    await summary.getByText(es.translation.form.correct).waitFor();
    await summary.getByText(`${es.translation.hwc.officerName} ${es.messages.Required}`).waitFor();
    const fieldError = page.locator('[data-field="childFirstName"] .field-error');
    assert.equal(await fieldError.textContent(), `${es.translation.hwc.childFirstName} ${es.messages.Required}`);
    assert.equal(await page.getByText(/is required/).count(), 0, 'no English error left');
    await shot(page, 'hwc-es-360-errors');

    await page.getByLabel(es.translation.hwc.officerName).fill('Agente Rosa Ibarra');
    await page.getByLabel(es.translation.hwc.childFirstName).fill('Lucía');
    await page.getByLabel(es.translation.hwc.childLastName).fill('Espinoza');
    await page.getByLabel(es.translation.hwc.childBirthDate).fill('2016-03-09');
    await page.getByLabel(es.translation.hwc.facilityUid, { exact: true }).selectOption({ index: 1 });
    await page.getByTestId('hwc-save').click();
    await page.getByText(es.translation.hwc.sent).waitFor();
    await shot(page, 'hwc-es-360-sent', false);
    const stored = await sql<{ n: number }>`select count(*)::int as n from hwc_patient where child_last_name = 'Espinoza'`.execute(h.server.db);
    assert.equal(stored.rows[0].n, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('?lang=es on an English browser; the switch goes back to English and the choice is remembered', async () => {
    const { context, page, errors } = await openPage(h, 360, 780);
    await page.goto('/hwc?lang=es');
    await page.getByRole('heading', { name: es.translation.hwc.title, level: 1 }).waitFor();
    const languages = page.getByRole('navigation', { name: es.translation.frame.language });
    await languages.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: en.translation.hwc.title, level: 1 }).waitFor();
    assert.ok(!page.url().includes('lang=es'), 'the address follows the choice');
    await page.reload();
    await page.getByRole('heading', { name: en.translation.hwc.title, level: 1 }).waitFor();
    assert.equal(await page.locator('.public-form').getAttribute('lang'), 'en');
    await page.getByRole('navigation', { name: en.translation.frame.language }).getByRole('button', { name: 'Español' }).click();
    await page.getByText(es.translation.hwc.intro).waitFor();
    await page.goto('/hwc');
    await page.getByText(es.translation.hwc.intro).waitFor();
    await shot(page, 'hwc-es-360-remembered', false);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'hwc-es-1366', false);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
