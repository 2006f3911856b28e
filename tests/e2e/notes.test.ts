import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFitsPhone, loadedRows, loginAs, openPage, openPatients, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

describe('patient notes in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator adds a note from the face sheet, finds it in Notes, opens it and deactivates it after confirming', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    // One without the demo's notes: deactivating the one added leaves "No notes found!" (spec 001 section 8).
    const patient = await openPatients(h)
      .select('patient_uid')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_note').select('note_uid').whereRef('patient_note.patient_uid', '=', 'patient.patient_uid'))))
      .orderBy('patient_uid', 'desc')
      .executeTakeFirstOrThrow();
    const base = `/patients/${patient.patient_uid}`;
    await page.goto(`${base}/face-sheet`);
    const notesCard = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Notes' }) });
    await notesCard.getByRole('link', { name: 'Add Note' }).click();
    await page.waitForURL(`**${base}/notes/add`);

    // Validated on submit: the summary names the field, and nothing is stored.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please correct the following:').waitFor();
    assert.equal(await page.locator('[data-field="note"]').getByText(/required/i).count(), 1);
    await page.getByLabel('Note').fill('Drove the patient to the pharmacy; refill picked up.');
    await page.getByLabel('Session Duration (Minutes)').fill('40');
    await shot(page, 'notes-add');
    await page.getByRole('button', { name: 'Save' }).click();
    // Saving returns to the face sheet, whose card shows the new note first.
    await page.waitForURL(`**${base}/face-sheet`);
    await page.getByText('Successfully saved!').waitFor();
    assert.equal((await notesCard.locator('.face-text').first().textContent())!.trim(), 'Drove the patient to the pharmacy; refill picked up.');

    await (await recordMenu(page)).getByRole('link', { name: 'Notes' }).click();
    await page.waitForURL(`**${base}/notes`);
    const row = page.locator('tbody tr', { hasText: 'Drove the patient to the pharmacy' });
    await row.waitFor();
    assert.match((await row.textContent())!, /40 min/);
    await shot(page, 'notes-list');
    await row.click();
    await page.waitForURL(new RegExp(`${base}/notes/[0-9a-f-]{36}/details$`));
    await page.getByRole('heading', { name: 'Note Details' }).waitFor();
    await shot(page, 'notes-details');

    // Cancel keeps it; confirming deactivates it.
    await page.getByRole('button', { name: 'Deactivate Note' }).click();
    // Shoelace slots the buttons into the dialog: find them under the element, not its shadow panel.
    const dialog = page.locator('sl-dialog[label="Deactivate Note"][open]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Deactivate Note' }).click();
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.waitForURL(`**${base}/notes`);
    await page.getByText('Successfully deleted!').waitFor();
    await page.getByText('No notes found!').waitFor();
    const stored = await h.server.db.selectFrom('patient_note').select('is_archived').where('patient_uid', '=', patient.patient_uid).execute();
    assert.deepEqual(stored, [{ is_archived: true }]);

    // The activity log says what was done.
    await (await recordMenu(page)).getByRole('link', { name: 'Activity Log' }).click();
    await page.getByText(/added a note/).waitFor();
    await page.getByText(/deactivated a note/).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the notes pages at 390 px', async () => {
    const { context, page } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const note = await h.server.db.selectFrom('patient_note').select(['patient_uid', 'note_uid']).where('is_archived', '=', false).executeTakeFirstOrThrow();
    await page.goto(`/patients/${note.patient_uid}/notes`);
    await loadedRows(page).first().waitFor();
    await shot(page, 'notes-list-390');
    await assertFitsPhone(page, 'notes-list-390');
    await page.goto(`/patients/${note.patient_uid}/notes/${note.note_uid}/details`);
    await page.getByRole('heading', { name: 'Note Details' }).waitFor();
    await shot(page, 'notes-details-390');
    await assertFitsPhone(page, 'notes-details-390');
    await context.close();
  });
});
