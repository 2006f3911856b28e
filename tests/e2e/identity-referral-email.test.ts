import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { SERVICE_REFERRAL_CONFIRMATION, SERVICE_REFERRAL_NO_RECIPIENT } from '../../shared/schemas/identity-record';
import { loginAs, openPage, shot, startHarness, recordMenu, type Harness } from './support/harness';

/**
 * Issue 11 section 4: an identity user sends a service referral e-mail from a
 * child's record and it is read at /demo/outbox (spec 001 sections 3 and 8).
 */

let h: Harness;

/** An approved, unrestricted child of the demo extract whose case has a worker address. */
async function childWithWorker(): Promise<{ uid: string; firstName: string; lastName: string; worker: string }> {
  const { rows } = await sql<{ patient_uid: string; first_name: string; last_name: string; wkr_email: string }>`
    select p.patient_uid, p.first_name, p.last_name, c.wkr_email from patient p
      join list_view_cs_tbl_source_case c on c.patient_uid = p.patient_uid
     where p.restricted_flag = '0' and not p.adoption_case and c.wkr_email is not null
     order by p.patient_uid, c.case_id limit 1`.execute(h.server.db);
  return { uid: rows[0].patient_uid, firstName: rows[0].first_name, lastName: rows[0].last_name, worker: rows[0].wkr_email };
}

describe('identity service referral e-mail', () => {
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
    test(`an identity user confirms, sends the e-mail and it waits in the outbox for the worker (${width} px)`, async () => {
      const { context, page, errors } = await openPage(h, width, height);
      await loginAs(page, 'identity');
      const child = await childWithWorker();
      await page.goto(`/patients/${child.uid}/primary-contacts`);
      // The page's panels have loaded before the dialog opens over them.
      await page.locator('.id-table').first().waitFor();
      await page.locator('.load-state[aria-busy="true"]').first().waitFor({ state: 'detached' });
      const menu = await recordMenu(page);
      await menu.getByRole('button', { name: 'Service Referral Email' }).click();
      const dialog = page.locator('sl-dialog[label="Service Referral Email"]');
      await dialog.getByText(SERVICE_REFERRAL_CONFIRMATION).waitFor();
      const subject = `Service Referral ${width}`;
      await dialog.getByLabel('Subject').fill(subject);
      await dialog.getByLabel('Additional Message').fill('Please call the foster parent about a dental visit.');
      await shot(page, `identity-service-referral-${width}`, false);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText(/Service referral e-mail sent to/).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await h.server.outbox.runOnce();
      const outbox = await context.newPage();
      await outbox.goto('/demo/outbox');
      const message = outbox.locator('article', { hasText: subject }).filter({ hasText: `to ${child.worker}` }).first();
      const body = await message.locator('pre').textContent();
      assert.ok(body?.includes(`Child Name: ${child.firstName} ${child.lastName}`), body ?? '');
      assert.ok(body?.includes('Please call the foster parent about a dental visit.'));
      await outbox.close();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('a child whose cases have no worker or supervisor address: the spec’s error, nothing queued (390 px)', async () => {
    const child = await childWithWorker();
    // This test's own database: the child's cases lose their addresses.
    await sql`update tbl_source_case c set wkr_email = null, sup_email = null
                from tbl_match_results m where m.patient_uid = ${child.uid} and m.source_name = 'SACWIS'
                 and c.division_uid = m.division_uid and c.sacwis_person_id = m.sacwis_person_id`.execute(h.server.db);
    const queued = async () => (await sql<{ n: number }>`select count(*)::int as n from outbox where subject = 'No Recipient'`.execute(h.server.db)).rows[0].n;
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'identity');
    await page.goto(`/patients/${child.uid}/primary-contacts`);
    await page.locator('.id-table').first().waitFor();
    await page.locator('.load-state[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await (await recordMenu(page)).getByRole('button', { name: 'Service Referral Email' }).click();
    const dialog = page.locator('sl-dialog[label="Service Referral Email"]');
    await dialog.getByLabel('Subject').fill('No Recipient');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(SERVICE_REFERRAL_NO_RECIPIENT).first().waitFor();
    await shot(page, 'identity-service-referral-no-recipient-390', false);
    assert.equal(await queued(), 0);
    assert.deepEqual(errors.filter((e) => !e.includes('422')), []);
    await context.close();
  });
});
