import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { FLAGS, type Flag } from '../../shared/permissions';
import type { AuthContext } from '../../server/auth/context';
import { listenToStatements, type Db } from '../../server/db/connect';
import { countCache } from '../../server/dataviews/count-cache';
import { runAggregate, runList, type AggregateRequest, type ListRequest } from '../../server/dataviews/engine';
import { readableBy, REPORT_DATA_VIEWS } from '../../server/reports/reports.views';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';

/**
 * Migration 051's counts answer the medical-event charts and totals: every
 * answer must be the one the rows give (the same engine call with the counts
 * taken away), for callers who may and may not see restricted and adoption
 * cases, before and after each kind of write the triggers follow.
 */
let server: TestServer;
const ids: Record<string, string> = {};
const view = REPORT_DATA_VIEWS['report-medical-events'];
const rowsOnly = { ...view, counts: undefined };

function caller(name: string, email: string | null, flags: Flag[] = []): AuthContext {
  return {
    sessionId: '', userUid: '00000000-0000-0000-0000-000000000000', userName: name, displayName: name, email, authenticationService: '',
    divisionUid: ids.a, orgUid: ids.org, permissions: [], flags: Object.fromEntries(FLAGS.map((f) => [f, flags.includes(f)])) as AuthContext['flags'],
    csrfToken: '', via: 'bearer', signedInAt: new Date(0), expiresAt: new Date(0), glass: [],
  };
}

type Filters = ListRequest['filters'];
const inDivisions = (...divisions: string[]): Filters => [{ column: 'division_uid', operator: 'eq', values: divisions }];

/** Charts of the report page and the bench, and filters of each kind the counts answer (dates compared with days, labels any way). */
function cases(): { request: AggregateRequest; filters: Filters }[] {
  const both = inDivisions(ids.a, ids.b);
  const charts: AggregateRequest[] = [
    { x: 'event_date', timeUnit: 'month', aggregation: 'count', series: 'medical_event_label' },
    { x: 'event_date', timeUnit: 'day', aggregation: 'count' },
    { x: 'event_date', aggregation: 'count' },
    { x: 'event_date', timeUnit: 'week', aggregation: 'count', series: 'status_label' },
    { x: 'medical_event_label', aggregation: 'count' },
    { x: 'status_label', aggregation: 'count', series: 'outcome_label' },
    { x: 'outcome_label', aggregation: 'count' },
    { x: 'division_uid', aggregation: 'count', series: 'medical_event_label' },
  ];
  const filters: Filters[] = [
    both,
    [...both, { column: 'event_date', operator: '>>=', values: ['2025-04-02'] }, { column: 'event_date', operator: '<=', values: ['2025-04-03'] }],
    [...both, { column: 'event_date', operator: '>>', values: ['2025-04-02'] }, { column: 'event_date', operator: '<<', values: ['2025-05-01'] }],
    [...both, { column: 'event_date', operator: 'eq', values: ['2025-04-02'] }],
    [...both, { column: 'event_date', operator: 'like', values: ['04/0'] }],
    [...both, { column: 'medical_event_label', operator: 'eq', values: [ids.odLabel] }, { column: 'status_label', operator: 'like', values: ['e'] }],
    [...both, { column: 'outcome_label', operator: 'eq', values: ['null'] }],
    inDivisions(ids.a),
  ];
  return charts.flatMap((request) => filters.map((f) => ({ request, filters: f })));
}

const callers = () => [
  caller('plain-navigator', 'plain@careweave.test'),
  caller('case-worker', 'Worker@Careweave.test'),
  caller('restricted-viewer', null, ['identityViewRestricted']),
  caller('adoption-viewer', 'worker@careweave.test', ['identityViewAdopt']),
  caller('sees-all', null, ['identityViewRestricted', 'isIdentityHealthcareUser']),
];

/** Every case, for every caller: the counts' answer is the rows' answer, and it did come from the counts. */
async function assertSameAnswers(): Promise<void> {
  // The writes here go round the app, which would clear the cached totals.
  countCache.clear();
  const statements: string[] = [];
  listenToStatements((text) => statements.push(text));
  try {
    for (const auth of callers()) {
      for (const { request, filters } of cases()) {
        const counted = await runAggregate(server.db, view, auth, filters, request);
        const rows = await runAggregate(server.db, rowsOnly, auth, filters, request);
        assert.deepEqual(counted, rows, `${auth.userName}: ${JSON.stringify({ request, filters })}`);
      }
      for (const filters of [inDivisions(ids.a, ids.b), inDivisions(ids.b)]) {
        const list: ListRequest = { page: 1, pageSize: 10, allData: false, sort: [{ column: 'event_date', desc: true }], filters: [] };
        const counted = await runList(server.db, view, auth, list, filters);
        const rows = await runList(server.db, rowsOnly, auth, list, filters);
        assert.equal(counted.total, rows.total, `${auth.userName} total in ${JSON.stringify(filters)}`);
        assert.deepEqual(counted.rows, rows.rows);
      }
      // Issue 31: with one type's details (the outcome) emptied in one division, the emptied counts answer as the emptied rows.
      const hidden = [{ medicalEventName: 'treatment_referral', divisions: [ids.a] }];
      for (const { request, filters } of cases()) {
        const counted = await runAggregate(server.db, readableBy(view, hidden), auth, filters, request);
        const rows = await runAggregate(server.db, readableBy(rowsOnly, hidden), auth, filters, request);
        assert.deepEqual(counted, rows, `${auth.userName}, details hidden: ${JSON.stringify({ request, filters })}`);
      }
    }
  } finally {
    listenToStatements(null);
  }
  for (const counts of ['report_medical_event_type_count_view', 'report_medical_event_count_view']) assert.ok(statements.some((s) => s.includes(counts)), `the charts read ${counts}`);
}

before(async () => {
  server = await startTestServer();
  const db = server.db;
  const org = await db.selectFrom('division').select('org_uid').orderBy('division_name').executeTakeFirstOrThrow();
  ids.org = org.org_uid;
  const division = async (name: string) =>
    (await db.insertInto('division').values({ division_name: name, org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow()).division_uid;
  ids.a = await division('Aaa Counts');
  ids.b = await division('Bbb Counts');
  const patient = async (divisionUid: string, last: string, restricted = '0') =>
    (await db.insertInto('patient').values({ division_uid: divisionUid, first_name: 'Pat', last_name: last, restricted_flag: restricted } as any).returning('patient_uid').executeTakeFirstOrThrow()).patient_uid;
  ids.plain = await patient(ids.a, 'Plain');
  ids.other = await patient(ids.b, 'Other');
  ids.restricted = await patient(ids.a, 'Restricted', '1');
  ids.worked = await patient(ids.a, 'Worked', '1');
  ids.adopted = await patient(ids.a, 'Adopted');
  await sql`update patient set case_emails = '{worker@careweave.test}' where patient_uid = ${ids.worked}`.execute(db);
  await sql`update patient set adoption_case = true, case_emails = '{worker@careweave.test}' where patient_uid = ${ids.adopted}`.execute(db);

  const ref = (model: string, type?: string) =>
    db.selectFrom('reference_data').select(['uid', 'name', 'label']).where('model', '=', model).$if(type !== undefined, (q) => q.where('ref_data_type', '=', type!)).orderBy('default_sort_order').execute();
  const types = await ref('reference-medical-event');
  const overdose = types.find((t) => t.name === 'drug_overdose')!;
  const treatment = types.find((t) => t.name === 'treatment_referral')!;
  ids.overdose = overdose.uid;
  ids.treatment = treatment.uid;
  ids.odLabel = overdose.label;
  const [od1, od2] = await ref('reference-status', 'medical_event__drug_overdose');
  const [tr1] = await ref('reference-status', 'medical_event__treatment_referral');
  ids.od2 = od2.uid;
  const [outcome] = await ref('reference-medical-event-outcome');
  ids.outcome = outcome.uid;
  // Midnight and just after it, late in the day, and days and months apart, so every date comparison has an edge to get wrong.
  const at = ['2025-04-02T00:00:00Z', '2025-04-02T00:00:00.000001Z', '2025-04-02T23:59:59Z', '2025-04-03T00:00:00Z', '2025-04-03T12:00:00Z', '2025-04-30T23:30:00Z', '2025-05-01T00:00:00Z', '2025-03-31T08:00:00Z'];
  const events = [ids.plain, ids.other, ids.restricted, ids.worked, ids.adopted].flatMap((p, n) =>
    at.map((date, i) => ({
      patient_uid: p,
      medical_event_type_uid: (i + n) % 2 ? overdose.uid : treatment.uid,
      status_uid: (i + n) % 2 ? (i % 3 ? od1.uid : od2.uid) : tr1.uid,
      event_date: date,
      detail: (i + n) % 2 ? null : i % 3 ? { outcome: outcome.uid } : { outcome: 'not-an-id' },
    })),
  );
  // One statement: the insert trigger counts many events at once.
  await sql`insert into medical_event (patient_uid, medical_event_type_uid, status_uid, event_date, detail)
    select * from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(patient_uid uuid, medical_event_type_uid uuid, status_uid uuid, event_date timestamptz, detail jsonb)`.execute(db);
});

after(async () => {
  await server?.stop();
});

describe('medical-event counts (migration 051)', () => {
  it('answer every chart and total as the rows do, for each kind of caller', async () => {
    await assertSameAnswers();
  });

  it('give way to the rows in a session that reads time in another zone (their days are UTC days)', async () => {
    await server.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Db;
      await sql`set local time zone 'America/New_York'`.execute(db);
      const auth = callers()[1];
      for (const { request, filters } of cases().filter((c) => c.request.x === 'event_date' || c.filters.some((f) => f.column === 'event_date'))) {
        assert.deepEqual(await runAggregate(db, view, auth, filters, request), await runAggregate(db, rowsOnly, auth, filters, request), JSON.stringify({ request, filters }));
      }
    });
  });

  it('follow each kind of write to events and patients', async () => {
    const db = server.db;
    const one = async () => (await sql<{ uid: string }>`select medical_event_uid as uid from medical_event where patient_uid = ${ids.plain} order by event_date limit 1`.execute(db)).rows[0].uid;
    await sql`insert into medical_event (patient_uid, medical_event_type_uid, status_uid, event_date) values (${ids.worked}, ${ids.overdose}, ${ids.od2}, '2025-04-02T00:00:00Z')`.execute(db);
    await sql`update medical_event set event_date = '2025-04-03T00:00:00Z' where medical_event_uid = ${await one()}`.execute(db);
    await sql`update medical_event set medical_event_type_uid = ${ids.overdose}, status_uid = ${ids.od2}, detail = null where medical_event_uid = ${await one()}`.execute(db);
    await sql`update medical_event set detail = ${JSON.stringify({ outcome: ids.outcome })}::jsonb where patient_uid = ${ids.other}`.execute(db);
    await sql`update medical_event set notes = 'no count changes' where patient_uid = ${ids.plain}`.execute(db);
    await sql`delete from medical_event where medical_event_uid = ${await one()}`.execute(db);
    await sql`update patient set restricted_flag = '1' where patient_uid = ${ids.plain}`.execute(db);
    await sql`update patient set restricted_flag = '0', division_uid = ${ids.b} where patient_uid = ${ids.restricted}`.execute(db);
    await sql`update patient set adoption_case = true where patient_uid = ${ids.other}`.execute(db);
    await sql`update patient set case_emails = '{}' where patient_uid = ${ids.worked}`.execute(db);
    await sql`delete from patient where patient_uid = ${ids.adopted}`.execute(db);
    await assertSameAnswers();
    const { rows } = await sql<{ counted: number; by_type: number; events: number }>`
      select (select sum(events)::int from medical_event_day) as counted, (select sum(events)::int from medical_event_day_type) as by_type,
             (select count(*)::int from medical_event) as events`.execute(db);
    assert.deepEqual(rows[0], { counted: rows[0].events, by_type: rows[0].events, events: rows[0].events });
  });

  it('stay right when writers on several connections count the same day, each in its own slot (migration 056)', async () => {
    const clients: pg.Client[] = [];
    const slots = new Set<number>();
    try {
      // Connections until two of them write to different slots (a slot is the backend's pid modulo 8).
      while (slots.size < 2 && clients.length < 20) {
        const client = new pg.Client({ connectionString: server.connectionString });
        await client.connect();
        clients.push(client);
        slots.add((await client.query<{ slot: number }>('select medical_event_count_slot() as slot')).rows[0].slot);
      }
      assert.equal(slots.size, 2);
      const day = '2025-06-07T00:00:00Z';
      const insert = 'insert into medical_event (patient_uid, medical_event_type_uid, status_uid, event_date) values ($1, $2, $3, $4) returning medical_event_uid';
      const written: string[] = [];
      for (const client of clients) written.push((await client.query(insert, [ids.plain, ids.overdose, ids.od2, day])).rows[0].medical_event_uid);
      // One connection takes away an event another counted: its slot goes below zero, the key's sum stays right.
      await clients[clients.length - 1].query('delete from medical_event where medical_event_uid = $1', [written[0]]);
      const { rows } = await sql<{ slots: number; events: number }>`
        select count(distinct slot)::int as slots, sum(events)::int as events from medical_event_day where event_date = ${day}::timestamptz`.execute(server.db);
      assert.deepEqual(rows[0], { slots: 2, events: written.length - 1 });
      await assertSameAnswers();
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('follow a renamed type label, and the table sorted by type reads it', async () => {
    const db = server.db;
    countCache.clear();
    await sql`update reference_data set label = 'Aaa Overdose' where uid = ${ids.overdose}`.execute(db);
    try {
      const auth = callers()[0];
      const list: ListRequest = { page: 1, pageSize: 500, allData: false, sort: [{ column: 'medical_event_label', desc: false }, { column: 'event_date', desc: true }], filters: [] };
      const page = await runList(db, view, auth, list, inDivisions(ids.a, ids.b));
      assert.equal(page.rows[0].medical_event_label, 'Aaa Overdose');
      const labels = page.rows.map((r) => String(r.medical_event_label));
      assert.deepEqual(labels, [...labels].sort());
      assert.equal(page.total, page.rows.length);
      const chart = await runAggregate(db, view, auth, inDivisions(ids.a, ids.b), { x: 'medical_event_label', aggregation: 'count' });
      assert.equal(chart[0].x, 'Aaa Overdose');
      assert.deepEqual(chart, await runAggregate(db, rowsOnly, auth, inDivisions(ids.a, ids.b), { x: 'medical_event_label', aggregation: 'count' }));
    } finally {
      await sql`update reference_data set label = ${ids.odLabel} where uid = ${ids.overdose}`.execute(db);
    }
  });
});
