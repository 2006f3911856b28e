import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loginAs, openPage, shot, startHarness, recordMenu, type Harness } from './support/harness';

let h: Harness;

/** The demo patient of the navigator's division with the most notes (the face-sheet seed writes three for one). */
async function patientWithNotes(): Promise<{ uid: string; newestNote: string; lastName: string }> {
  const { rows } = await sql<{ patient_uid: string; last_name: string; note: string }>`
    select p.patient_uid, p.last_name, n.note
      from patient_note n join patient p using (patient_uid)
     where n.patient_uid = (select patient_uid from patient_note group by patient_uid order by count(*) desc, patient_uid limit 1)
     order by n.created_at desc limit 1`.execute(h.server.db);
  return { uid: rows[0].patient_uid, newestNote: rows[0].note, lastName: rows[0].last_name };
}

describe('the patient record in the shell', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a bare record link opens the face sheet; its cards, an event details page and the reminders page work', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const patient = await patientWithNotes();

    const views = async () =>
      (await h.server.db.selectFrom('audit_entry').select('audit_uid').where('patient_uid', '=', patient.uid).where('action', '=', 'ViewedPatient').execute()).length;
    const before = await views();
    // An external link (spec 001: ref=external) opens the face sheet and counts as one view, however many calls the page makes.
    await page.goto(`/patients/${patient.uid}?ref=external`);
    await page.waitForURL(`**/patients/${patient.uid}/face-sheet`);
    await page.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    assert.match((await page.getByRole('heading', { level: 1 }).textContent())!, new RegExp(patient.lastName));
    const notes = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Notes' }) });
    // Newest first: the first note on the card is the newest stored.
    assert.equal((await notes.locator('.face-text').first().textContent())!.trim(), patient.newestNote);
    const admissions = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Admissions' }) });
    await admissions.locator('li').first().waitFor();
    await shot(page, 'record-face-sheet-navigator');

    // `details` is the same page (the reminder form returns there).
    await page.goto(`/patients/${patient.uid}/details`);
    await page.getByRole('heading', { name: 'Face Sheet' }).waitFor();

    // The left menu's Reminders item opens the patient's reminders; Add Reminder opens the form under the record.
    // Two page loads so far; moving inside the record is not another view.
    await (await recordMenu(page)).getByRole('link', { name: 'Reminders' }).click();
    await page.waitForURL(`**/patients/${patient.uid}/reminders`);
    await page.getByRole('link', { name: 'Add Reminder' }).click();
    await page.waitForURL(`**/patients/${patient.uid}/reminders/add`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    assert.equal(await views(), before + 2);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an event on the face sheet opens its read-only details page', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const { rows } = await sql<{ patient_uid: string }>`
      select a.patient_uid from appointment a join patient p using (patient_uid)
       where p.restricted_flag = '0' and p.division_uid = (select division_uid from division order by division_name limit 1)
         and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
       order by a.appointment_uid limit 1`.execute(h.server.db);
    const uid = rows[0].patient_uid;
    await page.goto(`/patients/${uid}/face-sheet`);
    const events = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Medical Events' }) });
    // The appointment's entry (one per kind): a navigator's medical event opens its form, which she may edit.
    const appointment = events.locator(`a[href^="/patients/${uid}/appointments/"]`);
    await appointment.waitFor();
    await shot(page, 'record-face-sheet-390');
    await appointment.click();
    await page.waitForURL(new RegExp(`/patients/${uid}/appointments/[0-9a-f-]{36}/details$`));
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Appointment Details' }).waitFor();
    await main.getByText('Appointment Type').waitFor();
    await main.getByText('Status', { exact: true }).waitFor();
    // Nothing on the page's content can be changed: no enabled field of any kind (inside the widgets' shadow roots too:
    // Playwright's CSS pierces them), and no Save. The top bar's quick search is outside <main>.
    const editable = await main
      .locator('input:not([type="hidden"]), textarea, select, [contenteditable]:not([contenteditable="false"]), sl-input, sl-textarea, sl-select, sl-checkbox, sl-radio-group, sl-switch')
      .evaluateAll((els) =>
        els
          .filter((e) => e.checkVisibility() && !e.matches(':disabled') && !(e as HTMLInputElement).readOnly && !(e as HTMLElement & { disabled?: boolean }).disabled)
          .map((e) => e.outerHTML.slice(0, 160)),
      );
    assert.deepEqual(editable, [], 'editable fields on a read-only page');
    assert.equal(await main.getByRole('button', { name: /save/i }).count(), 0, 'no Save button');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a patient of another division is "Patient not found", the same as a made-up id', async () => {
    const { context, page } = await openPage(h);
    await loginAs(page, 'navigator');
    const other = await h.server.db
      .selectFrom('patient')
      .select('patient_uid')
      .where('division_uid', '=', sql<string>`(select division_uid from division order by division_name offset 1 limit 1)`)
      .executeTakeFirstOrThrow();
    for (const id of [other.patient_uid, '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`/patients/${id}/face-sheet`);
      await page.getByRole('heading', { name: 'Patient not found' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Face Sheet' }).count(), 0);
    }
    await context.close();
  });
});
