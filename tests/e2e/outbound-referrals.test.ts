import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertFitsPhone, loginAs, openPage, openUserMenu, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** The top bar's user menu: the demo navigator works in Franklin County Care and Summit County Care. */
async function switchDivision(page: Page, name: string) {
  await openUserMenu(page, 'Nora Navigator');
  await page.getByRole('menuitemcheckbox', { name }).click();
  await page.waitForURL('**/home');
}


describe('outbound referrals in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator refers the patient to the other division, answers it there, and sees the status come back', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await openPatients(h)
      .select(['patient_uid', 'first_name', 'last_name'])
      .where('birth_date', 'is not', null)
      // One the demo has not referred yet: the list starts empty.
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('outbound_referral').select('outbound_referral_uid').whereRef('outbound_referral.patient_uid', '=', 'patient.patient_uid'))))
      .orderBy('last_name', 'desc')
      .executeTakeFirstOrThrow();
    const base = `/patients/${patient.patient_uid}`;
    await page.goto(`${base}/face-sheet`);
    await (await recordMenu(page)).getByRole('link', { name: 'Outbound Referrals' }).click();
    await page.waitForURL(`**${base}/outbound-referrals`);
    await page.getByText('No outbound referrals').waitFor();
    await page.getByRole('link', { name: 'Add Referral' }).click();
    await page.waitForURL(`**${base}/outbound-referrals/add`);

    // Validated on submit: specialty and where it goes are required.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please correct the following:').waitFor();
    assert.equal(await page.locator('.error-summary li').count(), 2);
    await page.getByLabel('Specialty').selectOption({ label: 'Child and Adolescent Psychiatrist' });
    await page.getByLabel('Careweave Division').check();
    await page.getByLabel('Division', { exact: true }).selectOption({ label: 'Summit County Care' });
    await page.getByLabel('Priority').selectOption({ label: 'Urgent' });
    await page.getByLabel('Reason').fill('Psychiatric evaluation after an ED visit');
    assert.equal(await page.getByLabel('Status').count(), 0, 'the receiving division sets the status');
    await shot(page, 'outbound-referrals-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/outbound-referrals`);
    const sent = page.locator('tbody tr', { hasText: 'Summit County Care' });
    await sent.waitFor();
    assert.equal(await sent.locator('.status-badge').textContent(), 'Pending');

    // In Summit County Care it waits to be linked: the navigator checks for the same person and makes a record.
    await switchDivision(page, 'Summit County Care');
    const card = page.locator('section.incoming-referrals');
    const item = card.locator('li.incoming-referral', { hasText: `${patient.first_name}` }).filter({ hasText: patient.last_name });
    await item.waitFor();
    assert.match((await card.getByRole('heading', { level: 2 }).textContent()) ?? '', /^Referrals To Link \(\d+\)$/);
    await shot(page, 'incoming-referrals-card');
    await item.getByRole('button', { name: 'Link' }).click();
    await page.getByRole('dialog', { name: 'Link Referral' }).waitFor();
    // The dialog's content is slotted into Shoelace's panel: found through the element, not the role.
    const dialog = page.locator('sl-dialog[label="Link Referral"]');
    // Summit may hold namesakes: the check lists them, and the navigator knows none is this person.
    await dialog.getByText(/duplicates found!/i).waitFor();
    await dialog.getByText('Psychiatric evaluation after an ED visit').waitFor();
    await shot(page, 'incoming-referrals-link');
    await dialog.getByRole('button', { name: 'Create Patient' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/face-sheet$/);
    await page.getByText('Referral linked').first().waitFor();
    const receivedUid = /\/patients\/([0-9a-f-]{36})\//.exec(page.url())![1];
    assert.notEqual(receivedUid, patient.patient_uid, 'a record of Summit\'s own');

    // Now the patient is in Summit's "new referrals".
    await page.goto('/home');
    const queue = page.locator('section.queue-card', { has: page.getByRole('heading', { name: /^New Referrals/ }) });
    const waiting = queue.locator('tbody tr', { hasText: patient.last_name });
    await waiting.first().waitFor();
    await shot(page, 'outbound-referrals-receiver-queue');
    await waiting.first().click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\/(details|face-sheet)$/);
    await (await recordMenu(page)).getByRole('link', { name: 'Outbound Referrals' }).click();
    const received = page.locator('section.received-referrals');
    await received.getByRole('heading', { name: 'Referrals From Other Divisions' }).waitFor();
    await received.locator('tbody tr', { hasText: 'Franklin County Care' }).click();
    await page.getByRole('heading', { name: 'Referral From Franklin County Care' }).waitFor();
    await page.getByText('Psychiatric evaluation after an ED visit').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Enrolled' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved!').first().waitFor();
    await page.locator('.section-facts .status-badge', { hasText: 'Enrolled' }).waitFor();
    await shot(page, 'outbound-referrals-answer');

    // Back in Franklin County Care: the status, its time, and a reminder on the patient.
    await switchDivision(page, 'Franklin County Care');
    await page.goto(`${base}/outbound-referrals`);
    const answered = page.locator('tbody tr', { hasText: 'Summit County Care' });
    await answered.locator('.status-badge', { hasText: 'Enrolled' }).waitFor();
    assert.equal(await answered.locator('.status-badge').getAttribute('data-variant'), 'success');
    assert.match((await answered.locator('.status-time').textContent()) ?? '', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/i);
    await shot(page, 'outbound-referrals-list');
    await page.goto(`${base}/face-sheet`);
    const reminders = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Reminders' }) });
    await reminders.getByText('Summit County Care set the Child and Adolescent Psychiatrist referral to Enrolled').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the CIT face sheet's top mental-health referrals open the referral, read-only", async () => {
    const { context, page, errors } = await openPage(h, 1366, 900);
    await loginAs(page, 'cit');
    const referral = await h.server.db
      .selectFrom('outbound_referral_view')
      .select(['patient_uid', 'outbound_referral_uid', 'to_name'])
      .where('provider_role_name', '=', 'Psychologist')
      // The demo caseload has several; one the provider enrolled.
      .where('status_label', '=', 'Enrolled')
      .orderBy('outbound_referral_uid')
      .executeTakeFirstOrThrow();
    await page.goto(`/patients/${referral.patient_uid}/face-sheet`);
    const card = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Top Mental Health Referrals' }) });
    await card.getByRole('link', { name: `Psychologist: ${referral.to_name}` }).click();
    await page.waitForURL(`**/patients/${referral.patient_uid}/outbound-referrals/${referral.outbound_referral_uid}`);
    await page.getByRole('heading', { name: 'Outbound Referral' }).waitFor();
    await page.locator('.section-facts .status-badge', { hasText: 'Enrolled' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0, 'CIT reads referrals, does not change them');
    await shot(page, 'outbound-referrals-cit-details');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the outbound referral pages at 390 px', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const referral = await h.server.db.selectFrom('outbound_referral').select(['patient_uid', 'outbound_referral_uid']).where('to_type', '=', 'division').executeTakeFirstOrThrow();
    await page.goto(`/patients/${referral.patient_uid}/outbound-referrals`);
    await page.locator('tbody tr .status-badge').first().waitFor();
    await shot(page, 'outbound-referrals-list-390');
    await assertFitsPhone(page, 'outbound-referrals-list-390');
    await page.goto(`/patients/${referral.patient_uid}/outbound-referrals/${referral.outbound_referral_uid}`);
    await page.getByRole('heading', { name: 'Edit Outbound Referral' }).waitFor();
    await shot(page, 'outbound-referrals-edit-390');
    await assertFitsPhone(page, 'outbound-referrals-edit-390');

    // The referral the demo sent to Summit waits there: the card, its page and the link dialog on a phone.
    await page.goto('/home');
    await switchDivision(page, 'Summit County Care');
    await page.goto('/home/incoming-referrals');
    const item = page.locator('li.incoming-referral').first();
    await item.waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
    await shot(page, 'incoming-referrals-page-390');
    await assertFitsPhone(page, 'incoming-referrals-page-390');
    await item.getByRole('button', { name: 'Link' }).click();
    await page.locator('sl-dialog[label="Link Referral"]').getByText(/duplicates found!/i).waitFor();
    await shot(page, 'incoming-referrals-link-390');
    await assertFitsPhone(page, 'incoming-referrals-link-390');
    await context.close();
  });
});
