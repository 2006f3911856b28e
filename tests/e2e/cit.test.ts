import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { CIT_TEXT } from '../../shared/cit-options';
import { fillCitOutcome, nextCitSection } from './support/cit-sheet';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

/** Issue 4: an officer files a CIT sheet on a phone; the supervisor approves it; a cit event exists on the patient. */
describe('CIT contact sheet and approval', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('the public sheet reads the session after it draws: a signed-in debug user sees its debug fields, a visitor does not', async () => {
    const { context, page, errors } = await openPage(h, 1366, 900);
    const identify = async () => {
      await page.goto('/cit/oh');
      await page.getByLabel('Agency Identifier').fill(DEMO_CIT_AGENCY.code);
      await page.getByLabel('Officer Name').fill(DEMO_CIT_AGENCY.officers[0]);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('First Name').waitFor();
    };
    await identify();
    assert.equal(await page.getByLabel('Latitude').count(), 0);
    await loginAs(page, 'admin');
    await identify();
    await page.getByLabel('Latitude').waitFor();
    assert.equal(await page.getByLabel('Latitude').isEditable(), false);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('on a phone the sheet is one section at a time: Next checks the section, Back keeps what was typed, a wide screen shows it whole', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/cit/oh');
    const where = page.getByTestId('cit-step');
    await where.getByText('Step 1 of 4: Agency').waitFor();
    await page.getByLabel('Agency Identifier').fill(DEMO_CIT_AGENCY.code);
    await page.getByLabel('Officer Name').fill(DEMO_CIT_AGENCY.officers[0]);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Recognized, the sheet moves on to the client, alone: no other section, and Next where Save was.
    await where.getByText('Step 2 of 4: Client').waitFor();
    assert.equal(await page.locator('.cit-steps li[aria-current="step"]').textContent(), 'Client');
    assert.equal(await page.getByLabel('Agency Identifier').isVisible(), false);
    assert.equal(await page.getByLabel('Incident Date and Time').isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
    // Next checks this section's fields: the errors show beside them and the sheet stays on the client.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('First Name is required').waitFor();
    await shot(page, 'cit-steps-390-client-errors');
    assert.equal(await where.textContent(), 'Step 2 of 4: Client');
    assert.equal(await page.getByText('Incident Date and Time is required').count(), 0, 'the next section is not checked yet');
    await page.getByLabel('First Name').fill('Avery');
    await page.getByLabel('Last Name').fill('Stepfield');
    await page.getByLabel('Birth Date').fill('1990-06-01');
    await page.getByLabel('Gender', { exact: true }).selectOption({ label: 'Female' });
    await page.getByLabel('White').check();
    await page.getByLabel('Phone Number').fill('6145550143');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await where.getByText('Step 3 of 4: Incident').waitFor();
    assert.equal(await page.getByLabel('First Name').isVisible(), false);
    await page.getByLabel('Incident Date and Time').fill('2026-01-12T23:40');
    await shot(page, 'cit-steps-390-incident');
    // Back and forth loses nothing typed.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await where.getByText('Step 2 of 4: Client').waitFor();
    assert.equal(await page.getByLabel('Last Name').inputValue(), 'Stepfield');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    assert.equal(await page.getByLabel('Incident Date and Time').inputValue(), '2026-01-12T23:40');
    // A wide screen shows the whole sheet and its Save; no steps.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Save' }).waitFor();
    assert.equal(await where.count(), 0);
    assert.equal(await page.getByLabel('First Name').isVisible(), true);
    assert.equal(await page.getByLabel('Disposition').isVisible(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an officer files on a 390 px screen and the supervisor approves', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await page.goto('/cit');
    await page.waitForURL('**/cit/oh');
    await page.getByLabel('Agency Identifier').fill(DEMO_CIT_AGENCY.code);
    await page.getByLabel('Officer Name').fill(DEMO_CIT_AGENCY.officers[0]);
    await page.getByTestId('identity-status').getByText(CIT_TEXT.identitySuccess).waitFor();
    await page.getByLabel('First Name').fill('Morgan');
    await page.getByLabel('Last Name').fill('Eastfield');
    await page.getByLabel('Birth Date').fill('1988-04-02');
    await page.getByLabel('Gender', { exact: true }).selectOption({ label: 'Male' });
    await page.getByTestId('duplicate-status').getByText(CIT_TEXT.noMatches).waitFor();
    await page.getByLabel('White').check();
    await page.getByLabel('Phone Number').fill('6145550142');
    await page.getByLabel('Address', { exact: true }).fill('22 Elm St');
    await page.getByLabel('Zip Code', { exact: true }).fill('43215');
    await page.getByText(CIT_TEXT.addressCompleted).waitFor();
    assert.equal(await page.getByLabel('City', { exact: true }).inputValue(), 'Columbus');
    await nextCitSection(page);
    await page.getByLabel('Incident Date and Time').fill('2026-01-12T23:40');
    await page.getByLabel('Officer', { exact: true }).fill('Officer Riley');
    await page.getByLabel('Shift', { exact: true }).selectOption({ label: 'Night' });
    await page.getByLabel('Location Type').selectOption('Personal Residence');
    assert.equal(await page.getByLabel('Incident Address', { exact: true }).inputValue(), '22 Elm St');
    await fillCitOutcome(page);
    await shot(page, 'cit-form-390-filled');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(CIT_TEXT.saved).waitFor();
    await page.getByText(CIT_TEXT.emailSent).waitFor();
    const row = (await sql<{ submission_uid: string; created_at: Date }>`select submission_uid, created_at from cit_submission where submission_json->>'lastName' = 'Eastfield'`.execute(h.server.db)).rows;
    assert.equal(row.length, 1);
    const id = row[0].submission_uid;
    // The sheet gives way to a confirmation the officer can copy the reference from, until they start a new sheet.
    const receipt = page.getByTestId('cit-receipt');
    await receipt.getByRole('heading', { name: 'Contact sheet submitted' }).waitFor();
    assert.equal(await page.getByTestId('cit-reference').textContent(), id);
    assert.equal(await page.getByTestId('cit-submitted-at').textContent(), await page.evaluate((iso) => {
      // MM/DD/YYYY hh:mm a on the browser's clock.
      const d = new Date(iso);
      const [mo, da, ho, mi] = [d.getMonth() + 1, d.getDate(), d.getHours() % 12 || 12, d.getMinutes()].map((n) => String(n).padStart(2, '0'));
      return `${mo}/${da}/${d.getFullYear()} ${ho}:${mi} ${d.getHours() < 12 ? 'am' : 'pm'}`;
    }, row[0].created_at.toISOString()));
    assert.equal(await page.getByLabel('First Name').count(), 0);
    // The officer's copy: a link that opens the submitted sheet as a PDF (in a new tab), without a session.
    const copy = page.getByTestId('cit-pdf-link');
    assert.equal(await copy.getAttribute('target'), '_blank');
    const href = (await copy.getAttribute('href'))!;
    const pdf = await page.request.get(h.server.url + href.slice(href.indexOf('/api/')));
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    await page.getByText(CIT_TEXT.saved).waitFor({ state: 'detached' });
    await page.getByText(CIT_TEXT.emailSent).waitFor({ state: 'detached' });
    await shot(page, 'cit-confirmation-390', false);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'cit-confirmation-1366', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Start a new sheet' }).click();
    // An empty form; the officer must identify again.
    assert.equal(await page.getByLabel('Agency Identifier').inputValue(), '');
    assert.equal(await page.getByLabel('First Name').count(), 0);
    assert.equal(await receipt.count(), 0);
    await shot(page, 'cit-form-390-saved', false);
    assert.deepEqual(errors, []);
    await context.close();

    const sup = await openPage(h, 1366, 900);
    await loginAs(sup.page, 'cit-supervisor');
    // The supervisor finds the new sheet on the home page's CIT Submissions card.
    const card = sup.page.locator('.care-home-cit');
    await card.getByRole('heading', { name: 'CIT Submissions' }).waitFor();
    await card.locator('tbody tr', { hasText: 'Eastfield' }).click();
    await sup.page.waitForURL(`**/cit-submission/${id}`);
    await sup.page.getByTestId('approval-status').getByText('pending').waitFor();
    assert.equal(await sup.page.getByRole('button', { name: 'Approved' }).getAttribute('aria-pressed'), 'true');
    // The button says what it will do: Approved is the default, so it reads Approve, never a plain Save.
    const decide = sup.page.getByTestId('approval-save');
    assert.equal(await decide.textContent(), 'Approve');
    await shot(sup.page, 'cit-supervisor-approve-1366', false);
    await sup.page.getByRole('button', { name: 'Rejected' }).click();
    await sup.page.getByRole('alertdialog', { name: CIT_TEXT.rejectTitle }).waitFor();
    await shot(sup.page, 'cit-submission-reject-warning', false);
    await sup.page.getByRole('button', { name: 'Go Back' }).click();
    assert.equal(await decide.textContent(), 'Reject');
    await shot(sup.page, 'cit-supervisor-reject-1366', false);
    await sup.page.getByRole('button', { name: 'Pending' }).click();
    assert.equal(await decide.textContent(), 'Save');
    assert.equal(await decide.isDisabled(), true);
    await shot(sup.page, 'cit-supervisor-pending-1366', false);
    await sup.page.getByRole('button', { name: 'Approved' }).click();
    await sup.page.setViewportSize({ width: 390, height: 844 });
    await shot(sup.page, 'cit-supervisor-approve-390', false);
    await sup.page.setViewportSize({ width: 1366, height: 900 });
    await shot(sup.page, 'cit-submission-supervisor');
    await sup.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await sup.page.getByTestId('approval-status').getByText('approved').waitFor();
    assert.equal(await decide.count(), 0, 'a decided submission is locked');
    const event = await sql<{ first_name: string; name: string }>`
      select p.first_name, m.name from cit_submission s join medical_event me on me.medical_event_uid = s.medical_event_uid
        join patient p on p.patient_uid = me.patient_uid join reference_data m on m.uid = me.medical_event_type_uid
       where s.submission_uid = ${id}`.execute(h.server.db);
    assert.deepEqual(event.rows, [{ first_name: 'Morgan', name: 'cit' }]);
    assert.deepEqual(sup.errors, []);
    await sup.context.close();
  });
});
