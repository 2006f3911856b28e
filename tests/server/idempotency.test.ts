import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { pruneIdempotentRequests } from '../../server/public-forms/idempotency';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { withClock } from './support/clock';
import { call, demoFacts, errorsOf, login, type Answer, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let patient: string;

const DIFFERENT_REQUEST = 'This Idempotency-Key was already used for a different request. Send a new key with a new request.';

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = (
    await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('last_name').executeTakeFirstOrThrow()
  ).patient_uid;
});
after(async () => {
  await server?.stop();
});

/** A note with its own text, so the rows a test stored can be counted. */
const noteBody = (text: string) => ({
  data: { type: 'notes', attributes: { note: text, activity_date: '2026-11-20' }, relationships: { patient: { data: { type: 'patients', id: patient } } } },
});
/** POST /api/notes with a bearer token, or with the session cookie and its CSRF token. */
const postNote = (who: LoggedIn, via: 'bearer' | 'cookie', key: string, text: string) =>
  call(server.url, '/api/notes', {
    body: noteBody(text),
    headers: { 'idempotency-key': key },
    ...(via === 'bearer' ? { token: who.token } : { cookie: who.cookie, csrf: who.csrf }),
  });
const notesWith = async (text: string) => (await server.db.selectFrom('patient_note').select('note_uid').where('note', '=', text).execute()).length;
const replayed = (answer: Answer) => answer.headers.get('idempotent-replayed') === 'true';

describe('Idempotency-Key: the signed-in user, not their session, owns the key', () => {
  it('a retry from a new session of the same user (signed in again, bearer or cookie) gets the stored answer; one row', async () => {
    const key = randomUUID();
    const text = `Retry after sign-in ${key}`;
    const first = await login(server.url, 'navigator');
    const stored = await postNote(first, 'bearer', key, text);
    assert.equal(stored.status, 201, stored.text);

    const again = await login(server.url, 'navigator');
    assert.notEqual(again.token, first.token, 'a new sign-in is a new session');
    for (const via of ['bearer', 'cookie'] as const) {
      const retry = await postNote(again, via, key, text);
      assert.equal(retry.status, stored.status, `${via}: ${retry.text}`);
      assert.deepEqual(retry.body, stored.body, via);
      assert.ok(replayed(retry), via);
    }
    // The first session signed out: the key still belongs to the user, not to that token.
    assert.equal((await call(server.url, '/api/auth/logout', { method: 'POST', token: first.token })).status, 204);
    const third = await login(server.url, 'navigator');
    assert.deepEqual((await postNote(third, 'bearer', key, text)).body, stored.body);
    assert.equal(await notesWith(text), 1);
  });

  it('parallel retries of one key from several sessions of the user store one row and all get its answer', async () => {
    const key = randomUUID();
    const text = `Parallel sessions ${key}`;
    const sessions = await Promise.all(Array.from({ length: 4 }, () => login(server.url, 'navigator')));
    const answers = await Promise.all(sessions.map((s, i) => postNote(s, i % 2 ? 'cookie' : 'bearer', key, text)));
    for (const a of answers) {
      assert.equal(a.status, 201, a.text);
      assert.deepEqual(a.body, answers[0].body);
    }
    assert.equal(answers.filter((a) => !replayed(a)).length, 1, 'one attempt ran, the others replayed it');
    assert.equal(await notesWith(text), 1);
  });

  it("another user sending the same key and body never gets the first user's answer: their key is their own", async () => {
    const key = randomUUID();
    const text = `Two users one key ${key}`;
    const nav = await login(server.url, 'navigator');
    const director = await login(server.url, 'director');
    const navAnswer = await postNote(nav, 'bearer', key, text);
    assert.equal(navAnswer.status, 201, navAnswer.text);

    const directorAnswer = await postNote(director, 'bearer', key, text);
    assert.equal(directorAnswer.status, 201, directorAnswer.text);
    assert.ok(!replayed(directorAnswer), 'not a replay');
    assert.notEqual(directorAnswer.body.data.id, navAnswer.body.data.id);
    assert.equal(directorAnswer.body.data.attributes.author_last_name, 'Director');
    assert.doesNotMatch(directorAnswer.text, new RegExp(navAnswer.body.data.id));

    // Each user's retry replays their own answer, whichever came last.
    assert.deepEqual((await postNote(await login(server.url, 'navigator'), 'cookie', key, text)).body, navAnswer.body);
    assert.deepEqual((await postNote(await login(server.url, 'director'), 'bearer', key, text)).body, directorAnswer.body);
    const rows = await server.db.selectFrom('patient_note').select('author_uid').where('note', '=', text).execute();
    assert.deepEqual(rows.map((r) => r.author_uid).sort(), [nav.session.user_uid, director.session.user_uid].sort());
  });

  it('the same user with the same key in another division is a different request (422), not a replay', async () => {
    const key = randomUUID();
    const text = `Other division ${key}`;
    const nav = await login(server.url, 'navigator');
    assert.equal((await postNote(nav, 'bearer', key, text)).status, 201);
    const switched = await call(server.url, '/api/session/current', { method: 'PUT', token: nav.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    assert.equal(switched.status, 200, switched.text);
    const elsewhere = { ...nav, token: switched.body.data.attributes.token as string };
    assert.deepEqual(errorsOf(await postNote(elsewhere, 'bearer', key, text), 422), [{ message: DIFFERENT_REQUEST }]);
    assert.equal(await notesWith(text), 1);
  });

  it('the same user and key with another body is still a 422', async () => {
    const key = randomUUID();
    const nav = await login(server.url, 'navigator');
    assert.equal((await postNote(nav, 'bearer', key, `First body ${key}`)).status, 201);
    assert.deepEqual(errorsOf(await postNote(await login(server.url, 'navigator'), 'bearer', key, `Second body ${key}`), 422), [{ message: DIFFERENT_REQUEST }]);
    assert.equal(await notesWith(`Second body ${key}`), 0);
  });
});

describe('Idempotency-Key retention', () => {
  it('a key replays its answer for a day after it was stored; once pruned after that, the same key is a new request', async () => {
    const key = randomUUID();
    const text = `Kept a day ${key}`;
    assert.equal((await postNote(await login(server.url, 'navigator'), 'bearer', key, text)).status, 201);
    await withClock(async (move) => {
      // A day, written out: a key kept longer would still replay after it.
      move(24 * 3_600_000 - 60_000);
      await pruneIdempotentRequests(server.db);
      // Sessions do not last a day: the retry comes from a new sign-in, as it would.
      const retry = await postNote(await login(server.url, 'navigator'), 'bearer', key, text);
      assert.equal(retry.status, 201);
      assert.ok(replayed(retry), 'just before the day ends, the stored answer');
      assert.equal(await notesWith(text), 1);
      move(120_000);
      await pruneIdempotentRequests(server.db);
      const late = await postNote(await login(server.url, 'navigator'), 'bearer', key, text);
      assert.equal(late.status, 201);
      assert.equal(replayed(late), false);
      assert.equal(await notesWith(text), 2);
    });
  });
});

describe('Idempotency-Key on a public form: the caller is its agency code, not a cookie', () => {
  const submit = (key: string, code: string, cookie?: string) =>
    call(server.url, '/api/handle_with_care/submit', {
      body: { officer_name: 'Officer Kim', child_first_name: 'Sam', child_last_name: 'Cookieless', child_birth_date: '2015-04-10', facility_name: 'New School', child_age: 11 },
      headers: { authorization: code, 'idempotency-key': key, ...(cookie && { cookie }) },
    });

  it('a retry with another (dead) session cookie replays; another agency code with the key is a 422, not the answer', async () => {
    const key = randomUUID();
    const first = await submit(key, DEMO_HWC_CODES.franklin, 'careweave_session=expired-one');
    assert.equal(first.status, 201, first.text);
    const retry = await submit(key, DEMO_HWC_CODES.franklin, 'careweave_session=expired-two');
    assert.equal(retry.status, 201);
    assert.ok(replayed(retry));
    assert.deepEqual(retry.body, first.body);
    assert.deepEqual(errorsOf(await submit(key, DEMO_HWC_CODES.summit), 422), [{ message: DIFFERENT_REQUEST }]);
  });
});
