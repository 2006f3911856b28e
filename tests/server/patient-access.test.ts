import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { resolveAuth, type AuthContext } from '../../server/auth/context';
import type { Db } from '../../server/db/connect';
import { findVisiblePatient, requirePatient } from '../../server/patients/patient-access';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let url: string;
let facts: DemoFacts;
let nav: LoggedIn;
let visiblePatient: string;
let otherDivisionPatient: string;
/** A visible patient whose episode status is set: not every seeded patient has one. */
let patientWithStatus: string;

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
  nav = await login(url, 'navigator');
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const inDivision = (division: string) =>
    server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', division).where('patient_uid', 'not in', hidden).orderBy('patient_uid');
  visiblePatient = (await inDivision(facts.divisionUids[0]).limit(1).executeTakeFirstOrThrow()).patient_uid;
  otherDivisionPatient = (await inDivision(facts.divisionUids[1]).limit(1).executeTakeFirstOrThrow()).patient_uid;
  patientWithStatus = (await inDivision(facts.divisionUids[0]).where('episode_status_uid', 'is not', null).limit(1).executeTakeFirstOrThrow()).patient_uid;
});
after(async () => {
  await server?.stop();
});

/** The caller as the server resolves a bearer token. */
async function authOf(user: LoggedIn): Promise<AuthContext> {
  const request = { headers: { authorization: `Bearer ${user.token}` }, cookies: {} } as unknown as FastifyRequest;
  const auth = await resolveAuth(server.db, request, { idleMinutes: 60, maxHours: 12 });
  assert.ok(auth);
  return auth;
}

/** A signed-in GET from a patient page, as the guard sees one. */
const pageRequest = (auth: AuthContext, pageView?: string) =>
  ({ auth, method: 'GET', headers: pageView ? { 'x-page-view': pageView } : {}, routeOptions: { url: '/api/test' } }) as unknown as FastifyRequest;

/** A call through the guard from the patient's audit page. */
const read = (patientUid: string, options: { user?: LoggedIn; pageView?: string } = {}) =>
  call(url, `/api/patients/${encodeURIComponent(patientUid)}/audit-messages`, {
    token: (options.user ?? nav).token,
    headers: options.pageView ? { 'x-page-view': options.pageView } : {},
  });

const viewsOf = (patientUid: string) =>
  server.db.selectFrom('audit_entry').selectAll().where('patient_uid', '=', patientUid).where('action', '=', 'ViewedPatient').orderBy('created_at').execute();

describe('findVisiblePatient', () => {
  it('returns the patient the caller may see, including her own restricted case and, for the healthcare role, adoption cases', async () => {
    const auth = await authOf(nav);
    const row = await findVisiblePatient(server.db, auth, visiblePatient);
    const stored = await server.db.selectFrom('patient').select(['patient_uid', 'first_name', 'last_name', 'division_uid']).where('patient_uid', '=', visiblePatient).executeTakeFirstOrThrow();
    assert.deepEqual({ patient_uid: row?.patient_uid, first_name: row?.first_name, last_name: row?.last_name, division_uid: row?.division_uid }, stored);
    assert.equal((await findVisiblePatient(server.db, auth, facts.restricted.mine))?.patient_uid, facts.restricted.mine);
    const health = await authOf(await login(url, 'identity-health'));
    assert.equal((await findVisiblePatient(server.db, health, facts.adoption[0]))?.patient_uid, facts.adoption[0]);
  });

  it('is undefined for another division, a restricted case not linked to the caller, an adoption case, an unknown or malformed id', async () => {
    const auth = await authOf(nav);
    for (const id of [otherDivisionPatient, ...facts.restricted.others, ...facts.adoption, crypto.randomUUID(), 'not-an-id', "' or 1=1 --", '']) {
      assert.equal(await findVisiblePatient(server.db, auth, id), undefined, id);
    }
    // identity has the full view but neither the healthcare role nor adopt-view.
    const identity = await authOf(await login(url, 'identity'));
    assert.equal(await findVisiblePatient(server.db, identity, facts.adoption[0]), undefined);
  });

  it("follows every change to a patient's cases at once (the case facts kept on the patient row)", async () => {
    const auth = await authOf(nav);
    const patient = (await server.db.insertInto('patient').values({ division_uid: facts.divisionUids[0], first_name: 'Case', last_name: 'Facts', restricted_flag: '1' }).returning('patient_uid').executeTakeFirstOrThrow()).patient_uid;
    const visible = async () => (await findVisiblePatient(server.db, auth, patient))?.patient_uid === patient;
    const listed = async () => (await call(url, `/api/data/public/patient-list?last_name=Facts&first_name=Case`, { token: nav.token })).body.data.length === 1;
    assert.deepEqual([await visible(), await listed()], [false, false], 'a restricted case with no link to the caller');
    const linked = (await server.db.insertInto('patient_case').values({ patient_uid: patient, case_category: 'Protective', sup_email: 'NAVIGATOR@careweave.test' }).returning('case_uid').executeTakeFirstOrThrow()).case_uid;
    assert.deepEqual([await visible(), await listed()], [true, true], 'the caller became its supervisor (e-mails compare without case)');
    await server.db.updateTable('patient_case').set({ case_category: 'Adoption' }).where('case_uid', '=', linked).execute();
    assert.deepEqual([await visible(), await listed()], [false, false], 'it became an adoption case');
    await server.db.deleteFrom('patient_case').where('case_uid', '=', linked).execute();
    await server.db.updateTable('patient').set({ restricted_flag: '0' }).where('patient_uid', '=', patient).execute();
    assert.deepEqual([await visible(), await listed()], [true, true], 'no case and no restriction');
  });

  it('lists show reference labels as they are now, after a rename', async () => {
    const status = (await server.db.selectFrom('patient').select(['episode_status_uid', 'episode_status_label']).where('patient_uid', '=', patientWithStatus).executeTakeFirstOrThrow());
    assert.ok(status.episode_status_uid && status.episode_status_label);
    const labelIn = async () => (await call(url, `/api/data/public/patient-list?patient_uid=${patientWithStatus}`, { token: nav.token })).body.data[0].attributes.episode_status_label;
    await server.db.updateTable('reference_data').set({ label: 'Renamed Status' }).where('uid', '=', status.episode_status_uid).execute();
    try {
      assert.equal(await labelIn(), 'Renamed Status');
    } finally {
      await server.db.updateTable('reference_data').set({ label: status.episode_status_label }).where('uid', '=', status.episode_status_uid).execute();
    }
    assert.equal(await labelIn(), status.episode_status_label);
  });
});

describe('requirePatient', () => {
  it('answers the same 404 for every patient the caller may not see, whether or not it exists', async () => {
    for (const id of [otherDivisionPatient, ...facts.restricted.others, ...facts.adoption, crypto.randomUUID(), 'not-an-id']) {
      assert.deepEqual(errorsOf(await read(id), 404), [{ message: 'Patient not found' }], id);
    }
    const identity = await login(url, 'identity');
    assert.deepEqual(errorsOf(await read(facts.adoption[0], { user: identity }), 404), [{ message: 'Patient not found' }]);
  });

  it('lets the call through otherwise', async () => {
    assert.equal((await read(visiblePatient)).status, 200);
    assert.equal((await read(facts.restricted.mine)).status, 200);
    assert.equal((await read(facts.adoption[0], { user: await login(url, 'identity-health') })).status, 200);
  });

  it('writes ViewedPatient once per page view, however many calls the page makes', async () => {
    const patient = facts.restricted.mine;
    const before = (await viewsOf(patient)).length;
    const pageView = crypto.randomUUID();
    for (let i = 0; i < 3; i++) assert.equal((await read(patient, { pageView })).status, 200);
    const written = (await viewsOf(patient)).slice(before);
    assert.equal(written.length, 1);
    assert.deepEqual(
      { ...written[0], audit_uid: undefined, created_at: undefined },
      {
        audit_uid: undefined,
        created_at: undefined,
        patient_uid: patient,
        action: 'ViewedPatient',
        user_uid: nav.session.user_uid,
        division_uid: facts.divisionUids[0],
        page_view_id: pageView,
        service_method: 'GET /api/patients/:id/audit-messages',
        target_type: 'patients',
        target_uid: patient,
        message: 'Nora Navigator viewed the record',
        break_glass_uid: null,
      },
    );
  });

  it('writes one entry per page view: two page loads are two views', async () => {
    const before = (await viewsOf(visiblePatient)).length;
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const pageView of [first, second, first, second]) assert.equal((await read(visiblePatient, { pageView })).status, 200);
    assert.deepEqual((await viewsOf(visiblePatient)).slice(before).map((r) => r.page_view_id), [first, second]);
  });

  it('writes nothing for calls without the header, for patients it refuses, or with a malformed header', async () => {
    const before = (await viewsOf(visiblePatient)).length;
    assert.equal((await read(visiblePatient)).status, 200);
    assert.deepEqual(errorsOf(await read(visiblePatient, { pageView: 'page-1' }), 400), [{ message: 'The x-page-view header must be a UUID' }]);
    assert.equal((await viewsOf(visiblePatient)).length, before);
    const pageView = crypto.randomUUID();
    errorsOf(await read(facts.restricted.others[0], { pageView }), 404);
    assert.deepEqual(await viewsOf(facts.restricted.others[0]), []);
  });

  it('writes exactly one entry for 20 concurrent calls of one page view', async () => {
    const patient = facts.restricted.mine;
    const before = (await viewsOf(patient)).length;
    const pageView = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(patient, { pageView })));
    assert.deepEqual(answers.map((a) => a.status), Array(20).fill(200));
    const written = (await viewsOf(patient)).slice(before);
    assert.deepEqual(written.map((r) => r.page_view_id), [pageView]);
  });

  it("writes in the caller's transaction: committed with it, gone when it rolls back", async () => {
    const auth = await authOf(nav);
    const committed = crypto.randomUUID();
    const patient = await server.db.transaction().execute((trx) => requirePatient(trx as unknown as Db, pageRequest(auth, committed), visiblePatient));
    assert.equal(patient.patient_uid, visiblePatient);
    assert.equal((await viewsOf(visiblePatient)).filter((r) => r.page_view_id === committed).length, 1);
    const rolledBack = crypto.randomUUID();
    await assert.rejects(
      server.db.transaction().execute(async (trx) => {
        await requirePatient(trx as unknown as Db, pageRequest(auth, rolledBack), visiblePatient);
        throw new Error('the caller failed later');
      }),
      /the caller failed later/,
    );
    assert.equal((await viewsOf(visiblePatient)).filter((r) => r.page_view_id === rolledBack).length, 0);
  });
});

describe('userCanSeeRestrictedCase on the patient document', () => {
  it('is computed: true with the restricted-view permission or a case link, false otherwise', async () => {
    const admin = await login(url, 'admin');
    const canSee = async (user: LoggedIn, patientUid: string) => {
      const answer = await call(url, `/api/patients/${patientUid}`, { token: user.token });
      assert.equal(answer.status, 200, answer.text);
      return answer.body.data.attributes.user_can_see_restricted_case;
    };
    assert.equal(await canSee(nav, facts.restricted.mine), true, 'her own case: a case link');
    assert.equal(await canSee(nav, visiblePatient), false, 'no permission, no case link');
    assert.equal(await canSee(admin, facts.restricted.others[0]), true, 'the restricted-view permission');
    assert.equal(await canSee(admin, visiblePatient), true);
  });
});
