import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { BREAK_GLASS_LIMIT_REACHED, BREAK_GLASS_OTHER_TOO_SHORT, BREAK_GLASS_SETTINGS, BREAK_GLASS_WRONG_PASSWORD } from '../../shared/schemas/break-glass';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';
import { withClock } from './support/clock';

/**
 * Issue 38: break the glass. A user with the flag opens one hidden record for
 * a window, read-only, every read audited, the case's people and the privacy
 * officer told once, the division's daily limit held under parallel attempts,
 * and a reviewer's "inappropriate" takes the flag away.
 */

let server: TestServer;
let facts: DemoFacts;
let division: string;
const MINUTE = 60_000;

const userUid = async (name: string) => (await server.db.selectFrom('app_user').select('user_uid').where('user_name', '=', name).executeTakeFirstOrThrow()).user_uid;

/** Sets a demo user's flags in the first division (before they sign in: a session reads its flags once). */
async function setFlags(name: string, change: (flags: string[]) => string[]) {
  const uid = await userUid(name);
  const row = await server.db.selectFrom('user_division').select('permissions').where('user_uid', '=', uid).where('division_uid', '=', division).executeTakeFirstOrThrow();
  await server.db.updateTable('user_division').set({ permissions: change([...row.permissions]) }).where('user_uid', '=', uid).where('division_uid', '=', division).execute();
}

const setting = (name: string, value: string) =>
  server.db
    .insertInto('division_setting')
    .values({ division_uid: division, setting_name: name, setting_value: value })
    .onConflict((oc) => oc.columns(['division_uid', 'setting_name']).doUpdateSet({ setting_value: value }))
    .execute();

const key = () => `bg-${crypto.randomUUID()}`;
const breakGlass = (user: LoggedIn, body: Record<string, unknown>, idempotencyKey = key()) =>
  call(server.url, '/api/break-glass', { token: user.token, body, headers: { 'idempotency-key': idempotencyKey } });
const valid = (patientUid: string) => ({ patient_uid: patientUid, reason: 'medical-emergency', password: DEMO_PASSWORD });
const readRecord = (user: LoggedIn, patientUid: string) => call(server.url, `/api/patients/${patientUid}`, { token: user.token });
const glassReads = (eventUid: string) =>
  server.db.selectFrom('audit_entry').select('action').where('break_glass_uid', '=', eventUid).where('action', '=', 'BreakGlassRead').execute();

/** A restricted patient of the first division nobody is case-linked to. */
async function hiddenPatient(last = 'Glass'): Promise<string> {
  const row = await server.db
    .insertInto('patient')
    .values({ division_uid: division, first_name: 'Hidden', last_name: last, restricted_flag: '1', birth_date: '2015-02-03' })
    .returning('patient_uid')
    .executeTakeFirstOrThrow();
  return row.patient_uid;
}

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  division = facts.divisionUids[0];
  // The demo's CIT supervisor has the flag and its director is the privacy officer; the tests say so rather than rely on it.
  await setFlags('cit-supervisor', (f) => [...new Set([...f, 'breakGlass'])]);
  await setFlags('director', (f) => [...new Set([...f, 'privacyOfficer'])]);
});
after(async () => {
  await server?.stop();
});

describe('the program dashboard', () => {
  it('counts the division’s events not reviewed within 3 days (the demo has one of its two)', async () => {
    const overdue = async () => {
      const director = await login(server.url, 'director');
      return (await call(server.url, '/api/reports/program-dashboard', { token: director.token })).body.data.emergency_access_overdue;
    };
    assert.equal(await overdue(), 1);
    const sup = await login(server.url, 'cit-supervisor');
    assert.equal((await breakGlass(sup, valid(await hiddenPatient('Fresh')))).status, 201);
    assert.equal(await overdue(), 1, 'a new event is not overdue');
    await withClock(async (move) => {
      move(3 * 24 * 60 * MINUTE + MINUTE);
      assert.equal(await overdue(), 2);
    });
  });
});

describe('POST /api/break-glass: who may', () => {
  it('refuses a user without the flag (403) and keeps the record 404 for them', async () => {
    const cit = await login(server.url, 'cit');
    errorsOf(await breakGlass(cit, valid(facts.restricted.others[0])), 403);
    errorsOf(await readRecord(cit, facts.restricted.others[0]), 404);
  });

  it('answers 404 for another division’s patient, an unknown or a malformed id, and 422 for a record the caller can already open', async () => {
    const sup = await login(server.url, 'cit-supervisor');
    const other = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).where('restricted_flag', '=', '1').executeTakeFirst())?.patient_uid
      ?? (await server.db.insertInto('patient').values({ division_uid: facts.divisionUids[1], first_name: 'Other', last_name: 'Division', restricted_flag: '1' }).returning('patient_uid').executeTakeFirstOrThrow()).patient_uid;
    for (const id of [other, crypto.randomUUID(), 'not-an-id']) errorsOf(await breakGlass(sup, valid(id)), 404);
    const plain = await server.db.insertInto('patient').values({ division_uid: division, first_name: 'Plain', last_name: 'Visible', restricted_flag: '0' }).returning('patient_uid').executeTakeFirstOrThrow();
    assert.deepEqual(fieldErrors(await breakGlass(sup, valid(plain.patient_uid))), { patient_uid: 'You can open this record without emergency access' });
  });

  it('needs a reason, a stated one of 20 characters for Other, and the user’s password', async () => {
    const sup = await login(server.url, 'cit-supervisor');
    const patient = await hiddenPatient('Reasons');
    assert.deepEqual(fieldErrors(await breakGlass(sup, { patient_uid: patient })), { reason: 'Required', password: 'Required' });
    assert.deepEqual(fieldErrors(await breakGlass(sup, { ...valid(patient), reason: 'other', reason_text: 'too short' })), { reason_text: BREAK_GLASS_OTHER_TOO_SHORT });
    assert.deepEqual(fieldErrors(await breakGlass(sup, { ...valid(patient), reason: 'curiosity' })), { reason: 'Choose a reason' });
    assert.deepEqual(fieldErrors(await breakGlass(sup, { ...valid(patient), password: 'wrong password' })), { password: BREAK_GLASS_WRONG_PASSWORD });
    assert.deepEqual(fieldErrors(await breakGlass(sup, { ...valid(patient), reason_text: 'x'.repeat(501) })), { reason_text: 'Must be at most 500 characters' });
    errorsOf(await readRecord(sup, patient), 404);
    assert.equal((await server.db.selectFrom('break_glass_event').select('break_glass_uid').where('patient_uid', '=', patient).execute()).length, 0);
  });
});

describe('the window', () => {
  beforeEach(() => server.db.deleteFrom('break_glass_event').execute());

  it('opens the record read-only for the division’s minutes, in every session, and closes it after them', async () => {
    await setting(BREAK_GLASS_SETTINGS.minutes.name, '15');
    const patient = await hiddenPatient('Window');
    await withClock(async (move) => {
      const sup = await login(server.url, 'cit-supervisor');
      const opened = await breakGlass(sup, { ...valid(patient), reason: 'other', reason_text: 'Officer on scene reports a child in crisis' });
      assert.equal(opened.status, 201, opened.text);
      const window = opened.body.data.attributes;
      assert.equal(new Date(window.expires_at).getTime() - new Date(window.started_at).getTime(), 15 * MINUTE);
      assert.equal(window.writes_allowed, false);

      const other = await login(server.url, 'cit-supervisor');
      for (const session of [sup, other]) assert.equal((await readRecord(session, patient)).status, 200);
      const banner = await call(server.url, `/api/patients/${patient}/break-glass`, { token: sup.token });
      assert.equal(banner.body.data.attributes.reason_text, 'Officer on scene reports a child in crisis');

      // Read-only: a write answers as if the record were not there.
      const write = await call(server.url, `/api/patients/${patient}/patient-badges`, { method: 'PUT', token: sup.token, body: { badges: [] } });
      errorsOf(write, 404);

      // Nothing else opens: the other hidden patients stay hidden.
      errorsOf(await readRecord(sup, facts.restricted.others[0]), 404);

      move(15 * MINUTE - 1000);
      assert.equal((await readRecord(sup, patient)).status, 200);
      move(2000);
      for (const session of [sup, other]) errorsOf(await readRecord(session, patient), 404);
      assert.equal((await call(server.url, `/api/patients/${patient}/break-glass`, { token: sup.token })).status, 404);
    });
  });

  it('lets the division allow writes during the window', async () => {
    await setting(BREAK_GLASS_SETTINGS.writes.name, 'true');
    try {
      const sup = await login(server.url, 'cit-supervisor');
      const patient = await hiddenPatient('Writes');
      assert.equal((await breakGlass(sup, valid(patient))).status, 201);
      const write = await call(server.url, `/api/patients/${patient}/patient-badges`, { method: 'PUT', token: sup.token, body: { badges: [] } });
      assert.notEqual(write.status, 404, write.text);
    } finally {
      await setting(BREAK_GLASS_SETTINGS.writes.name, 'false');
    }
  });

  it('writes an audit entry naming the event for every read, and one for the opening', async () => {
    const sup = await login(server.url, 'cit-supervisor');
    const patient = await hiddenPatient('Audited');
    const opened = await breakGlass(sup, valid(patient));
    const eventUid = opened.body.data.id;
    const opening = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('break_glass_uid', '=', eventUid).where('action', '=', 'BrokeGlass').execute();
    assert.deepEqual(opening, [{ action: 'BrokeGlass', message: 'Sam Supervisor used emergency access to open the record' }]);
    for (let i = 0; i < 3; i++) assert.equal((await readRecord(sup, patient)).status, 200);
    assert.equal((await call(server.url, `/api/patients/${patient}/break-glass`, { token: sup.token })).status, 200);
    // A page view's own audit entry is a POST that changes no record: the read-only window covers it.
    const view = await call(server.url, '/api/audit', { token: sup.token, body: { patient_uid: patient, action: 'ViewedPatient' } });
    assert.ok(view.status < 300, view.text);
    assert.equal((await glassReads(eventUid)).length, 5);
  });

  it('queues the e-mails to the case worker, the supervisor and the privacy officer once, whatever the retries', async () => {
    const sup = await login(server.url, 'cit-supervisor');
    const patient = await hiddenPatient('Mailed');
    await server.db.insertInto('patient_case').values({ patient_uid: patient, case_id: 'BG-1', case_category: 'Protective', wkr_name: 'Wes Worker', wkr_email: 'wes.worker@franklin.jfs.example', sup_email: 'sue.sup@franklin.jfs.example', chf_email: null }).execute();
    const idempotencyKey = key();
    const first = await breakGlass(sup, valid(patient), idempotencyKey);
    assert.equal(first.status, 201, first.text);
    const again = await breakGlass(sup, valid(patient), idempotencyKey);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    // A new key on the open window: the same window, no new event, no new mail.
    const reopened = await breakGlass(sup, valid(patient));
    assert.equal(reopened.status, 200);
    assert.equal(reopened.body.data.id, first.body.data.id);
    const mail = await server.db.selectFrom('outbox').select(['recipient', 'subject', 'body']).where('subject', '=', 'Emergency access to a restricted record').where('body', 'like', '%Mailed, Hidden%').orderBy('recipient').execute();
    assert.deepEqual(mail.map((m) => m.recipient), ['director@careweave.test', 'sue.sup@franklin.jfs.example', 'wes.worker@franklin.jfs.example']);
    assert.match(mail[0].body, /Sam Supervisor used emergency access/);
    assert.match(mail[0].body, /Reason: Medical emergency/);
    assert.match(mail[0].body, new RegExp(`/emergency-access/${first.body.data.id}`));
  });

  it('holds the division’s daily limit under 20 parallel attempts', async () => {
    await setting(BREAK_GLASS_SETTINGS.dailyLimit.name, '3');
    const sup = await login(server.url, 'cit-supervisor');
    const patients = await Promise.all(Array.from({ length: 20 }, (_, i) => hiddenPatient(`Parallel${i}`)));
    const answers = await Promise.all(patients.map((p) => breakGlass(sup, valid(p))));
    const events = await server.db.selectFrom('break_glass_event').select('break_glass_uid').where('user_uid', '=', await userUid('cit-supervisor')).execute();
    assert.equal(events.length, 3);
    assert.equal(answers.filter((a) => a.status === 201).length, 3);
    assert.ok(answers.every((a) => a.status === 201 || a.status === 429), answers.map((a) => a.status).join());
    assert.ok(answers.some((a) => a.status === 429 && a.body.errors[0].message === BREAK_GLASS_LIMIT_REACHED));
    // The next day's first attempt passes again.
    await withClock(async (move) => {
      move(24 * 60 * MINUTE + 1000);
      const nextDay = await login(server.url, 'cit-supervisor');
      assert.equal((await breakGlass(nextDay, valid(await hiddenPatient('NextDay')))).status, 201);
    });
  });
});

describe('review', () => {
  let eventUid: string;
  before(async () => {
    await server.db.deleteFrom('break_glass_event').execute();
    const sup = await login(server.url, 'cit-supervisor');
    const patient = await hiddenPatient('Reviewed');
    eventUid = (await breakGlass(sup, valid(patient))).body.data.id;
    await readRecord(sup, patient);
  });

  it('is for privacy officers and administrators of the division', async () => {
    for (const name of ['navigator', 'cit-supervisor']) {
      const user = await login(server.url, name);
      errorsOf(await call(server.url, '/api/break-glass-events', { token: user.token }), 403);
    }
    const admin = await login(server.url, 'admin');
    const list = await call(server.url, '/api/break-glass-events', { token: admin.token });
    assert.equal(list.status, 200);
    const row = list.body.data.find((e: { id: string }) => e.id === eventUid).attributes;
    assert.deepEqual([row.user_display_name, row.patient_name, row.reason, row.reads, row.review_status], ['Sam Supervisor', 'Reviewed, Hidden', 'medical-emergency', 1, null]);
    const detail = await call(server.url, `/api/break-glass-events/${eventUid}`, { token: admin.token });
    assert.deepEqual(detail.body.data.relationships.reads.map((r: { call: string }) => r.call), ['GET /api/patients/:id']);
    // Another division's reviewer does not find it.
    const elsewhere = await login(server.url, 'admin');
    const switched = await call(server.url, '/api/session/current', { method: 'PUT', token: elsewhere.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    assert.equal(switched.status, 200, switched.text);
    errorsOf(await call(server.url, `/api/break-glass-events/${eventUid}`, { token: switched.body.data.attributes.token }), 404);
  });

  it('needs a status and a comment, and records the review', async () => {
    const director = await login(server.url, 'director');
    const review = (body: unknown) => call(server.url, `/api/break-glass-events/${eventUid}/review`, { method: 'PUT', token: director.token, body });
    assert.deepEqual(fieldErrors(await review({ status: 'fine' })), { status: 'Expected one of `"appropriate","inappropriate"`, but received: "fine"', comment: 'Required' });
    const done = await review({ status: 'appropriate', comment: 'Child was admitted; the allergy list was needed.' });
    assert.equal(done.status, 200, done.text);
    assert.deepEqual([done.body.data.attributes.review_status, done.body.data.attributes.reviewed_by_name], ['appropriate', 'Dana Director']);
  });

  it('an inappropriate review takes the flag away and ends the user’s open windows', async () => {
    const sup = await login(server.url, 'cit-supervisor');
    const patient = await hiddenPatient('Inappropriate');
    const opened = await breakGlass(sup, valid(patient));
    assert.equal(opened.status, 201, opened.text);
    errorsOf(await call(server.url, `/api/break-glass-events/${opened.body.data.id}/review`, { method: 'PUT', token: sup.token, body: { status: 'appropriate', comment: 'mine' } }), 403);
    const director = await login(server.url, 'director');
    const done = await call(server.url, `/api/break-glass-events/${opened.body.data.id}/review`, { method: 'PUT', token: director.token, body: { status: 'inappropriate', comment: 'No emergency recorded.' } });
    assert.equal(done.status, 200, done.text);
    errorsOf(await readRecord(sup, patient), 404);
    errorsOf(await breakGlass(sup, valid(await hiddenPatient('Again'))), 403);
    const flags = await sql<{ permissions: string[] }>`select permissions from user_division where user_uid = ${await userUid('cit-supervisor')} and division_uid = ${division}`.execute(server.db);
    assert.ok(!flags.rows[0].permissions.includes('breakGlass'));
    await setFlags('cit-supervisor', (f) => [...new Set([...f, 'breakGlass'])]);
  });
});
