import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { REPORT_TEXT, ReportDefinitionSchema, csvFileName } from '../../shared/schemas/reports';
import { check } from '../../shared/schemas/validate';
import { hashPassword } from '../../server/auth/password';
import { SEEDED_REPORT_CONFIGURATIONS as REPORT_CONFIGURATIONS } from '../../server/db/reference-lists/report-configurations';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { hashAccessCode } from '../../server/public-forms/access-codes';
import { inert, quoted } from '../../server/reports/csv';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf, login } from './support/http';

/**
 * A small fixed data set in two divisions of their own: 'Aaa Reports'
 * (where the tester holds hasReports) and 'Zzz Reports' (where the tester is
 * a member without it). Every expectation below is counted by hand from it.
 */
let server: TestServer;
let url: string;
let tester: string;
let cit: string;
const ids: Record<string, string> = {};

type Row = Record<string, any>;

/** Today minus `years` and a few days, so the age is exactly `years`. */
function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
}

async function seed(): Promise<void> {
  const db = server.db;
  const org = await db.selectFrom('division').select('org_uid').orderBy('division_name').executeTakeFirstOrThrow();
  const division = async (name: string) =>
    (await db.insertInto('division').values({ division_name: name, org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow()).division_uid;
  ids.a = await division('Aaa Reports');
  ids.b = await division('Zzz Reports');
  const user = await db
    .insertInto('app_user')
    .values({ user_name: 'report-tester', display_name: 'Rita Reports', email_address: 'report-tester@careweave.test', password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_division').values([
    { user_uid: user.user_uid, division_uid: ids.a, permissions: ['hasAppNavigator', 'hasReports'] },
    { user_uid: user.user_uid, division_uid: ids.b, permissions: ['hasAppNavigator'] },
  ]).execute();

  const ref = async (model: string, type?: string) => {
    let q = db.selectFrom('reference_data').select(['uid', 'name', 'label']).where('model', '=', model).orderBy('default_sort_order');
    if (type) q = q.where('ref_data_type', '=', type);
    return q.execute();
  };
  const sources = await ref('reference-referral-source');
  ids.s1 = sources[0].uid;
  ids.s1Label = sources[0].label;
  ids.s2 = sources[1].uid;
  ids.s2Label = sources[1].label;
  assert.ok(!ids.s2Label.toLowerCase().includes(ids.s1Label.toLowerCase()));

  const patient = async (division: string, first: string, last: string, age: number, extra: Row = {}) =>
    (await db.insertInto('patient').values({ division_uid: division, first_name: first, last_name: last, birth_date: bornYearsAgo(age), ...extra } as any).returning('patient_uid').executeTakeFirstOrThrow()).patient_uid;
  ids.p1 = await patient(ids.a, 'Ann', 'O"Neil, Jr', 30, { in_custody: true });
  ids.p2 = await patient(ids.a, '=HYPERLINK("http://evil.test","click")', '+1', 41, { in_custody: false });
  ids.p3 = await patient(ids.a, 'Rae', 'Restricted', 50, { restricted_flag: '1' });
  ids.p4 = await patient(ids.b, 'Bea', 'Elsewhere', 60);

  const referral = (patient: string, date: string, source: string | null, status: string, extra: Row = {}) =>
    db.insertInto('inbound_referral').values({ patient_uid: patient, referral_date: date, referral_source_uid: source, status, ...extra } as any).returning('referral_uid').executeTakeFirstOrThrow();
  ids.r1 = (await referral(ids.p1, '2025-01-15', ids.s1, 'New')).referral_uid;
  ids.r2 = (await referral(ids.p1, '2025-02-20', ids.s1, 'Accepted')).referral_uid;
  ids.r3 = (await referral(ids.p2, '2025-02-05', ids.s2, 'New', { referral_method: '-1', referred_to: '@SUM(A1)' })).referral_uid;
  ids.r4 = (await referral(ids.p2, '2025-03-10', null, 'Accepted')).referral_uid;
  await referral(ids.p3, '2025-01-20', ids.s1, 'New');
  await referral(ids.p4, '2025-01-21', ids.s1, 'New');

  const badges = await db.selectFrom('reference_badge').select(['badge_uid', 'badge_group_uid']).orderBy('badge_name').limit(2).execute();
  ids.b1 = badges[0].badge_uid;
  ids.b2 = badges[1].badge_uid;
  await db.insertInto('patient_badge').values([
    { patient_uid: ids.p1, ...badges[0] },
    { patient_uid: ids.p1, ...badges[1] },
    { patient_uid: ids.p2, ...badges[0] },
  ]).execute();

  const [overdose] = (await ref('reference-medical-event')).filter((r) => r.name === 'drug_overdose');
  const [treatment] = (await ref('reference-medical-event')).filter((r) => r.name === 'treatment_referral');
  const odStatus = (await ref('reference-status', 'medical_event__drug_overdose'))[0];
  const trStatus = (await ref('reference-status', 'medical_event__treatment_referral'))[0];
  const outcome = (await ref('reference-medical-event-outcome'))[0];
  ids.odLabel = overdose.label;
  ids.trLabel = treatment.label;
  ids.outcomeLabel = outcome.label;
  const event = (patient: string, type: string, status: string, detail: Row | null) =>
    sql`insert into medical_event (patient_uid, medical_event_type_uid, status_uid, event_date, detail)
        values (${patient}, ${type}, ${status}, '2025-04-01T12:00:00Z', ${detail && JSON.stringify(detail)}::jsonb)`.execute(db);
  await event(ids.p1, overdose.uid, odStatus.uid, null);
  await event(ids.p2, overdose.uid, odStatus.uid, null);
  await event(ids.p1, treatment.uid, trStatus.uid, { outcome: outcome.uid });
  await event(ids.p3, treatment.uid, trStatus.uid, { outcome: outcome.uid });

  const disposition = (await ref('reference-status', 'Episode'))[0];
  ids.dispositionLabel = disposition.label;
  const agency = await sql<{ agency_uid: string }>`insert into cit_agency (code_hash, agency_name, org_uid, division_uid)
    values (${hashAccessCode('RPT-1')}, 'Report Police', ${org.org_uid}, ${ids.a}) returning agency_uid`.execute(db);
  const sheet = (d: string) =>
    sql`insert into cit_submission (agency_uid, division_uid, officer_name, submission_json)
        values (${agency.rows[0].agency_uid}, ${ids.a}, 'Officer Pat', ${JSON.stringify({ dispositionUid: d, dateTime: '' })}::jsonb)`.execute(db);
  await sheet(disposition.uid);
  await sheet(disposition.uid);
  await sheet('');
}

before(async () => {
  server = await startTestServer();
  url = server.url;
  await seed();
  tester = (await login(url, 'report-tester')).token;
  cit = (await login(url, 'cit')).token;
});
after(async () => {
  await server?.stop();
});

const query = (params: [string, string][]) => (params.length ? `?${new URLSearchParams(params).toString()}` : '');
const view = (name: string, params: [string, string][] = [], token = tester) => call(url, `/api/permissable/views/${name}${query(params)}`, { token });
const chart = (name: string, params: [string, string][], token = tester) => call(url, `/api/permissable/views/${name}/chart${query(params)}`, { token });
const REFERRALS = 'report-inbound-referrals';

async function referralIds(params: [string, string][] = []): Promise<string[]> {
  const answer = await view(REFERRALS, [['all-data', '1'], ...params]);
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.rows.map((r: Row) => r.referral_uid).sort();
}
const expectIds = (...keys: string[]) => keys.map((k) => ids[k]).sort();

describe('report rows', () => {
  it('answers the columns and the rows of the current division, restricted cases left out', async () => {
    const answer = await view(REFERRALS, [['all-data', '1']]);
    assert.equal(answer.status, 200, answer.text);
    assert.ok(answer.body.data.columns.includes('referral_source_label'));
    assert.equal(answer.body.meta.total, 4);
    assert.deepEqual(await referralIds(), expectIds('r1', 'r2', 'r3', 'r4'));
    assert.deepEqual(await referralIds([['division_uid', ids.a]]), expectIds('r1', 'r2', 'r3', 'r4'));
  });

  it('__>>= and __<= bound a date range, both ends included', async () => {
    assert.deepEqual(await referralIds([['referral_date__>>=', '2025-02-01']]), expectIds('r2', 'r3', 'r4'));
    assert.deepEqual(await referralIds([['referral_date__<=', '2025-02-20']]), expectIds('r1', 'r2', 'r3'));
    assert.deepEqual(await referralIds([['referral_date__>>=', '2025-02-01'], ['referral_date__<=', '2025-02-21']]), expectIds('r2', 'r3'));
  });

  it('__eq matches exactly, repeated values are any of them, null is empty', async () => {
    assert.deepEqual(await referralIds([['referral_status__eq', 'New']]), expectIds('r1', 'r3'));
    assert.deepEqual(await referralIds([['in_custody', 'false'], ['in_custody', 'null']]), expectIds('r3', 'r4'));
    assert.deepEqual(await referralIds([['in_custody__eq', 'true']]), expectIds('r1', 'r2'));
  });

  it('__like matches part of the text, any case', async () => {
    assert.deepEqual(await referralIds([['referral_source_label__like', ids.s1Label.slice(1, 5).toUpperCase()]]), expectIds('r1', 'r2'));
  });

  it('a number filter compares (patient age at least 35)', async () => {
    assert.deepEqual(await referralIds([['patient_age__>>=', '35']]), expectIds('r3', 'r4'));
    assert.deepEqual(await referralIds([['patient_age__eq', '30']]), expectIds('r1', 'r2'));
  });

  it('__contains_uuid_and needs every badge, __contains_uuid_or any one', async () => {
    assert.deepEqual(await referralIds([['badge_uids__contains_uuid_and', `${ids.b1},${ids.b2}`]]), expectIds('r1', 'r2'));
    assert.deepEqual(await referralIds([['badge_uids__contains_uuid_or', ids.b2]]), expectIds('r1', 'r2'));
    assert.deepEqual(await referralIds([['badge_uids__contains_uuid_or', `${ids.b1},${ids.b2}`]]), expectIds('r1', 'r2', 'r3', 'r4'));
  });

  it('refuses an unknown column, a bad value and an unknown view', async () => {
    assert.equal(errorsOf(await view(REFERRALS, [['password_hash', 'x']]), 400)[0].field, 'password_hash');
    assert.equal(errorsOf(await view(REFERRALS, [['referral_date__>>=', 'soon']]), 400)[0].field, 'referral_date__>>=');
    errorsOf(await view('queue-patient-view'), 404);
    assert.equal(errorsOf(await view(REFERRALS, [['division_uid', 'x']]), 400)[0].field, 'division_uid');
  });
});

describe('chart aggregations, computed by the database', () => {
  const points = async (params: [string, string][], name = REFERRALS) => {
    const answer = await chart(name, params);
    assert.equal(answer.status, 200, answer.text);
    return answer.body.data.map((p: Row) => [p.x, p.value]);
  };
  const bySource = (s1: number, s2: number, none: number) =>
    new Map<string | null, number>([[ids.s1Label, s1], [ids.s2Label, s2], [null, none]]);

  it('count per group, nulls last', async () => {
    const got = await points([['x', 'referral_source_label'], ['aggregation', 'count']]);
    assert.deepEqual(new Map(got), bySource(2, 1, 1));
    assert.deepEqual(got.at(-1), [null, 1]);
  });

  it('unique-count counts distinct values of y', async () => {
    assert.deepEqual(new Map(await points([['x', 'referral_source_label'], ['aggregation', 'unique-count'], ['y', 'patient_uid']])), bySource(1, 1, 1));
    assert.deepEqual(await points([['x', 'referral_status'], ['aggregation', 'unique-count'], ['y', 'patient_uid']]), [['Accepted', 2], ['New', 2]]);
  });

  it('average and sum of a number column', async () => {
    assert.deepEqual(await points([['x', 'referral_status'], ['aggregation', 'average'], ['y', 'patient_age']]), [['Accepted', 35.5], ['New', 35.5]]);
    assert.deepEqual(new Map(await points([['x', 'referral_source_label'], ['aggregation', 'sum'], ['y', 'patient_age']])), bySource(60, 41, 41));
    assert.deepEqual(new Map(await points([['x', 'referral_source_label'], ['aggregation', 'average'], ['y', 'patient_age']])), bySource(30, 41, 41));
  });

  it('time series by year, month, week (Monday) and day, with the filters applied', async () => {
    const series = (unit: string, more: [string, string][] = []) => points([['x', 'referral_date'], ['time-unit', unit], ...more]);
    assert.deepEqual(await series('year'), [['2025-01-01', 4]]);
    assert.deepEqual(await series('month'), [['2025-01-01', 1], ['2025-02-01', 2], ['2025-03-01', 1]]);
    assert.deepEqual(await series('week'), [['2025-01-13', 1], ['2025-02-03', 1], ['2025-02-17', 1], ['2025-03-10', 1]]);
    assert.deepEqual(await series('day'), [['2025-01-15', 1], ['2025-02-05', 1], ['2025-02-20', 1], ['2025-03-10', 1]]);
    assert.deepEqual(await series('month', [['referral_status', 'New']]), [['2025-01-01', 1], ['2025-02-01', 1]]);
  });

  it('medical events by type and by outcome; CIT sheets by disposition', async () => {
    assert.deepEqual(new Map(await points([['x', 'medical_event_label']], 'report-medical-events')), new Map([[ids.odLabel, 2], [ids.trLabel, 1]]));
    assert.deepEqual(await points([['x', 'outcome_label']], 'report-medical-events'), [[ids.outcomeLabel, 1], [null, 2]]);
    assert.deepEqual(await points([['x', 'disposition_label']], 'report-cit-submissions'), [[ids.dispositionLabel, 2], [null, 1]]);
  });

  it('refuses what it cannot compute', async () => {
    assert.equal(errorsOf(await chart(REFERRALS, [['x', 'referral_date'], ['aggregation', 'median']]), 400)[0].field, 'aggregation');
    assert.equal(errorsOf(await chart(REFERRALS, [['x', 'referral_status'], ['time-unit', 'month']]), 400)[0].field, 'time-unit');
    assert.equal(errorsOf(await chart(REFERRALS, [['x', 'referral_status'], ['aggregation', 'sum'], ['y', 'referral_status']]), 400)[0].field, 'y');
    assert.equal(errorsOf(await chart(REFERRALS, [['x', 'referral_status'], ['aggregation', 'sum']]), 400)[0].field, 'y');
    assert.equal(errorsOf(await chart(REFERRALS, [['x', 'badge_uids']]), 400)[0].field, 'x');
    assert.equal(errorsOf(await chart(REFERRALS, [['x', 'nope']]), 400)[0].field, 'x');
  });
});

describe('CSV export', () => {
  const csv = (body: unknown, params: [string, string][] = [], token = tester) => call(url, `/api/permissable/views/${REFERRALS}/csv${query(params)}`, { token, body });
  const columns = [
    { column_name: 'referral_date', display_header: 'Referral Date' },
    { column_name: 'first_name', display_header: 'First Name' },
    { column_name: 'last_name', display_header: 'Last, Name' },
    { column_name: 'referral_method', display_header: 'Method' },
    { column_name: 'referred_to', display_header: 'Referred To' },
  ];

  it('quotes per RFC 4180 and makes formula cells inert', async () => {
    const answer = await csv({ columns }, [['sort', 'referral_date'], ['referral_date__<=', '2025-02-10']]);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(
      answer.body.data.data,
      [
        'Referral Date,First Name,"Last, Name",Method,Referred To',
        '01/15/2025,Ann,"O""Neil, Jr",,',
        `02/05/2025,"'=HYPERLINK(""http://evil.test"",""click"")",'+1,'-1,'@SUM(A1)`,
        '',
      ].join('\r\n'),
    );
  });

  it('inert and quoted, cell by cell', () => {
    for (const [raw, want] of [['=1+2', "'=1+2"], ['+1', "'+1"], ['-1', "'-1"], ['@SUM(A1)', "'@SUM(A1)"], ['\tx', "'\tx"], ['\rx', "'\rx"], ['a-b', 'a-b'], ['', '']]) assert.equal(inert(raw), want);
    assert.equal(quoted('a "b"'), '"a ""b"""');
    assert.equal(quoted('line\nbreak'), '"line\nbreak"');
    assert.equal(quoted('plain'), 'plain');
  });

  it('refuses unknown columns and an empty column list', async () => {
    assert.equal(errorsOf(await csv({ columns: [{ column_name: 'password_hash', display_header: 'x' }] }), 400)[0].field, 'columns.0.column_name');
    errorsOf(await csv({ columns: [] }), 422);
  });

  it('names the download "{label} - MM-DD-YYYY.csv"', () => {
    assert.equal(csvFileName('Inbound Referrals', new Date(2026, 0, 5)), 'Inbound Referrals - 01-05-2026.csv');
  });
});

describe('divisions and permission', () => {
  it('a division the caller lacks hasReports for is 403, alone or beside one it has', async () => {
    errorsOf(await view(REFERRALS, [['division_uid', ids.b]]), 403);
    errorsOf(await view(REFERRALS, [['division_uid', ids.a], ['division_uid', ids.b]]), 403);
    errorsOf(await chart(REFERRALS, [['x', 'referral_status'], ['division_uid', ids.b]]), 403);
    errorsOf(await call(url, `/api/permissable/views/${REFERRALS}/csv?division_uid=${ids.b}`, { token: tester, body: { columns: [{ column_name: 'referral_status', display_header: 'S' }] } }), 403);
  });

  it('the division choices are the divisions where the user holds hasReports', async () => {
    const answer = await call(url, '/api/reports/divisions', { token: tester });
    assert.deepEqual(answer.body.data.map((d: Row) => d.attributes), [{ division_uid: ids.a, division_name: 'Aaa Reports' }]);
  });

  it('a user without hasReports gets 403 everywhere and no Reports menu items', async () => {
    errorsOf(await view(REFERRALS, [], cit), 403);
    errorsOf(await chart(REFERRALS, [['x', 'referral_status']], cit), 403);
    errorsOf(await call(url, '/api/data/reference/reference-report-configuration', { token: cit }), 403);
    errorsOf(await call(url, '/api/reports/divisions', { token: cit }), 403);
    const items = await call(url, '/api/data/reference/reference-nav-item?ref_data_type=reports', { token: cit });
    assert.equal(items.status, 200);
    assert.equal(items.body.data.length, 0);
  });
});

describe('report configurations', () => {
  it('every seeded definition passes the shared schema', () => {
    assert.ok(REPORT_CONFIGURATIONS.length >= 4);
    for (const c of REPORT_CONFIGURATIONS) assert.equal(check(ReportDefinitionSchema, c.definition).errors, null, c.name);
  });

  it('lists them, finds one by name and by id, and the menu has one item each', async () => {
    const all = await call(url, '/api/data/reference/reference-report-configuration', { token: tester });
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(all.body.data.map((r: Row) => r.attributes.report_configuration_name), REPORT_CONFIGURATIONS.map((c) => c.name));
    const one = await call(url, '/api/data/reference/reference-report-configuration?report-configuration-name__eq=medical-events', { token: tester });
    assert.equal(one.body.data.length, 1);
    const attrs = one.body.data[0].attributes;
    assert.equal(attrs.report_configuration_label, 'Medical Events');
    assert.equal(attrs.report_configuration_definition.report_view, 'report-medical-events');
    const byId = await call(url, `/api/data/reference/reference-report-configuration/${one.body.data[0].id}`, { token: tester });
    assert.equal(byId.body.data.attributes.report_configuration_name, 'medical-events');
    assert.equal(errorsOf(await call(url, '/api/data/reference/reference-report-configuration/00000000-0000-4000-8000-000000000000', { token: tester }), 404)[0].message, REPORT_TEXT.notFound);
    const items = await call(url, '/api/data/reference/reference-nav-item?ref_data_type=reports&route__like=configured&all-data=1', { token: tester });
    assert.deepEqual(items.body.data.map((r: Row) => r.attributes.route), REPORT_CONFIGURATIONS.map((c) => `configured/${c.name}`));
  });

  it('an invalid definition is refused whole, with the path of the bad member', async () => {
    const [good] = REPORT_CONFIGURATIONS;
    const broken = { ...good.definition, layout: [...good.definition.layout, { i: 'chart-7', x: 0, y: 20, w: 4, h: 4 }] };
    await sql`insert into reference_data (model, name, label, attributes)
      values ('reference-report-configuration', 'broken', 'Broken', jsonb_build_object('reportConfigurationDefinition', ${JSON.stringify(broken)}::jsonb))`.execute(server.db);
    const answer = await call(url, '/api/data/reference/reference-report-configuration?report-configuration-name__eq=broken', { token: tester });
    const errors = errorsOf(answer, 422);
    assert.equal(errors[0].field, `report_configuration_definition.layout.${good.definition.layout.length}.i`);
    assert.match(errors[0].message, /No chart 7 to place/);
  });

  it('the schema names the bad member: unknown column, unplaced chart, time series over text, sum of text', () => {
    const base = REPORT_CONFIGURATIONS[0].definition;
    const fields = (d: unknown) => (check(ReportDefinitionSchema, d).errors ?? []).map((e) => e.field);
    assert.deepEqual(fields({ ...base, filters: [{ ...base.filters[0], column: 'password_hash' }, ...base.filters.slice(1)] }), ['filters.0.column']);
    assert.deepEqual(fields({ ...base, layout: base.layout.filter((l) => l.i !== 'chart-1') }), ['charts.1']);
    assert.deepEqual(fields({ ...base, charts: [{ ...base.charts[0], isTimeSeries: true, timeUnit: 'month' }, base.charts[1]] }), ['charts.0.xAxisColumn']);
    assert.deepEqual(fields({ ...base, charts: [{ ...base.charts[0], aggregationType: 'sum', yAxisColumn: 'referral_status' }, base.charts[1]] }), ['charts.0.yAxisColumn']);
    assert.deepEqual(fields({ ...base, reportView: 'users' }), ['reportView']);
  });
});
