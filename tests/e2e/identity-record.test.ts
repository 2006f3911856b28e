import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loadedRows, loginAs, openPage, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** Identity pages in menu order (spec 001 "Identity pages and their panels"). */
const PAGES = [
  { label: 'Primary Contacts', route: 'primary-contacts', panel: "Public Children's Services Agency" },
  { label: "Children's Services", route: 'childrens-services', panel: 'Maltreatment' },
  { label: 'Completed Visits', route: 'completed-visits', panel: 'Foster Care Clinic Visits' },
  { label: 'Reports', route: 'reports', panel: 'Hospital Child Abuse and Neglect Notes' },
  { label: 'Health Information', route: 'health-information', panel: 'Immunizations' },
  { label: 'Referrals & Appointments', route: 'referrals-appointments', panel: 'Upcoming Appointments' },
];

/** An approved, unrestricted child of the demo extract with many visits and a current placement. */
async function openChild(): Promise<{ uid: string; lastName: string }> {
  const { rows } = await sql<{ patient_uid: string; last_name: string }>`
    select p.patient_uid, p.last_name from patient p
     where p.restricted_flag = '0' and not p.adoption_case and p.agency_legal_status is not null
       and exists (select 1 from list_view_cs_tbl_placement_history x where x.patient_uid = p.patient_uid and x.end_date is null)
       and exists (select 1 from list_view_cs_tbl_intake_allegation x where x.patient_uid = p.patient_uid)
       and exists (select 1 from list_view_cs_tbl_allergy x where x.patient_uid = p.patient_uid)
     order by (select count(*) from list_view_cs_tbl_visit v where v.patient_uid = p.patient_uid) desc, p.patient_uid limit 1`.execute(h.server.db);
  return { uid: rows[0].patient_uid, lastName: rows[0].last_name };
}

/** Restricted children of the demo extract: one whose worker is the demo identity user, one whose is not. */
async function restrictedChildren(): Promise<{ mine: string; other: string }> {
  const { rows } = await sql<{ patient_uid: string; mine: boolean }>`
    select p.patient_uid, 'identity@careweave.test' = any(p.case_emails) as mine from patient p
      join tbl_match_results m on m.patient_uid = p.patient_uid and m.source_name = 'SACWIS' and m.match_status_id = 1
     where p.restricted_flag = '1' and not p.adoption_case order by p.patient_uid`.execute(h.server.db);
  return { mine: rows.find((r) => r.mine)!.patient_uid, other: rows.find((r) => !r.mine)!.patient_uid };
}

describe('identity record', () => {
  before(async () => {
    h = await startHarness({ DEMO_EXTRACT_CHILDREN: '200' });
  });
  after(async () => {
    await h?.stop();
  });

  for (const [width, height] of [
    [1366, 1000],
    [390, 844],
  ] as const) {
    test(`an identity user opens a child and walks the six pages (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'identity');
      const child = await openChild();
      // A bare record link opens Primary Contacts for identity users.
      await page.goto(`/patients/${child.uid}`);
      await page.waitForURL(`**/patients/${child.uid}/primary-contacts`);
      assert.match((await page.getByRole('heading', { level: 1 }).textContent())!, new RegExp(child.lastName));
      const alerts = page.getByRole('list', { name: 'Alerts' });
      await alerts.getByRole('button', { name: 'Allergies' }).waitFor();
      await page.getByRole('heading', { name: "Public Children's Services Agency" }).waitFor();
      await page.locator('.id-table').first().waitFor();
      await shot(page, `identity-primary-contacts-${width}`);

      // The alert's popover gives its details.
      await alerts.getByRole('button', { name: 'Allergies' }).click();
      await page.getByRole('dialog', { name: 'Allergies' }).waitFor();
      await shot(page, `identity-alert-popover-${width}`, false);
      await page.keyboard.press('Escape');

      // A narrow screen collapses the menu after each page chosen: recordMenu opens it again.
      for (const p of PAGES.slice(1)) {
        await (await recordMenu(page)).getByRole('link', { name: p.label, exact: true }).click();
        await page.waitForURL(`**/patients/${child.uid}/${p.route}`);
        await page.getByRole('heading', { name: p.label, level: 2 }).waitFor();
        await page.getByRole(p.route === 'referrals-appointments' ? 'group' : 'heading', { name: p.panel }).first().waitFor().catch(async () => {
          await page.getByText(p.panel, { exact: true }).first().waitFor();
        });
        await page.locator('.load-state[aria-busy="true"]').first().waitFor({ state: 'detached' });
        await shot(page, `identity-${p.route}-${width}`);
      }

      // The face sheet of identity mode.
      await (await recordMenu(page)).getByRole('link', { name: 'Face Sheet' }).click();
      await page.getByRole('heading', { name: 'Primary Care Provider' }).waitFor();
      await page.getByRole('heading', { name: 'Contact' }).waitFor();
      await shot(page, `identity-face-sheet-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('Children’s Services rules: Current end dates, legal status explained, Substantiated only when all are; Show More pages on', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'identity');
    const child = await openChild();
    await page.goto(`/patients/${child.uid}/childrens-services`);
    const placement = page.getByRole('region', { name: 'Placement', exact: true });
    await placement.getByRole('cell', { name: 'Current' }).first().waitFor();
    const custody = page.getByRole('region', { name: 'Custody', exact: true });
    await custody.locator('.id-explanation').first().waitFor();
    // Maltreatment groups allegations by intake; findings agree with the rule.
    const { rows } = await sql<{ intake_id: string; all_substantiated: boolean }>`
      select intake_id, bool_and(finding = 'Substantiated') as all_substantiated from list_view_cs_tbl_intake_allegation
       where patient_uid = ${child.uid} group by intake_id`.execute(h.server.db);
    const maltreatment = page.getByRole('region', { name: 'Maltreatment' });
    for (const r of rows) {
      const row = maltreatment.getByRole('row', { name: new RegExp(r.intake_id) });
      const finding = await row.getByRole('cell').nth(3).textContent();
      assert.equal(finding === 'Substantiated', r.all_substantiated, `${r.intake_id}: ${finding}`);
    }

    // Show More ... adds rows on a list longer than the panel.
    await page.goto(`/patients/${child.uid}/completed-visits`);
    const { rows: counts } = await sql<{ n: number }>`select count(*)::int as n from list_view_cs_tbl_visit where patient_uid = ${child.uid} and visit_kind = 'Outpatient'`.execute(h.server.db);
    const outpatient = page.getByRole('region', { name: 'Outpatient Visits' });
    await loadedRows(outpatient).first().waitFor();
    if (counts[0].n > 5) {
      assert.equal(await loadedRows(outpatient).count(), 5);
      await outpatient.getByRole('button', { name: 'Show More ...' }).click();
      await page.waitForFunction(() => true);
      await loadedRows(outpatient).nth(5).waitFor();
    }
    // The date filter narrows the list (the demo's visits are dated before 2026).
    await outpatient.getByRole('combobox').selectOption({ label: 'Last 30 Days' });
    await outpatient.getByText('No items.').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Referrals & Appointments: the first panel open, opening the page writes ReferralAppt', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'identity');
    const child = await openChild();
    const entries = async () =>
      (await h.server.db.selectFrom('audit_entry').select('audit_uid').where('patient_uid', '=', child.uid).where('action', '=', 'ReferralAppt').execute()).length;
    const before = await entries();
    // The page's own record is its POST /api/audit, written before the answer.
    const recorded = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/audit' && (r.request().postData() ?? '').includes('ReferralAppt'));
    await page.goto(`/patients/${child.uid}/referrals-appointments`);
    await page.getByRole('region', { name: 'Upcoming Appointments' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Open Referrals' }).count(), 0);
    await page.getByRole('button', { name: 'Print All' }).waitFor();
    // Off (aria-disabled, so it keeps focus and can say why: issue 32 §5), the panels' prints on.
    assert.equal(await page.getByRole('button', { name: 'Print All' }).getAttribute('aria-disabled'), 'true');
    assert.equal(await page.getByRole('button', { name: 'Print Upcoming Appointments' }).getAttribute('aria-disabled'), null);
    assert.equal(await page.getByRole('button', { name: 'Print Upcoming Appointments' }).isDisabled(), false);
    assert.equal((await recorded).status(), 201);
    assert.equal(await entries(), before + 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a restricted child is refused to a plain identity user and shown to its case worker', async () => {
    const restricted = await restrictedChildren();
    const { context, page } = await openPage(h, 1366, 1000);
    await loginAs(page, 'identity');
    await page.goto(`/patients/${restricted.other}/childrens-services`);
    await page.getByRole('heading', { name: 'Patient not found' }).waitFor();
    await shot(page, 'identity-restricted-refused');
    await page.goto(`/patients/${restricted.mine}/childrens-services`);
    await page.getByRole('heading', { name: "Children's Services", level: 2 }).waitFor();
    await page.getByRole('list', { name: 'Alerts' }).getByRole('button', { name: 'Is Restricted' }).waitFor();
    await shot(page, 'identity-restricted-case-worker');
    await context.close();
  });

  test('a fuzzy match waiting on the patient is approved there', async () => {
    const { rows } = await sql<{ patient_uid: string; sacwis_person_id: string }>`
      select m.patient_uid, m.sacwis_person_id from tbl_match_results m join patient p using (patient_uid)
       where m.source_name = 'SACWIS' and m.match_status_id = 2 and p.restricted_flag = '0' and not p.adoption_case
       order by m.sacwis_person_id limit 1`.execute(h.server.db);
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'identity');
    await page.goto(`/patients/${rows[0].patient_uid}/primary-contacts`);
    const banner = page.getByRole('region', { name: 'Matches Waiting for Approval' });
    await banner.getByText(rows[0].sacwis_person_id).waitFor();
    await shot(page, 'identity-pending-match');
    await banner.getByRole('button', { name: 'Approve Match' }).click();
    await banner.waitFor({ state: 'detached' });
    const status = await h.server.db.selectFrom('tbl_match_results').select('match_status_id').where('sacwis_person_id', '=', rows[0].sacwis_person_id).where('source_name', '=', 'SACWIS').executeTakeFirstOrThrow();
    assert.equal(status.match_status_id, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('disputing a source hides its health data; an identity healthcare user is told it is under review', async () => {
    const child = await openChild();
    const { rows } = await sql<{ source_name: string }>`select source_name from list_view_cs_tbl_allergy where patient_uid = ${child.uid} limit 1`.execute(h.server.db);
    const source = rows[0].source_name;
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'identity');
    await page.goto(`/patients/${child.uid}/health-information`);
    const allergies = page.getByRole('region', { name: 'Allergies' });
    await allergies.getByRole('cell', { name: source }).first().waitFor();
    await (await recordMenu(page)).getByRole('button', { name: 'Dispute the match of this patient' }).click();
    const dialog = page.locator('sl-dialog[label="Dispute the match of this patient"]');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Sources is required').first().waitFor();
    await dialog.getByRole('checkbox', { name: source }).check();
    await dialog.getByLabel('Comment').fill('These allergies belong to another child.');
    await shot(page, 'identity-dispute-dialog', false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Allergies' }).locator('tbody tr, .load-state-empty').first().waitFor();
    assert.equal(await page.getByRole('region', { name: 'Allergies' }).getByRole('cell', { name: source }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();

    const health = await openPage(h, 1366, 1000);
    await loginAs(health.page, 'identity-health');
    await health.page.goto(`/patients/${child.uid}/health-information`);
    await health.page.getByRole('dialog', { name: 'Health Information is under review' }).waitFor();
    await shot(health.page, 'identity-under-review', false);
    await health.context.close();
  });
});
