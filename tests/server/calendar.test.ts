import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import { parseListRequest, whereClause } from '../../server/dataviews/engine';
import { PUBLIC_VIEWS } from '../../server/dataviews/registry';
import type { AuthContext } from '../../server/auth/context';
import { flagsFrom, type Flag } from '../../shared/permissions';
import { CALENDAR_STATUSES } from '../../shared/constants';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts } from './support/http';

let server: TestServer;
let url: string;
let facts: DemoFacts;
let nav: string;

const MEDICAL = '/api/data/public/nav-list-view-medical-event';
const APPOINTMENTS = '/api/data/public/nav-list-view-appointment';
type Row = Record<string, any>;

/** A user of division 1 with exactly these flags (the demo users hold all calendar flags or none). */
async function userWith(userName: string, flags: Flag[]): Promise<string> {
  const user = await server.db
    .insertInto('app_user')
    .values({ user_name: userName, display_name: userName, email_address: `${userName}@careweave.test`, password_hash: await hashPassword('calendar-test-pass'), theme: null })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('user_division').values({ user_uid: user.user_uid, division_uid: facts.divisionUids[0], permissions: flags }).execute();
  return (await login(url, userName, 'calendar-test-pass')).token;
}

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
  nav = (await login(url, 'navigator')).token;
});
after(async () => {
  await server?.stop();
});

const list = (path: string, params: Record<string, string | string[]> = {}, token = nav) => {
  const qs = new URLSearchParams({ 'all-data': '1' });
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one);
  return call(url, `${path}?${qs}`, { token });
};
const rowsOf = (answer: { status: number; text: string; body: any }): Row[] => {
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.map((r: { attributes: Row }) => r.attributes);
};

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** Division-1 rows the navigator may see, straight from SQL: not the two restricted cases of others, not adoption cases. */
async function truth(view: string, where = sql`true`): Promise<Row[]> {
  const hidden = [...facts.restricted.others, ...facts.adoption];
  return (
    await sql<Row>`select v.* from ${sql.table(view)} v
      where v.division_uid = ${facts.divisionUids[0]} and v.patient_uid not in (${sql.join(hidden)}) and ${where}
      order by v.id`.execute(server.db)
  ).rows;
}
const ids = (rows: Row[]) => rows.map((r) => r.id).sort();

describe('calendar views: date range', () => {
  it('returns exactly the events in the asked range, oldest first, with the spec fields', async () => {
    const [from, to] = [iso(-3), iso(3)];
    const rows = rowsOf(await list(MEDICAL, { 'event_date__>>=': from, 'event_date__<=': to }));
    const expected = await truth('nav_list_view_medical_event', sql`v.event_date >= ${from}::timestamptz and v.event_date <= ${to}::timestamptz`);
    assert.ok(expected.length > 5, 'the seed has events around today');
    assert.deepEqual(ids(rows), ids(expected));
    for (const r of rows) assert.ok(r.event_date >= from && r.event_date <= to, r.event_date);
    const dates = rows.map((r) => r.event_date);
    assert.deepEqual(dates, [...dates].sort());
    assert.deepEqual(new Set(rows.map((r) => r.event_type)), new Set(['medical_event', 'procedure', 'surgery', 'testing']));
    const medical = rows.find((r) => r.event_type === 'medical_event')!;
    assert.ok(['drug_overdose', 'survivor_interaction', 'other_interaction', 'treatment_referral', 'cit'].includes(medical.medical_event_name));
    assert.equal(typeof medical.medical_event_label, 'string');
    // The wall-clock time where the event happens: no offset on the wire.
    assert.match(medical.event_date_no_tz, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const appointments = rowsOf(await list(APPOINTMENTS, { 'event_date__>>=': from, 'event_date__<=': to }));
    assert.deepEqual(ids(appointments), ids(await truth('nav_list_view_appointment', sql`v.event_date >= ${from}::timestamptz and v.event_date <= ${to}::timestamptz`)));
    assert.ok(appointments.every((r) => r.event_type === 'appointment' && typeof r.appointment_type_label === 'string'));
  });

  it('the seed covers every type and status over today −20 … +20 days', async () => {
    const month = { 'event_date__>>=': iso(-21), 'event_date__<=': iso(21) };
    const rows = [...rowsOf(await list(MEDICAL, month)), ...rowsOf(await list(APPOINTMENTS, month))];
    assert.deepEqual(new Set(rows.map((r) => r.event_type)), new Set(['appointment', 'medical_event', 'procedure', 'surgery', 'testing']));
    const statuses = new Set(rows.map((r) => r.status_name));
    for (const status of CALENDAR_STATUSES) assert.ok(statuses.has(status), status);
    // Only a medical event may have a status that is no calendar status (a declined contact, a crisis disposition): the calendar's status filter leaves it out.
    for (const r of rows) if (!(CALENDAR_STATUSES as readonly string[]).includes(r.status_name)) assert.equal(r.event_type, 'medical_event', r.status_name);
    assert.ok(new Set(rows.map((r) => r.provider_uid)).size >= 4, 'several providers');
    assert.ok(new Set(rows.map((r) => r.facility_uid)).size >= 3, 'several facilities');
    // The calendar's own types fill the month around today; medical events are the caseload's months of history.
    const all = [...rowsOf(await list(MEDICAL)), ...rowsOf(await list(APPOINTMENTS))];
    for (const r of all.filter((x) => x.event_type !== 'medical_event')) assert.ok(r.event_date >= iso(-22) && r.event_date <= iso(22), r.event_date);
    assert.ok(all.some((r) => r.event_type === 'medical_event' && r.event_date < iso(-90)), 'medical events go back months');
  });

  it("the engine's own query reads each table through its event_date index", async () => {
    const view = PUBLIC_VIEWS['nav-list-view-medical-event'];
    const auth = { userUid: '00000000-0000-0000-0000-000000000000', userName: 'x', email: null, divisionUid: facts.divisionUids[0], flags: flagsFrom(['calendarMedicalEvent', 'calendarSurgery', 'calendarTesting']) } as AuthContext;
    const request = parseListRequest(view, { 'event_date__>>=': iso(-3), 'event_date__<=': iso(3) });
    const plan = await server.db.transaction().execute(async (tx) => {
      // The demo tables are small enough that a sequential scan is cheaper; what matters is that the range can use the index.
      await sql`set local enable_seqscan = off`.execute(tx);
      const rows = await sql<{ 'QUERY PLAN': string }>`explain select * from ${sql.table(view.source)} as v where ${whereClause(view, auth, request.filters)}`.execute(tx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // Each table is read through one of its indexes with the range as the index condition
    // (event_date alone, or patient then event_date once the division has picked the patients).
    const lines = plan.split('\n');
    for (const table of ['medical_event', 'surgery', 'test_event']) {
      const at = lines.findIndex((l) => new RegExp(`(Index Scan using|Bitmap Heap Scan on) \\S*\\s*(on )?${table}\\b`).test(l));
      assert.ok(at >= 0, `${table} read through an index:\n${plan}`);
      const cond = lines.slice(at + 1, at + 4).join(' ');
      assert.match(cond, /event_date >= .*event_date <= /, `${table}'s index condition holds the range:\n${plan}`);
    }
    assert.doesNotMatch(plan, /Seq Scan on (medical_event|surgery|test_event)\b/, plan);
    // Without calendarProcedure the procedure branch is not read at all.
    assert.doesNotMatch(plan, /procedure/, plan);
  });
});

describe('calendar views: filters', () => {
  it('status_name, repeatable', async () => {
    const rows = rowsOf(await list(MEDICAL, { status_name: ['completed', 'pending pre-auth'] }));
    assert.deepEqual(ids(rows), ids(await truth('nav_list_view_medical_event', sql`v.status_name in ('completed', 'pending pre-auth')`)));
    assert.deepEqual(new Set(rows.map((r) => r.status_name)), new Set(['completed', 'pending pre-auth']));
    const scheduled = rowsOf(await list(APPOINTMENTS, { status_name__eq: 'scheduled' }));
    assert.ok(scheduled.length > 0 && scheduled.every((r) => r.status_name === 'scheduled'));
  });

  it('provider, facility and event type', async () => {
    const all = rowsOf(await list(MEDICAL));
    const provider = all[0].provider_uid;
    const facility = all[0].facility_uid;
    const byProvider = rowsOf(await list(MEDICAL, { provider_uid: provider }));
    assert.deepEqual(ids(byProvider), ids(all.filter((r) => r.provider_uid === provider)));
    const byFacility = rowsOf(await list(MEDICAL, { facility_uid: facility }));
    assert.deepEqual(ids(byFacility), ids(all.filter((r) => r.facility_uid === facility)));
    const surgeries = rowsOf(await list(MEDICAL, { event_type: 'surgery' }));
    assert.ok(surgeries.length > 0);
    assert.deepEqual(ids(surgeries), ids(all.filter((r) => r.event_type === 'surgery')));
  });

  it('hostile or malformed values are a 400 naming the parameter, never SQL', async () => {
    for (const value of ['yesterday', '2026-02-30', "2026-01-01'; drop table appointment; --", '2026-01-01T25:00:00Z', 'x'.repeat(300)]) {
      const [error] = errorsOf(await list(MEDICAL, { 'event_date__>>=': value }), 400);
      assert.equal(error.field, 'event_date__>>=');
    }
    errorsOf(await list(APPOINTMENTS, { 'event_date__<=': '\u0000' }), 400);
    errorsOf(await list(MEDICAL, { provider_uid: 'not-an-id' }), 400);
    errorsOf(await list(MEDICAL, { division_uid: facts.divisionUids[1] }), 400);
    errorsOf(await list(MEDICAL, { 'event_date__~~': iso(0) }), 400);
    errorsOf(await list(MEDICAL, { sort: 'event_date;drop' }), 400);
    const count = await sql<{ n: number }>`select count(*)::int as n from appointment`.execute(server.db);
    assert.ok(count.rows[0].n > 0, 'the tables are still there');
  });
});

describe('calendar views: who sees what', () => {
  it('needs a session', async () => {
    errorsOf(await call(url, MEDICAL), 401);
    errorsOf(await call(url, APPOINTMENTS), 401);
  });

  it('leaves out restricted cases of others, adoption cases and the other division', async () => {
    const rows = [...rowsOf(await list(MEDICAL)), ...rowsOf(await list(APPOINTMENTS))];
    const hidden = new Set([...facts.restricted.others, ...facts.adoption]);
    assert.ok(rows.every((r) => !hidden.has(r.patient_uid)));
    assert.ok(rows.some((r) => r.patient_uid === facts.restricted.mine), "the navigator's own restricted case shows");
    const inDivision1 = await sql<{ patient_uid: string }>`select patient_uid from patient where division_uid = ${facts.divisionUids[0]}`.execute(server.db);
    const division1 = new Set(inDivision1.rows.map((r) => r.patient_uid));
    assert.ok(rows.every((r) => division1.has(r.patient_uid)));
    // The seed does put events on those patients and in division 2: the scope is what hides them.
    const seeded = await sql<{ n: number }>`select count(*)::int as n from nav_list_view_appointment where patient_uid in (${sql.join([...hidden])}) or division_uid = ${facts.divisionUids[1]}`.execute(server.db);
    assert.ok(seeded.rows[0].n > 0);
    // A user who may see restricted and adoption cases (admin) gets them.
    const admin = (await login(url, 'admin')).token;
    const adminRows = rowsOf(await list(APPOINTMENTS, {}, admin));
    assert.ok(adminRows.some((r) => hidden.has(r.patient_uid)));
  });

  it('a type whose flag is off is never sent: no procedure rows without calendarProcedure, 403 on appointments without calendarAppointment', async () => {
    const token = await userWith('calendar-partial', ['hasAppNavigator', 'calendarMedicalEvent', 'calendarSurgery', 'calendarTesting']);
    const rows = rowsOf(await list(MEDICAL, {}, token));
    assert.deepEqual(new Set(rows.map((r) => r.event_type)), new Set(['medical_event', 'surgery', 'testing']));
    assert.deepEqual(rowsOf(await list(MEDICAL, { event_type: 'procedure' }, token)), []);
    errorsOf(await list(APPOINTMENTS, {}, token), 403);
    const one = rowsOf(await list(MEDICAL, { event_type: 'procedure' })).at(0)!;
    errorsOf(await call(url, `${MEDICAL}/${one.id}`, { token }), 404);
  });

  it('a crisis intervention shows when, what and status only: its facility and provider are the sheet\'s, not the calendar\'s (issue 31)', async () => {
    const stored = await truth('nav_list_view_medical_event', sql`v.medical_event_name = 'cit'`);
    const { rows: placed } = await sql<{ medical_event_uid: string; facility_uid: string }>`
      select me.medical_event_uid, me.facility_uid from medical_event me join reference_data m on m.uid = me.medical_event_type_uid
       where m.name = 'cit' and me.facility_uid is not null and me.medical_event_uid in (${sql.join(stored.length ? stored.map((r) => r.id) : [null])})`.execute(server.db);
    assert.ok(placed.length > 0, 'the seed has crisis interventions with a facility the navigator\'s calendar lists');
    const rows = rowsOf(await list(MEDICAL, { medical_event_name: 'cit' }));
    assert.deepEqual(ids(rows), ids(stored), 'the row itself still shows');
    for (const r of rows) for (const hidden of ['facility_uid', 'facility_name', 'provider_uid', 'provider_name']) assert.equal(r[hidden], null, `${hidden} of ${r.id}`);
    // Nor can the Facility filter tell where a person in crisis was taken.
    const byFacility = rowsOf(await list(MEDICAL, { facility_uid: placed[0].facility_uid }));
    assert.ok(!byFacility.some((r) => r.id === placed[0].medical_event_uid));
  });

  it('without any calendar flag both views are a 403', async () => {
    const token = await userWith('calendar-none', ['hasAppNavigator']);
    errorsOf(await list(MEDICAL, {}, token), 403);
    errorsOf(await list(APPOINTMENTS, {}, token), 403);
  });
});
