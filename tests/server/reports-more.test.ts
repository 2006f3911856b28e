import assert from 'node:assert/strict';
import { PAGE_VIEW_HEADER } from '../../shared/api/page-view';
import { snapshotQueueSizes } from '../../server/reports/queue-snapshots';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { CUSTOM_REPORTS, FILTER_TYPES, ReportDefinitionSchema, type ReportDefinition } from '../../shared/schemas/reports';
import { check } from '../../shared/schemas/validate';
import { hashPassword } from '../../server/auth/password';
import { MORE_REPORT_CONFIGURATIONS, REPORT_CONFIGURATIONS, SEEDED_REPORT_CONFIGURATIONS } from '../../server/db/reference-lists/report-configurations';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { hashAccessCode } from '../../server/public-forms/access-codes';
import { monthStart } from '../../server/reports/report-cards';
import { now, resetClock, setClock } from '../../shared/clock';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf, login } from './support/http';

/**
 * The second slice of reports (issue 12): home report cards, the program
 * dashboard, series (stacked) aggregations, the new views and filters, the
 * custody report over several divisions and the identity action log. A
 * small fixed data set in two divisions of their own, dated from the current
 * month, so every figure below is counted by hand.
 */
let server: TestServer;
let url: string;
let director: string;
let plain: string;
let identity: string;
const ids: Record<string, string> = {};
type Row = Record<string, any>;

/**
 * The one clock is set to the middle of the machine's month for the whole file (issue 40 §1): the server's month
 * buckets and the figures below then agree even when the run crosses a month's end, and the rows the database
 * stamps itself (a sheet's created_at) still fall in "this month".
 */
const today = new Date(Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), 15, 12));
const thisMonth = monthStart(today);
const lastMonth = monthStart(today, 1);
const at = (day: string, plusDays = 0, hour = 12) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  d.setUTCHours(hour);
  return d.toISOString();
};

async function seed(): Promise<void> {
  const db = server.db;
  const org = await db.selectFrom('division').select('org_uid').orderBy('division_name').executeTakeFirstOrThrow();
  const division = async (name: string) =>
    (await db.insertInto('division').values({ division_name: name, org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow()).division_uid;
  ids.a = await division('Aaa Dashboard');
  ids.b = await division('Bbb Dashboard');
  const user = async (name: string, memberships: [string, string[]][]) => {
    const u = await db
      .insertInto('app_user')
      .values({ user_name: name, display_name: name.replace(/-/g, ' '), email_address: `${name}@careweave.test`, password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
      .returning('user_uid')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_division').values(memberships.map(([division_uid, permissions]) => ({ user_uid: u.user_uid, division_uid, permissions }))).execute();
    return u.user_uid;
  };
  ids.director = await user('dash-director', [[ids.a, ['hasAppNavigator', 'hasReports', 'isDirector']], [ids.b, ['hasAppNavigator', 'hasReports']]]);
  ids.plain = await user('dash-plain', [[ids.a, ['hasAppNavigator']]]);
  ids.identity = await user('dash-identity', [[ids.a, ['hasAppIdentity', 'hasReports']]]);

  const ref = async (model: string, type?: string) => {
    let q = db.selectFrom('reference_data').select(['uid', 'name', 'label']).where('model', '=', model).orderBy('default_sort_order');
    if (type) q = q.where('ref_data_type', '=', type);
    return q.execute();
  };
  const patient = async (division: string, first: string, extra: Row = {}) =>
    (await db.insertInto('patient').values({ division_uid: division, first_name: first, last_name: 'Dash', birth_date: '1990-01-01', ...extra } as any).returning('patient_uid').executeTakeFirstOrThrow()).patient_uid;
  ids.p1 = await patient(ids.a, 'One', { in_custody: true, agency_legal_status: 'Temporary Custody' });
  // The custody flag defaults to set (migration 002): these two are not in custody.
  ids.p2 = await patient(ids.a, 'Two', { in_custody: false });
  ids.p3 = await patient(ids.a, 'Three', { in_custody: false });
  ids.p4 = await patient(ids.b, 'Four', { in_custody: true });

  const sources = await ref('reference-referral-source');
  ids.s1 = sources[0].uid;
  ids.s2 = sources[1].uid;
  const referral = (p: string, date: string, status: string, source: string) =>
    db.insertInto('inbound_referral').values({ patient_uid: p, referral_date: date, status, referral_source_uid: source } as any).returning('referral_uid').executeTakeFirstOrThrow();
  ids.r1 = (await referral(ids.p1, thisMonth, 'Accepted', ids.s1)).referral_uid;
  ids.r2 = (await referral(ids.p2, thisMonth, 'New', ids.s2)).referral_uid;
  ids.r3 = (await referral(ids.p3, lastMonth, 'Accepted', ids.s1)).referral_uid;

  const types = await ref('reference-medical-event');
  const type = (name: string) => types.find((t) => t.name === name)!.uid;
  const status = async (name: string) => (await ref('reference-status', `medical_event__${name}`))[0].uid;
  const facility = await db.insertInto('facility').values({ facility_name: 'Dash General', org_uid: org.org_uid }).returning('facility_uid').executeTakeFirstOrThrow();
  ids.facility = facility.facility_uid;
  const event = async (p: string, name: string, date: string, detail: Row | null = null, facilityUid: string | null = null) =>
    sql`insert into medical_event (patient_uid, medical_event_type_uid, status_uid, event_date, detail, facility_uid)
        values (${p}, ${type(name)}, ${await status(name)}, ${date}, ${detail && JSON.stringify(detail)}::jsonb, ${facilityUid})`.execute(db);
  // First contacts: p1 the day of the referral (0 days), p3 4 days after (4 days); p2 none. Median 2.
  await event(ids.p1, 'survivor_interaction', at(thisMonth, 0, 13));
  await event(ids.p3, 'survivor_interaction', at(lastMonth, 4));
  // An interaction before the referral is no contact after it.
  await event(ids.p2, 'other_interaction', at(lastMonth, 1));
  // Overdoses: two this month (one with naloxone, survived; one without, fatal), one last month.
  await event(ids.p1, 'drug_overdose', at(thisMonth), { naloxoneAdministered: 'yes', naloxoneAdministeredBy: 'ems', amountOfNaloxoneGiven: '4', wasOverdoseFatal: 'no' }, ids.facility);
  await event(ids.p2, 'drug_overdose', at(thisMonth), { naloxoneAdministered: 'no', wasOverdoseFatal: 'yes' });
  await event(ids.p3, 'drug_overdose', at(lastMonth, 2), { naloxoneAdministered: 'yes', naloxoneAdministeredBy: 'ems', amountOfNaloxoneGiven: '2.5', wasOverdoseFatal: 'no' }, ids.facility);

  const provider = async (name: string, userUid: string | null = null) =>
    (await db.insertInto('provider').values({ display_name: name, org_uid: org.org_uid, user_uid: userUid }).returning('provider_uid').executeTakeFirstOrThrow()).provider_uid;
  ids.nav1 = await provider('Nia Navigator', ids.director);
  ids.nav2 = await provider('Ned Navigator');
  await db.insertInto('provider_patient').values([
    { provider_uid: ids.nav1, patient_uid: ids.p1, care_team: true },
    { provider_uid: ids.nav1, patient_uid: ids.p2, care_team: true },
    { provider_uid: ids.nav2, patient_uid: ids.p3, care_team: true },
    // Not on the care team: no caseload.
    { provider_uid: ids.nav2, patient_uid: ids.p1, care_team: false },
  ] as any).execute();
  const badges = await db.selectFrom('reference_badge').select(['badge_uid', 'badge_group_uid']).orderBy('badge_name').limit(2).execute();
  ids.b1 = badges[0].badge_uid;
  await db.insertInto('patient_badge').values([{ patient_uid: ids.p1, ...badges[0] }, { patient_uid: ids.p3, ...badges[1] }]).execute();

  const reminder = (p: string, date: string, target: string | null, extra: Row = {}) =>
    db.insertInto('notification').values({ subject_uid: p, reminder_date: date, note: 'Call', target_uid: target, created_by: ids.director, ...extra } as any).execute();
  const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
  await reminder(ids.p1, past, ids.nav1, { is_read: true }); // Done
  await reminder(ids.p1, past, ids.nav1); // Overdue
  await reminder(ids.p2, past, ids.nav2, { is_urgent: true }); // Overdue
  await reminder(ids.p3, future, ids.nav1); // Open
  await reminder(ids.p3, past, null, { is_active: false }); // deleted: not counted

  const disposition = (await ref('reference-status', 'Episode'))[0];
  ids.dispositionLabel = disposition.label;
  const agency = await sql<{ agency_uid: string }>`insert into cit_agency (code_hash, agency_name, org_uid, division_uid)
    values (${hashAccessCode('DASH-1')}, 'Dash Police', ${org.org_uid}, ${ids.a}) returning agency_uid`.execute(db);
  const sheet = (d: string, weapons: string[], custody: string) =>
    sql`insert into cit_submission (agency_uid, division_uid, officer_name, submission_json)
        values (${agency.rows[0].agency_uid}, ${ids.a}, 'Officer Dee', ${JSON.stringify({ dispositionUid: d, weaponInvolved: weapons, subjectTakenIntoCustodyForEvaluation: custody })}::jsonb)`.execute(db);
  await sheet(disposition.uid, ['Firearm'], 'yes');
  await sheet(disposition.uid, [], 'no');
  await sheet('', [], '');
}

before(async () => {
  server = await startTestServer();
  setClock(today);
  url = server.url;
  await seed();
  director = (await login(url, 'dash-director')).token;
  plain = (await login(url, 'dash-plain')).token;
  identity = (await login(url, 'dash-identity')).token;
});
after(async () => {
  resetClock();
  await server?.stop();
});

const get = (path: string, token = director) => call(url, path, { token });
const query = (params: [string, string][]) => (params.length ? `?${new URLSearchParams(params).toString()}` : '');
const points = async (view: string, params: [string, string][]) => {
  const answer = await get(`/api/permissable/views/${view}/chart${query(params)}`);
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data as Row[];
};
const rows = async (view: string, params: [string, string][] = []) => {
  const answer = await get(`/api/permissable/views/${view}${query([['all-data', '1'], ...params])}`);
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.rows as Row[];
};

describe('home report cards (GET /api/reports/{viewName})', () => {
  it('this month, last month and the last six months of the current division', async () => {
    const answer = await get('/api/reports/report-inbound-referrals');
    assert.equal(answer.status, 200, answer.text);
    const card = answer.body.data;
    assert.equal(card.title, 'Referrals Received');
    assert.equal(card.report_name, 'inbound-referrals');
    assert.equal(card.this_month, 2);
    assert.equal(card.last_month, 1);
    assert.equal(card.months.length, 6);
    assert.deepEqual(card.months.slice(-2), [{ month: lastMonth, value: 1 }, { month: thisMonth, value: 2 }]);
    assert.equal(card.months[0].month, monthStart(today, 5));
  });

  it('overdoses and CIT contacts; a view without a card is 404', async () => {
    const overdoses = (await get('/api/reports/report-overdoses')).body.data;
    assert.deepEqual([overdoses.this_month, overdoses.last_month], [2, 1]);
    const cit = (await get('/api/reports/report-cit-submissions')).body.data;
    assert.deepEqual([cit.this_month, cit.last_month], [3, 0]);
    errorsOf(await get('/api/reports/report-custody'), 404);
    errorsOf(await get('/api/reports/nope'), 404);
  });

  it('a user without hasReports gets 403', async () => {
    errorsOf(await get('/api/reports/report-inbound-referrals', plain), 403);
  });
});

describe('program dashboard (GET /api/reports/program-dashboard)', () => {
  it('every figure, counted by hand', async () => {
    const answer = await get('/api/reports/program-dashboard');
    assert.equal(answer.status, 200, answer.text);
    const d = answer.body.data;
    assert.deepEqual(d.referrals, { this_month: 2, last_month: 1 });
    assert.deepEqual(d.enrolled, { this_month: 1, last_month: 1 });
    assert.equal(d.median_days_to_first_contact, 2);
    assert.equal(d.contacted_referrals, 2);
    assert.deepEqual(d.reminders, { overdue: 2, open: 1 });
    assert.deepEqual([d.cit.this_month, d.cit.last_month], [3, 0]);
    assert.deepEqual(d.cit.dispositions, [{ x: ids.dispositionLabel, value: 2 }, { x: null, value: 1 }]);
    assert.deepEqual([d.overdoses.this_month, d.overdoses.last_month, d.overdoses.naloxone_given], [2, 1, 1]);
    assert.deepEqual(d.overdoses.outcomes, [{ x: 'Fatal', value: 1 }, { x: 'Survived', value: 1 }]);
    assert.deepEqual(d.caseloads, [{ x: 'Nia Navigator', value: 2 }, { x: 'Ned Navigator', value: 1 }]);
  });

  it('is for directors only', async () => {
    errorsOf(await get('/api/reports/program-dashboard', plain), 403);
    errorsOf(await get('/api/reports/program-dashboard', identity), 403);
  });
});

describe('series, the new views and the new filters', () => {
  it('a series groups by x and series: reminders by assignee and status (stacked bars)', async () => {
    const got = await points('report-reminders', [['x', 'assignee_name'], ['series', 'reminder_status']]);
    assert.deepEqual(
      got.map((p) => [p.x, p.series, p.value]),
      [['Ned Navigator', 'Overdue', 1], ['Nia Navigator', 'Done', 1], ['Nia Navigator', 'Open', 1], ['Nia Navigator', 'Overdue', 1]],
    );
    const errors = errorsOf(await get(`/api/permissable/views/report-caseloads/chart?x=provider_name&series=badge_uids`), 400);
    assert.equal(errors[0].field, 'series');
  });

  it('a time series with a series: overdoses per month by naloxone given', async () => {
    const got = await points('report-overdoses', [['x', 'event_date'], ['time-unit', 'month'], ['series', 'naloxone_given']]);
    assert.deepEqual(got.map((p) => [p.x, p.series, p.value]), [[lastMonth, 'Yes', 1], [thisMonth, 'No', 1], [thisMonth, 'Yes', 1]]);
  });

  it('sum and average over the new number columns', async () => {
    assert.deepEqual(
      (await points('report-overdoses', [['x', 'naloxone_given_by'], ['aggregation', 'sum'], ['y', 'naloxone_amount']])).map((p) => [p.x, p.value]),
      [['EMS', 6.5], [null, 0]],
    );
    // Days to first contact: 0 (r1) and 4 (r3); r2 has none and counts in neither.
    assert.deepEqual(
      (await points('report-inbound-referrals', [['x', 'referral_status'], ['aggregation', 'average'], ['y', 'days_to_first_contact']])).map((p) => [p.x, p.value]),
      [['Accepted', 2], ['New', null]],
    );
    // Within 7 days: both contacts (100, 100) against no contact (null): 100 %.
    assert.deepEqual(
      (await points('report-inbound-referrals', [['x', 'referral_date'], ['time-unit', 'year'], ['aggregation', 'average'], ['y', 'contacted_within_week']])).map((p) => p.value),
      [100],
    );
    assert.deepEqual(
      (await points('report-caseloads', [['x', 'provider_name'], ['aggregation', 'unique-count'], ['y', 'patient_uid']])).map((p) => [p.x, p.value]),
      [['Ned Navigator', 1], ['Nia Navigator', 2]],
    );
  });

  it('provider, user, facility, other reference data and badge filters', async () => {
    const names = (list: Row[]) => list.map((r) => r.first_name).sort();
    assert.deepEqual(names(await rows('report-reminders', [['assignee_uid__eq', ids.nav2]])), ['Two']);
    assert.equal((await rows('report-reminders', [['created_by__eq', ids.director]])).length, 4);
    assert.equal((await rows('report-reminders', [['created_by__eq', ids.plain]])).length, 0);
    assert.deepEqual(names(await rows('report-overdoses', [['facility_uid__eq', ids.facility]])), ['One', 'Three']);
    // A custom dropdown with caseInsensitive sends `__ieq`: any case of the option's value matches.
    const given = names(await rows('report-overdoses', [['naloxone_given', 'Yes']]));
    assert.ok(given.length > 0);
    assert.deepEqual(names(await rows('report-overdoses', [['naloxone_given__ieq', 'yES']])), given);
    assert.deepEqual(names(await rows('report-overdoses', [['naloxone_given', 'yES']])), []);
    assert.deepEqual(names(await rows('report-inbound-referrals', [['referral_source_uid__eq', ids.s1]])), ['One', 'Three']);
    assert.deepEqual(names(await rows('report-caseloads', [['badge_uids__contains_uuid_or', ids.b1]])), ['One']);
    assert.deepEqual(names(await rows('report-caseloads', [['provider_uid__eq', ids.nav1]])), ['One', 'Two']);
    assert.deepEqual((await rows('report-caseloads', [['provider_uid__eq', ids.nav1], ['sort', 'last_name,first_name']])).map((r) => r.badge_labels.length), [1, 0]);
  });

  it('CIT weapons and custody', async () => {
    assert.deepEqual(
      (await points('report-cit-submissions', [['x', 'disposition_label'], ['series', 'weapon_involved']])).map((p) => [p.x, p.series, p.value]),
      [[ids.dispositionLabel, 'No Weapon', 1], [ids.dispositionLabel, 'Weapon', 1], [null, 'No Weapon', 1]],
    );
    assert.equal((await rows('report-cit-submissions', [['taken_into_custody', 'true']])).length, 1);
    assert.equal((await rows('report-cit-submissions', [['taken_into_custody', 'false'], ['taken_into_custody', 'null']])).length, 2);
  });

  it('the custody report covers every division asked for (CustodyFlagReport), the current one by default', async () => {
    assert.deepEqual((await rows('report-custody')).map((r) => r.first_name), ['One']);
    const both = await rows('report-custody', [['division_uid', ids.a], ['division_uid', ids.b], ['sort', 'division_name']]);
    assert.deepEqual(both.map((r) => [r.division_name, r.first_name]), [['Aaa Dashboard', 'One'], ['Bbb Dashboard', 'Four']]);
    assert.deepEqual(
      (await points('report-custody', [['x', 'division_name'], ['division_uid', ids.a], ['division_uid', ids.b]])).map((p) => [p.x, p.value]),
      [['Aaa Dashboard', 1], ['Bbb Dashboard', 1]],
    );
  });

  it('GET /api/users: the users of the divisions the caller reports on', async () => {
    const answer = await get('/api/users');
    assert.equal(answer.status, 200, answer.text);
    const mine = answer.body.data.map((u: Row) => u.id);
    for (const id of [ids.director, ids.plain, ids.identity]) assert.ok(mine.includes(id));
    errorsOf(await get('/api/users', plain), 403);
  });
});

describe('report definitions', () => {
  const all = SEEDED_REPORT_CONFIGURATIONS;
  const definitions: ReportDefinition[] = [...all.map((c) => c.definition), ...Object.values(CUSTOM_REPORTS).map((c) => c.definition)];

  it('every seeded and custom definition is valid', () => {
    assert.ok(all.length >= 8);
    for (const d of definitions) assert.equal(check(ReportDefinitionSchema, d).errors, null, JSON.stringify(d.charts.map((c) => c.title)));
  });

  it('together they use every filter type, chart option and table option', () => {
    const filters = new Set(definitions.flatMap((d) => d.filters.map((f) => f.type)));
    assert.deepEqual([...FILTER_TYPES].filter((t) => !filters.has(t)), []);
    const charts = definitions.flatMap((d) => d.charts);
    const used = (pick: (c: (typeof charts)[number]) => unknown) => new Set(charts.map(pick).filter((v) => v !== undefined && v !== false));
    assert.deepEqual([...used((c) => c.type)].sort(), ['bar', 'doughnut', 'line', 'pie']);
    assert.deepEqual([...used((c) => c.isTimeSeries && c.timeUnit)].sort(), ['day', 'month', 'week', 'year']);
    assert.deepEqual([...used((c) => c.aggregationType)].sort(), ['average', 'count', 'sum', 'unique-count']);
    assert.deepEqual([...used((c) => c.yTickFormat)].sort(), ['decimal', 'integer', 'percent']);
    assert.deepEqual([...used((c) => c.legend && c.legendPosition)].sort(), ['bottom', 'left', 'right', 'top']);
    for (const option of ['isStacked', 'seriesColumn', 'isFilledLine', 'showDataLabels', 'showPercentage', 'showNulls', 'nullText', 'yTickMin', 'yTickMax'] as const) {
      assert.ok(charts.some((c) => c[option] !== undefined && c[option] !== false), option);
    }
    assert.ok(definitions.some((d) => d.filters.some((f) => f.type === 'badge' && f.filterByAllBadges)), 'filterByAllBadges');
    assert.ok(definitions.some((d) => d.filters.some((f) => f.type === 'customDropdown' && f.caseInsensitive)), 'caseInsensitive');
    assert.ok(definitions.some((d) => d.filters.some((f) => f.type === 'badge' && !f.filterByAllBadges)), 'any badge');
    const tables = definitions.flatMap((d) => d.tables);
    assert.deepEqual([...new Set(tables.flatMap((t) => t.columns.map((c) => c.type)).filter(Boolean))].sort(), ['array', 'boolean', 'date', 'dateTime', 'time']);
    for (const option of ['sortBy', 'groupByColumn', 'pageSize', 'fixedHeight'] as const) assert.ok(tables.some((t) => t[option] !== undefined), option);
  });

  it('refuses a filter on a column of the wrong kind and an unknown series column', () => {
    const base = MORE_REPORT_CONFIGURATIONS[0].definition;
    const bad = { ...base, filters: [{ type: 'badge', column: 'referral_status', label: 'B' }, ...base.filters.slice(1)] };
    assert.equal(check(ReportDefinitionSchema, bad).errors?.[0].field, 'filters.0.column');
    const series = { ...base, charts: [{ ...base.charts[0], seriesColumn: 'nope' }, base.charts[1]] };
    assert.equal(check(ReportDefinitionSchema, series).errors?.[0].field, 'charts.0.seriesColumn');
  });

  it('the seeded configurations are served and have menu items', async () => {
    const items = await get('/api/data/reference/reference-nav-item?ref_data_type=reports&route__like=configured&all-data=1');
    const routes = items.body.data.map((r: Row) => r.attributes.route);
    for (const c of SEEDED_REPORT_CONFIGURATIONS.filter((c) => !REPORT_CONFIGURATIONS.includes(c))) assert.ok(routes.includes(`configured/${c.name}`), c.name);
    const one = await get(`/api/data/reference/reference-report-configuration?report-configuration-name__eq=caseloads`);
    assert.equal(one.body.data[0].attributes.report_configuration_label, 'Caseload Per Navigator');
  });
});

describe('identity action log (/api/data/public/tbl-identity-action-log)', () => {
  const log = (body: unknown, token = identity) => call(url, '/api/data/public/tbl-identity-action-log', { token, body });

  it('logs a report run and a patient view for a user with an app identity, and lists their own entries', async () => {
    const ran = await log({ action: 'RanReport', report_name: 'inbound-referrals' });
    assert.equal(ran.status, 201, ran.text);
    assert.equal(ran.body.data.attributes.report_name, 'inbound-referrals');
    const viewed = await log({ action: 'ViewedPatient', patient_uid: ids.p1 });
    assert.equal(viewed.status, 201, viewed.text);
    const list = await get('/api/data/public/tbl-identity-action-log', identity);
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.data.map((r: Row) => r.attributes.action).sort(), ['RanReport', 'ViewedPatient']);
  });

  it("the server logs an identity user's first look at a patient in a page view itself; nobody else's", async () => {
    const entries = async () => (await get('/api/data/public/tbl-identity-action-log', identity)).body.data.filter((r: Row) => r.attributes.action === 'ViewedPatient' && r.attributes.patient_uid === ids.p2).length;
    const before = await entries();
    const view = crypto.randomUUID();
    for (let i = 0; i < 2; i++) assert.equal((await call(url, `/api/patients/${ids.p2}`, { token: identity, headers: { [PAGE_VIEW_HEADER]: view } })).status, 200);
    assert.equal(await entries(), before + 1, 'one entry for the page view');
    assert.equal((await call(url, `/api/patients/${ids.p2}`, { token: director, headers: { [PAGE_VIEW_HEADER]: crypto.randomUUID() } })).status, 200);
    const theirs = await server.db.selectFrom('tbl_identity_action_log').select('user_uid').where('patient_uid', '=', ids.p2).execute();
    assert.equal(theirs.length, before + 1, 'a user without an app identity is not logged');
  });

  it('refuses bad entries, a patient out of reach and users without an app identity', async () => {
    assert.equal(errorsOf(await log({ action: 'RanReport' }), 422)[0].field, 'report_name');
    assert.equal(errorsOf(await log({ action: 'Deleted' }), 422)[0].field, 'action');
    errorsOf(await log({ action: 'ViewedPatient', patient_uid: ids.p4 }), 404);
    errorsOf(await log({ action: 'RanReport', report_name: 'x' }, director), 403);
    errorsOf(await get('/api/data/public/tbl-identity-action-log', director), 403);
  });
});

describe('outbound referrals report (report-outbound-referrals)', () => {
  it('lists what the division referred out and to whom, counts by status and filters the priority in any case', async () => {
    const [specialty] = await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-provider-role').orderBy('default_sort_order').limit(1).execute();
    const statuses = await server.db.selectFrom('reference_data').select(['uid', 'label']).where('model', '=', 'reference-status').where('ref_data_type', '=', 'outbound referral').orderBy('default_sort_order').execute();
    const base = { specialty_uid: specialty.uid, event_date: '2026-03-02' };
    await server.db
      .insertInto('outbound_referral')
      .values([
        { ...base, patient_uid: ids.p1, status_uid: statuses[0].uid, to_type: 'provider', to_provider_uid: ids.nav1, priority: 'urgent' },
        { ...base, patient_uid: ids.p2, status_uid: statuses[0].uid, to_type: 'facility', to_facility_uid: ids.facility, priority: 'routine' },
        { ...base, patient_uid: ids.p1, status_uid: statuses[1].uid, to_type: 'division', to_division_uid: ids.b, priority: 'routine' },
        { ...base, patient_uid: ids.p4, status_uid: statuses[1].uid, to_type: 'division', to_division_uid: ids.a, priority: 'routine' },
      ] as any)
      .execute();
    const list = await rows('report-outbound-referrals', [['sort', 'referred_to']]);
    assert.deepEqual(
      list.map((r) => [r.first_name, r.referred_to, r.priority]),
      [['Two', (await server.db.selectFrom('facility').select('facility_name').where('facility_uid', '=', ids.facility).executeTakeFirstOrThrow()).facility_name, 'Routine'], ['One', 'Bbb Dashboard', 'Routine'], ['One', 'Nia Navigator', 'Urgent']].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      "division a's three, not division b's",
    );
    const byStatus = await points('report-outbound-referrals', [['x', 'status_label']]);
    assert.deepEqual(byStatus.map((p) => [p.x, p.value]), [[statuses[0].label, 2], [statuses[1].label, 1]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    assert.deepEqual((await rows('report-outbound-referrals', [['priority__ieq', 'URGENT']])).map((r) => r.first_name), ['One']);
  });
});

describe('queue sizes over time (report-queue-sizes)', () => {
  it('counts each queue once a day as any navigator of the division sees it, and the report reads the history', async () => {
    const queue = (await server.db.insertInto('queue').values({ division_uid: ids.a, queue_label: 'Dash Queue', view_name: 'queue-patient-view', rule: '{}' } as any).returning('queue_uid').executeTakeFirstOrThrow()).queue_uid;
    await server.db.insertInto('patient').values({ division_uid: ids.a, first_name: 'Hidden', last_name: 'Dash', birth_date: '1990-01-01', restricted_flag: '1' } as any).execute();
    const visible = await server.db.selectFrom('patient').select((eb) => eb.fn.countAll<number>().as('n')).where('division_uid', '=', ids.a).where('restricted_flag', '<>', '1').where('adoption_case', '=', false).executeTakeFirstOrThrow();
    assert.ok((await snapshotQueueSizes(server.db)) >= 1);
    assert.equal(await snapshotQueueSizes(server.db), 0, 'a second count the same day is not taken');
    const history = await rows('report-queue-sizes', [['queue_label', 'Dash Queue']]);
    assert.deepEqual(history.map((r) => [r.queue_uid, r.queue_size]), [[queue, Number(visible.n)]], 'the restricted case is not counted');
    const chart = await points('report-queue-sizes', [['x', 'snapshot_day'], ['time-unit', 'day'], ['aggregation', 'sum'], ['y', 'queue_size'], ['queue_label', 'Dash Queue']]);
    assert.equal(chart.length, 1);
    assert.equal(chart[0].value, Number(visible.n));
  });
});
