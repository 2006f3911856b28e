import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EHR_ISSUER_TAKEN } from '../../server/admin/ehrs.repository';
import { EHR_NOT_FOUND, LINK_NOT_FOUND } from '../../server/admin/ehrs.routes';
import { DEMO_EHR } from '../../server/demo-oidc/demo-ehr';
import { findEhr } from '../../server/smart/ehr-registrations.repository';
import { SMART_SCOPES } from '../../server/smart/smart.routes';
import { linkedUser, requestLink } from '../../server/smart/user-links.repository';
import { runAdminCommand } from '../../server/testing/admin-command';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { EHR_ISSUER_RULE, LINK_USER_UNKNOWN, linkUserLacksDivision, MRN_SYSTEM_RULE, SECRET_OR_REMOVE } from '../../shared/schemas/ehr-registrations';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

const key = () => `admin-ehr-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';
const SECRET = 'hospital-client-secret-do-not-show';
const NEW_SECRET = 'rotated-hospital-secret-do-not-show';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let orgUid: string;
let franklin: string;
let summit: string;
let other: OtherOrganization;
let otherEhr: string;
let otherLink: string;

const ehr = (extra: Record<string, unknown> = {}) => ({
  display_name: 'Summit Hospital EHR',
  issuer: 'https://fhir.summit-hospital.test/r4/',
  client_id: 'careweave-summit',
  client_secret: SECRET,
  mrn_system: 'urn:oid:2.16.840.1.113883.3.9999',
  division_uid: summit,
  is_active: true,
  ...extra,
});

const create = (body: unknown, token = admin.token, idem = key()) => call(server.url, '/api/admin/ehrs', { token, body, headers: { 'idempotency-key': idem } });
const update = (id: string, body: unknown, token = admin.token) => call(server.url, `/api/admin/ehrs/${id}`, { method: 'PUT', token, body });
const list = () => call(server.url, '/api/admin/ehrs', { token: admin.token });
const links = () => call(server.url, '/api/admin/ehr-user-links', { token: admin.token });
const decide = (id: string, body: unknown, token = admin.token) => call(server.url, `/api/admin/ehr-user-links/${id}`, { method: 'PUT', token, body });
const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);
const userUid = async (userName: string) => (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', userName).executeTakeFirstOrThrow()).user_uid;
const divisionUid = async (name: string) => (await server.db.selectFrom('division').select(['division_uid', 'org_uid']).where('division_name', '=', name).executeTakeFirstOrThrow());

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  const f = await divisionUid('Franklin County Care');
  [franklin, orgUid] = [f.division_uid, f.org_uid];
  summit = (await divisionUid('Summit County Care')).division_uid;
  other = await createOtherOrganization(server.db);
  otherEhr = (
    await server.db
      .insertInto('ehr_registration')
      .values({ org_uid: other.orgUid, display_name: 'Elsewhere EHR', issuer: 'https://ehr.elsewhere.test/fhir', client_id: 'elsewhere', client_secret: 'elsewhere-secret', mrn_system: 'urn:elsewhere', division_uid: other.divisionUid })
      .returning('ehr_uid')
      .executeTakeFirstOrThrow()
  ).ehr_uid;
  await requestLink(server.db, (await findEhr(server.db, otherEhr))!, 'Practitioner/olive', 'Olive Other');
  otherLink = (await server.db.selectFrom('external_user_link').select('link_uid').where('source', '=', otherEhr).executeTakeFirstOrThrow()).link_uid;
});
after(async () => {
  await server?.stop();
});

describe('EHR admin routes: who may call them', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/api/admin/ehrs'],
    ['POST', '/api/admin/ehrs', { display_name: 'X' }],
    ['PUT', `/api/admin/ehrs/${uuid}`, { display_name: 'X' }],
    ['GET', '/api/admin/ehr-user-links'],
    ['PUT', `/api/admin/ehr-user-links/${uuid}`, { status: 'refused' }],
  ];
  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
      errorsOf(await call(server.url, path, { method, body, headers: { 'idempotency-key': key() } }), 401);
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body, token: navigator.token, headers: { 'idempotency-key': key() } }), 403), [{ message: 'You do not have access to this resource' }]);
    });
  }

  it("lists the admin's organisation's EHRs only, never a secret, with what to register in the EHR; another organisation's is a 404", async () => {
    const answer = await list();
    assert.equal(answer.status, 200, answer.text);
    const names = answer.body.data.map((e: any) => e.attributes.display_name);
    assert.ok(names.includes(DEMO_EHR.name), names.join(', '));
    assert.ok(!names.includes('Elsewhere EHR'), names.join(', '));
    for (const secret of ['elsewhere-secret', DEMO_EHR.clientSecret]) assert.ok(!answer.text.includes(secret), secret);
    const demo = answer.body.data.find((e: any) => e.attributes.display_name === DEMO_EHR.name).attributes;
    assert.deepEqual([demo.has_client_secret, demo.division_name, 'client_secret' in demo], [true, 'Franklin County Care', false]);
    assert.match(answer.body.meta.launch_url, /^http:\/\/localhost:\d+\/smart\/launch$/);
    assert.equal(answer.body.meta.redirect_url, answer.body.meta.launch_url.replace(/launch$/, 'callback'));
    assert.equal(answer.body.meta.scopes, SMART_SCOPES);
    assert.equal(SMART_SCOPES, 'launch openid fhirUser patient/Patient.rs');

    assert.deepEqual(errorsOf(await update(otherEhr, ehr({ division_uid: other.divisionUid, issuer: 'https://ehr.elsewhere.test/fhir' })), 404), [{ message: EHR_NOT_FOUND }]);
    errorsOf(await update('not-a-uuid', ehr()), 404);
    const theirs = await server.db.selectFrom('ehr_registration').select(['display_name', 'client_secret']).where('ehr_uid', '=', otherEhr).executeTakeFirstOrThrow();
    assert.deepEqual(theirs, { display_name: 'Elsewhere EHR', client_secret: 'elsewhere-secret' });
  });
});

describe('EHR registrations', () => {
  let ehrUid: string;

  it('registers an EHR, audited, the issuer without its trailing slash; the secret is never answered or logged', async () => {
    const idem = key();
    const answer = await create(ehr(), admin.token, idem);
    assert.equal(answer.status, 201, answer.text);
    ehrUid = answer.body.data.id;
    assert.ok(!answer.text.includes(SECRET));
    assert.deepEqual(answer.body.data.attributes, {
      ehr_uid: ehrUid,
      display_name: 'Summit Hospital EHR',
      issuer: 'https://fhir.summit-hospital.test/r4',
      client_id: 'careweave-summit',
      has_client_secret: true,
      mrn_system: 'urn:oid:2.16.840.1.113883.3.9999',
      division_uid: summit,
      division_name: 'Summit County Care',
      is_active: true,
    });
    const stored = await server.db.selectFrom('ehr_registration').selectAll().where('ehr_uid', '=', ehrUid).executeTakeFirstOrThrow();
    assert.deepEqual([stored.client_secret, stored.org_uid, stored.issuer], [SECRET, orgUid, 'https://fhir.summit-hospital.test/r4']);

    const replay = await create(ehr(), admin.token, idem);
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.data.id, ehrUid);

    const listed = await list();
    assert.ok(!listed.text.includes(SECRET));
    assert.equal(listed.body.data.find((e: any) => e.id === ehrUid).attributes.has_client_secret, true);

    const [entry] = await audit('CreatedEhr');
    assert.equal(entry.target_label, 'Summit Hospital EHR');
    assert.equal(entry.actor_name, 'Ada Admin');
    assert.ok(!entry.after_json.includes(SECRET));
    assert.deepEqual(JSON.parse(entry.after_json), {
      displayName: 'Summit Hospital EHR',
      issuer: 'https://fhir.summit-hospital.test/r4',
      clientId: 'careweave-summit',
      mrnSystem: 'urn:oid:2.16.840.1.113883.3.9999',
      divisionName: 'Summit County Care',
      isActive: true,
      clientSecret: 'set',
    });
  });

  it('a public client has no secret', async () => {
    const answer = await create(ehr({ issuer: 'https://public.summit-hospital.test/fhir', client_secret: '', display_name: 'Public EHR' }));
    assert.equal(answer.status, 201, answer.text);
    assert.equal(answer.body.data.attributes.has_client_secret, false);
    const stored = await server.db.selectFrom('ehr_registration').select('client_secret').where('ehr_uid', '=', answer.body.data.id).executeTakeFirstOrThrow();
    assert.equal(stored.client_secret, null);
    assert.equal(JSON.parse((await audit('CreatedEhr'))[0].after_json).clientSecret, 'none');
  });

  it('edits an EHR, audited: an empty secret keeps the stored one, a new one is logged as changed, a removal as removed, never shown', async () => {
    const secretOf = async () => (await server.db.selectFrom('ehr_registration').select('client_secret').where('ehr_uid', '=', ehrUid).executeTakeFirstOrThrow()).client_secret;
    const kept = await update(ehrUid, ehr({ display_name: 'Summit General EHR', client_secret: '', is_active: false }));
    assert.equal(kept.status, 200, kept.text);
    assert.deepEqual([kept.body.data.attributes.display_name, kept.body.data.attributes.has_client_secret, kept.body.data.attributes.is_active], ['Summit General EHR', true, false]);
    assert.equal(await secretOf(), SECRET);
    let [entry] = await audit('UpdatedEhr');
    assert.deepEqual([JSON.parse(entry.before_json).displayName, JSON.parse(entry.after_json).displayName, JSON.parse(entry.after_json).isActive], ['Summit Hospital EHR', 'Summit General EHR', false]);
    assert.equal(JSON.parse(entry.after_json).clientSecret, undefined, 'the secret did not change');

    const rotated = await update(ehrUid, ehr({ client_secret: NEW_SECRET }));
    assert.equal(rotated.status, 200, rotated.text);
    assert.ok(!rotated.text.includes(NEW_SECRET));
    assert.equal(await secretOf(), NEW_SECRET);
    [entry] = await audit('UpdatedEhr');
    assert.equal(JSON.parse(entry.after_json).clientSecret, 'changed');

    assert.deepEqual(fieldErrors(await update(ehrUid, ehr({ client_secret: 'x', remove_client_secret: true }))), { client_secret: SECRET_OR_REMOVE });
    const removed = await update(ehrUid, ehr({ client_secret: '', remove_client_secret: true }));
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.data.attributes.has_client_secret, false);
    assert.equal(await secretOf(), null);
    [entry] = await audit('UpdatedEhr');
    assert.equal(JSON.parse(entry.after_json).clientSecret, 'removed');
    assert.equal((await update(ehrUid, ehr({ client_secret: SECRET }))).status, 200);
    for (const e of await audit('UpdatedEhr')) assert.ok(![SECRET, NEW_SECRET].some((s) => `${e.before_json}${e.after_json}`.includes(s)));
  });

  it('refuses an issuer that is not https (http only on this machine), on its field', async () => {
    for (const issuer of ['http://fhir.example.com/r4', 'ftp://fhir.example.com', 'https://user:pw@fhir.example.com', 'not a url']) {
      assert.deepEqual(fieldErrors(await create(ehr({ issuer }))), { issuer: EHR_ISSUER_RULE }, issuer);
    }
    assert.deepEqual(fieldErrors(await update(ehrUid, ehr({ issuer: 'http://fhir.example.com' }))), { issuer: EHR_ISSUER_RULE });
    const local = await create(ehr({ issuer: 'http://127.0.0.1:9999/fhir', display_name: 'Local EHR' }));
    assert.equal(local.status, 201, local.text);
  });

  it("refuses another organisation's division, and an issuer already registered (here or by another organisation)", async () => {
    assert.deepEqual(fieldErrors(await create(ehr({ issuer: 'https://new.summit-hospital.test/fhir', division_uid: other.divisionUid }))), { division_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(ehr({ issuer: 'https://new.summit-hospital.test/fhir', division_uid: uuid }))), { division_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await update(ehrUid, ehr({ division_uid: other.divisionUid }))), { division_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(ehr())), { issuer: EHR_ISSUER_TAKEN });
    assert.deepEqual(fieldErrors(await create(ehr({ issuer: 'https://fhir.summit-hospital.test/r4' }))), { issuer: EHR_ISSUER_TAKEN });
    assert.deepEqual(fieldErrors(await create(ehr({ issuer: 'https://ehr.elsewhere.test/fhir/' }))), { issuer: EHR_ISSUER_TAKEN });
    const publicEhr = (await list()).body.data.find((e: any) => e.attributes.display_name === 'Public EHR').id;
    assert.deepEqual(fieldErrors(await update(publicEhr, ehr({ display_name: 'Public EHR' }))), { issuer: EHR_ISSUER_TAKEN });
    // Its own issuer is not a duplicate.
    assert.equal((await update(ehrUid, ehr({ issuer: 'https://fhir.summit-hospital.test/r4' }))).status, 200);
  });

  it('checks the rest of the form on its fields', async () => {
    const fresh = { issuer: 'https://other.summit-hospital.test/fhir' };
    assert.deepEqual(fieldErrors(await create({ ...fresh, is_active: true })), { display_name: 'Required', client_id: 'Required', mrn_system: 'Required', division_uid: 'Required' });
    assert.deepEqual(fieldErrors(await create(ehr({ ...fresh, mrn_system: 'medical record number' }))), { mrn_system: MRN_SYSTEM_RULE });
    assert.deepEqual(fieldErrors(await create(ehr({ ...fresh, display_name: 'x'.repeat(101) }))), { display_name: 'Must be at most 100 characters' });
  });
});

describe('EHR user links', () => {
  let summitEhr: Awaited<ReturnType<typeof findEhr>> & object;
  let pending: string;
  let nora: string;
  let cory: string;

  before(async () => {
    const id = (await server.db.selectFrom('ehr_registration').select('ehr_uid').where('issuer', '=', 'https://fhir.summit-hospital.test/r4').executeTakeFirstOrThrow()).ehr_uid;
    summitEhr = (await findEhr(server.db, id))!;
    await requestLink(server.db, summitEhr, 'Practitioner/nora', 'Nora N. Navigator');
    pending = (await server.db.selectFrom('external_user_link').select('link_uid').where('source', '=', id).where('subject', '=', 'Practitioner/nora').executeTakeFirstOrThrow()).link_uid;
    [nora, cory] = [await userUid('navigator'), await userUid('community')];
  });

  it("lists the organisation's EHR users, waiting ones first, with the EHR's name, and who they may be linked to; never another organisation's", async () => {
    const answer = await links();
    assert.equal(answer.status, 200, answer.text);
    const rows = answer.body.data.map((l: any) => l.attributes);
    assert.ok(rows.length >= 2, answer.text);
    const statuses = rows.map((r: any) => r.status);
    assert.deepEqual(statuses, [...statuses].sort((a: string, b: string) => Number(b === 'pending') - Number(a === 'pending')), 'pending first');
    const mine = rows.find((r: any) => r.link_uid === pending);
    assert.deepEqual(
      [mine.status, mine.ehr_name, mine.division_name, mine.subject, mine.display_name, mine.user_uid],
      ['pending', 'Summit Hospital EHR', 'Summit County Care', 'Practitioner/nora', 'Nora N. Navigator', null],
    );
    assert.ok(rows.some((r: any) => r.status === 'approved' && r.ehr_name === DEMO_EHR.name), 'the demo EHR\'s approved clinicians');
    assert.ok(!rows.some((r: any) => r.link_uid === otherLink));
    const users = answer.body.meta.users;
    assert.deepEqual(users.find((u: any) => u.user_uid === nora).division_uids.sort(), [franklin, summit].sort());
    assert.deepEqual(users.find((u: any) => u.user_uid === cory).division_uids, [franklin]);
    assert.ok(!users.some((u: any) => u.user_name === other.userName));
    assert.deepEqual(errorsOf(await decide(otherLink, { status: 'refused' }), 404), [{ message: LINK_NOT_FOUND }]);
    errorsOf(await decide('not-a-uuid', { status: 'refused' }), 404);
  });

  it('approval needs an active user of the organisation with access to the EHR\'s division', async () => {
    assert.deepEqual(fieldErrors(await decide(pending, { status: 'approved' })), { user_uid: 'Required' });
    assert.deepEqual(fieldErrors(await decide(pending, { status: 'approved', user_uid: cory })), { user_uid: linkUserLacksDivision('Summit County Care') });
    assert.deepEqual(fieldErrors(await decide(pending, { status: 'approved', user_uid: await userUid(other.userName) })), { user_uid: LINK_USER_UNKNOWN });
    assert.deepEqual(fieldErrors(await decide(pending, { status: 'approved', user_uid: uuid })), { user_uid: LINK_USER_UNKNOWN });
    assert.deepEqual(fieldErrors(await decide(pending, { status: 'approved', user_uid: 'nobody' })), { user_uid: LINK_USER_UNKNOWN });
    assert.deepEqual(fieldErrors(await decide(pending, { status: 'maybe' })), { status: 'Expected one of `"approved","refused"`, but received: "maybe"' });
    const inactive = await userUid('director');
    await server.db.updateTable('app_user').set({ is_active: false }).where('user_uid', '=', inactive).execute();
    try {
      assert.deepEqual(fieldErrors(await decide(pending, { status: 'approved', user_uid: inactive })), { user_uid: LINK_USER_UNKNOWN });
    } finally {
      await server.db.updateTable('app_user').set({ is_active: true }).where('user_uid', '=', inactive).execute();
    }
    assert.equal((await linkedUser(server.db, summitEhr, 'Practitioner/nora')).state, 'pending', 'nothing decided');
    assert.equal((await audit('ApprovedUserLink')).length, 0);
  });

  it('approving makes the launch sign the user in; audited', async () => {
    const answer = await decide(pending, { status: 'approved', user_uid: nora });
    assert.equal(answer.status, 200, answer.text);
    const link = answer.body.data.attributes;
    assert.deepEqual([link.status, link.user_uid, link.user_display_name, link.decided_by_name], ['approved', nora, 'Nora Navigator', 'Ada Admin']);
    assert.ok(link.decided_at);
    const launch = await linkedUser(server.db, summitEhr, 'Practitioner/nora');
    assert.equal(launch.state, 'approved');
    assert.equal(launch.state === 'approved' && launch.userUid, nora);
    const [entry] = await audit('ApprovedUserLink');
    assert.equal(entry.target_label, 'Nora N. Navigator (Practitioner/nora)');
    assert.deepEqual(
      [JSON.parse(entry.before_json), JSON.parse(entry.after_json)],
      [
        { ehr: 'Summit Hospital EHR', subject: 'Practitioner/nora', status: 'pending', user: null },
        { ehr: 'Summit Hospital EHR', subject: 'Practitioner/nora', status: 'approved', user: 'Nora Navigator' },
      ],
    );
    // The same decision again changes and logs nothing.
    assert.equal((await decide(pending, { status: 'approved', user_uid: nora })).status, 200);
    assert.equal((await audit('ApprovedUserLink')).length, 1);
  });

  it("refusing ends the launch's sign-in; a refused link may be approved again, and an approved one's user changed, each audited", async () => {
    const refused = await decide(pending, { status: 'refused', user_uid: nora });
    assert.equal(refused.status, 200, refused.text);
    assert.deepEqual([refused.body.data.attributes.status, refused.body.data.attributes.user_uid], ['refused', null]);
    assert.notEqual((await linkedUser(server.db, summitEhr, 'Practitioner/nora')).state, 'approved');
    const [refusal] = await audit('RefusedUserLink');
    assert.deepEqual([JSON.parse(refusal.before_json).status, JSON.parse(refusal.after_json)], ['approved', { ehr: 'Summit Hospital EHR', subject: 'Practitioner/nora', status: 'refused', user: null }]);

    const admin2 = await userUid('admin');
    assert.equal((await decide(pending, { status: 'approved', user_uid: nora })).status, 200);
    const changed = await decide(pending, { status: 'approved', user_uid: admin2 });
    assert.equal(changed.status, 200, changed.text);
    const launch = await linkedUser(server.db, summitEhr, 'Practitioner/nora');
    assert.equal(launch.state === 'approved' && launch.userUid, admin2);
    const [entry] = await audit('ApprovedUserLink');
    assert.deepEqual([JSON.parse(entry.before_json).user, JSON.parse(entry.after_json).user], ['Nora Navigator', 'Ada Admin']);
    assert.equal((await audit('ApprovedUserLink')).length, 3);
  });
});

describe('npm run admin -- add-ehr', () => {
  const env = () => ({ databaseUrl: server.connectionString, publicUrl: 'https://care.county.test' });
  const args = (extra: string[] = []) => ['add-ehr', '--issuer', 'https://fhir.cli-hospital.test/r4/', '--client-id', 'careweave-cli', '--mrn-system', 'urn:oid:1.2.3.4', '--division', 'summit county care', ...extra];

  it('refuses bad options with their messages', async () => {
    const bad = await runAdminCommand(env(), ['add-ehr', '--issuer', 'http://fhir.example.com', '--division', 'Summit County Care']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, new RegExp(`--issuer: ${EHR_ISSUER_RULE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\n--client-id: Required\n--mrn-system: Required\nUsage: npm run admin`));
    const foreign = await runAdminCommand(env(), [...args(), '--email', 'a@b.test']);
    assert.equal(foreign.code, 2);
    assert.match(foreign.stderr, /add-ehr takes no --email/);
    const unknown = await runAdminCommand(env(), [...args(), '--scopes', 'x']);
    assert.equal(unknown.code, 2);
  });

  it('refuses a division that is not there, or that several organisations have', async () => {
    const none = await runAdminCommand(env(), ['add-ehr', '--issuer', 'https://x.test/fhir', '--client-id', 'c', '--mrn-system', 'urn:x', '--division', 'Nowhere Care']);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /No division is named "Nowhere Care"/);
    const far = await server.db.insertInto('organization').values({ org_name: 'Faraway Health', name: 'Faraway Health', market_uid: null }).returning('org_uid').executeTakeFirstOrThrow();
    await server.db.insertInto('division').values({ division_name: 'Elsewhere Care', org_uid: far.org_uid }).execute();
    const both = await runAdminCommand(env(), ['add-ehr', '--issuer', 'https://x.test/fhir', '--client-id', 'c', '--mrn-system', 'urn:x', '--division', 'Elsewhere Care']);
    assert.equal(both.code, 1);
    assert.match(both.stderr, /Several divisions are named "Elsewhere Care" \(in Elsewhere Health, Faraway Health\): add --org <organisation>/);
    const narrowed = await runAdminCommand(env(), ['add-ehr', '--issuer', 'https://x.test/fhir', '--client-id', 'c', '--mrn-system', 'urn:x', '--division', 'Elsewhere Care', '--org', 'Faraway Health']);
    assert.equal(narrowed.code, 0, narrowed.stderr);
    assert.equal((await server.db.selectFrom('ehr_registration').select('org_uid').where('issuer', '=', 'https://x.test/fhir').executeTakeFirstOrThrow()).org_uid, far.org_uid);
  });

  it('registers the EHR, audited as the command, and prints what to register in the EHR; never the secret', async () => {
    const made = await runAdminCommand(env(), args(['--client-secret', 'cli-secret-do-not-show', '--name', 'CLI Hospital']));
    assert.equal(made.code, 0, made.stderr);
    assert.ok(!`${made.stdout}${made.stderr}`.includes('cli-secret-do-not-show'));
    assert.match(made.stdout, /Registered the EHR CLI Hospital \(https:\/\/fhir\.cli-hospital\.test\/r4, confidential client\) for Summit County Care, Careweave Demo Health\./);
    assert.match(made.stdout, /Launch URL: +https:\/\/care\.county\.test\/smart\/launch\n/);
    assert.match(made.stdout, /Redirect URL: +https:\/\/care\.county\.test\/smart\/callback\n/);
    assert.match(made.stdout, new RegExp(`Scopes: +${SMART_SCOPES.replace('/', '\\/')}\n`));
    const stored = await server.db.selectFrom('ehr_registration').selectAll().where('issuer', '=', 'https://fhir.cli-hospital.test/r4').executeTakeFirstOrThrow();
    assert.deepEqual(
      [stored.display_name, stored.client_id, stored.client_secret, stored.mrn_system, stored.division_uid, stored.org_uid, stored.is_active],
      ['CLI Hospital', 'careweave-cli', 'cli-secret-do-not-show', 'urn:oid:1.2.3.4', summit, orgUid, true],
    );
    const [entry] = (await audit('CreatedEhr')).filter((e: any) => e.target_label === 'CLI Hospital');
    assert.equal(entry.actor_name, 'npm run admin');
    assert.ok(!entry.after_json.includes('cli-secret-do-not-show'));
    assert.equal(JSON.parse(entry.after_json).clientSecret, 'set');
    assert.ok((await list()).body.data.some((e: any) => e.attributes.display_name === 'CLI Hospital'), 'on the admin page');

    const again = await runAdminCommand(env(), args());
    assert.equal(again.code, 1);
    assert.match(again.stderr, new RegExp(`--issuer: ${EHR_ISSUER_TAKEN.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));

    // Without --name: named after the EHR's host; without a secret: a public client.
    const plain = await runAdminCommand(env(), ['add-ehr', '--issuer', 'https://ehr.plain.test:8443/fhir', '--client-id', 'p', '--mrn-system', 'urn:p', '--division', 'Franklin County Care']);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /Registered the EHR ehr\.plain\.test:8443 \(https:\/\/ehr\.plain\.test:8443\/fhir, public client\) for Franklin County Care/);
  });
});
