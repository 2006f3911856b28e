import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { COMMAND_ACTOR } from '../../server/admin/admin-audit';
import { createSmartApp } from '../../server/smart-apps/smart-apps.repository';
import { AUTHORIZATION_ENDED, CHOOSE_A_PATIENT } from '../../shared/schemas/smart-apps';
import { SmartApp } from '../server/support/smart-app';
import { assertFitsPhone, checkA11y, openPatients, signIn, startHarness, type Harness } from './support/harness';

/**
 * Issue 35 section 2 in Chromium: a SMART app made with fhirclient (on its
 * Node adapter, tests/server/support/smart-app.ts) starts a standalone
 * launch; the browser follows it to Careweave, signs in there (the shell
 * brings it back to the consent page after), the navigator chooses the
 * patient and allows, and the app ends up with a client for that patient.
 */

const SHOTS = '/tmp/shots';
const SCOPES = 'openid profile launch/patient offline_access patient/Patient.rs patient/Condition.rs patient/Task.cruds';

let h: Harness;
/** PUBLIC_URL (http://localhost:port): the address the provider sends the browser to and the app knows as its `iss`. */
let base: string;
let app: SmartApp;
const APP_NAME = 'Growth Chart';
/** A patient the navigator may open, in the division the navigator signs in to. */
let patient: { patient_uid: string; first_name: string; last_name: string };

async function open(width: number) {
  const context = await h.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** The app starts the launch; Careweave's sign-in, then back to the consent page the provider sent the browser to. */
async function toConsent(page: Page): Promise<string> {
  await page.goto(`${app.url}/launch?scope=${encodeURIComponent(SCOPES)}`);
  await page.waitForURL(`${base}/login`);
  await signIn(page, 'navigator');
  await page.waitForURL(/\/authorize-app\/[\w-]+$/);
  await page.getByRole('heading', { name: `Allow ${APP_NAME} to Use Careweave?` }).waitFor();
  // The shell's toast that it brought the user back here: gone before the screenshots.
  await page.getByText('Redirecting to previously attempted page').waitFor({ state: 'hidden' });
  return page.url();
}

const fieldError = (page: Page) => page.locator('[data-field="patientUid"] .field-error');

async function choosePatient(page: Page) {
  const form = page.getByRole('form', { name: `Allow ${APP_NAME}` });
  await form.getByLabel('Patient', { exact: true }).fill(patient.last_name);
  await form.getByRole('button', { name: new RegExp(`^${patient.last_name}, ${patient.first_name}\\b`) }).first().click();
  // The chosen patient's name stays in the field.
  assert.match(await form.getByLabel('Patient', { exact: true }).inputValue(), new RegExp(`^${patient.last_name}, ${patient.first_name}`));
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await checkA11y(page, name);
}

describe('the consent page of a SMART app (standalone launch)', () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    h = await startHarness();
    base = `http://localhost:${new URL(h.server.url).port}`;
    app = await new SmartApp(`${base}/fhir`).start();
    const division = await h.server.db.selectFrom('division').select('org_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow();
    const registered = await h.server.db.transaction().execute((trx) =>
      createSmartApp(trx, COMMAND_ACTOR, division.org_uid, { name: APP_NAME, redirectUris: `${app.url}/callback`, scopes: 'patient/*.rs user/Patient.rs', isActive: true }),
    );
    app.clientId = registered.clientId;
    patient = await openPatients(h).select(['patient_uid', 'first_name', 'last_name']).where('adoption_case', '=', false).orderBy('last_name').orderBy('patient_uid').executeTakeFirstOrThrow();
  });
  after(async () => {
    await app?.stop();
    await h?.stop();
  });

  test('signed out: sign in, choose the patient, Allow; the app reads that patient', async () => {
    const { context, page, errors } = await open(1366);
    await toConsent(page);
    for (const text of ["Read and search the chosen patient's demographics", "Read and search the chosen patient's diagnoses", 'Know which patient you chose']) await page.getByText(text, { exact: true }).waitFor();
    await page.getByText('Signed in to Franklin County Care', { exact: false }).waitFor();
    await page.getByText('Not granted: patient/Task.cruds').waitFor();

    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await fieldError(page).filter({ hasText: CHOOSE_A_PATIENT }).waitFor();
    await screenshot(page, 'consent-422-1366');

    await choosePatient(page);
    await screenshot(page, 'consent-patient-1366');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.waitForURL(`${app.url}/callback?**`);
    await page.getByText('signed in').waitFor();
    assert.equal(app.error, null);
    const client = app.client!;
    assert.equal(client.patient.id, patient.patient_uid);
    const read = (await client.request(`Patient/${patient.patient_uid}`)) as { resourceType: string; id: string };
    assert.equal(read.resourceType, 'Patient');
    assert.equal(read.id, patient.patient_uid);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("at a phone's width: no sideways scroll; Don't Allow sends the refusal; the request then shows as ended", async () => {
    const { context, page, errors } = await open(390);
    const consentUrl = await toConsent(page);
    await assertFitsPhone(page, 'consent-phone');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await fieldError(page).filter({ hasText: CHOOSE_A_PATIENT }).waitFor();
    await assertFitsPhone(page, 'consent-422-phone');
    await screenshot(page, 'consent-422-390');
    await choosePatient(page);
    await assertFitsPhone(page, 'consent-patient-phone');
    await screenshot(page, 'consent-patient-390');

    await page.getByRole('button', { name: "Don't Allow" }).click();
    await page.waitForURL(`${app.url}/callback?**`);
    assert.equal(app.client, null);
    assert.match(app.error ?? '', /did not allow/);

    await page.goto(consentUrl);
    await page.locator('sl-alert[variant="warning"]').filter({ hasText: AUTHORIZATION_ENDED }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Allow', exact: true }).count(), 0, 'no buttons on an ended request');
    await assertFitsPhone(page, 'consent-ended-phone');
    await screenshot(page, 'consent-ended-390');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
