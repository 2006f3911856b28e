import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

let h: Harness;

/** A patient of the navigator's division that the navigator may see, with a birth date to match. */
async function existingPatient() {
  const { rows } = await sql<{ patient_uid: string; first_name: string; last_name: string; birth_date: string }>`
    select p.patient_uid, p.first_name, p.last_name, to_char(p.birth_date, 'YYYY-MM-DD') as birth_date
      from patient p
     where p.restricted_flag = '0' and p.birth_date is not null
       and p.division_uid = (select division_uid from division order by division_name limit 1)
       and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
     order by p.last_name, p.patient_uid limit 1`.execute(h.server.db);
  return rows[0];
}

const patientsNamed = async (firstName: string, lastName: string) =>
  (await sql<{ patient_uid: string; mobile_phone: string | null }>`select patient_uid, mobile_phone from patient where first_name = ${firstName} and last_name = ${lastName}`.execute(h.server.db)).rows;

async function fillRequired(page: Page, who: { firstName: string; lastName: string; birthDate: string }) {
  await page.getByLabel('First Name').fill(who.firstName);
  await page.getByLabel('Last Name').fill(who.lastName);
  await page.getByLabel('Birth Date').fill(who.birthDate);
  await page.getByLabel('Gender', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('radio', { name: 'Mobile' }).check();
  // Digits only: the brackets, spaces and dash never reach the field.
  await page.getByLabel('Mobile Phone').pressSequentially('(614) 555-0101');
  await page.getByLabel('Referral Reason').selectOption({ label: 'Housing' });
}

describe('Add Patient in the shell', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('the form, its errors, the duplicate warning, then the new patient\'s face sheet (1366 px)', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    await page.goto('/patients/add');
    await page.getByRole('heading', { name: 'Add Patient', level: 1 }).waitFor();
    // Spec 001 section 5 defaults.
    assert.equal(await page.getByLabel('Referred To').inputValue(), 'Program');
    assert.equal(await page.getByLabel('Requested By').inputValue(), 'Provider');
    assert.match(await page.getByLabel('Referral Date').inputValue(), /^\d{4}-\d{2}-\d{2}$/);

    // Validated on submit, with the error summary.
    await page.getByRole('button', { name: 'Add Patient' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following:' });
    await summary.waitFor();
    assert.ok(await summary.getByText('First Name is required').isVisible());
    await shot(page, 'add-patient-errors-1366');

    const existing = await existingPatient();
    await fillRequired(page, { firstName: existing.first_name.toUpperCase(), lastName: existing.last_name, birthDate: existing.birth_date });
    assert.equal(await page.getByLabel('Mobile Phone').inputValue(), '6145550101');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await page.getByLabel('Address Line 1').fill('12 Oak St');
    await page.getByLabel('Post Code').fill('43215');
    // From 5 characters the post code fills in city, county and state.
    await page.getByText('City, county and state filled in from the post code.').waitFor();
    assert.equal(await page.getByLabel('City').inputValue(), 'Columbus');
    assert.equal(await page.getByLabel('County').inputValue(), 'Franklin');
    await page.getByRole('button', { name: 'Add Email Address' }).click();
    await page.getByLabel('Email Address 1').fill('new.patient@example.org');
    await page.getByRole('button', { name: 'Add Patient' }).click();

    const warning = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Possible Duplicates' }) });
    await warning.waitFor();
    const link = warning.getByRole('link', { name: `${existing.last_name}, ${existing.first_name}` });
    assert.equal(await link.getAttribute('href'), `/patients/${existing.patient_uid}`);
    await shot(page, 'add-patient-duplicates-1366');

    await warning.getByRole('button', { name: 'Add Patient Anyway' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/face-sheet$/);
    const patientUid = /\/patients\/([0-9a-f-]{36})\//.exec(page.url())![1];
    assert.notEqual(patientUid, existing.patient_uid);
    await page.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    const created = await patientsNamed(existing.first_name.toUpperCase(), existing.last_name);
    assert.deepEqual(created, [{ patient_uid: patientUid, mobile_phone: '6145550101' }]);
    await shot(page, 'add-patient-created-1366');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a double click creates one patient; the form fits a phone (390 px)', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    await page.goto('/patients/add');
    await page.getByRole('heading', { name: 'Add Patient', level: 1 }).waitFor();
    const who = { firstName: 'Quinn', lastName: `Doubleclick${Date.now().toString(36)}`, birthDate: '2010-06-15' };
    await fillRequired(page, who);
    await shot(page, 'add-patient-form-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling (${width} px)`);

    await page.getByRole('button', { name: 'Add Patient' }).dblclick();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/face-sheet$/);
    await page.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    assert.equal((await patientsNamed(who.firstName, who.lastName)).length, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
