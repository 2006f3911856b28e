import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts } from './support/http';

let server: TestServer;
let url: string;
let facts: DemoFacts;
let nav: string;
/** queue_label -> queue_uid, division 1 and 2. */
let div1: Record<string, string>;
let div2: Record<string, string>;

const COLUMN_MAP = [
  { column_name: 'patient_uid', display_header: 'Patient Id', is_hidden: true },
  { column_name: 'last_name', display_header: 'Last Name', is_hidden: false },
  { column_name: 'first_name', display_header: 'First Name', is_hidden: false },
  { column_name: 'birth_date', display_header: 'Date of Birth', is_hidden: false },
  { column_name: 'referral_date', display_header: 'Referral Date', is_hidden: false },
  { column_name: 'referral_source_label', display_header: 'Referral Source', is_hidden: false },
  { column_name: 'episode_status_label', display_header: 'Episode Status', is_hidden: false },
];

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
  nav = (await login(url, 'navigator')).token;
  const queues = await server.db.selectFrom('queue').select(['queue_uid', 'queue_label', 'division_uid']).execute();
  div1 = Object.fromEntries(queues.filter((q) => q.division_uid === facts.divisionUids[0]).map((q) => [q.queue_label, q.queue_uid]));
  div2 = Object.fromEntries(queues.filter((q) => q.division_uid === facts.divisionUids[1]).map((q) => [q.queue_label, q.queue_uid]));
});
after(async () => {
  await server?.stop();
});

/** What the navigator's queue holds, by SQL: division 1, minus two restricted and two adoption cases. */
async function truth(where: ReturnType<typeof sql>, order = sql`v.patient_uid`): Promise<Record<string, any>[]> {
  const hidden = [...facts.restricted.others, ...facts.adoption];
  return (
    await sql<Record<string, any>>`select v.* from queue_patient_view v
      where v.division_uid = ${facts.divisionUids[0]} and v.patient_uid not in (${sql.join(hidden)}) and ${where}
      order by ${order}`.execute(server.db)
  ).rows;
}
const NEW = sql`v.referral_status = 'New'`;
const ACTIVE = sql`v.episode_status_label = 'Active'`;
const PENDING = sql`v.episode_status_label = 'Pending'`;
const ACTIVE_ED = sql`v.episode_status_label = 'Active' and v.referral_source_label = 'Emergency Department'`;

const queue = (id: string, query = '', token = nav) => call(url, `/api/queues/${id}${query}`, { token });

describe('GET /api/queues', () => {
  it('lists the top-level queues of the current division with counts equal to the rule’s real count', async () => {
    const answer = await call(url, '/api/queues', { token: nav });
    assert.equal(answer.status, 200);
    const expected = [
      { type: 'queue', id: div1['new referrals'], attributes: { queue_label: 'new referrals', count: (await truth(NEW)).length } },
      { type: 'queue', id: div1['Active Patients'], attributes: { queue_label: 'Active Patients', count: (await truth(ACTIVE)).length } },
      { type: 'queue', id: div1['Pending Intake'], attributes: { queue_label: 'Pending Intake', count: (await truth(PENDING)).length } },
    ];
    assert.ok(expected.every((q) => q.attributes.count > 0));
    assert.deepEqual(answer.body, { data: expected });
  });

  it('counts apply the caller’s scope (admin also counts restricted and adoption cases)', async () => {
    const admin = (await login(url, 'admin')).token;
    const answer = await call(url, '/api/queues', { token: admin });
    const counts = await sql<{ label: string; n: number }>`
      select 'Active Patients' as label, count(*)::int as n from queue_patient_view
       where division_uid = ${facts.divisionUids[0]} and episode_status_label = 'Active'`.execute(server.db);
    const active = answer.body.data.find((q: any) => q.attributes.queue_label === 'Active Patients');
    assert.equal(active.attributes.count, counts.rows[0].n);
  });

  it('is 401 without a session', async () => {
    errorsOf(await call(url, '/api/queues'), 401);
  });
});

describe('GET /api/queues/{id}', () => {
  it('has the documented shape: label, count, child queues, column map, rows with patient_uid, meta', async () => {
    const answer = await queue(div1['Active Patients']);
    assert.equal(answer.status, 200);
    const { data, meta } = answer.body;
    assert.deepEqual(Object.keys(answer.body).sort(), ['data', 'meta']);
    assert.equal(data.type, 'queue');
    assert.equal(data.id, div1['Active Patients']);
    assert.deepEqual(Object.keys(data.attributes).sort(), ['child_queues', 'count', 'data', 'queue_label', 'queue_list_view_column_map']);
    const active = await truth(ACTIVE);
    assert.equal(data.attributes.queue_label, 'Active Patients');
    assert.equal(data.attributes.count, active.length);
    assert.deepEqual(data.attributes.child_queues, [
      { id: div1['Active from the Emergency Department'], queue_label: 'Active from the Emergency Department', count: (await truth(ACTIVE_ED)).length },
    ]);
    assert.deepEqual(data.attributes.queue_list_view_column_map, COLUMN_MAP);
    assert.deepEqual(meta, { total: active.length, page: 1, page_size: 10 });
    assert.equal(data.attributes.data.length, 10);
    // Default sort of this queue: last_name, first_name.
    const firstTen = (await truth(ACTIVE, sql`v.last_name, v.first_name, v.patient_uid`)).slice(0, 10);
    assert.deepEqual(data.attributes.data.map((r: any) => r.patient_uid), firstTen.map((r) => r.patient_uid));
    for (const row of data.attributes.data) {
      assert.match(row.patient_uid, /^[0-9a-f-]{36}$/);
      assert.equal(row.episode_status_label, 'Active');
    }
  });

  it('uses the queue’s default sort (-referral_date) and its rule', async () => {
    const answer = await queue(div1['new referrals'], '?page-size=500');
    const rows = answer.body.data.attributes.data;
    const expected = await truth(NEW);
    assert.equal(rows.length, expected.length);
    assert.ok(rows.every((r: any) => r.referral_status === 'New'));
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].referral_date >= rows[i].referral_date);
    assert.deepEqual(answer.body.data.attributes.child_queues, []);
  });

  it('pages, sorts and filters within the queue; count stays the queue’s, meta.total is the filtered total', async () => {
    const id = div1['Pending Intake'];
    const pending = await truth(PENDING, sql`v.birth_date desc nulls last, v.patient_uid`);
    const p1 = await queue(id, '?page=1&page-size=5&sort=-birth_date');
    const p2 = await queue(id, '?page=2&page-size=5&sort=-birth_date');
    assert.deepEqual(p1.body.meta, { total: pending.length, page: 1, page_size: 5 });
    assert.deepEqual(p2.body.meta, { total: pending.length, page: 2, page_size: 5 });
    assert.deepEqual(
      [...p1.body.data.attributes.data, ...p2.body.data.attributes.data].map((r: any) => r.patient_uid),
      pending.slice(0, 10).map((r) => r.patient_uid),
    );
    const filtered = await queue(id, `?last_name__like=${encodeURIComponent('ar')}&page-size=500`);
    const expected = await truth(sql`${PENDING} and v.last_name ilike '%ar%'`);
    assert.ok(expected.length > 0 && expected.length < pending.length);
    assert.equal(filtered.body.data.attributes.count, pending.length);
    assert.equal(filtered.body.meta.total, expected.length);
    assert.deepEqual(filtered.body.data.attributes.data.map((r: any) => r.patient_uid).sort(), expected.map((r) => r.patient_uid).sort());
  });

  it('a filter cannot widen the queue beyond its rule', async () => {
    const answer = await queue(div1['Pending Intake'], '?episode_status_label=Active');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.meta.total, 0);
    assert.deepEqual(answer.body.data.attributes.data, []);
  });

  it('a queue of the other division is 404, and is found after switching to it', async () => {
    const other = div2['Active Patients'];
    assert.ok(other);
    assert.deepEqual(errorsOf(await queue(other), 404), [{ message: 'Queue not found' }]);
    const me = await login(url, 'navigator');
    const sw = await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    const token2 = sw.body.data.attributes.token;
    const answer = await queue(other, '', token2);
    assert.equal(answer.status, 200);
    const n = await sql<{ n: number }>`select count(*)::int as n from queue_patient_view where division_uid = ${facts.divisionUids[1]} and episode_status_label = 'Active'`.execute(server.db);
    assert.equal(answer.body.data.attributes.count, n.rows[0].n);
    errorsOf(await queue(div1['Active Patients'], '', token2), 404);
  });

  it('a bad or unknown id is 404', async () => {
    for (const id of ['abc', '00000000-0000-0000-0000-000000000000', "1'%20or%20'1'='1", '%F0%9F%98%80']) {
      assert.deepEqual(errorsOf(await queue(id), 404), [{ message: 'Queue not found' }], id);
    }
  });

  it('an unknown filter column, operator or sort is 400 naming it', async () => {
    const id = div1['Active Patients'];
    assert.deepEqual(errorsOf(await queue(id, '?ssn=1'), 400), [{ field: 'ssn', message: "Unknown column 'ssn' for view 'queue-patient-view'" }]);
    assert.deepEqual(errorsOf(await queue(id, '?last_name__regex=x'), 400), [{ field: 'last_name__regex', message: "Unknown filter operator 'regex' in 'last_name__regex'" }]);
    assert.deepEqual(errorsOf(await queue(id, '?sort=-ssn'), 400), [{ field: 'sort', message: "Unknown sort column 'ssn' for view 'queue-patient-view'" }]);
    assert.deepEqual(errorsOf(await queue(id, '?page=0'), 400), [{ field: 'page', message: 'page must be a whole number from 1 to 1000000' }]);
  });

  it('is 401 without a session', async () => {
    errorsOf(await queue(div1['Active Patients'], '', ''), 401);
  });
});
