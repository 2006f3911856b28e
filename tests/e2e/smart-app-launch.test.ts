import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { DEMO_SMART_APP } from '../../server/demo-oidc/demo-smart-app';
import { AUTHORIZATION_ENDED, CHOOSE_A_PATIENT, NOT_FOR_APPS } from '../../shared/schemas/smart-apps';
import { assertFitsPhone, shot, signIn, startHarness, type Harness } from './support/harness';

/**
 * Issue 35 section 2 in Chromium: the demo's Growth Chart, an outside SMART
 * app made with SMART Health IT's fhirclient (its browser build), signs a
 * navigator in through Careweave by a standalone launch: Careweave's sign-in,
 * then its consent page (what the app asks, the patient it may read), then
 * back to the app, which reads that patient over the FHIR API.
 */

let h: Harness;
let base: string;
/** A Franklin patient the navigator may open, with diagnoses for the app to show. */
let patient: { patient_uid: string; first_name: string; last_name: string; diagnosis: string };
/** The navigator's own restricted case: theirs to open in Careweave, never an app's. */
let ownCase: { first_name: string; last_name: string };

async function open(width = 1366) {
  const context = await h.browser.newContext({ baseURL: base, viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** From the app's page to Careweave's consent page, signing in on the way. */
async function toConsent(page: import('playwright-core').Page) {
  await page.goto('/demo/smart-app.html');
  await page.getByRole('button', { name: 'Sign In with Careweave' }).click();
  await page.waitForURL('**/login');
  await signIn(page, 'navigator');
  await page.waitForURL('**/authorize-app/**');
  await page.getByRole('heading', { name: `Allow ${DEMO_SMART_APP.name} to Use Careweave?` }).waitFor();
}

describe('a SMART app signs in through Careweave (standalone launch)', () => {
  before(async () => {
    h = await startHarness();
    base = `http://localhost:${new URL(h.server.url).port}`;
    const { rows } = await sql<typeof patient>`
      select p.patient_uid, p.first_name, p.last_name, min(rd.label) as diagnosis
        from patient p
        join division d on d.division_uid = p.division_uid and d.division_name = 'Franklin County Care'
        join patient_diagnosis pd on pd.patient_uid = p.patient_uid
        join reference_data rd on rd.uid = pd.ref_diagnosis_uid
       where p.restricted_flag <> '1' and not p.adoption_case
       group by p.patient_uid
       order by p.last_name, p.patient_uid
       limit 1`.execute(h.server.db);
    patient = rows[0];
    assert.ok(patient, 'the demo has a Franklin patient with a diagnosis');
    const own = await sql<typeof ownCase>`
      select p.first_name, p.last_name from patient p join patient_case c on c.patient_uid = p.patient_uid
       where p.restricted_flag = '1' and c.wkr_email = 'navigator@careweave.test' and not c.from_extract limit 1`.execute(h.server.db);
    ownCase = own.rows[0];
    assert.ok(ownCase, "the demo has a restricted case of the navigator's");
  });
  after(() => h?.stop());

  test('the navigator allows Growth Chart for one patient; the app shows that record', async () => {
    const { context, page, errors } = await open();
    await toConsent(page);
    await page.getByText("Read and search the chosen patient's diagnoses").waitFor();
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.getByText(CHOOSE_A_PATIENT).first().waitFor();
    await shot(page, 'smart-consent-no-patient');

    const consent = page.getByRole('form', { name: `Allow ${DEMO_SMART_APP.name}` });
    // The navigator finds their own restricted case, but may not give it to an app.
    await consent.getByLabel('Patient', { exact: true }).fill(ownCase.last_name);
    await consent.getByRole('button', { name: new RegExp(`^${ownCase.last_name}, ${ownCase.first_name}`) }).first().click();
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.getByText(NOT_FOR_APPS).first().waitFor();
    await shot(page, 'smart-consent-restricted');
    await page.setViewportSize({ width: 390, height: 844 });
    await assertFitsPhone(page, 'the refusal on a phone');
    await shot(page, 'smart-consent-restricted-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    await consent.getByLabel('Patient', { exact: true }).fill(patient.last_name);
    await consent.getByRole('button', { name: new RegExp(`^${patient.last_name}, ${patient.first_name}`) }).first().click();
    await shot(page, 'smart-consent');
    await page.getByRole('button', { name: 'Allow', exact: true }).click();

    await page.waitForURL('**/demo/smart-app.html**');
    // The FHIR Patient's names: the middle name too.
    await page.getByRole('heading', { name: new RegExp(`^${patient.first_name} (.+ )?${patient.last_name}$`) }).waitFor();
    await page.locator('#app-conditions').getByText(patient.diagnosis).first().waitFor();
    assert.match((await page.locator('#app-granted').textContent()) ?? '', /patient\/Condition\.rs/);
    await shot(page, 'smart-app-signed-in');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("Don't Allow sends the app the refusal; the request cannot be answered again", async () => {
    const { context, page } = await open();
    await toConsent(page);
    const consentUrl = page.url();
    await page.getByRole('button', { name: "Don't Allow" }).click();
    await page.waitForURL('**/demo/smart-app.html**');
    await page.getByRole('status').filter({ hasText: 'Not signed in' }).waitFor();
    await page.getByRole('button', { name: 'Sign In with Careweave' }).waitFor();
    await page.goto(consentUrl);
    await page.getByText(AUTHORIZATION_ENDED).waitFor();
    await context.close();
  });

  test('the consent page on a phone', async () => {
    const { context, page } = await open(390);
    await toConsent(page);
    await assertFitsPhone(page, 'smart-consent-phone');
    await shot(page, 'smart-consent-phone');
    await context.close();
  });
});
