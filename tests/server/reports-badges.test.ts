import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { headingCase } from '../../shared/format';
import { ReportDefinitionSchema } from '../../shared/schemas/reports';
import { check } from '../../shared/schemas/validate';
import { hashPassword } from '../../server/auth/password';
import { BADGE_REPORT_CONFIGURATIONS } from '../../server/db/reference-lists/report-configurations';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { snapshotQueueSizes } from '../../server/reports/queue-snapshots';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, errorsOf, login } from './support/http';

/**
 * Patients by badge (issue 12, migration 053) and the queue labels of the
 * Queue Sizes report. A small fixed data set in two divisions of their own;
 * every figure below is counted by hand:
 *
 *   Ann   High Risk, Diabetic   in custody
 *   Ben   High Risk
 *   Cal   no badge
 *   Rae   Low Risk, Diabetic    restricted (her case's worker: badge-worker)
 *   Ada   High Risk             adoption case
 *   Zed   High Risk             the other division
 */
let server: TestServer;
let url: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
type Row = Record<string, any>;
const VIEW = 'report-patient-badges';

async function seed(): Promise<void> {
  const db = server.db;
  const org = await db.selectFrom('division').select('org_uid').orderBy('division_name').executeTakeFirstOrThrow();
  const division = async (name: string) =>
    (await db.insertInto('division').values({ division_name: name, org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow()).division_uid;
  ids.a = await division('Aaa Badges');
  ids.b = await division('Bbb Badges');
  const user = async (name: string, permissions: string[], elsewhere: string[] = ['hasAppNavigator']) => {
    const u = await db
      .insertInto('app_user')
      .values({ user_name: name, display_name: name, email_address: `${name}@careweave.test`, password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
      .returning('user_uid')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_division').values([{ user_uid: u.user_uid, division_uid: ids.a, permissions }, { user_uid: u.user_uid, division_uid: ids.b, permissions: elsewhere }]).execute();
  };
  await user('badge-reporter', ['hasAppNavigator', 'hasReports']);
  await user('badge-worker', ['hasAppNavigator', 'hasReports'], ['hasAppNavigator', 'hasReports']);
  await user('badge-health', ['hasAppNavigator', 'hasReports', 'identityViewRestricted', 'isIdentityHealthcareUser']);
  await user('badge-plain', ['hasAppNavigator']);

  const badge = async (group: string, name: string) =>
    db
      .selectFrom('reference_badge as b')
      .innerJoin('reference_badge_group as g', 'g.badge_group_uid', 'b.badge_group_uid')
      .select(['b.badge_uid', 'b.badge_group_uid'])
      .where('g.badge_group_name', '=', group)
      .where('b.badge_name', '=', name)
      .executeTakeFirstOrThrow();
  const high = await badge('risk-level', 'high');
  const low = await badge('risk-level', 'low');
  const diabetic = await badge('care-needs', 'diabetic');
  ids.high = high.badge_uid;
  ids.low = low.badge_uid;
  ids.diabetic = diabetic.badge_uid;

  const patient = async (division: string, first: string, badges: { badge_uid: string; badge_group_uid: string }[], extra: Row = {}) => {
    const p = await db
      .insertInto('patient')
      .values({ division_uid: division, first_name: first, last_name: 'Badgeson', birth_date: '1990-01-01', in_custody: false, ...extra } as any)
      .returning('patient_uid')
      .executeTakeFirstOrThrow();
    if (badges.length) await db.insertInto('patient_badge').values(badges.map((b) => ({ patient_uid: p.patient_uid, ...b }))).execute();
    return p.patient_uid;
  };
  await patient(ids.a, 'Ann', [high, diabetic], { in_custody: true });
  await patient(ids.a, 'Ben', [high]);
  await patient(ids.a, 'Cal', []);
  const rae = await patient(ids.a, 'Rae', [low, diabetic], { restricted_flag: '1' });
  const ada = await patient(ids.a, 'Ada', [high]);
  await patient(ids.b, 'Zed', [high]);
  // The case facts the access rule reads are kept on the patient row from the cases (migration 025).
  await db.insertInto('patient_case').values([
    { patient_uid: rae, case_category: 'Foster Care', wkr_email: 'badge-worker@careweave.test' },
    { patient_uid: ada, case_category: 'Adoption' },
  ] as any).execute();
}

before(async () => {
  server = await startTestServer();
  url = server.url;
  await seed();
  for (const name of ['badge-reporter', 'badge-worker', 'badge-health', 'badge-plain']) tokens[name] = (await login(url, name)).token;
});
after(async () => {
  await server?.stop();
});

const query = (params: [string, string][]) => (params.length ? `?${new URLSearchParams(params).toString()}` : '');
const chartCall = (params: [string, string][], who = 'badge-reporter') => call(url, `/api/permissable/views/${VIEW}/chart${query(params)}`, { token: tokens[who] });
const listCall = (params: [string, string][], who = 'badge-reporter') => call(url, `/api/permissable/views/${VIEW}${query([['all-data', '1'], ...params])}`, { token: tokens[who] });
const points = async (params: [string, string][], who?: string) => {
  const answer = await chartCall(params, who);
  assert.equal(answer.status, 200, answer.text);
  return (answer.body.data as Row[]).map((p) => (p.series === undefined ? [p.x, p.value] : [p.x, p.series, p.value]));
};
const rows = async (params: [string, string][], who?: string) => {
  const answer = await listCall(params, who);
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.rows as Row[];
};
const PER_BADGE: [string, string][] = [['x', 'badge_label'], ['aggregation', 'unique-count'], ['y', 'patient_uid']];

describe('patients by badge (report-patient-badges)', () => {
  it('counts the patients per badge and per badge group, and those without a badge', async () => {
    assert.deepEqual(await points(PER_BADGE), [['Diabetic', 1], ['High Risk', 2], [null, 1]]);
    assert.deepEqual(await points([...PER_BADGE, ['series', 'badge_group_label']]), [['Diabetic', 'Care Needs', 1], ['High Risk', 'Risk Level', 2], [null, null, 1]]);
    assert.deepEqual(await points([['x', 'badge_group_label'], ['aggregation', 'unique-count'], ['y', 'patient_uid']]), [['Care Needs', 1], ['Risk Level', 2], [null, 1]]);
    const list = await rows([['sort', 'first_name,badge_label']]);
    assert.deepEqual(list.map((r) => [r.first_name, r.badge_label, r.badge_group_label]), [['Ann', 'Diabetic', 'Care Needs'], ['Ann', 'High Risk', 'Risk Level'], ['Ben', 'High Risk', 'Risk Level'], ['Cal', null, null]]);
  });

  it('a restricted or adoption patient counts only for a caller who may see them', async () => {
    // The worker on Rae's case sees her (restricted), not Ada (adoption).
    assert.deepEqual(await points(PER_BADGE, 'badge-worker'), [['Diabetic', 2], ['High Risk', 2], ['Low Risk', 1], [null, 1]]);
    // Restricted cases and the healthcare role: both.
    assert.deepEqual(await points(PER_BADGE, 'badge-health'), [['Diabetic', 2], ['High Risk', 3], ['Low Risk', 1], [null, 1]]);
    assert.deepEqual((await rows([], 'badge-health')).map((r) => r.first_name).sort(), ['Ada', 'Ann', 'Ann', 'Ben', 'Cal', 'Rae', 'Rae']);
    assert.ok(!(await rows([])).some((r) => r.first_name === 'Rae' || r.first_name === 'Ada'), 'neither listed for the plain reporter');
  });

  it('the badge filters: the badges counted (any) and the patients who carry all of them; in custody', async () => {
    assert.deepEqual(await points([...PER_BADGE, ['badge_uid_list__contains_uuid_or', `${ids.high},${ids.low}`]]), [['High Risk', 2]]);
    assert.deepEqual(await points([...PER_BADGE, ['badge_uids__contains_uuid_and', `${ids.high},${ids.diabetic}`]]), [['Diabetic', 1], ['High Risk', 1]]);
    assert.deepEqual(await points([...PER_BADGE, ['badge_uids__contains_uuid_and', `${ids.high},${ids.diabetic}`]], 'badge-worker'), [['Diabetic', 1], ['High Risk', 1]], 'Rae has Diabetic but not High Risk');
    assert.deepEqual((await rows([['in_custody', 'true']])).map((r) => [r.first_name, r.badge_label]).sort(), [['Ann', 'Diabetic'], ['Ann', 'High Risk']]);
  });

  it('the other division only when asked for and reported on; 403 without hasReports', async () => {
    errorsOf(await chartCall(PER_BADGE, 'badge-plain'), 403);
    errorsOf(await listCall([], 'badge-plain'), 403);
    errorsOf(await call(url, `/api/permissable/views/${VIEW}/csv`, { token: tokens['badge-plain'], body: { columns: [{ column_name: 'badge_label', display_header: 'Badge' }] } }), 403);
    errorsOf(await chartCall([...PER_BADGE, ['division_uid', ids.b]]), 403);
    // The worker reports on both divisions: the other one is Zed alone.
    assert.deepEqual(await points([...PER_BADGE, ['division_uid', ids.b]], 'badge-worker'), [['High Risk', 1]]);
    assert.deepEqual(await points([...PER_BADGE, ['division_uid', ids.a], ['division_uid', ids.b]], 'badge-worker'), [['Diabetic', 2], ['High Risk', 3], ['Low Risk', 1], [null, 1]]);
  });

  it('the Patients By Badge configuration is valid, served and in the Reports menu', async () => {
    const [config] = BADGE_REPORT_CONFIGURATIONS;
    assert.equal(check(ReportDefinitionSchema, config.definition).errors, null);
    const served = await call(url, `/api/data/reference/reference-report-configuration?report-configuration-name__eq=${config.name}`, { token: tokens['badge-reporter'] });
    assert.equal(served.body.data[0].attributes.report_configuration_label, 'Patients By Badge');
    const items = await call(url, '/api/data/reference/reference-nav-item?ref_data_type=reports&route__like=configured&all-data=1', { token: tokens['badge-reporter'] });
    const item = items.body.data.find((r: Row) => r.attributes.route === `configured/${config.name}`);
    assert.equal(item?.attributes.nav_item_label, 'Patients By Badge');
  });
});

describe('queue labels in the Queue Sizes report', () => {
  it('heading_case in SQL is headingCase of shared/format.ts', async () => {
    const labels = ['new referrals', 'Active Patients', 'HIV tests', 'the list of people to call', 'in  two   spaces', ' leading and trailing ', 'on\thold', 'a', '', 'émigrés à voir'];
    const { rows: got } = await sql<{ l: string; h: string }>`select l, heading_case(l) as h from unnest(${labels}::text[]) with ordinality as t(l, n) order by n`.execute(server.db);
    assert.deepEqual(got.map((r) => r.h), labels.map(headingCase));
  });

  it('a queue labelled in lower case is named as its card heads it', async () => {
    await server.db.insertInto('queue').values({ division_uid: ids.a, queue_label: 'people to call back', view_name: 'queue-patient-view', rule: '{}' } as any).execute();
    await snapshotQueueSizes(server.db);
    const answer = await call(url, `/api/permissable/views/report-queue-sizes?all-data=1`, { token: tokens['badge-reporter'] });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.rows.map((r: Row) => r.queue_label), ['People to Call Back']);
    const chart = await call(url, `/api/permissable/views/report-queue-sizes/chart?x=snapshot_day&time-unit=day&series=queue_label&aggregation=sum&y=queue_size`, { token: tokens['badge-reporter'] });
    assert.deepEqual(chart.body.data.map((p: Row) => p.series), ['People to Call Back']);
    // The Queue filter (`__like`) finds it whichever way it is typed.
    const found = await call(url, `/api/permissable/views/report-queue-sizes?all-data=1&queue_label__like=people%20to%20call`, { token: tokens['badge-reporter'] });
    assert.equal(found.body.data.rows.length, 1);
  });
});
