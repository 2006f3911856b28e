import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { lastEmailTo, runAdminCommand, signInLinkIn } from '../../server/testing/admin-command';
import { CIT_TEXT } from '../../shared/cit-options';
import { openPage, openUserMenu, shot, signIn, startHarness, type Harness } from './support/harness';

const ADMIN_PASSWORD = 'first-admin-password';
const NAVIGATOR_PASSWORD = 'new-navigator-password';

let h: Harness;
before(async () => {
  h = await startHarness({ DEMO_SEED: '0' });
});
after(async () => {
  await h?.stop();
});

/** Opens a one-time link as its e-mail or the command gives it, on the test server, and sets the password. */
async function useLink(page: Page, link: string, password: string): Promise<void> {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.hash}`);
  await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
  assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await page.waitForURL('**/home');
}

describe('administration from an empty install', () => {
  it('first admin by command, a navigator from the Navigator template, then deactivated mid-session', async () => {
    const made = await runAdminCommand({ databaseUrl: h.server.connectionString, publicUrl: h.server.url }, ['create-user', '--name', 'Alex Admin', '--email', 'alex@county.example', '--org', 'Franklin County', '--division', 'Franklin County Care']);
    assert.equal(made.code, 0, made.stderr);

    const admin = await openPage(h, 1366, 900);
    await useLink(admin.page, signInLinkIn(made.stdout).url, ADMIN_PASSWORD);
    await admin.page.getByRole('button', { name: 'Alex Admin' }).click();
    await admin.page.getByRole('menuitem', { name: 'Admin' }).click();
    await admin.page.waitForURL('**/admin');
    await admin.page.getByRole('cell', { name: 'alex@county.example' }).waitFor();
    await shot(admin.page, 'admin-users-1366');

    await admin.page.getByRole('link', { name: 'Add User' }).click();
    await admin.page.waitForURL('**/admin/users/new');
    await admin.page.getByLabel('Name', { exact: true }).fill('Nora Navigator');
    await admin.page.getByLabel('User Name').fill('nora');
    await admin.page.getByLabel('Email').fill('nora@county.example');
    await admin.page.getByLabel('Works in this division').check();
    await admin.page.getByLabel('Role Template').selectOption({ label: 'Navigator' });
    assert.equal(await admin.page.getByRole('checkbox', { name: /^Navigator Navigator mode/ }).isChecked(), true);
    assert.equal(await admin.page.getByRole('checkbox', { name: /^Administrator/ }).isChecked(), false);
    await shot(admin.page, 'admin-user-form-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-user-form-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL('**/admin/users');
    await admin.page.getByRole('cell', { name: 'nora@county.example' }).waitFor();

    const navigator = await openPage(h, 390, 844);
    await useLink(navigator.page, signInLinkIn((await lastEmailTo(h.server.db, 'nora@county.example')).body).url, NAVIGATOR_PASSWORD);
    await openUserMenu(navigator.page, 'Nora Navigator');
    assert.equal(await navigator.page.getByRole('menuitem', { name: 'Admin' }).count(), 0, 'Admin is for administrators');
    await navigator.page.keyboard.press('Escape');
    assert.equal(await navigator.page.evaluate(() => fetch('/api/reminders/me').then((r) => r.status)), 200);

    await admin.page.getByRole('cell', { name: 'nora@county.example' }).click();
    await admin.page.getByRole('heading', { name: 'Edit Nora Navigator' }).waitFor();
    await admin.page.getByRole('button', { name: 'Deactivate' }).click();
    // Shoelace slots the buttons into the dialog: find them under the element, not its shadow panel.
    await admin.page.locator('sl-dialog[label="Deactivate User"][open]').getByRole('button', { name: 'Deactivate' }).click();
    await admin.page.getByText('Status: Inactive').waitFor();

    assert.equal(await navigator.page.evaluate(() => fetch('/api/reminders/me').then((r) => r.status)), 401, "the navigator's open session stopped working");
    await navigator.page.reload();
    await navigator.page.waitForURL('**/login');
    await signIn(navigator.page, 'nora', NAVIGATOR_PASSWORD);
    await navigator.page.getByText('Invalid user name or password').waitFor();

    await admin.page.getByRole('link', { name: 'Audit Log' }).click();
    await admin.page.waitForURL('**/admin/audit');
    await admin.page.getByRole('cell', { name: 'DeactivatedUser' }).waitFor();
    await shot(admin.page, 'admin-audit-1366');
    await admin.page.getByRole('link', { name: 'Users' }).click();
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await admin.page.getByRole('cell', { name: 'nora@county.example' }).waitFor();
    await shot(admin.page, 'admin-users-390');
    assert.deepEqual([...admin.errors, ...navigator.errors], []);
    await admin.context.close();
    await navigator.context.close();
  });
  it('the admin adds a division, a queue with a rule (counted before saving) and a CIT agency; the division\'s navigator sees the queue, an officer identifies with the new code', async () => {
    const admin = await openPage(h, 1366, 900);
    await admin.page.goto('/login');
    await signIn(admin.page, 'alex', ADMIN_PASSWORD);
    await admin.page.waitForURL('**/home');
    await admin.page.goto('/admin/organization');
    await admin.page.getByLabel('Organization Name').waitFor();
    await admin.page.getByRole('link', { name: 'Add Division' }).click();
    await admin.page.waitForURL('**/admin/organization/divisions/new');
    await admin.page.getByLabel('Name', { exact: true }).fill('Delaware County Care');
    await admin.page.getByLabel('CIT submissions need supervisory approval').check();
    await shot(admin.page, 'admin-division-form-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-division-form-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByRole('heading', { name: 'Edit Delaware County Care' }).waitFor();
    await admin.page.getByText('No work queues yet').waitFor();

    await admin.page.getByRole('link', { name: 'Add Queue' }).click();
    await admin.page.waitForURL('**/queues/new');
    await admin.page.getByLabel('Label').fill('Open Referrals');
    await admin.page.getByLabel('Rule').fill('shoe_size=9');
    await admin.page.getByText("Unknown column 'shoe_size'").waitFor();
    await admin.page.getByLabel('Rule').fill('referral_status=New');
    await admin.page.getByText('0 patients match this rule now').waitFor();
    await shot(admin.page, 'admin-queue-form-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-queue-form-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByRole('link', { name: 'Open Referrals' }).waitFor();
    await admin.page.getByRole('link', { name: 'Organization' }).click();
    await admin.page.getByRole('link', { name: 'Delaware County Care' }).waitFor();
    await shot(admin.page, 'admin-organization-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-organization-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });

    await admin.page.getByRole('link', { name: 'Users' }).click();
    await admin.page.getByRole('link', { name: 'Add User' }).click();
    await admin.page.getByLabel('Name', { exact: true }).fill('Dee Delaware');
    await admin.page.getByLabel('User Name').fill('dee');
    await admin.page.getByLabel('Email').fill('dee@county.example');
    const delaware = admin.page.locator('fieldset[data-division="Delaware County Care"]');
    await delaware.getByLabel('Works in this division').check();
    await delaware.getByLabel('Role Template').selectOption({ label: 'Navigator' });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL('**/admin/users');

    const navigator = await openPage(h, 1366, 900);
    await useLink(navigator.page, signInLinkIn((await lastEmailTo(h.server.db, 'dee@county.example')).body).url, NAVIGATOR_PASSWORD);
    await navigator.page.locator('section.queue-card', { has: navigator.page.getByRole('heading', { name: /^Open Referrals \(0\)/ }) }).waitFor();

    await admin.page.getByRole('link', { name: 'Access Codes' }).click();
    await admin.page.getByText('No CIT agencies yet').waitFor();
    await admin.page.getByRole('link', { name: 'Add CIT Agency' }).click();
    await admin.page.getByLabel('Name', { exact: true }).fill('Delaware Police');
    await admin.page.getByLabel('Division').selectOption({ label: 'Delaware County Care' });
    await admin.page.getByLabel('Officers').fill('Officer Moss\nOfficer Reed');
    await shot(admin.page, 'admin-code-holder-form-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-code-holder-form-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    const code = (await admin.page.locator('.new-code code').innerText()).trim();
    assert.match(code, /^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await shot(admin.page, 'admin-new-code-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-new-code-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Done' }).click();
    await admin.page.locator('li[data-holder="Delaware Police"]').getByText('Active').waitFor();

    // An external-action link: made here, it opens the public referral form; revoked, it no longer does.
    await admin.page.getByText('No external action links yet').waitFor();
    await admin.page.getByRole('link', { name: 'Add Link' }).click();
    await admin.page.getByLabel('Label').fill('Delaware website');
    await admin.page.getByLabel('Division').selectOption({ label: 'Delaware County Care' });
    await admin.page.getByLabel('Reason for referral').check();
    await shot(admin.page, 'admin-ext-link-form-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-ext-link-form-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    const link = new URL((await admin.page.locator('.new-code code').innerText()).trim());
    assert.match(link.pathname, /^\/ext\/referral-form-[a-z2-7]{26}\/referral-form$/);
    await admin.page.getByRole('button', { name: 'Done' }).click();
    const row = admin.page.locator(`li[data-link="${link.pathname.split('/')[2]}"]`);
    await row.getByText('Active').waitFor();
    await shot(admin.page, 'admin-access-codes-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-access-codes-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    const visitor = await openPage(h, 390, 844);
    await visitor.page.goto(link.pathname);
    await visitor.page.getByRole('heading', { name: 'Register' }).waitFor();
    await row.getByRole('button', { name: 'Revoke Delaware website' }).click();
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    await row.getByText('Revoked').waitFor();
    await visitor.page.reload();
    await visitor.page.getByText('This link is not valid.').waitFor();

    const officer = await openPage(h, 390, 844);
    await officer.page.goto('/cit/oh');
    await officer.page.getByLabel('Agency Identifier').fill(code.toLowerCase());
    await officer.page.getByLabel('Officer Name').fill('officer moss');
    await officer.page.getByTestId('identity-status').getByText(CIT_TEXT.identitySuccess).waitFor();
    assert.deepEqual([...admin.errors, ...navigator.errors, ...officer.errors, ...visitor.errors], []);
    await admin.context.close();
    await navigator.context.close();
    await officer.context.close();
    await visitor.context.close();
  });
  it("the admin names the organisation's market and keeps a reference list: a new status is offered, moved, then deactivated and no longer offered; a bad report definition is refused with its member's path", async () => {
    const admin = await openPage(h, 1366, 900);
    await admin.page.goto('/login');
    await signIn(admin.page, 'alex', ADMIN_PASSWORD);
    await admin.page.waitForURL('**/home');
    await admin.page.goto('/admin/organization');
    await admin.page.getByLabel('Market').fill('Central Ohio');
    await admin.page.getByRole('button', { name: 'Save' }).first().click();
    await admin.page.getByText('Successfully saved!').first().waitFor();

    await admin.page.getByRole('link', { name: 'Reference Lists' }).click();
    await admin.page.waitForURL('**/admin/reference');
    await admin.page.getByRole('link', { name: 'Report Configurations' }).waitFor();
    await shot(admin.page, 'admin-reference-index-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-reference-index-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });

    await admin.page.getByRole('link', { name: 'Statuses' }).click();
    await admin.page.waitForURL('**/admin/reference/statuses');
    const admission = admin.page.getByRole('region', { name: 'Admission' });
    await admission.getByRole('link', { name: 'Discharged' }).waitFor();
    await admin.page.getByRole('link', { name: 'Add Status' }).click();
    await admin.page.waitForURL('**/admin/reference/statuses/new');
    await admin.page.getByLabel('Label').fill('Awaiting Records');
    await admin.page.getByLabel('Name', { exact: true }).fill('awaiting records');
    await admin.page.getByLabel('Type').fill('Admission');
    await shot(admin.page, 'admin-reference-form-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-reference-form-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL('**/admin/reference/statuses');
    const offered = () =>
      admin.page.evaluate(() =>
        fetch('/api/data/reference/reference-status?ref_data_type=Admission&is_active=true&all-data=1')
          .then((r) => r.json())
          .then((doc: { data: { attributes: { label: string } }[] }) => doc.data.map((r) => r.attributes.label)),
      );
    const labels = () => admission.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')));
    await admission.getByRole('link', { name: 'Awaiting Records' }).waitFor();
    assert.deepEqual(await offered(), ['Admitted', 'Discharged', 'Transferred', 'Awaiting Records'], 'the admission form offers the new status last');
    await admission.getByRole('button', { name: 'Move Up Awaiting Records' }).click();
    await admin.page.getByText('Order saved').waitFor();
    assert.deepEqual(await offered(), ['Admitted', 'Discharged', 'Awaiting Records', 'Transferred']);
    assert.deepEqual(await labels(), ['Admitted', 'Discharged', 'Awaiting Records', 'Transferred']);
    const saved = admin.page.waitForResponse((r) => r.url().endsWith('/admin/reference/statuses/order') && r.request().method() === 'PUT');
    await admission.locator('tr[data-row="Awaiting Records"] .drag-handle').dragTo(admission.locator('tr[data-row="Transferred"]'));
    assert.equal((await saved).status(), 200);
    assert.deepEqual(await labels(), ['Admitted', 'Discharged', 'Transferred', 'Awaiting Records']);
    assert.deepEqual(await offered(), ['Admitted', 'Discharged', 'Transferred', 'Awaiting Records'], 'dragged below Transferred, and saved');
    await admission.getByRole('button', { name: 'Deactivate Awaiting Records' }).click();
    await admission.getByRole('button', { name: 'Reactivate Awaiting Records' }).waitFor();
    assert.deepEqual(await offered(), ['Admitted', 'Discharged', 'Transferred'], 'a deactivated status is no longer offered');
    await shot(admin.page, 'admin-reference-list-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-reference-list-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });

    await admin.page.goto('/admin/reference/facilities');
    await admin.page.getByText('No facilities yet').waitFor();
    await admin.page.getByRole('link', { name: 'Add Facility' }).click();
    await admin.page.getByLabel('Name', { exact: true }).fill('Delaware Middle School');
    await admin.page.getByLabel('Type').fill('School');
    await admin.page.getByRole('button', { name: 'Add to Distribution Lists' }).click();
    const list = admin.page.locator('fieldset.child-rows');
    await list.getByLabel('Name').fill('Front Office');
    await list.getByLabel('Email').fill('office@dms.example');
    await shot(admin.page, 'admin-reference-child-rows-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-reference-child-rows-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByRole('link', { name: 'Delaware Middle School' }).waitFor();

    // A library handout uploaded here is what the library page opens.
    const handout = Buffer.from('%PDF-1.4\n% winter shelters\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    await admin.page.goto('/admin/reference/resources/new');
    await admin.page.getByLabel('Title').fill('Winter Shelter Handout');
    await admin.page.getByLabel('Category').fill('Housing');
    await admin.page.getByLabel('For').selectOption('patient');
    await admin.page.getByLabel('File').setInputFiles({ name: 'winter-shelters.pdf', mimeType: 'application/pdf', buffer: handout });
    await admin.page.getByText('winter-shelters.pdf (').waitFor();
    await shot(admin.page, 'admin-reference-file-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-reference-file-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL('**/admin/reference/resources');
    const housing = admin.page.getByRole('region', { name: 'Housing' });
    await housing.getByRole('link', { name: 'Winter Shelter Handout' }).click();
    await admin.page.getByText('Now winter-shelters.pdf. Drop a file here or choose one to replace it.').waitFor();
    assert.equal(await admin.page.getByLabel('Link').count(), 0, "a file resource's link (its file's key) is not offered");
    await shot(admin.page, 'admin-reference-file-edit-1366');
    await admin.page.goto('/resource-library');
    await admin.page.getByRole('radio', { name: 'Patients and Families' }).check();
    const [tab] = await Promise.all([admin.page.waitForEvent('popup'), admin.page.getByRole('button', { name: 'Winter Shelter Handout' }).click()]);
    const download = await tab.waitForEvent('download');
    assert.equal(download.suggestedFilename(), 'winter-shelters.pdf');
    assert.deepEqual(await fs.readFile((await download.path())!), handout, 'the library serves the uploaded file');

    await admin.page.goto('/admin/reference/report-configurations');
    await admin.page.getByRole('link', { name: 'Inbound Referrals' }).first().click();
    const definition = admin.page.getByLabel('Definition');
    await definition.waitFor();
    const text = await definition.inputValue();
    const broken = JSON.parse(text);
    broken.charts[0].xAxisColumn = 'shoe_size';
    await definition.fill(JSON.stringify(broken, null, 2));
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.locator('.field-error', { hasText: "charts.0.xAxisColumn: Unknown column 'shoe_size'" }).waitFor();
    await shot(admin.page, 'admin-reference-json-error-1366');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await shot(admin.page, 'admin-reference-json-error-390');
    await admin.page.setViewportSize({ width: 1366, height: 900 });

    await admin.page.getByRole('link', { name: 'Audit Log' }).click();
    await admin.page.getByRole('cell', { name: 'DeactivatedReferenceValue' }).waitFor();
    await admin.page.getByRole('cell', { name: 'Status: Awaiting Records' }).first().waitFor();
    assert.deepEqual(admin.errors, []);
    await admin.context.close();
  });
});
