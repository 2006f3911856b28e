import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFitsPhone, loginAs, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** An ordinary patient of the navigator's division with no care team yet. */
async function patientWithoutTeam(): Promise<string> {
  const patient = await openPatients(h)
    .select('patient_uid')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('provider_patient').select('provider_patient_uid').whereRef('provider_patient.patient_uid', '=', 'patient.patient_uid'))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('care_giver').select('care_giver_uid').whereRef('care_giver.patient_uid', '=', 'patient.patient_uid'))))
    .orderBy('last_name')
    .executeTakeFirstOrThrow();
  return patient.patient_uid;
}

describe('care team in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator adds a care team member (its one location chosen for them) and a care giver who interprets', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await patientWithoutTeam();
    const base = `/patients/${patient}`;
    await page.goto(`${base}/face-sheet`);
    await (await recordMenu(page)).getByRole('link', { name: 'Care Team' }).click();
    await page.waitForURL(`**${base}/care-team`);
    await page.getByRole('heading', { name: 'Care Team', exact: true }).waitFor();
    const members = page.locator('section', { has: page.getByRole('heading', { name: 'Care Team Members' }) });
    await members.getByText('No items.').first().waitFor();

    // A member: the provider is required; a provider with one location has it chosen.
    await members.getByRole('link', { name: 'Add Care Team Member' }).click();
    await page.waitForURL(`**${base}/care-team/add`);
    await page.getByRole('heading', { name: 'Add Care Team Member' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-field="providerUid"]').getByText('Provider is required').waitFor();
    await page.getByLabel('Provider Role').selectOption({ label: 'Counselor' });
    await page.getByLabel('Provider', { exact: true }).selectOption({ label: 'Tanya Brooks, LPC (Counselor)' });
    await page.getByLabel('Location').locator('option:checked', { hasText: 'Hopewell Behavioral Health' }).waitFor({ state: 'attached' });
    assert.equal(await page.getByLabel('Current Care Team Member').isChecked(), true);
    await page.getByLabel('Primary Care Provider (PCP)').check();
    await shot(page, 'care-team-member-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/care-team`);
    await page.getByText('Successfully Saved!').waitFor();
    await members.getByRole('cell', { name: /Tanya Brooks, LPC/ }).waitFor();
    assert.equal(await members.getByRole('tab', { name: 'Active (1)' }).count(), 1);

    // A care giver with the Interpreter role: its id and language appear once the role is chosen.
    const givers = page.locator('section', { has: page.getByRole('heading', { name: 'Care Givers' }) });
    await givers.getByRole('link', { name: 'Add Care Giver' }).click();
    await page.waitForURL(`**${base}/care-givers/add`);
    // A care giver's page belongs to the Care Team item of the menu.
    assert.equal(await (await recordMenu(page)).getByRole('link', { name: 'Care Team' }).getAttribute('aria-current'), 'page');
    await page.getByLabel('First Name').fill('Minh');
    await page.getByLabel('Last Name').fill('Nguyen');
    await page.getByLabel('Relationship').selectOption('Relative');
    assert.equal(await page.getByLabel('Interpreter Language').count(), 0);
    await page.getByLabel('Interpreter', { exact: true }).check();
    await page.getByLabel('Emergency Contact').check();
    await page.getByLabel('Interpreter Id').fill('OH-INT-3321');
    await page.getByLabel('Interpreter Language').fill('Vietnamese');
    await page.getByLabel('Preferred Phone').selectOption('Mobile');
    await page.getByLabel('Mobile Phone').fill('(614) 555-0147');
    await page.getByLabel('Email').fill('minh.nguyen@example.test');
    await shot(page, 'care-giver-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/care-team`);
    await givers.getByRole('cell', { name: 'Interpreter (Vietnamese), Emergency Contact' }).waitFor();
    await givers.getByRole('cell', { name: '(614) 555-0147' }).waitFor();
    await shot(page, 'care-team');

    const stored = await h.server.db.selectFrom('care_giver').select(['roles', 'interpreter_id', 'interpreter_language', 'mobile_phone', 'is_current', 'is_primary']).where('patient_uid', '=', patient).execute();
    assert.deepEqual(stored, [{ roles: 'Interpreter,Emergency Contact', interpreter_id: 'OH-INT-3321', interpreter_language: 'Vietnamese', mobile_phone: '6145550147', is_current: true, is_primary: false }]);
    const member = await h.server.db.selectFrom('provider_patient').select(['care_team', 'is_pcp', 'preferred_location_uid']).where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    assert.deepEqual([member.care_team, member.is_pcp, !!member.preferred_location_uid], [true, true, true]);
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patient).where('action', 'in', ['AddedCareTeamMember', 'AddedCareGiver']).orderBy('created_at').execute();
    assert.deepEqual(audit.map((a) => a.action), ['AddedCareTeamMember', 'AddedCareGiver']);

    // Editing the member to no longer current moves it to the Inactive tab.
    await members.getByRole('cell', { name: /Tanya Brooks, LPC/ }).click();
    await page.getByRole('heading', { name: 'Edit Care Team Member' }).waitFor();
    await page.getByLabel('Current Care Team Member').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/care-team`);
    await members.getByRole('tab', { name: 'Inactive (1)' }).click();
    await members.getByRole('cell', { name: /Tanya Brooks, LPC/ }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the care team pages at 390 px', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    // The demo patient whose team has Active and Inactive members and care givers (Harold Walker is a former one).
    const seeded = await h.server.db.selectFrom('care_giver').select('patient_uid').where('first_name', '=', 'Harold').where('last_name', '=', 'Walker').executeTakeFirstOrThrow();
    const pcp = await h.server.db
      .selectFrom('provider_patient as m')
      .innerJoin('provider as p', 'p.provider_uid', 'm.provider_uid')
      .select('p.display_name')
      .where('m.patient_uid', '=', seeded.patient_uid)
      .where('m.is_pcp', '=', true)
      .where('m.care_team', '=', true)
      .executeTakeFirstOrThrow();
    await page.goto(`/patients/${seeded.patient_uid}/care-team`);
    await page.getByRole('cell', { name: new RegExp(pcp.display_name.replace(/[.]/g, '\\.')) }).waitFor();
    await shot(page, 'care-team-390');
    await assertFitsPhone(page, 'care-team-390');
    await page.goto(`/patients/${seeded.patient_uid}/care-givers/add`);
    await page.getByLabel('Other', { exact: true }).check();
    await page.getByLabel('Interpreter', { exact: true }).check();
    await page.getByLabel('Other Roles').waitFor();
    await shot(page, 'care-giver-add-390');
    await assertFitsPhone(page, 'care-giver-add-390');
    await context.close();
  });
});
