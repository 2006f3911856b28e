import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type DemoFacts } from './support/http';

/**
 * Issue 31, the Reports area as the attack: a navigator (hasReports, no CIT
 * flag) runs the Medical Events report, its CSV export and charts grouped by
 * a detail, looking for where a person in crisis was taken (the seeded crisis
 * interventions' facility), who took them (a provider) and what came of it
 * (an outcome). The crisis rows are there (date, type, status, patient), their
 * details are not; the CIT supervisor (hasReports and the CIT flags) still
 * reads them all. The flags that count are the caller's in the division the
 * event belongs to, whatever the current division.
 */
let server: TestServer;
let url: string;
let facts: DemoFacts;
let navigator: string;
let supervisor: string;
/** Reports in both divisions, the CIT flag only in the second (its current division). */
let split: string;
const VIEW = 'report-medical-events';
const DETAILS = ['facility_name', 'facility_uid', 'provider_uid', 'outcome_label'] as const;
let citLabel: string;
let facilityName: string;
let providerUid: string;
let outcomeLabel: string;
/** The division-1 crisis interventions every one of these callers may see (no restricted or adoption case). */
let crises: string[];
type Row = Record<string, any>;

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
  const db = server.db;
  const hidden = [...facts.restricted.others, facts.restricted.mine, ...facts.adoption];
  const { rows: seeded } = await sql<{ medical_event_uid: string; facility_name: string; label: string }>`
    select me.medical_event_uid, f.facility_name, m.label
      from medical_event me
      join reference_data m on m.uid = me.medical_event_type_uid and m.name = 'cit'
      join patient p on p.patient_uid = me.patient_uid
      join facility f on f.facility_uid = me.facility_uid
     where p.division_uid = ${facts.divisionUids[0]} and p.patient_uid not in (${sql.join(hidden)})`.execute(db);
  assert.ok(seeded.length > 0, 'the seed has crisis interventions with the facility the person was taken to');
  citLabel = seeded[0].label;
  facilityName = seeded[0].facility_name;
  crises = seeded.map((s) => s.medical_event_uid).sort();
  // Every detail the report has a column for: a provider and an outcome on the crisis sheets too.
  providerUid = (await db.selectFrom('provider').select('provider_uid').orderBy('display_name').executeTakeFirstOrThrow()).provider_uid;
  const outcome = await db.selectFrom('reference_data').select(['uid', 'label']).where('model', '=', 'reference-medical-event-outcome').orderBy('label', 'desc').executeTakeFirstOrThrow();
  outcomeLabel = outcome.label;
  await sql`update medical_event set provider_uid = ${providerUid}, detail = detail || jsonb_build_object('outcome', ${outcome.uid}::text)
             where medical_event_uid in (${sql.join(crises)})`.execute(db);

  navigator = (await login(url, 'navigator')).token;
  supervisor = (await login(url, 'cit-supervisor')).token;
  const user = await db
    .insertInto('app_user')
    .values({ user_name: 'split-reporter', display_name: 'Split Reporter', email_address: 'split-reporter@careweave.test', password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_division').values([
    { user_uid: user.user_uid, division_uid: facts.divisionUids[0], permissions: ['hasAppNavigator', 'hasReports'] },
    { user_uid: user.user_uid, division_uid: facts.divisionUids[1], permissions: ['hasAppNavigator', 'hasReports', 'hasAppCit'] },
  ]).execute();
  const first = await login(url, 'split-reporter');
  const switched = await call(url, '/api/session/current', { method: 'PUT', token: first.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
  assert.equal(switched.status, 200, switched.text);
  split = switched.body.data.attributes.token;
  assert.equal(switched.body.data.attributes.current_division_uid, facts.divisionUids[1]);
});
after(async () => {
  await server?.stop();
});

const qs = (params: [string, string][]) => `?${new URLSearchParams(params)}`;
const division1: [string, string][] = [];
const both = (): [string, string][] => [['division_uid', facts.divisionUids[0]], ['division_uid', facts.divisionUids[1]]];

async function rows(token: string, params: [string, string][] = division1): Promise<Row[]> {
  const answer = await call(url, `/api/permissable/views/${VIEW}${qs([['all-data', '1'], ...params])}`, { token });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.rows;
}

async function points(token: string, params: [string, string][]): Promise<Row[]> {
  const answer = await call(url, `/api/permissable/views/${VIEW}/chart${qs(params)}`, { token });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data;
}

async function csv(token: string, params: [string, string][] = division1): Promise<string> {
  const columns = ['event_date', 'last_name', 'first_name', 'medical_event_label', 'status_label', 'facility_name', 'facility_uid', 'provider_uid', 'outcome_label'];
  const answer = await call(url, `/api/permissable/views/${VIEW}/csv${qs(params)}`, { token, body: { columns: columns.map((c) => ({ column_name: c, display_header: c })) } });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.data;
}

const crisisRows = (all: Row[]) => all.filter((r) => r.medical_event_label === citLabel);
const ids = (all: Row[]) => all.map((r) => r.medical_event_uid).sort();

describe('reports: a crisis intervention is a row, its details are CIT staff\'s (issue 31)', () => {
  it('the navigator\'s Medical Events table lists each crisis with date, type, status and patient, and no detail', async () => {
    const all = crisisRows(await rows(navigator));
    assert.deepEqual(ids(all).filter((id) => crises.includes(id)), crises, 'the rows themselves still show');
    for (const r of all) {
      assert.ok(r.event_date && r.status_label && r.last_name && r.patient_uid, `row facts of ${r.medical_event_uid}`);
      for (const d of DETAILS) assert.equal(r[d], null, `${d} of ${r.medical_event_uid}`);
    }
    // Filtering or sorting by a detail tells nothing either.
    assert.deepEqual(crisisRows(await rows(navigator, [['facility_name', facilityName]])), []);
    assert.deepEqual(crisisRows(await rows(navigator, [['provider_uid', providerUid]])), []);
    assert.deepEqual(crisisRows(await rows(navigator, [['outcome_label__like', outcomeLabel]])), []);
    assert.equal(crisisRows(await rows(navigator, [['facility_name', 'null']])).length, all.length);
  });

  it('the navigator\'s CSV export carries no crisis facility, provider or outcome', async () => {
    const text = await csv(navigator);
    const lines = text.split('\r\n').filter((l) => l.includes(citLabel));
    assert.ok(lines.length >= crises.length, 'the crisis rows are exported');
    for (const line of lines) {
      assert.ok(!line.includes(facilityName), line);
      assert.ok(!line.includes(providerUid), line);
      assert.ok(!line.includes(outcomeLabel), line);
      assert.match(line, /,,,,$/, `empty detail columns: ${line}`);
    }
  });

  it('a chart grouped by facility, provider or outcome counts the crises under the empty group', async () => {
    const truth = async (where: ReturnType<typeof sql>) =>
      (await sql<{ n: number }>`select count(*)::int as n from report_medical_event_view v
         where v.division_uid = ${facts.divisionUids[0]} and v.patient_uid not in (${sql.join([...facts.restricted.others, ...facts.adoption])}) and ${where}`.execute(server.db)).rows[0].n;
    const at = (chart: Row[], x: unknown) => chart.find((p) => p.x === x)?.value ?? 0;
    // Facility: only the other events taken there.
    assert.equal(at(await points(navigator, [['x', 'facility_name']]), facilityName), await truth(sql`v.facility_name = ${facilityName} and v.medical_event_label <> ${citLabel}`));
    // Type by facility, provider or outcome (the outcome from the kept counts): the crises have one group, the empty one.
    for (const series of ['facility_name', 'provider_uid', 'outcome_label']) {
      const crisis = (await points(navigator, [['x', 'medical_event_label'], ['series', series]])).filter((p) => p.x === citLabel);
      assert.deepEqual(crisis.map((p) => p.series), [null], series);
      assert.ok(crisis[0].value >= crises.length);
    }
    assert.deepEqual((await points(navigator, [['x', 'outcome_label'], ['medical_event_label', citLabel]])).map((p) => p.x), [null]);
    assert.equal(at(await points(navigator, [['x', 'outcome_label']]), outcomeLabel), await truth(sql`v.outcome_label = ${outcomeLabel} and v.medical_event_label <> ${citLabel}`));
  });

  it('the CIT supervisor (reports and the CIT flags) still reads every detail', async () => {
    const all = crisisRows(await rows(supervisor));
    assert.deepEqual(ids(all).filter((id) => crises.includes(id)), crises);
    for (const r of all.filter((r) => crises.includes(r.medical_event_uid))) {
      assert.ok(r.facility_name && r.facility_uid, `facility of ${r.medical_event_uid}`);
      assert.equal(r.provider_uid, providerUid);
      assert.equal(r.outcome_label, outcomeLabel);
    }
    assert.ok(crisisRows(await rows(supervisor, [['facility_name', facilityName]])).length > 0);
    const text = await csv(supervisor);
    assert.ok(text.split('\r\n').some((l) => l.includes(citLabel) && l.includes(facilityName) && l.includes(providerUid) && l.includes(outcomeLabel)));
    const byFacility = (await points(supervisor, [['x', 'medical_event_label'], ['series', 'facility_name']])).filter((p) => p.x === citLabel);
    assert.ok(byFacility.some((p) => p.series === facilityName));
    const byOutcome = await points(supervisor, [['x', 'outcome_label'], ['medical_event_label', citLabel]]);
    assert.ok(byOutcome.some((p) => p.x === outcomeLabel));
  });

  it('the CIT flag of one division opens no other division\'s crisis sheets in a report over both', async () => {
    const all = crisisRows(await rows(split, both()));
    assert.deepEqual(ids(all).filter((id) => crises.includes(id)), crises, 'the rows themselves still show');
    for (const r of all) for (const d of DETAILS) assert.equal(r[d], null, `${d} of ${r.medical_event_uid}`);
    assert.ok(!(await csv(split, both())).split('\r\n').some((l) => l.includes(citLabel) && l.includes(facilityName)));
    const crisis = (await points(split, [['x', 'medical_event_label'], ['series', 'facility_name'], ...both()])).filter((p) => p.x === citLabel);
    assert.deepEqual(crisis.map((p) => p.series), [null]);
  });
});
