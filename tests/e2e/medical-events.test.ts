import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import dayjs from 'dayjs';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { call, login } from '../server/support/http';
import { loginAs, openPage, shot, signIn, startHarness, type Harness } from './support/harness';

let h: Harness;

describe('medical events in the record', () => {
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  test('a navigator records a drug overdose with naloxone and a treatment referral that becomes Connected; both show on the lists, the face sheet and the calendar', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    // A patient the navigator sees with no medical events yet, so the face sheet's latest events are these.
    const { rows } = await sql<{ patient_uid: string; first_name: string; last_name: string }>`
      select p.patient_uid, p.first_name, p.last_name from patient p
       where p.restricted_flag = '0' and p.division_uid = (select division_uid from division order by division_name limit 1)
         and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
         and not exists (select 1 from medical_event me where me.patient_uid = p.patient_uid)
       order by p.last_name, p.first_name limit 1`.execute(h.server.db);
    const patient = rows[0];
    const base = `/patients/${patient.patient_uid}`;
    const menu = page.getByRole('navigation', { name: 'Patient record' });
    await page.goto(`${base}/face-sheet`);

    // Drug overdose: the naloxone questions open with a yes, accepted treatment with a non-fatal answer.
    await menu.getByRole('link', { name: 'Drug Overdoses' }).click();
    await page.getByRole('heading', { name: 'Drug Overdoses' }).waitFor();
    await page.getByText('No medical events').waitFor();
    await page.getByRole('link', { name: 'Add Drug Overdose' }).click();
    await page.waitForURL(`**${base}/medical-events/drug_overdose/add`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please correct the following:').waitFor();
    await page.locator('[data-field="detailObject.wasOverdoseFatal"]').getByText('Was the Overdose Fatal is required').waitFor();
    await page.getByLabel('Event Time').fill('10:30');
    await page.getByLabel('Status').selectOption({ label: 'Reported' });
    assert.equal(await page.getByLabel('Naloxone Administered By').count(), 0);
    await page.getByLabel('Naloxone Administered', { exact: true }).selectOption('yes');
    await page.getByLabel('Naloxone Administered By').selectOption({ label: 'EMS' });
    await page.getByLabel('Route of Naloxone Administration').selectOption({ label: 'Nasal' });
    await page.getByLabel('Amount of Naloxone Given (mg)').fill('4');
    await page.getByLabel('Was the Overdose Fatal').selectOption('no');
    await page.getByLabel('Accepted Treatment').selectOption({ label: 'Accepted' });
    await page.getByLabel('Location Name').fill('Riverside Park');
    await page.getByLabel('Notes').fill('Found by a passer-by, revived on scene');
    await shot(page, 'medical-events-overdose-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/face-sheet`);

    // Treatment referral: Referred today, then Connected with an outcome.
    await menu.getByRole('link', { name: 'Treatment Referrals' }).click();
    await page.getByRole('link', { name: 'Add Treatment Referral' }).click();
    await page.waitForURL(`**${base}/medical-events/treatment_referral/add`);
    await page.getByLabel('Status').selectOption({ label: 'Referred' });
    assert.equal(await page.getByLabel('Outcome', { exact: true }).count(), 0, 'no outcome before Connected');
    await page.getByLabel('Reason').selectOption({ label: 'Substance Use Disorder' });
    await page.getByLabel('Facility').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/face-sheet`);
    await menu.getByRole('link', { name: 'Treatment Referrals' }).click();
    const referral = page.locator('tbody tr', { hasText: 'Substance Use Disorder' });
    await referral.waitFor();
    await referral.click();
    await page.waitForURL(new RegExp(`${base}/medical-events/treatment_referral/[0-9a-f-]{36}/details$`));
    await page.getByRole('heading', { name: 'Treatment Referral Details' }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Connected' });
    await page.getByLabel('Outcome', { exact: true }).selectOption({ label: 'Started Outpatient Treatment' });
    await page.getByLabel('Outcome Date').fill(dayjs().format('YYYY-MM-DD'));
    await shot(page, 'medical-events-referral-connected');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/face-sheet`);

    // The face sheet's card has the latest of each kind.
    const card = page.locator('section.face-card', { has: page.getByRole('heading', { name: 'Medical Events' }) });
    await card.getByText('Drug Overdose').waitFor();
    await card.getByText('Treatment Referral').waitFor();
    await card.getByText('Connected').waitFor();
    await shot(page, 'medical-events-face-sheet');

    // The lists.
    await menu.getByRole('link', { name: 'Treatment Referrals' }).click();
    const connected = page.locator('tbody tr', { hasText: 'Outcome: Started Outpatient Treatment' });
    await connected.waitFor();
    assert.equal(await connected.locator('.status-badge').getAttribute('data-variant'), 'warning');
    await menu.getByRole('link', { name: 'Drug Overdoses' }).click();
    const overdose = page.locator('tbody tr', { hasText: 'Naloxone: Yes' });
    await overdose.waitFor();
    assert.match((await overdose.locator('td').first().textContent()) ?? '', /^\d{2}\/\d{2}\/\d{4} 10:30 am$/);
    await shot(page, 'medical-events-list');

    // Stored as answered, with hidden members dropped and both writes in the activity log.
    const stored = await sql<{ name: string; detail: Record<string, string>; status: string }>`
      select m.name, me.detail, s.label as status from medical_event me join reference_data m on m.uid = me.medical_event_type_uid
        join reference_data s on s.uid = me.status_uid where me.patient_uid = ${patient.patient_uid} order by m.name`.execute(h.server.db);
    assert.deepEqual(stored.rows.map((r) => [r.name, r.status]), [['drug_overdose', 'Reported'], ['treatment_referral', 'Connected']]);
    assert.deepEqual(stored.rows[0].detail, { naloxoneAdministered: 'yes', naloxoneAdministeredBy: 'ems', routeOfNaloxoneAdministration: 'nasal', amountOfNaloxoneGiven: '4', wasOverdoseFatal: 'no', acceptedTreatment: 'accepted' });
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patient.patient_uid).where('target_type', '=', 'medical-events').execute();
    assert.deepEqual(audit.map((a) => a.action).sort(), ['AddedMedicalEvent', 'AddedMedicalEvent', 'ChangedMedicalEvent']);

    // The calendar reads the same table: today's list shows both events.
    await page.goto(`/home/calendar?startDate=${dayjs().format('YYYY-MM-DD')}`);
    await page.getByLabel('Event Type', { exact: true }).selectOption('medical_event');
    await page.getByRole('tab', { name: 'List Week view', exact: true }).click();
    await page.locator('.calendar-view[aria-busy="false"]').waitFor();
    const name = `${patient.first_name} ${patient.last_name}`;
    await page.locator('.care-event').first().waitFor();
    await shot(page, 'medical-events-calendar');
    await page.locator('.care-event', { hasText: `Drug Overdose: ${name} (Reported)` }).first().waitFor();
    await page.locator('.care-event', { hasText: `Treatment Referral: ${name} (Connected)` }).first().waitFor();
    await page.locator('.care-event', { hasText: `Drug Overdose: ${name}` }).first().click();
    await page.waitForURL(new RegExp(`${base}/medical-events/drug_overdose/[0-9a-f-]{36}/details$`));
    await page.getByRole('heading', { name: 'Drug Overdose Details' }).waitFor();
    assert.equal(await page.getByLabel('Amount of Naloxone Given (mg)').inputValue(), '4');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('390 px: the list and an event\'s details fit a phone', async () => {
    const { context, page, errors } = await openPage(h, 390, 844);
    await loginAs(page, 'navigator');
    const { rows } = await sql<{ patient_uid: string; medical_event_uid: string }>`
      select me.patient_uid, me.medical_event_uid from medical_event me join patient p using (patient_uid)
        join reference_data m on m.uid = me.medical_event_type_uid
       where m.name = 'drug_overdose' and me.detail ? 'naloxoneAdministered' order by me.created_at desc limit 1`.execute(h.server.db);
    const { patient_uid: patient, medical_event_uid: id } = rows[0];
    // A type query parameter goes on as the path's last part (spec 002 section 2).
    await page.goto(`/patients/${patient}/medical-events?type=drug_overdose`);
    await page.waitForURL(`**/patients/${patient}/medical-events/drug_overdose`);
    await page.locator('tbody tr', { hasText: 'Naloxone: Yes' }).waitFor();
    await shot(page, 'medical-events-list-390');
    // The bare route lists every type the navigator records.
    await page.goto(`/patients/${patient}/medical-events`);
    for (const title of ['Drug Overdoses', 'Survivor Interactions', 'Other Interactions', 'Treatment Referrals']) await page.getByRole('heading', { name: title }).waitFor();
    await page.locator('tbody tr', { hasText: 'Naloxone: Yes' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Crisis Interventions' }).count(), 0);
    await page.goto(`/patients/${patient}/medical-events/drug_overdose/${id}/details`);
    await page.getByRole('heading', { name: 'Drug Overdose Details' }).waitFor();
    await page.getByLabel('Naloxone Administered By').waitFor();
    await page.getByRole('heading', { name: 'Previous Notes' }).waitFor();
    await page.getByText('Found by a passer-by, revived on scene').waitFor();
    await shot(page, 'medical-events-details-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a CIT user opens an approved sheet\'s Crisis Interventions details and its PDF', async () => {
    // An officer files a sheet and a supervisor approves it: it becomes the patient's crisis intervention.
    const ctx = await call(h.server.url, '/api/cit/oh/context');
    const options: Record<string, { uid: string; label: string }[]> = ctx.body.data.attributes.options;
    const uid = (list: string, label?: string) => (label ? options[list].find((o) => o.label === label)! : options[list][0]).uid;
    const filed = await call(h.server.url, '/api/cit/oh/submit', {
      headers: { 'idempotency-key': `medical-events-e2e-${process.pid}-abcdef` },
      body: {
        code: DEMO_CIT_AGENCY.code, officer_name: DEMO_CIT_AGENCY.officers[0], first_name: 'Quinn', last_name: 'Pdfsheet', birth_date: '1988-04-02',
        gender_uid: uid('gender', 'Female'), race_uid: [uid('race')], veteran_status: 'Veteran status unknown', phone_number: '6145550142', phone_type: 'Mobile',
        date_time: `${dayjs().subtract(1, 'day').format('YYYY-MM-DD')}T21:10`, event_time_zone: 'America/New_York', officer: 'Officer Riley', shift_uid: uid('shift'),
        referral_source_uid: uid('referral_source', 'Law Enforcement'), crisis: ['Anxiety Related'], response: 'Active Listening/De-escalation',
        disposition_uid: uid('status'), type: 'Personal Residence', incident_note: 'Calmed down after talking',
      },
    });
    assert.equal(filed.status, 201, filed.text);
    const supervisor = await login(h.server.url, 'cit-supervisor');
    const approved = await call(h.server.url, `/api/data/public/cit-submission/${filed.body.data.id}/accept`, { method: 'PUT', token: supervisor.token, body: {} });
    assert.equal(approved.status, 200, approved.text);
    const { patient_uid: patient, medical_event_uid: event } = approved.body.data.attributes;

    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'cit-supervisor');
    await page.goto(`/patients/${patient}/face-sheet`);
    await page.getByRole('navigation', { name: 'Patient record' }).getByRole('link', { name: 'Crisis Interventions' }).click();
    await page.getByRole('heading', { name: 'Crisis Interventions' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /^Add / }).count(), 0, 'no Add for CIT staff');
    await page.locator('tbody tr').first().click();
    await page.waitForURL(`**/patients/${patient}/medical-events/cit/${event}/cit-details`);
    const sheet = page.getByRole('region', { name: 'CIT sheet' });
    await sheet.getByText('Pdfsheet').waitFor();
    await sheet.getByText('Calmed down after talking').waitFor();
    await shot(page, 'medical-events-cit-details');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.locator('sl-button', { hasText: 'PDF' }).click()]);
    await tab.waitForURL(/\/api\/cit-pdf\?token=/);
    const pdf = await fetch(tab.url());
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.match(pdf.headers.get('content-disposition') ?? '', /filename="cit-Pdfsheet-Quinn-/);
    assert.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the demo EHR portal records an outreach contact through <care-medical-events>', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');
    const card = page.locator('care-queue').first();
    await card.locator('tbody tr').first().click();
    const chart = page.locator('#portal-chart');
    await chart.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    const patient = (await chart.locator('care-patient-record').getAttribute('patient-id'))!;
    await chart.getByRole('button', { name: 'Record an outreach contact' }).click();
    const list = page.locator('care-medical-events');
    await list.getByRole('heading', { name: 'Survivor Interactions' }).waitFor();
    await list.getByRole('link', { name: 'Add Survivor Interaction' }).click();
    const record = chart.locator('care-patient-record');
    await record.getByRole('heading', { name: 'Add Survivor Interaction' }).waitFor();
    assert.equal(await record.getAttribute('page'), 'medical-events/survivor_interaction/add');
    await record.getByLabel('Status').selectOption({ label: 'Completed' });
    await record.getByLabel('Contact Attempt Type').selectOption('Phone');
    await record.getByLabel('Contact Phase').selectOption('First Contact');
    await record.getByLabel('Survivor Contacted').selectOption('yes');
    await record.getByLabel('Left Flyer').selectOption('no');
    await record.getByLabel('Naloxone Kits Distributed').fill('2');
    await shot(page, 'medical-events-demo-portal', false);
    await record.getByRole('button', { name: 'Save' }).click();
    await record.getByRole('heading', { name: 'Face Sheet' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html', 'the portal decides where to go');
    const stored = await sql<{ detail: Record<string, string> }>`
      select me.detail from medical_event me join reference_data m on m.uid = me.medical_event_type_uid
       where me.patient_uid = ${patient} and m.name = 'survivor_interaction' and me.created_by is not null`.execute(h.server.db);
    assert.deepEqual(stored.rows.map((r) => r.detail), [{ contactAttemptType: 'Phone', contactPhase: 'First Contact', survivorContacted: 'yes', leftFlyer: 'no', kitsDistributed: '2' }]);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
