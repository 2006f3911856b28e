import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { countCache } from '../../server/dataviews/count-cache';
import { addPatients } from '../../server/db/seed/patients';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';

/** `/patients` for every mode but identity (spec 001 section 2): the data view `patient-list`. */
let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;

const list = (user: LoggedIn, query: string) => call(server.url, `/api/data/public/patient-list?${query}`, { token: user.token });
const uids = (answer: { body: { data: { attributes: { patient_uid: string } }[] } }) => answer.body.data.map((r) => r.attributes.patient_uid);

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  nav = await login(server.url, 'navigator');
});
after(async () => {
  await server?.stop();
});

describe('GET /api/data/public/patient-list', () => {
  it('lists exactly the current division\'s patients the caller may see', async () => {
    const answer = await list(nav, 'all-data=1');
    assert.equal(answer.status, 200, answer.text);
    const division = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).execute();
    const hidden = new Set([...facts.restricted.others, ...facts.adoption]);
    const expected = division.map((p) => p.patient_uid).filter((p) => !hidden.has(p));
    assert.deepEqual(uids(answer).sort(), expected.sort());
    assert.equal(answer.body.meta.total, expected.length);
    assert.ok(uids(answer).includes(facts.restricted.mine), 'a restricted case linked to the caller is listed');
  });

  it('after a division switch, the other division\'s patients only', async () => {
    const switched = await call(server.url, '/api/session/current', { method: 'PUT', token: nav.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    assert.equal(switched.status, 200, switched.text);
    const user = { ...nav, token: switched.body.data.attributes.token };
    const answer = await list(user, 'all-data=1');
    const division = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).execute();
    assert.deepEqual(uids(answer).sort(), division.map((p) => p.patient_uid).sort());
    nav = await login(server.url, 'navigator');
  });

  it('pages, sorts and filters on the server', async () => {
    const first = await list(nav, 'page=1&page-size=5&sort=-last_name,first_name');
    assert.equal(first.body.data.length, 5);
    const names = first.body.data.map((r: any) => r.attributes.last_name);
    assert.deepEqual(names, [...names].sort((a: string, b: string) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    const second = await list(nav, 'page=2&page-size=5&sort=-last_name,first_name');
    assert.equal(new Set([...uids(first), ...uids(second)]).size, 10, 'pages do not overlap');
    const someone = first.body.data[0].attributes;
    const filtered = await list(nav, `last_name__like=${encodeURIComponent(someone.last_name)}&all-data=1`);
    assert.ok(filtered.body.data.length >= 1);
    assert.ok(filtered.body.data.every((r: any) => r.attributes.last_name.toLowerCase().includes(someone.last_name.toLowerCase())));
  });

  // Migration 061: the unfiltered total is summed from counts kept by triggers; the rows are read one by one.
  it('the total follows patients added, deleted, restricted, marked adoption and moved to another division', async () => {
    const agrees = async (step: string) => {
      countCache.clear();
      const answer = await list(nav, 'all-data=1');
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.body.meta.total, answer.body.data.length, step);
      return answer.body.meta.total as number;
    };
    const before = await agrees('at first');
    const known = await server.db.selectFrom('patient').select('patient_uid').execute();
    await addPatients(server.db, facts.divisionUids[0], 5);
    const added = (await server.db.selectFrom('patient').select('patient_uid').where('patient_uid', 'not in', known.map((p) => p.patient_uid)).execute()).map((p) => p.patient_uid);
    assert.equal(added.length, 5);
    assert.equal(await agrees('five added'), before + 5);
    const set = (uid: string, change: Record<string, unknown>) => server.db.updateTable('patient').set(change).where('patient_uid', '=', uid).execute();
    await set(added[0], { restricted_flag: '1' });
    assert.equal(await agrees('one restricted'), before + 4);
    await set(added[0], { case_emails: sql`array['navigator@careweave.test']` });
    assert.equal(await agrees('the caller on its case'), before + 5);
    await set(added[1], { adoption_case: true });
    await set(added[2], { division_uid: facts.divisionUids[1] });
    assert.equal(await agrees('one adoption, one moved away'), before + 3);
    await set(added[3], { last_name: 'Renamed' });
    await server.db.deleteFrom('patient').where('patient_uid', 'in', [added[0], added[4]]).execute();
    assert.equal(await agrees('renamed, two deleted'), before + 1);
  });

  it('401 without a session; 403 for identity users, who search instead', async () => {
    errorsOf(await call(server.url, '/api/data/public/patient-list'), 401);
    errorsOf(await list(await login(server.url, 'identity'), 'page=1'), 403);
    for (const user of ['community', 'cit', 'sponsor']) assert.equal((await list(await login(server.url, user), 'page=1')).status, 200, user);
  });
});
