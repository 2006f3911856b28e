import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_EXT_INSTANCE } from '../../server/db/seed/ext';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { DEFAULT_STRINGS } from '../../shared/i18n-defaults';
import { call, demoFacts, login, type DemoFacts } from './support/http';

/**
 * Spec 000: patients are "also called individuals or clients; the label can
 * be changed by translation" (`GET translations`), per division; and a nav
 * item's queryParams (spec 000 section 3 "Nav item") reach the menu.
 */

let server: TestServer;
let facts: DemoFacts;

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  await server.db
    .insertInto('division_translation')
    .values([
      { division_uid: facts.divisionUids[0], lang: 'en-US', key: 'patient', value: 'Client' },
      { division_uid: facts.divisionUids[1], lang: 'en-US', key: 'patient', value: 'Individual' },
    ])
    .execute();
});
after(async () => {
  await server?.stop();
});

describe('GET /api/translations: the install’s strings, the current division’s own over them', () => {
  it('signed out: the install’s', async () => {
    const answer = await call(server.url, '/api/translations');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.data.attributes.strings, DEFAULT_STRINGS);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  });

  it('signed in: the current division’s word for a patient; another division’s stays its own', async () => {
    const nav = await login(server.url, 'navigator');
    const strings = (await call(server.url, '/api/translations', { token: nav.token })).body.data.attributes.strings;
    assert.deepEqual(strings, { ...DEFAULT_STRINGS, patient: 'Client' });
    // The same user in the other division.
    const switched = await call(server.url, '/api/session/current', { token: nav.token, method: 'PUT', body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    assert.equal(switched.status, 200, switched.text);
    const token = switched.body.data.attributes.token ?? nav.token;
    assert.equal((await call(server.url, '/api/translations', { token })).body.data.attributes.strings.patient, 'Individual');
    // Another language has none of the division's English words.
    assert.deepEqual((await call(server.url, '/api/translations?lang=fr-FR', { token })).body.data.attributes.strings, {});
  });

  it("a public link's index carries its division's words", async () => {
    const index = await call(server.url, `/api/ext/${DEMO_EXT_INSTANCE}/index`);
    assert.equal(index.body.data.attributes.translations.patient, 'Client');
  });
});

describe('nav items carry their queryParams', () => {
  it('the record menu’s items answer query_params (null unless set)', async () => {
    await server.db.updateTable('nav_item').set({ query_params: 'tab=inactive' }).where('ref_data_type', '=', 'patient').where('route', '=', 'care-team').execute();
    const nav = await login(server.url, 'navigator');
    const answer = await call(server.url, '/api/data/reference/reference-nav-item?ref_data_type=patient&all-data=1', { token: nav.token });
    assert.equal(answer.status, 200, answer.text);
    const byRoute = Object.fromEntries(answer.body.data.map((r: { attributes: { route: string; query_params: string | null } }) => [r.attributes.route, r.attributes.query_params]));
    assert.equal(byRoute['care-team'], 'tab=inactive');
    assert.equal(byRoute['face-sheet'], null);
  });
});
