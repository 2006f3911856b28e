import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { nextCitSection } from './support/cit-sheet';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import en from '../../shared/i18n/en.json';
import es from '../../shared/i18n/es.json';
import { assertFitsPhone, openPage, shot, startHarness, type Harness } from './support/harness';
import { fillReferredPatient } from './support/referral';

/** The Spanish error of an empty required field. */
const required = (label: string) => es.translation.form.required.replace('{label}', label);

/** Issue 39 section 2: the public forms in Spanish, by the browser's language, by the switch, and by ?lang=es. */
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
    await summary.getByText(required(es.translation.hwc.officerName)).waitFor();
    const fieldError = page.locator('[data-field="childFirstName"] .field-error');
    assert.equal(await fieldError.textContent(), required(es.translation.hwc.childFirstName));
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

  test('external referral with Accept-Language es: the steps, the texted code, the errors and the thanks in Spanish', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.url, viewport: { width: 360, height: 780 }, reducedMotion: 'reduce', locale: 'es-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const ext = es.translation.ext;
    await page.goto('/ext/demo-referral/referral-form');
    await page.getByText(ext.noRegistration).waitFor();
    await page.getByRole('heading', { name: ext.register.title, level: 1 }).waitFor();
    await shot(page, 'ext-es-register-360');
    await page.getByLabel(ext.register.name, { exact: true }).fill('Dra. Inés Carrasco');
    await page.getByLabel(ext.register.phone).fill('(614) 555-0131');
    await page.getByRole('button', { name: ext.register.submit }).click();
    await page.getByText(ext.codeSent).waitFor();
    await page.getByRole('heading', { name: ext.confirm.title }).waitFor();

    // The texted code is in Spanish too.
    const sms = await h.server.db.selectFrom('outbox').select('body').where('recipient', '=', '6145550131').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const code = /código de registro de .+ es (\d{6})\. Vence en 10 minutos\./.exec(sms.body)?.[1];
    assert.ok(code, sms.body);
    await page.getByLabel(ext.confirm.code).fill(code);
    await page.getByRole('button', { name: ext.confirm.submit }).click();
    await page.getByText(ext.registered).waitFor();
    await page.getByRole('heading', { name: ext.referral.title, level: 1 }).waitFor();

    const widget = page.locator('main');
    await widget.getByRole('radio', { name: ext.requesters.Patient }).check();
    await widget.getByRole('button', { name: ext.referral.submit }).click();
    await widget.locator('.error-summary').getByText(required(ext.fields.firstName)).waitFor();
    assert.equal(await page.getByText(/is required|Must be/).count(), 0, 'no English error left');
    await shot(page, 'ext-es-referral-errors-360');
    await fillReferredPatient(widget, { first: 'Inés', last: 'Carrasco', mobile: '6145550132' }, ext.fields);
    await widget.getByRole('button', { name: ext.referral.submit }).click();
    await widget.getByText(ext.thanks).waitFor();
    await shot(page, 'ext-es-thanks-360', false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('/cit?lang=es: the contact sheet, its errors and its confirmation in Spanish', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    const cit = es.translation.cit;
    await page.goto('/cit?lang=es');
    await page.getByRole('heading', { name: cit.title, level: 1 }).waitFor();
    await page.getByLabel(cit.fields.code).fill(DEMO_CIT_AGENCY.code);
    await page.getByLabel(cit.fields.officerName).fill(DEMO_CIT_AGENCY.officers[0]);
    await page.getByRole('button', { name: cit.continue }).click();
    await page.getByTestId('identity-status').getByText(cit.text.identitySuccess).waitFor();
    // One hand on a phone: the sheet is one section at a time, and Next waits at the bottom of the screen.
    await page.getByTestId('cit-step').getByText(cit.steps.now.replace('{n}', '2').replace('{total}', '4').replace('{name}', cit.client)).waitFor();
    const next = await page.getByRole('button', { name: cit.next, exact: true }).boundingBox();
    assert.ok(next && next.y + next.height <= 844 && next.y >= 844 - 120, JSON.stringify(next));
    await page.getByRole('button', { name: cit.next, exact: true }).click();
    await page.getByText(required(cit.fields.firstName)).waitFor();
    assert.equal(await page.getByText(/is required|Must be/).count(), 0, 'no English error left');
    await shot(page, 'cit-es-390-errors');
    await page.getByLabel(cit.fields.firstName, { exact: true }).fill('Mateo');
    await page.getByLabel(cit.fields.lastName, { exact: true }).fill('Quintanilla');
    await page.getByLabel(cit.fields.birthDate, { exact: true }).fill('1988-04-02');
    await page.getByLabel(cit.fields.genderUid, { exact: true }).selectOption({ label: 'Male' });
    await page.getByLabel('White').check();
    await page.getByLabel(cit.fields.phoneNumber, { exact: true }).fill('6145550142');
    await nextCitSection(page, cit.next);
    await page.getByLabel(cit.fields.dateTime, { exact: true }).fill('2026-01-12T23:40');
    await page.getByLabel(cit.fields.officer, { exact: true }).fill('Agente Riley');
    await page.getByLabel(cit.fields.shiftUid, { exact: true }).selectOption({ label: 'Night' });
    await page.getByLabel(cit.fields.type, { exact: true }).selectOption({ label: cit.options.locationTypes['Personal Residence'] });
    await page.getByLabel(cit.fields.locationAddr1, { exact: true }).fill('22 Elm St');
    await page.getByLabel(cit.fields.referralSourceUid, { exact: true }).selectOption({ label: 'Family' });
    await page.getByLabel(cit.options.crisisEvents.Depression, { exact: true }).check();
    await page.getByLabel(cit.fields.response, { exact: true }).selectOption({ label: cit.options.responses['Active Listening/De-escalation'] });
    await nextCitSection(page, cit.next);
    await page.getByLabel(cit.fields.dispositionUid, { exact: true }).selectOption({ label: 'Active' });
    await page.getByLabel(cit.fields.mhFollowUpRequested, { exact: true }).selectOption({ label: cit.no });
    await page.getByRole('button', { name: cit.save }).click();
    await page.getByTestId('cit-receipt').getByRole('heading', { name: cit.receipt.title }).waitFor();
    await shot(page, 'cit-es-390-receipt', false);
    // Stored as the sheet's own values, whatever language the officer filled it in.
    const sheet = await sql<{ json: { type: string; response: string } }>`select submission_json as json from cit_submission where submission_json->>'lastName' = 'Quintanilla'`.execute(h.server.db);
    assert.equal(sheet.rows.length, 1);
    assert.equal(sheet.rows[0].json.type, 'Personal Residence');
    assert.equal(sheet.rows[0].json.response, 'Active Listening/De-escalation');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Back to Work in Spanish: the check-in, the code texted in Spanish, and the outcome', async () => {
    const context = await h.browser.newContext({ baseURL: h.server.url, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', locale: 'es-US' });
    const page = await context.newPage();
    const b2w = es.translation.b2w;
    await page.goto('/b2w?vendorCode=DEMO-B2W');
    await page.getByRole('heading', { name: b2w.title }).waitFor();
    await page.getByLabel(b2w.telephoneNumber).fill('614-555-0132');
    await page.getByLabel(b2w.employeeId).fill('E1002');
    await shot(page, 'b2w-es-register-390');
    await page.getByRole('button', { name: b2w.register }).click();
    await page.getByText(b2w.codeSent).waitFor();
    const sms = await h.server.db.selectFrom('outbox').select('body').where('recipient', '=', '6145550132').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const code = /Su código de Regreso al Trabajo de Careweave es (\d{6})\. Vence en 10 minutos\./.exec(sms.body)?.[1];
    assert.ok(code, sms.body);
    await page.getByLabel(b2w.code).fill(code);
    await page.getByRole('button', { name: b2w.confirm }).click();
    // The temperature keeps the US format, as dates and phone numbers do.
    await page.getByRole('group', { name: b2w.highTemp.replace('{degrees}', '100.4') }).getByLabel(b2w.no).check();
    await page.getByRole('group', { name: b2w.lowTempComplications }).getByLabel(b2w.no).check();
    await page.getByRole('button', { name: b2w.submit }).click();
    await page.getByText(b2w.report).waitFor();
    await shot(page, 'b2w-es-outcome-390', false);
    await context.close();
  });

  test('a parent opts out of texts in Spanish', async () => {
    const { context, page, errors } = await openPage(h, 360, 780);
    const optOut = es.translation.optOut;
    await page.goto('/engagements/opt-out/demo-opt-out-3?lang=es');
    await page.getByText(optOut.question).waitFor();
    await page.getByRole('button', { name: optOut.optOut }).click();
    await page.getByText(optOut.done).waitFor();
    await shot(page, 'opt-out-es-360', false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('every public form at 360 px in English and in Spanish: no sideways scroll, no serious accessibility finding', async () => {
    const forms = { cit: '/cit/oh', hwc: '/hwc', ext: '/ext/demo-referral/register', support: '/support', b2w: '/b2w?vendorCode=DEMO-B2W', 'opt-out': '/engagements/opt-out/demo-opt-out-4' };
    for (const lang of ['en', 'es'] as const) {
      const { context, page, errors } = await openPage(h, 360, 780);
      for (const [name, path] of Object.entries(forms)) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
        await page.locator(`.public-form[lang="${lang}"] h1, .public-form[lang="${lang}"] h2`).first().waitFor();
        await assertFitsPhone(page, `${name}-${lang}-360`);
        await shot(page, `public-${name}-${lang}-360`, false);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
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
