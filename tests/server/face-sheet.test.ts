import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let community: LoggedIn;
let cit: LoggedIn;
let patient: string;
let other: string;
// procedure, surgery and the CIT tables are read with SQL by the server and have no Kysely types.
const raw = () => server.db as unknown as Kysely<any>;

const get = (user: LoggedIn | null, patientUid: string, rest: string) =>
  call(server.url, `/api/patients/${patientUid}/${rest}`, user ? { token: user.token } : {});
const attrs = (answer: { body: { data: { attributes: Record<string, unknown> }[] } }) => answer.body.data.map((r) => r.attributes);

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, community, cit] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'community'), login(server.url, 'cit')]);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const ordinary = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('last_name').limit(2).execute();
  [patient, other] = ordinary.map((p) => p.patient_uid);
});
after(async () => {
  await server?.stop();
});

describe('face sheet calls', () => {
  it('medical events: the latest of each kind, newest first, only kinds the caller\'s calendar flags allow', async () => {
    const status = await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', 'calendar').executeTakeFirstOrThrow();
    await raw().deleteFrom('procedure').where('patient_uid', '=', patient).execute();
    await raw().deleteFrom('surgery').where('patient_uid', '=', patient).execute();
    await raw()
      .insertInto('procedure')
      .values([
        { patient_uid: patient, procedure_name: 'Colonoscopy', event_date: new Date('2026-01-10T15:00:00Z'), status_uid: status.uid },
        { patient_uid: patient, procedure_name: 'Colonoscopy', event_date: new Date('2026-03-10T15:00:00Z'), status_uid: status.uid },
      ])
      .execute();
    await raw().insertInto('surgery').values({ patient_uid: patient, surgery_name: 'Appendectomy', event_date: new Date('2026-02-01T15:00:00Z'), status_uid: status.uid }).execute();

    const events = attrs(await get(nav, patient, 'medical-events'));
    const procedures = events.filter((e) => e.event_type === 'procedure');
    assert.deepEqual(procedures.map((e) => new Date(e.event_date as string).toISOString()), ['2026-03-10T15:00:00.000Z'], 'one card per kind, the latest');
    const dates = events.map((e) => new Date(e.event_date as string).getTime());
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a), 'newest first');
    assert.ok(events.some((e) => e.event_type === 'surgery'));
    // Read from the event tables, the card says what the calendar's view says about the same event.
    const { rows: [fromView] } = await sql<Record<string, unknown>>`select medical_event_name, medical_event_label, status_label, provider_name, facility_name, all_day
      from nav_list_view_medical_event where id = ${procedures[0].id}`.execute(server.db);
    const card = procedures[0];
    assert.deepEqual(Object.fromEntries(Object.keys(fromView).map((k) => [k, card[k]])), fromView);

    // The community user has no calendar flags: a record reader, but no event kinds.
    assert.deepEqual(attrs(await get(community, patient, 'medical-events')), []);
  });

  it('medical events: one card per medical event type, its latest, however many events the patient has', async () => {
    const types = await server.db.selectFrom('reference_data').select(['uid', 'name']).where('model', '=', 'reference-medical-event').where('name', 'in', ['drug_overdose', 'treatment_referral']).execute();
    const status = await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').executeTakeFirstOrThrow();
    const typeOf = (name: string) => types.find((t) => t.name === name)!.uid;
    // Later than any demo event, so these are the latest of their types.
    const at = (day: string) => new Date(`2030-${day}T15:00:00Z`);
    const rows = [
      ...Array.from({ length: 40 }, (_, i) => ({ type: 'drug_overdose', date: at(`01-${String(1 + (i % 28)).padStart(2, '0')}`) })),
      { type: 'drug_overdose', date: at('02-01') },
      { type: 'treatment_referral', date: at('01-15') },
    ];
    const inserted = await raw()
      .insertInto('medical_event')
      .values(rows.map((r) => ({ patient_uid: other, medical_event_type_uid: typeOf(r.type), event_date: r.date, status_uid: status.uid })))
      .returning(['medical_event_uid', 'event_date', 'medical_event_type_uid'])
      .execute();
    const cards = attrs(await get(nav, other, 'medical-events')).filter((e) => e.event_type === 'medical_event');
    const latest = (name: string) => inserted.filter((r) => r.medical_event_type_uid === typeOf(name)).sort((a, b) => b.event_date.getTime() - a.event_date.getTime())[0];
    assert.deepEqual(
      cards.filter((c) => ['drug_overdose', 'treatment_referral'].includes(c.medical_event_name as string)).map((c) => [c.medical_event_name, c.id]),
      [['drug_overdose', latest('drug_overdose').medical_event_uid], ['treatment_referral', latest('treatment_referral').medical_event_uid]],
    );
    assert.equal(new Set(cards.map((c) => c.medical_event_name)).size, cards.length, 'one card per type');
  });

  it('event details: this patient\'s event of that kind, otherwise 404', async () => {
    const procedure = await raw().selectFrom('procedure').select('procedure_uid').where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    const ok = await get(nav, patient, `events/procedure/${procedure.procedure_uid}`);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.attributes.medical_event_label, 'Colonoscopy');
    assert.equal((await get(nav, other, `events/procedure/${procedure.procedure_uid}`)).status, 404, 'another patient\'s event');
    assert.equal((await get(nav, patient, `events/surgery/${procedure.procedure_uid}`)).status, 404, 'another kind');
    assert.equal((await get(nav, patient, `events/nonsense/${procedure.procedure_uid}`)).status, 404);
    assert.equal((await get(nav, patient, 'events/procedure/not-a-uuid')).status, 404);
    assert.equal((await get(community, patient, `events/procedure/${procedure.procedure_uid}`)).status, 404, 'a kind the caller may not see');
  });

  it('notes newest first without archived ones; admissions only with the admission feature', async () => {
    await server.db.deleteFrom('patient_note').where('patient_uid', '=', patient).execute();
    await server.db
      .insertInto('patient_note')
      .values([
        { patient_uid: patient, note: 'older', created_at: new Date('2026-01-01T12:00:00Z') },
        { patient_uid: patient, note: 'newer', created_at: new Date('2026-02-01T12:00:00Z') },
        { patient_uid: patient, note: 'archived', is_archived: true },
      ])
      .execute();
    assert.deepEqual(attrs(await get(nav, patient, 'notes')).map((n) => n.note), ['newer', 'older']);
    assert.equal((await get(nav, patient, 'admissions')).status, 200);
    assert.equal((await get(community, patient, 'admissions')).status, 403);
  });

  it('reminders: unread ones of this patient, newest first; not for CIT staff', async () => {
    await server.db.deleteFrom('notification').where('subject_uid', '=', patient).execute();
    await server.db
      .insertInto('notification')
      .values([
        { subject_uid: patient, reminder_date: new Date('2026-05-01T12:00:00Z'), note: 'first' },
        { subject_uid: patient, reminder_date: new Date('2026-06-01T12:00:00Z'), note: 'second' },
        { subject_uid: patient, reminder_date: new Date('2026-07-01T12:00:00Z'), note: 'read', is_read: true },
        { subject_uid: other, reminder_date: new Date('2026-07-01T12:00:00Z'), note: 'someone else' },
      ])
      .execute();
    assert.deepEqual(attrs(await get(nav, patient, 'reminders')).map((r) => r.note), ['second', 'first']);
    assert.equal((await get(cit, patient, 'reminders')).status, 403);
  });

  it('CIT summary: counts and top reasons from approved sheets only; the newest mental-health outbound referrals', async () => {
    const agency = await raw().selectFrom('cit_agency').select('agency_uid').executeTakeFirstOrThrow();
    const facility = await server.db.selectFrom('facility').select(['facility_uid', 'facility_name']).orderBy('facility_name').executeTakeFirstOrThrow();
    const sheet = (json: Record<string, unknown>, approval: string) => ({
      agency_uid: agency.agency_uid,
      division_uid: facts.divisionUids[0],
      officer_name: 'Officer',
      approval_status: approval,
      patient_uid: patient,
      submission_json: sql`${JSON.stringify(json)}::jsonb`,
    });
    await raw().deleteFrom('cit_submission').where('patient_uid', '=', patient).execute();
    await server.db.deleteFrom('outbound_referral').where('patient_uid', '=', patient).execute();
    await raw()
      .insertInto('cit_submission')
      .values([
        sheet({ crisis: ['Depression', 'Homeless'], weaponInvolved: ['Firearm'], subjectTakenIntoCustodyForEvaluation: 'yes', mhFollowUpRequested: 'yes', facilityUid: facility.facility_uid }, 'approved'),
        sheet({ crisis: ['Depression'], weaponInvolved: null, subjectTakenIntoCustodyForEvaluation: 'no', mhFollowUpRequested: 'no' }, 'approved'),
        sheet({ crisis: ['Suicide Threat'], weaponInvolved: ['Makeshift'], subjectTakenIntoCustodyForEvaluation: 'yes' }, 'pending'),
      ] as never)
      .execute();
    const specialty = async (label: string) => (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').where('label', '=', label).executeTakeFirstOrThrow()).uid;
    const pending = (await server.db.selectFrom('reference_data').select('uid').where('ref_data_type', '=', 'outbound referral').where('label', '=', 'Pending').executeTakeFirstOrThrow()).uid;
    const referral = async (label: string, eventDate: string) =>
      (
        await server.db
          .insertInto('outbound_referral')
          .values({ patient_uid: patient, specialty_uid: await specialty(label), event_date: eventDate, status_uid: pending, to_type: 'facility', to_facility_uid: facility.facility_uid, priority: 'routine' })
          .returning('outbound_referral_uid')
          .executeTakeFirstOrThrow()
      ).outbound_referral_uid;
    const older = await referral('Psychologist', '2026-10-01');
    const newer = await referral('Psychiatrist', '2026-11-01');
    await referral('Dentist', '2026-11-15');
    const summary = (await get(cit, patient, 'cit-summary')).body.data.attributes;
    assert.deepEqual(summary, {
      cit_events: 2,
      with_weapons: 1,
      emergency_hospitalizations: 1,
      top_reasons: [{ reason: 'Depression', count: 2 }, { reason: 'Homeless', count: 1 }],
      top_mental_health_referrals: [
        { outbound_referral_uid: newer, event_date: '2026-11-01', provider_role_name: 'Psychiatrist', to_name: facility.facility_name, status_label: 'Pending' },
        { outbound_referral_uid: older, event_date: '2026-10-01', provider_role_name: 'Psychologist', to_name: facility.facility_name, status_label: 'Pending' },
      ],
    });
    assert.equal((await get(nav, patient, 'cit-summary')).status, 403);
  });

  it('primary address: the primary one, or null', async () => {
    await server.db.deleteFrom('patient_address').where('patient_uid', '=', patient).execute();
    assert.equal((await get(cit, patient, 'primary-address')).body.data, null);
    await server.db.insertInto('patient_address').values([
      { patient_uid: patient, addr1: '1 Side St', is_primary: false },
      { patient_uid: patient, addr1: '2 Main St', is_primary: true },
    ] as never).execute();
    assert.equal((await get(cit, patient, 'primary-address')).body.data.attributes.address1, '2 Main St');
  });

  it('without a session: 401', async () => {
    assert.equal((await get(null, patient, 'notes')).status, 401);
  });
});
