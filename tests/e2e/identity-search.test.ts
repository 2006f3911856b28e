import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

let h: Harness;

/** A child of the demo extract the identity user may see, with a case, a current placement and a hospital MRN. */
async function someChild(): Promise<{ caseId: string; lastName: string; firstName: string; sacwis: string }> {
  const { rows } = await sql<{ case_id: string; last_name: string; first_name: string; sacwis: string }>`
    select s.case_ids[1] as case_id, s.last_name, s.first_name, p.sacwis_person_id as sacwis
      from identity_search s join patient p on p.patient_uid = s.patient_uid
     where s.restricted_flag = '0' and not s.adoption_case and p.in_custody and cardinality(s.case_ids) = 1 and s.mrns <> '' and cardinality(s.provider_ids) > 0
       and exists (select 1 from tbl_patient_flags f join tbl_match_results m on m.sacwis_person_id = f.sacwis_person_id and m.patient_uid = s.patient_uid)
     order by s.last_name, s.first_name limit 1`.execute(h.server.db);
  assert.ok(rows[0], 'a child with a case, an MRN, a placement and a flag');
  return { caseId: rows[0].case_id, lastName: rows[0].last_name, firstName: rows[0].first_name, sacwis: rows[0].sacwis };
}

describe('identity search in the shell', () => {
  before(async () => {
    h = await startHarness({ DEMO_EXTRACT_CHILDREN: '200' });
  });
  after(async () => {
    await h?.stop();
  });

  test('an identity user searches by SACWIS case id and sees the child\'s summary card; the card opens the preview', async () => {
    const child = await someChild();
    const { context, page, errors } = await openPage(h, 1366, 900);
    await loginAs(page, 'identity');
    await page.goto('/home');
    const panel = page.getByRole('complementary', { name: 'Find a child' });
    await panel.getByRole('heading', { name: 'Recent Patients' }).waitFor();
    await panel.getByRole('checkbox').first().waitFor();
    await shot(page, 'identity-home-1366');

    await panel.getByLabel('SACWIS Case ID').fill(`  ${child.caseId} `);
    await panel.getByRole('button', { name: 'Search' }).click();
    const card = page.locator('article.summary-card').first();
    await card.waitFor();
    const title = `${child.lastName}, ${child.firstName} ( ${child.sacwis} ) - Identity / Navigator`;
    assert.equal((await card.locator('h3').textContent())?.trim(), title);
    assert.match((await card.textContent()) ?? '', new RegExp(`SACWIS Case ID${child.caseId}`));
    assert.equal(await page.getByRole('status').filter({ hasText: 'found' }).textContent(), '1 child found');
    await shot(page, 'identity-search-results-1366');

    // A flag's popover says where it comes from.
    await card.locator('.flag-pill').first().click();
    await page.locator('.flag-via').first().waitFor();
    assert.match((await page.locator('.flag-via').first().textContent()) ?? '', /^via .+ \/ .+$/);
    await shot(page, 'identity-flag-popover-1366', false);
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: title }).click();
    const dialog = page.locator(`sl-dialog[label="${child.lastName}, ${child.firstName}"][open]`);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]+\//);

    // Back home, the child is the first recent patient.
    await page.goto('/home');
    await page.getByRole('complementary', { name: 'Find a child' }).getByRole('button', { name: `${child.lastName}, ${child.firstName}` }).waitFor();

    // The Last Updated popover lists the sources of the import.
    await page.getByRole('button', { name: 'Last Updated' }).click();
    await page.getByRole('rowheader', { name: 'Patient flags' }).waitFor();
    await shot(page, 'identity-last-updated-1366', false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone: /patients with the welcome, the form, then the results', async () => {
    const child = await someChild();
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'identity');
    await page.goto('/patients');
    await page.getByRole('heading', { name: 'Welcome, Ian Identity' }).waitFor();
    await shot(page, 'identity-patients-390');
    const panel = page.getByRole('complementary', { name: 'Find a child' });
    await panel.getByLabel('Last Name').fill(child.lastName.slice(0, 4));
    await panel.getByRole('button', { name: 'Search' }).click();
    await page.locator('article.summary-card').first().waitFor();
    await page.locator('article.summary-card').first().scrollIntoViewIfNeeded();
    await shot(page, 'identity-search-results-390');
    await panel.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ian Identity' }).waitFor();
    assert.equal(await panel.getByLabel('Last Name').inputValue(), '');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
