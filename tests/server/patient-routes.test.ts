import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../../server/auth/password';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { PUBLIC_VIEWS } from '../../server/dataviews/registry';
import { declaredRoutes, permits } from '../../server/security/access';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { FLAGS } from '../../shared/permissions';
import { call, demoFacts, login, type DemoFacts, type LoggedIn } from './support/http';

/**
 * Issue 8 section 7, by walking what the server registered (never a list
 * written here): every route that names a patient, and every data view of one
 * patient's rows, answers the same 404 for a patient of another division, a
 * restricted case not linked to the caller and an adoption case, so a route
 * added later without the guard fails here.
 */
let server: TestServer;
let facts: DemoFacts;
let caller: LoggedIn;
let hidden: Record<string, string>;
let visible: string;
let flags: string[];

const ZERO = '00000000-0000-0000-0000-000000000000';

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  // Every flag but the three that widen patient visibility: the guard, not a missing flag, must refuse.
  flags = FLAGS.filter((f) => !['identityViewRestricted', 'identityViewAdopt', 'isIdentityHealthcareUser', 'ownCredentialService'].includes(f));
  const user = await server.db
    .insertInto('app_user')
    .values({ user_name: 'guard-walker', display_name: 'Gail Walker', email_address: 'walker@careweave.test', password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('user_division').values({ user_uid: user.user_uid, division_uid: facts.divisionUids[0], permissions: flags }).execute();
  caller = await login(server.url, 'guard-walker');
  const other = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).limit(1).executeTakeFirstOrThrow();
  hidden = { 'another division': other.patient_uid, 'a restricted case': facts.restricted.others[0], 'an adoption case': facts.adoption[0] };
  // A patient the caller may see, as the server says: picked from the table by id, it was now and then an adoption case (random ids).
  const list = await call(server.url, '/api/data/public/patient-list?page-size=1', { token: caller.token });
  visible = (list.body as { data: { id: string }[] }).data[0].id;
});
after(async () => {
  await server?.stop();
});

const guardAnswer = { errors: [{ message: 'Patient not found' }] };

describe('every patient route goes through the patient access guard', () => {
  const patientRoutes = () => declaredRoutes.filter((r) => r.patient);

  it('the server has patient routes to walk, and each path that names a patient declares it', () => {
    assert.ok(patientRoutes().length > 0);
    for (const r of declaredRoutes) if (/\/patients?\/:/.test(r.url)) assert.ok(r.patient, `${r.method} ${r.url}`);
  });

  it('each answers 404 "Patient not found" for a patient the caller may not see, and lets a visible one through', async () => {
    const mine = Object.fromEntries(flags.map((f) => [f, true]));
    for (const route of patientRoutes()) {
      const path = (patientUid: string) => route.url.replace(`:${route.patient}`, patientUid).replace(/:[A-Za-z]+/g, ZERO);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      // A route only a visibility-widening flag opens (the Hospital Registration Sheet is for healthcare users) is refused
      // by its flag before any patient is looked at: the same 403 whoever the patient is.
      if (!permits(route.access, mine)) {
        for (const patientUid of [...Object.values(hidden), visible]) {
          assert.equal((await call(server.url, path(patientUid), { method: route.method, token: caller.token, body })).status, 403, `${route.method} ${route.url}`);
        }
        continue;
      }
      for (const [why, patientUid] of Object.entries(hidden)) {
        const answer = await call(server.url, path(patientUid), { method: route.method, token: caller.token, body });
        assert.equal(answer.status, 404, `${route.method} ${route.url} for ${why}: ${answer.text}`);
        assert.deepEqual(answer.body, guardAnswer, `${route.method} ${route.url} for ${why}`);
      }
      const open = await call(server.url, path(visible), { method: route.method, token: caller.token, body });
      assert.notDeepEqual(open.body, guardAnswer, `${route.method} ${route.url} for a visible patient`);
    }
  });

  it("each list of one patient's rows answers the same 404, and needs the patient named", async () => {
    for (const view of Object.values(PUBLIC_VIEWS).filter((v) => v.patientColumn)) {
      const url = (patientUid: string) => `/api/data/public/${view.name}?${view.patientColumn}=${patientUid}`;
      for (const [why, patientUid] of Object.entries(hidden)) {
        const answer = await call(server.url, url(patientUid), { token: caller.token });
        assert.deepEqual([answer.status, answer.body], [404, guardAnswer], `${view.name} for ${why}`);
      }
      assert.equal((await call(server.url, url(visible), { token: caller.token })).status, 200, view.name);
      assert.equal((await call(server.url, `/api/data/public/${view.name}`, { token: caller.token })).status, 400, `${view.name} without a patient`);
    }
  });
});
