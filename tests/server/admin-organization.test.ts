import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DIVISION_NAME_TAKEN, DIVISION_NOT_FOUND, QUEUE_NOT_FOUND } from '../../server/admin/organization.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { LOGO_RULE, THEME_COLOR_RULE } from '../../shared/schemas/admin';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

const key = () => `admin-org-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let franklin: string;
let other: OtherOrganization;
let otherQueue: string;

const division = (name: string, extra: Record<string, unknown> = {}) => ({ division_name: name, theme_color: '#336699', logo_url: null, requires_supervisory_approval: false, ...extra });
const queue = (label: string, rule: string, extra: Record<string, unknown> = {}) => ({
  queue_label: label,
  rule,
  default_sort: '-referral_date',
  columns: [
    { column_name: 'last_name', display_header: 'Last Name', is_hidden: false },
    { column_name: 'patient_uid', display_header: 'Id', is_hidden: true },
  ],
  sort_order: 9,
  ...extra,
});

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  franklin = (await server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
  other = await createOtherOrganization(server.db);
  otherQueue = (await server.db.insertInto('queue').values({ division_uid: other.divisionUid, queue_label: 'Theirs', view_name: 'queue-patient-view', rule: '{}', column_map: '[]' }).returning('queue_uid').executeTakeFirstOrThrow()).queue_uid;
});
after(async () => {
  await server?.stop();
});

const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);

describe('organisation routes: who may call them', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/api/admin/organization'],
    ['PUT', '/api/admin/organization', { org_name: 'X' }],
    ['GET', '/api/admin/divisions'],
    ['GET', `/api/admin/divisions/${uuid}`],
    ['POST', '/api/admin/divisions', division('X')],
    ['PUT', `/api/admin/divisions/${uuid}`, division('X')],
    ['GET', `/api/admin/divisions/${uuid}/queues`],
    ['POST', `/api/admin/divisions/${uuid}/queues`, queue('X', '')],
    ['POST', '/api/admin/queues/preview', { division_uid: uuid, rule: '' }],
    ['GET', `/api/admin/queues/${uuid}`],
    ['PUT', `/api/admin/queues/${uuid}`, queue('X', '')],
  ];
  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
      errorsOf(await call(server.url, path, { method, body }), 401);
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body, token: navigator.token }), 403), [{ message: 'You do not have access to this resource' }]);
    });
  }

  it("another organisation's division and queue are 404 on every route", async () => {
    const headers = { 'idempotency-key': key() };
    for (const [method, path, body] of [
      ['GET', `/api/admin/divisions/${other.divisionUid}`],
      ['PUT', `/api/admin/divisions/${other.divisionUid}`, division('Mine Now')],
      ['GET', `/api/admin/divisions/${other.divisionUid}/queues`],
      ['POST', `/api/admin/divisions/${other.divisionUid}/queues`, queue('Mine', '')],
      ['POST', '/api/admin/queues/preview', { division_uid: other.divisionUid, rule: '' }],
    ] as const) {
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body, token: admin.token, headers }), 404), [{ message: DIVISION_NOT_FOUND }], path);
    }
    for (const [method, body] of [['GET'], ['PUT', queue('Mine', '')]] as const) {
      assert.deepEqual(errorsOf(await call(server.url, `/api/admin/queues/${otherQueue}`, { method, body, token: admin.token }), 404), [{ message: QUEUE_NOT_FOUND }]);
    }
    errorsOf(await call(server.url, '/api/admin/divisions/not-a-uuid', { token: admin.token }), 404);
    const names = (await call(server.url, '/api/admin/divisions', { token: admin.token })).body.data.map((d: any) => d.attributes.division_name);
    assert.ok(!names.includes('Elsewhere Care'));
  });
});

describe('organisation and divisions', () => {
  it('shows and renames the organisation, audited', async () => {
    const before = (await call(server.url, '/api/admin/organization', { token: admin.token })).body.data.attributes;
    const answer = await call(server.url, '/api/admin/organization', { method: 'PUT', token: admin.token, body: { org_name: 'County Care Network' } });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.org_name, 'County Care Network');
    const [entry] = await audit('UpdatedOrganization');
    assert.deepEqual([JSON.parse(entry.before_json), JSON.parse(entry.after_json)], [{ orgName: before.org_name }, { orgName: 'County Care Network' }]);
    assert.deepEqual(fieldErrors(await call(server.url, '/api/admin/organization', { method: 'PUT', token: admin.token, body: { org_name: ' ' } })), { org_name: 'Required' });
  });

  it("names the organisation's market: its own market is renamed, a shared one is left for a new one, empty is none; audited", async () => {
    const put = (market_name: string | null) => call(server.url, '/api/admin/organization', { method: 'PUT', token: admin.token, body: { org_name: 'County Care Network', market_name } });
    const orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_uid', '=', franklin).executeTakeFirstOrThrow()).org_uid;
    // Another organisation in the same market: renaming must not rename theirs.
    const marketUid = (await server.db.selectFrom('organization').select('market_uid').where('org_uid', '=', orgUid).executeTakeFirstOrThrow()).market_uid;
    if (marketUid) await server.db.updateTable('organization').set({ market_uid: marketUid }).where('org_uid', '=', other.orgUid).execute();
    const answer = await put('Central Ohio');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.market_name, 'Central Ohio');
    if (marketUid) {
      const theirs = await server.db.selectFrom('organization as o').innerJoin('market as m', 'm.market_uid', 'o.market_uid').select('m.market_name').where('o.org_uid', '=', other.orgUid).executeTakeFirstOrThrow();
      assert.notEqual(theirs.market_name, 'Central Ohio');
    }
    const [entry] = await audit('UpdatedOrganization');
    assert.equal(JSON.parse(entry.after_json).marketName, 'Central Ohio');
    // Now its own market: renamed in place.
    const before = (await server.db.selectFrom('organization').select('market_uid').where('org_uid', '=', orgUid).executeTakeFirstOrThrow()).market_uid;
    assert.equal((await put('Central Ohio Region')).body.data.attributes.market_name, 'Central Ohio Region');
    assert.equal((await server.db.selectFrom('organization').select('market_uid').where('org_uid', '=', orgUid).executeTakeFirstOrThrow()).market_uid, before);
    assert.equal((await put('')).body.data.attributes.market_name, null);
    assert.deepEqual(fieldErrors(await put('m'.repeat(101))), { market_name: 'Must be at most 100 characters' });
    assert.equal((await put('Central Ohio Region')).body.data.attributes.market_name, 'Central Ohio Region');
  });

  it('keeps a division’s emergency access settings inside their ranges (issue 38)', async () => {
    const target = (await call(server.url, '/api/admin/divisions', { token: admin.token })).body.data[0];
    const save = (extra: Record<string, unknown>) =>
      call(server.url, `/api/admin/divisions/${target.id}`, { method: 'PUT', token: admin.token, body: division(target.attributes.division_name, { requires_supervisory_approval: target.attributes.requires_supervisory_approval, ...extra }) });
    assert.deepEqual(fieldErrors(await save({ break_glass_minutes: 10, break_glass_daily_limit: 0 })), {
      break_glass_minutes: 'Must be a whole number from 15 to 240',
      break_glass_daily_limit: 'Must be a whole number from 1 to 20',
    });
    assert.deepEqual(fieldErrors(await save({ break_glass_minutes: 'soon' })), { break_glass_minutes: 'Expected an integer, but received: "soon"' });
    const saved = await save({ break_glass_minutes: 30, break_glass_daily_limit: 5, break_glass_writes: true });
    assert.equal(saved.status, 200, saved.text);
    const read = (await call(server.url, `/api/admin/divisions/${target.id}`, { token: admin.token })).body.data.attributes;
    assert.deepEqual([read.break_glass_minutes, read.break_glass_daily_limit, read.break_glass_writes], [30, 5, true]);
    // Left out of a save: unchanged. Then back to the defaults for the other tests.
    await save({});
    assert.equal((await call(server.url, `/api/admin/divisions/${target.id}`, { token: admin.token })).body.data.attributes.break_glass_minutes, 30);
    await save({ break_glass_minutes: 60, break_glass_daily_limit: 3, break_glass_writes: false });
  });

  it('creates a division once per key, with its settings, audited; a name is not taken twice', async () => {
    const idem = key();
    const body = division('Delaware County Care', { requires_supervisory_approval: true, logo_url: PNG });
    const answer = await call(server.url, '/api/admin/divisions', { token: admin.token, body, headers: { 'idempotency-key': idem } });
    assert.equal(answer.status, 201, answer.text);
    assert.deepEqual(answer.body.data.attributes, { division_uid: answer.body.data.id, division_name: 'Delaware County Care', theme_color: '#336699', logo_url: PNG, requires_supervisory_approval: true, ed_notes_hidden_source: null,
      break_glass_minutes: 60, break_glass_daily_limit: 3, break_glass_writes: false,
    });
    const again = await call(server.url, '/api/admin/divisions', { token: admin.token, body, headers: { 'idempotency-key': idem } });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const [entry] = await audit('CreatedDivision');
    assert.deepEqual(JSON.parse(entry.after_json), { divisionName: 'Delaware County Care', themeColor: '#336699', hasLogo: true, requiresSupervisoryApproval: true, edNotesHiddenSource: null,
      breakGlassMinutes: 60, breakGlassDailyLimit: 3, breakGlassWrites: false,
    });
    const taken = await call(server.url, '/api/admin/divisions', { token: admin.token, body: division('delaware county care'), headers: { 'idempotency-key': key() } });
    assert.deepEqual(fieldErrors(taken), { division_name: DIVISION_NAME_TAKEN });
    errorsOf(await call(server.url, '/api/admin/divisions', { token: admin.token, body: division('No Key') }), 400);
  });

  it('edits a division: name, colour, logo and the CIT approval setting CIT reads', async () => {
    const answer = await call(server.url, `/api/admin/divisions/${franklin}`, { method: 'PUT', token: admin.token, body: division('Franklin County Care', { theme_color: '#AA3300', requires_supervisory_approval: true }) });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.theme_color, '#aa3300');
    const setting = await server.db.selectFrom('division_setting').select('setting_value').where('division_uid', '=', franklin).where('setting_name', '=', 'requires-supervisory-approval').executeTakeFirstOrThrow();
    assert.equal(setting.setting_value, 'true');
    const [entry] = await audit('UpdatedDivision');
    assert.equal(JSON.parse(entry.after_json).themeColor, '#aa3300');
  });

  it("names the source whose ED visit notes the visit list leaves out (spec 001 section 7); other sources' and other visits' notes stay", async () => {
    const health = await login(server.url, 'identity-health');
    const child = await server.db
      .selectFrom('patient as p')
      .innerJoin('division as d', 'd.division_uid', 'p.division_uid')
      .select(['p.patient_uid', 'p.division_uid', 'd.division_name'])
      .where('p.division_uid', '=', health.session.current_division_uid)
      .where('p.restricted_flag', '=', '0')
      .where('p.adoption_case', '=', false)
      .orderBy('p.patient_uid')
      .executeTakeFirstOrThrow();
    // The child's approved SACWIS match, and visits from two hospitals: an ED visit and a clinic visit from one, an ED visit from the other.
    await sql`insert into tbl_match_results (division_uid, sacwis_person_id, patient_uid, source_name, match_status_id, match_type, source_description)
              values (${child.division_uid}, 'ED-TEST-1', ${child.patient_uid}, 'SACWIS', 1, 1, 'SACWIS')`.execute(server.db);
    const visit = (id: string, source: string, kind: string) =>
      sql`insert into tbl_visit (division_uid, visit_id, sacwis_person_id, source_name, visit_kind, visit_date, notes)
          values (${child.division_uid}, ${id}, 'ED-TEST-1', ${source}, ${kind}, '2026-11-02', ${`Notes of ${id}`})`.execute(server.db);
    await visit('ED-1', 'Mercy Hospital', 'Emergency');
    await visit('CLINIC-1', 'Mercy Hospital', 'Foster Care Clinic');
    await visit('ED-2', 'County General', 'Emergency');
    const notesOf = async (visitId: string) =>
      (await call(server.url, `/api/data/public/list-view-cs-tbl-visit?patient_uid=${child.patient_uid}&all-data=true`, { token: health.token })).body.data.find((d: any) => d.id === visitId)?.attributes.notes;
    assert.equal(await notesOf('ED-1'), 'Notes of ED-1', 'shown while no source is named');
    const save = (source?: string) =>
      call(server.url, `/api/admin/divisions/${child.division_uid}`, {
        method: 'PUT',
        token: admin.token,
        body: division(child.division_name, { requires_supervisory_approval: true, ...(source !== undefined && { ed_notes_hidden_source: source }) }),
      });
    assert.equal((await save('Mercy Hospital')).body.data.attributes.ed_notes_hidden_source, 'Mercy Hospital');
    assert.deepEqual(await Promise.all(['ED-1', 'CLINIC-1', 'ED-2'].map(notesOf)), [null, 'Notes of CLINIC-1', 'Notes of ED-2']);
    assert.equal(JSON.parse((await audit('UpdatedDivision'))[0].after_json).edNotesHiddenSource, 'Mercy Hospital');
    // Left out of a save, the setting stays; empty, it goes.
    await save();
    assert.equal(await notesOf('ED-1'), null);
    await save('');
    assert.equal(await notesOf('ED-1'), 'Notes of ED-1');
  });

  it('refuses an invalid division with field messages', async () => {
    const bad = await call(server.url, '/api/admin/divisions', { token: admin.token, body: { division_name: '', theme_color: 'blue', logo_url: 'javascript:alert(1)', requires_supervisory_approval: 'yes' }, headers: { 'idempotency-key': key() } });
    assert.equal(bad.status, 422);
    const errors = fieldErrors(bad);
    assert.equal(errors.division_name, 'Required');
    assert.equal(errors.theme_color, THEME_COLOR_RULE);
    assert.equal(errors.logo_url, LOGO_RULE);
    assert.ok(errors.requires_supervisory_approval);
  });
});

describe('work queues', () => {
  it('previews the count of a rule through the list engine, and refuses a bad rule with its message', async () => {
    const preview = async (rule: string) => call(server.url, '/api/admin/queues/preview', { token: admin.token, body: { division_uid: franklin, rule } });
    const active = await preview('episode_status_label=Active');
    assert.equal(active.status, 200, active.text);
    const list = await call(server.url, '/api/data/public/queue-patient-view?episode_status_label=Active', { token: admin.token });
    assert.equal(active.body.data.attributes.count, list.body.meta.total);
    assert.ok(active.body.data.attributes.count > 0);
    assert.deepEqual(fieldErrors(await preview('shoe_size=9')), { rule: "Unknown column 'shoe_size' for view 'queue-patient-view'" });
    assert.deepEqual(fieldErrors(await preview('referral_date__~=x')), { rule: "Unknown filter operator '~' in 'referral_date__~'" });
    assert.deepEqual(fieldErrors(await preview('birth_date=soon')), { rule: "Filter value for 'birth_date' must be a date (YYYY-MM-DD)" });
    assert.deepEqual(fieldErrors(await preview('page=2')), { rule: "'page' is not a filter" });
  });

  it('creates a queue the navigator of the division sees on their home, audited; edits it', async () => {
    const body = queue('Active From Anywhere', 'episode_status_label=Active');
    const answer = await call(server.url, `/api/admin/divisions/${franklin}/queues`, { token: admin.token, body, headers: { 'idempotency-key': key() } });
    assert.equal(answer.status, 201, answer.text);
    const created = answer.body.data.attributes;
    assert.equal(created.rule, 'episode_status_label=Active');
    assert.deepEqual(created.columns[0], { column_name: 'last_name', display_header: 'Last Name', is_hidden: false });

    const home = await call(server.url, '/api/queues', { token: navigator.token });
    const mine = home.body.data.find((q: any) => q.id === answer.body.data.id);
    assert.ok(mine, home.text);
    // The navigator's count is what they may see: the preview counted what the admin may.
    const theirs = await call(server.url, '/api/data/public/queue-patient-view?episode_status_label=Active', { token: navigator.token });
    assert.equal(mine.attributes.count, theirs.body.meta.total);
    const opened = await call(server.url, `/api/queues/${answer.body.data.id}`, { token: navigator.token });
    assert.deepEqual(opened.body.data.attributes.queue_list_view_column_map.map((c: any) => c.column_name), ['last_name', 'patient_uid']);

    const [entry] = await audit('CreatedQueue');
    assert.equal(entry.target_label, 'Franklin County Care: Active From Anywhere');

    const edited = await call(server.url, `/api/admin/queues/${answer.body.data.id}`, { method: 'PUT', token: admin.token, body: queue('Pending', 'episode_status_label=Pending&referral_source_label__like=Emergency Dept') });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.attributes.rule, 'episode_status_label=Pending&referral_source_label__like=Emergency%20Dept');
    const [updated] = await audit('UpdatedQueue');
    assert.equal(JSON.parse(updated.before_json).queue_label, 'Active From Anywhere');
    const listed = await call(server.url, `/api/admin/divisions/${franklin}/queues`, { token: admin.token });
    assert.ok(listed.body.data.some((q: any) => q.attributes.queue_label === 'Pending'));
    assert.ok(listed.body.meta.view_columns.includes('episode_status_label'));
  });

  it('refuses an invalid queue with field messages', async () => {
    const post = (body: unknown) => call(server.url, `/api/admin/divisions/${franklin}/queues`, { token: admin.token, body, headers: { 'idempotency-key': key() } });
    assert.deepEqual(fieldErrors(await post(queue('', ''))), { queue_label: 'Required' });
    assert.deepEqual(fieldErrors(await post(queue('Q', 'nope=1'))), { rule: "Unknown column 'nope' for view 'queue-patient-view'" });
    assert.deepEqual(fieldErrors(await post(queue('Q', '', { default_sort: 'shoe' }))), { default_sort: "Unknown sort column 'shoe' for view 'queue-patient-view'" });
    assert.deepEqual(fieldErrors(await post(queue('Q', '', { columns: [{ column_name: 'ssn', display_header: 'SSN', is_hidden: false }] }))), { 'columns.0.column_name': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await post(queue('Q', '', { columns: [{ column_name: 'last_name', display_header: 'L', is_hidden: true }] }))), { columns: 'Show at least one column' });
  });
});
