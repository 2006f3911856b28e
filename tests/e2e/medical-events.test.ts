import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import dayjs from 'dayjs';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/schemas/medical-events';
import { call, login } from '../server/support/http';
import { loadedRows, loginAs, openPage, openPatients, shot, signIn, startHarness, recordMenu, SHOTS, type Harness } from './support/harness';

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
    // The patient lives in Ohio: Is Home Address copies that state into the event's location.
    const ohio = (await h.server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-country-division').where('name', '=', 'OH').executeTakeFirstOrThrow()).uid;
    await h.server.db.updateTable('patient_address').set({ is_primary: false }).where('patient_uid', '=', patient.patient_uid).execute();
    await h.server.db.insertInto('patient_address').values({ patient_uid: patient.patient_uid, addr1: '45 Elm St', city: 'Columbus', county: 'Franklin', post_code: '43215', country_division_uid: ohio, is_primary: true } as never).execute();
    await page.goto(`${base}/face-sheet`);
    const menu = await recordMenu(page);

    // Drug overdose: the naloxone questions open with a yes, accepted treatment with a non-fatal answer.
    await menu.getByRole('link', { name: 'Drug Overdoses' }).click();
    await page.getByRole('heading', { name: 'Drug Overdoses' }).waitFor();
    await page.getByText('No drug overdoses').waitFor();
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
    await page.getByLabel('State').selectOption({ label: 'Pennsylvania' });
    await page.getByLabel('Is Home Address').check();
    assert.equal(await page.getByLabel('Address Line 1').inputValue(), '45 Elm St');
    assert.equal(await page.getByLabel('State').inputValue(), 'OH', 'Is Home Address copies the state');
    await page.locator('fieldset.event-location').screenshot({ path: `${SHOTS}/medical-events-location-state.png` });
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
    await page.getByLabel('Refer To').selectOption({ label: 'Counselor' });
    const referredTo = page.locator('fieldset[data-field="detailObject.providers"] label').first();
    const referredName = (await referredTo.textContent())!.trim();
    await referredTo.locator('input').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/face-sheet`);
    await menu.getByRole('link', { name: 'Treatment Referrals' }).click();
    const referral = page.locator('tbody tr', { hasText: 'Substance Use Disorder' });
    await referral.waitFor();
    await referral.click();
    await page.waitForURL(new RegExp(`${base}/medical-events/treatment_referral/[0-9a-f-]{36}/details$`));
    await page.getByRole('heading', { name: 'Treatment Referral Details' }).waitFor();
    // Shown as stored: the role and the provider referred to.
    assert.equal(await page.getByLabel('Refer To').locator('option:checked').textContent(), 'Counselor');
    assert.equal(await page.locator('fieldset[data-field="detailObject.providers"] label', { hasText: referredName }).locator('input').isChecked(), true);
    await page.getByLabel('Status').selectOption({ label: 'Connected' });
    await page.getByLabel('Outcome', { exact: true }).selectOption({ label: 'Started Outpatient Treatment' });
    await page.getByLabel('Outcome Date').fill(todayIn(DEFAULT_TIME_ZONE));
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
    const stored = await sql<{ name: string; detail: Record<string, unknown>; status: string; location: Record<string, unknown> | null }>`
      select m.name, me.detail, s.label as status, me.location from medical_event me join reference_data m on m.uid = me.medical_event_type_uid
        join reference_data s on s.uid = me.status_uid where me.patient_uid = ${patient.patient_uid} order by m.name`.execute(h.server.db);
    assert.deepEqual(stored.rows.map((r) => [r.name, r.status]), [['drug_overdose', 'Reported'], ['treatment_referral', 'Connected']]);
    assert.deepEqual(stored.rows[0].detail, { naloxoneAdministered: 'yes', naloxoneAdministeredBy: 'ems', routeOfNaloxoneAdministration: 'nasal', amountOfNaloxoneGiven: '4', wasOverdoseFatal: 'no', acceptedTreatment: 'accepted' });
    assert.deepEqual(stored.rows[0].location, { isHomeAddress: true, addr1: '45 Elm St', addr2: null, city: 'Columbus', county: 'Franklin', locationName: 'Riverside Park', provinceIso: 'OH', postCode: '43215' });
    const counselor = (await h.server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', 'Counselor').executeTakeFirstOrThrow()).uid;
    const named = (await h.server.db.selectFrom('provider').select('provider_uid').where('display_name', '=', referredName.replace(/ \([^)]*\)$/, '')).execute()).map((p) => p.provider_uid);
    assert.equal(stored.rows[1].detail.referToRole, counselor);
    assert.deepEqual(stored.rows[1].detail.providers, named);
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patient.patient_uid).where('target_type', '=', 'medical-events').execute();
    assert.deepEqual(audit.map((a) => a.action).sort(), ['AddedMedicalEvent', 'AddedMedicalEvent', 'ChangedMedicalEvent']);

    // The calendar reads the same table: today's list shows both events. Today is the form's, in the division's
    // time zone: between midnight UTC and midnight in New York the test's own date is a day ahead (on a Sunday, another week).
    await page.goto(`/home/calendar?startDate=${todayIn(DEFAULT_TIME_ZONE)}`);
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
    assert.equal(await page.getByLabel('State').locator('option:checked').textContent(), 'Ohio', 'the details show the stored state');
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
    assert.equal(await page.getByLabel('State').inputValue(), 'OH');
    await shot(page, 'medical-events-details-390');
    await page.locator('fieldset.event-location').screenshot({ path: `${SHOTS}/medical-events-location-state-390.png` });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok((await overflow()) <= 0, `no sideways scrolling (${await overflow()}px)`);
    // A person met during an interaction, one field under another.
    await page.goto(`/patients/${patient}/medical-events/survivor_interaction/add`);
    await page.getByRole('button', { name: 'Add Person' }).click();
    await page.locator('fieldset.person[data-person="1"]').getByLabel('Relationship').waitFor();
    await shot(page, 'medical-events-human-interactions-390');
    assert.ok((await overflow()) <= 0, `no sideways scrolling with a person (${await overflow()}px)`);
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
    await (await recordMenu(page)).getByRole('link', { name: 'Crisis Interventions' }).click();
    await page.getByRole('heading', { name: 'Crisis Interventions' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /^Add / }).count(), 0, 'no Add for CIT staff');
    await loadedRows(page).first().click();
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

  test('a survivor interaction with two people: one is an existing patient found by the duplicate check, one becomes a new patient; another division\'s event shows as foreign', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await loginAs(page, 'navigator');
    const [survivor, relative] = await openPatients(h).select(['patient_uid', 'first_name', 'last_name']).where('first_name', '~', '^.{3,}$').where('last_name', '~', '^.{3,}$').orderBy('first_name', 'desc').limit(2).execute();
    const base = `/patients/${survivor.patient_uid}`;
    await page.goto(`${base}/medical-events/survivor_interaction/add`);
    await page.getByRole('heading', { name: 'Add Survivor Interaction' }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Completed' });
    await page.getByLabel('Contact Attempt Type').selectOption('Face-to-Face');
    await page.getByLabel('Contact Phase').selectOption('Follow-up');
    await page.getByLabel('Survivor Contacted').selectOption('yes');
    await page.getByLabel('Left Flyer').selectOption('yes');

    // The first person is already a patient of the division: the check finds them and the navigator links the record.
    const people = page.locator('fieldset.human-interactions');
    await people.getByRole('button', { name: 'Add Person' }).click();
    const first = page.locator('fieldset.person[data-person="1"]');
    await first.getByLabel('Relationship').selectOption('Sibling');
    await first.getByLabel('First Name').fill(relative.first_name);
    await first.getByLabel('Last Name').fill(relative.last_name);
    await first.getByText('Duplicates found!').waitFor();
    await first.getByRole('button', { name: 'This Is the Same Person' }).first().click();
    await first.getByText('Linked to an existing patient record.').waitFor();

    // The second is new: no duplicates, and the navigator makes them a patient on save.
    const newLast = `Quillfeather${Date.now() % 100000}`;
    await people.getByRole('button', { name: 'Add Person' }).click();
    const second = page.locator('fieldset.person[data-person="2"]');
    await second.getByLabel('Relationship').selectOption('Friend');
    await second.getByLabel('First Name').fill('Odessa');
    await second.getByLabel('Last Name').fill(newLast);
    await second.getByLabel('Telephone Type').selectOption('Mobile');
    await second.getByLabel('Telephone Number').fill('6145550147');
    await second.getByText('No duplicates found!').waitFor();
    await second.getByLabel('Create a patient record for this person when saving').check();
    await shot(page, 'medical-events-human-interactions');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**${base}/face-sheet`);

    const made = await h.server.db.selectFrom('patient').select(['patient_uid', 'mobile_phone']).where('last_name', '=', newLast).execute();
    assert.equal(made.length, 1);
    assert.equal(made[0].mobile_phone, '6145550147');
    const stored = await sql<{ detail: { humanInteractions: { patient: string; createPatient: boolean }[] } }>`
      select me.detail from medical_event me join reference_data m on m.uid = me.medical_event_type_uid
       where me.patient_uid = ${survivor.patient_uid} and m.name = 'survivor_interaction' order by me.created_at desc limit 1`.execute(h.server.db);
    assert.deepEqual(stored.rows[0].detail.humanInteractions.map((p) => [p.patient, p.createPatient]), [[relative.patient_uid, false], [made[0].patient_uid, true]]);
    await page.goto(`/patients/${made[0].patient_uid}/face-sheet`);
    await page.getByRole('heading', { name: `Odessa ${newLast}` }).first().waitFor();

    // A referral to Summit County Care, linked there, made this person a Summit patient too; Summit's event shows here as foreign, no link.
    const nav = await login(h.server.url, 'navigator');
    const summit = (await h.server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Summit County Care').executeTakeFirstOrThrow()).division_uid;
    const specialty = (await h.server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', 'Psychiatrist').executeTakeFirstOrThrow()).uid;
    const referral = await call(h.server.url, '/api/outbound-referrals', {
      token: nav.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { data: { type: 'outbound-referrals', attributes: { patient_uid: survivor.patient_uid, specialty_uid: specialty, event_date: '2026-01-01', to_type: 'division', to_division_uid: summit, priority: 'routine', reason: 'Recovery support' } } },
    });
    assert.equal(referral.status, 201, referral.text);
    // Summit links it to a record of its own (the navigator works there too): then events are shared.
    const switched = await call(h.server.url, '/api/session/current', { method: 'PUT', token: nav.token, body: { data: { attributes: { current_division_uid: summit } } } });
    const linked = await call(h.server.url, `/api/incoming-referrals/${referral.body.data.id}/link`, {
      token: switched.body.data.attributes.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { data: { type: 'incoming-referrals', attributes: { create_patient: true } } },
    });
    assert.equal(linked.status, 200, linked.text);
    const received = linked.body.data.attributes.received_patient_uid as string;
    await sql`
      insert into medical_event (patient_uid, medical_event_type_uid, event_date, status_uid, detail)
      select ${received}, m.uid, now() - interval '1 day', s.uid, '{"contactAttemptType":"Phone","contactPhase":"First Contact","survivorContacted":"yes","leftFlyer":"no"}'::jsonb
        from reference_data m, reference_data s
       where m.model = 'reference-medical-event' and m.name = 'survivor_interaction'
         and s.model = 'reference-status' and s.ref_data_type = 'medical_event__survivor_interaction' and s.name = 'completed'`.execute(h.server.db);
    await page.goto(`${base}/medical-events/survivor_interaction`);
    const foreign = page.locator('tbody tr.foreign');
    await foreign.waitFor();
    assert.equal(await foreign.getAttribute('title'), 'Recorded by Summit County Care');
    assert.equal(await foreign.locator('a').count(), 0);
    await page.locator('tbody tr.clickable', { hasText: '2 others met' }).waitFor();
    await shot(page, 'medical-events-foreign');
    await foreign.click();
    assert.equal(new URL(page.url()).pathname, `${base}/medical-events/survivor_interaction`, 'a foreign event does not open');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the demo EHR portal records an outreach contact through <care-medical-events>', async () => {
    const { context, page, errors } = await openPage(h, 1366, 1000);
    await page.goto('/demo/ehr-portal.html');
    await signIn(page, 'navigator');
    const card = page.locator('care-queue').first();
    await loadedRows(card).first().click();
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
       where me.patient_uid = ${patient} and m.name = 'survivor_interaction' and me.created_by is not null
         -- The demo caseload's own contacts were recorded days ago.
         and me.created_at > now() - interval '10 minutes'`.execute(h.server.db);
    assert.deepEqual(stored.rows.map((r) => r.detail), [{ contactAttemptType: 'Phone', contactPhase: 'First Contact', survivorContacted: 'yes', leftFlyer: 'no', kitsDistributed: '2' }]);

    // An embedder's list that names the patient (show-patient-name): a row opens a patient from a table, so in a new tab at route-base + path
    // (here the app's own address; the portal's sign-in is its token, so that tab asks the app's own); the portal stays.
    await page.evaluate((id) => {
      const named = document.createElement('care-medical-events');
      named.id = 'named-list';
      for (const [k, v] of Object.entries({ 'patient-id': id, 'event-name': 'survivor_interaction', 'show-patient-name': 'true', 'route-base': '' })) named.setAttribute(k, v);
      document.querySelector('care-session')!.append(named);
    }, patient);
    const named = page.locator('#named-list');
    const person = await h.server.db.selectFrom('patient').select(['first_name', 'last_name']).where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    const row = loadedRows(named).filter({ hasText: `${person.first_name} ${person.last_name}` }).first();
    await row.waitFor();
    assert.deepEqual(await named.locator('thead th').allTextContents(), ['Date', 'Patient', 'Status', 'Summary']);
    assert.equal(await row.locator('a').getAttribute('target'), '_blank');
    await named.screenshot({ path: `${SHOTS}/medical-events-list-patient-name.png` });
    const [tab] = await Promise.all([context.waitForEvent('page'), row.locator('td').last().click()]);
    await tab.waitForURL(new RegExp(`/patients/${patient}/medical-events/survivor_interaction/[0-9a-f-]{36}/details$`));
    assert.equal(new URL(page.url()).pathname, '/demo/ehr-portal.html', 'the portal stays');
    await tab.close();
    await page.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    // The save's toast closes by itself (TOAST_MS); on a phone it would sit over the list's title.
    const savedToast = page.getByText('Successfully saved!');
    while ((await savedToast.count()) > 0) await savedToast.first().waitFor({ state: 'detached' });
    await named.screenshot({ path: `${SHOTS}/medical-events-list-patient-name-390.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
