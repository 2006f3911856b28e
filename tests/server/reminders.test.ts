import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import dayjs from 'dayjs';
import { sql } from 'kysely';
import { nowMs } from '../../shared/clock';
import { todayRange } from '../../widgets/reminders/reminders.resource';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

let server: TestServer;
let url: string;
let facts: DemoFacts;
let nav: LoggedIn;
/** The navigator's and the director's provider ids; a physician (not a navigator). */
let me: string;
let colleague: string;
let physician: string;
let other: OtherOrganization;
let ordinaryPatient: string;
let otherDivisionPatient: string;
/** The day the demo seed laid "today's" reminders on, read from the one clock once the server is up. */
let seededDay: dayjs.Dayjs;

const VIEW = '/api/data/public/home-page-notifications-view';

before(async () => {
  server = await startTestServer();
  seededDay = dayjs(nowMs());
  url = server.url;
  facts = await demoFacts(server.db);
  nav = await login(url, 'navigator');
  const providerOf = async (display: string) =>
    (await server.db.selectFrom('provider').select('provider_uid').where('display_name', '=', display).executeTakeFirstOrThrow()).provider_uid;
  [me, colleague, physician] = [await providerOf('Nora Navigator'), await providerOf('Dana Director'), await providerOf('Dr. Priya Raman')];
  other = await createOtherOrganization(server.db);
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  ordinaryPatient = (
    await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('patient_uid').limit(1).executeTakeFirstOrThrow()
  ).patient_uid;
  otherDivisionPatient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).limit(1).executeTakeFirstOrThrow()).patient_uid;
});
after(async () => {
  await server?.stop();
});

/**
 * The local day the card asks for, as ISO instants: the card's own range (todayRange) for the day the seed laid out,
 * taken once, so the query and the SQL truth never fall on two sides of a midnight (issue 40 §1).
 */
const today = () => todayRange(seededDay);
/** Keys are encoded too: a bare `reminder_date__>>=` would be read as `__>>` with a value starting with '='. */
const todayQuery = () => new URLSearchParams({ 'reminder_date__>>=': today().start, 'reminder_date__<=': today().end, is_read: 'false' }).toString();

/** What the navigator may see, by SQL: division 1, minus restricted-others and adoption patients. */
async function truth(where: ReturnType<typeof sql>, order = sql`n.reminder_date desc, n.id`) {
  const hidden = [...facts.restricted.others, ...facts.adoption];
  return (
    await sql<{ id: string; note: string }>`select n.id, n.note from notification n join patient p on p.patient_uid = n.subject_uid
      where p.division_uid = ${facts.divisionUids[0]} and n.subject_uid not in (${sql.join(hidden)}) and ${where}
      order by ${order}`.execute(server.db)
  ).rows;
}
const TODAY_UNREAD = () => sql`n.reminder_date between ${today().start} and ${today().end} and not n.is_read`;

const list = async (query: string, token = nav.token) => {
  const answer = await call(url, `${VIEW}?${query}`, { token });
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
};
const notesOf = (doc: { data: { attributes: { note: string } }[] }) => doc.data.map((d) => d.attributes.note);

/** A fresh reminder straight in the database, so each write test starts from a known row. */
async function reminder(patientUid = ordinaryPatient, values: Record<string, unknown> = {}) {
  const row = await server.db
    .insertInto('notification')
    .values({ subject_uid: patientUid, reminder_date: new Date(), note: 'Test reminder', target_uid: me, display_name: 'Nora Navigator', ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}
const stored = (id: string) => server.db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirst();
const put = (id: string, attributes: Record<string, unknown>, auth: { token?: string; cookie?: string; csrf?: string } = { token: nav.token }) =>
  call(url, `/api/data/public/notification/${id}`, { method: 'PUT', ...auth, body: { data: { type: 'notification', id, attributes } } });
const del = (id: string, auth: { token?: string; cookie?: string; csrf?: string } = { token: nav.token }) => call(url, `/api/data/public/notification/${id}`, { method: 'DELETE', ...auth });

describe('GET /api/reminders/me', () => {
  it("names the caller's navigator provider record, or null without one", async () => {
    const answer = await call(url, '/api/reminders/me', { token: nav.token });
    assert.deepEqual(answer.body, {
      data: { type: 'reminder-assignee', id: nav.session.user_uid, attributes: { user_uid: nav.session.user_uid, org_uid: nav.session.accessible_divisions[0].org_uid, provider_uid: me } },
    });
    const community = await login(url, 'community');
    assert.equal((await call(url, '/api/reminders/me', { token: community.token })).body.data.attributes.provider_uid, null);
    errorsOf(await call(url, '/api/reminders/me'), 401);
  });
});

describe('GET home-page-notifications-view (the card and the page)', () => {
  it('today, assigned to me, unread: newest first, as the database has them', async () => {
    const doc = await list(`${todayQuery()}&target_uid=${me}`);
    const expected = await truth(sql`${TODAY_UNREAD()} and n.target_uid = ${me}`);
    assert.ok(expected.length >= 4, 'the seed gives the navigator several reminders today');
    assert.deepEqual(doc.data.map((d: any) => d.id), expected.map((r) => r.id));
    const first = doc.data[0];
    assert.equal(first.type, 'home-page-notifications-view');
    assert.deepEqual(Object.keys(first.attributes).sort(), [
      'assigned_to', 'created_date', 'display_name', 'event_type_name', 'event_type_uid', 'id', 'is_active', 'is_read', 'is_saved', 'is_urgent', 'note',
      'patient_first_name', 'patient_last_name', 'patient_uid', 'reminder_date', 'reminder_type', 'route', 'target_uid', 'ui_model_name', 'updated_date',
    ]);
    assert.equal(first.attributes.assigned_to, 'Nora Navigator');
    const dates = doc.data.map((d: any) => d.attributes.reminder_date);
    assert.deepEqual(dates, [...dates].sort().reverse());
  });

  it('today, unassigned (target_uid=null), unread', async () => {
    const doc = await list(`${todayQuery()}&target_uid=null`);
    const expected = await truth(sql`${TODAY_UNREAD()} and n.target_uid is null`);
    assert.ok(expected.length >= 3);
    assert.deepEqual(doc.data.map((d: any) => d.id), expected.map((r) => r.id));
    assert.ok(doc.data.every((d: any) => d.attributes.target_uid === null && d.attributes.assigned_to === null));
  });

  it('target_uid repeated with null means mine or unassigned', async () => {
    const doc = await list(`${todayQuery()}&target_uid=${me}&target_uid=null&page-size=100`);
    const expected = await truth(sql`${TODAY_UNREAD()} and (n.target_uid = ${me} or n.target_uid is null)`);
    assert.deepEqual(doc.data.map((d: any) => d.id), expected.map((r) => r.id));
  });

  it('leaves out read ones, other days, restricted and adoption cases the navigator may not see, and other divisions', async () => {
    const all = notesOf(await list('page-size=100'));
    const shown = notesOf(await list(`${todayQuery()}&target_uid=${me}&target_uid=null&page-size=100`));
    for (const note of ['Send the release of information form', 'Return the voicemail from the care giver', 'Check in after the emergency department visit', 'Bring the insurance paperwork to the clinic'])
      assert.ok(all.includes(note) && !shown.includes(note), note);
    for (const note of ['Call the caseworker about the court date', 'Send the consent form to the adoptive parents', 'Confirm the dental appointment']) assert.ok(!all.includes(note), note);
    assert.ok(shown.includes('Visit with the caseworker on the protective case'), "the navigator is the worker on that restricted case");
    const admin = await login(url, 'admin');
    const adminNotes = notesOf(await list('page-size=100', admin.token));
    assert.ok(adminNotes.includes('Call the caseworker about the court date') && adminNotes.includes('Send the consent form to the adoptive parents'));
  });

  it('sorts by due date descending by default; other sorts by the table columns', async () => {
    const doc = await list('page-size=100');
    const dates = doc.data.map((d: any) => d.attributes.reminder_date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const byName = await list('sort=patient_last_name,-reminder_date&page-size=100');
    const expected = await truth(sql`true`, sql`p.last_name, n.reminder_date desc, n.id`);
    assert.deepEqual(byName.data.map((d: any) => d.id), expected.map((r) => r.id));
    assert.equal((await list('page-size=100')).meta.total, (await truth(sql`true`)).length);
  });

  it('refuses unknown columns and bad dates with 400; no session is 401', async () => {
    errorsOf(await call(url, `${VIEW}?subject_type=patient`, { token: nav.token }), 400);
    errorsOf(await call(url, `${VIEW}?reminder_date__%3E%3E%3D=2024-02-30`, { token: nav.token }), 400);
    errorsOf(await call(url, VIEW), 401);
  });

  it('a GET on the notification path still belongs to the generic data-view route', async () => {
    const { id } = await reminder();
    assert.deepEqual(errorsOf(await call(url, `/api/data/public/notification/${id}`, { token: nav.token }), 400), [{ message: "Unknown view 'notification'" }]);
    assert.equal((await call(url, `${VIEW}/${id}`, { token: nav.token })).body.data.id, id);
  });
});

describe('PUT /api/data/public/notification/{id}', () => {
  it('Mark as Done sets is_read and answers the list row', async () => {
    const { id } = await reminder();
    const answer = await put(id, { is_read: true });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.type, 'home-page-notifications-view');
    assert.equal(answer.body.data.attributes.is_read, true);
    assert.equal((await stored(id))!.is_read, true);
  });

  it('reassigns to a navigator of my organisation (the name follows the provider) and unassigns', async () => {
    const { id, updated_date } = await reminder();
    const answer = await put(id, { target_uid: colleague, display_name: 'Something else' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.assigned_to, 'Dana Director');
    let row = (await stored(id))!;
    assert.deepEqual([row.target_uid, row.display_name], [colleague, 'Dana Director']);
    assert.ok(row.updated_date.getTime() >= updated_date.getTime());
    assert.equal((await put(id, { target_uid: null, display_name: null })).status, 200);
    row = (await stored(id))!;
    assert.deepEqual([row.target_uid, row.display_name], [null, null]);
  });

  it('snooze moves the reminder date', async () => {
    const { id } = await reminder();
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const answer = await put(id, { reminder_date: tomorrow });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.attributes.reminder_date, tomorrow);
    assert.equal((await stored(id))!.reminder_date.toISOString(), tomorrow);
  });

  it('a target that is not a navigator of my organisation is a 422 on target_uid, and nothing changes', async () => {
    const { id } = await reminder();
    for (const target of [physician, other.navigatorUid, '00000000-0000-0000-0000-000000000000']) {
      assert.deepEqual(errorsOf(await put(id, { target_uid: target }), 422), [{ field: 'data.attributes.target_uid', message: 'Must be a navigator of your organization' }], target);
    }
    assert.deepEqual(errorsOf(await put(id, { target_uid: 'me' }), 422), [{ field: 'data.attributes.target_uid', message: 'Must be an id' }]);
    assert.equal((await stored(id))!.target_uid, me);
  });

  it('checks every attribute with the shared schema: 422 with the fields named', async () => {
    const { id } = await reminder();
    const errors = errorsOf(await put(id, { reminder_date: '2024-02-30T10:00:00Z', is_read: 'yes', note: 'x' }), 422);
    assert.deepEqual(errors.map((e) => e.field).sort(), ['data.attributes.is_read', 'data.attributes.note', 'data.attributes.reminder_date']);
    assert.equal(errors.find((e) => e.field === 'data.attributes.reminder_date')!.message, 'Must be a date');
    errorsOf(await call(url, `/api/data/public/notification/${id}`, { method: 'PUT', token: nav.token, body: { is_read: true } }), 422);
    errorsOf(await call(url, `/api/data/public/notification/${id}`, { method: 'PUT', token: nav.token, rawBody: '{' }), 400);
  });

  it('is 404 for reminders of patients I may not see (restricted, adoption, other division) and changes nothing', async () => {
    for (const patient of [facts.restricted.others[0], facts.adoption[0], otherDivisionPatient]) {
      const { id } = await reminder(patient);
      assert.deepEqual(errorsOf(await put(id, { is_read: true }), 404), [{ message: 'Reminder not found' }]);
      assert.equal((await stored(id))!.is_read, false);
    }
    errorsOf(await put('00000000-0000-0000-0000-000000000000', { is_read: true }), 404);
    errorsOf(await put('not-an-id', { is_read: true }), 404);
  });

  it('follows the division switch: division 2 reminders become reachable, division 1 ones do not', async () => {
    const mine = await reminder(ordinaryPatient);
    const theirs = await reminder(otherDivisionPatient);
    const switched = await call(url, '/api/session/current', { method: 'PUT', token: (await login(url, 'navigator')).token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    const token = switched.body.data.attributes.token;
    assert.equal((await put(theirs.id, { is_read: true }, { token })).status, 200);
    errorsOf(await put(mine.id, { is_read: true }, { token }), 404);
  });

  it('cookie writes need the CSRF token; no session is 401', async () => {
    const { id } = await reminder();
    const cookieNav = await login(url, 'navigator');
    assert.deepEqual(errorsOf(await put(id, { is_read: true }, { cookie: cookieNav.cookie }), 403), [{ message: 'Missing or invalid CSRF token' }]);
    assert.equal((await put(id, { is_read: true }, { cookie: cookieNav.cookie, csrf: cookieNav.csrf })).status, 200);
    errorsOf(await put(id, { is_read: true }, {}), 401);
  });
});

describe('DELETE /api/data/public/notification/{id}', () => {
  it('deletes for good: 204, then 404', async () => {
    const { id } = await reminder();
    const answer = await del(id);
    assert.equal(answer.status, 204);
    assert.equal(answer.text, '');
    assert.equal(await stored(id), undefined);
    errorsOf(await del(id), 404);
  });

  it('is 404 for reminders out of my scope and leaves them', async () => {
    for (const patient of [facts.restricted.others[1], facts.adoption[1], otherDivisionPatient]) {
      const { id } = await reminder(patient);
      errorsOf(await del(id), 404);
      assert.ok(await stored(id));
    }
  });

  it('cookie deletes need the CSRF token; no session is 401', async () => {
    const { id } = await reminder();
    const cookieNav = await login(url, 'navigator');
    errorsOf(await del(id, { cookie: cookieNav.cookie }), 403);
    errorsOf(await del(id, {}), 401);
    assert.ok(await stored(id));
    assert.equal((await del(id, { cookie: cookieNav.cookie, csrf: cookieNav.csrf })).status, 204);
  });
});

describe('POST /api/reminders', () => {
  /** Spec 002 "Reminder payload" exactly as the reminder form sends it. */
  function payload(patientUid = ordinaryPatient, attributes: Record<string, unknown> = {}) {
    return {
      data: {
        type: 'reminders',
        attributes: {
          subject_uid: patientUid,
          subject_type: 'patient',
          created_date: '2030-01-02T15:04:05.123Z',
          updated_date: '2030-01-02T15:04:05.123Z',
          reminder_date: '2030-01-09T23:59:59.999Z',
          is_active: true,
          is_urgent: false,
          is_read: false,
          is_saved: false,
          note: 'Call about the lab results',
          display_name: 'Dana Director',
          target_uid: colleague,
          reminder_type: 'reminder',
          event_type_uid: null,
          event_type_name: null,
          ui_model_name: 'patients',
          route: `/patients/${patientUid}/details`,
          ...attributes,
        },
        relationships: { patient: { data: { type: 'patients', id: patientUid } } },
      },
    };
  }
  const post = (body: unknown, auth: { token?: string; cookie?: string; csrf?: string } = { token: nav.token }) => call(url, '/api/reminders', { ...auth, body });

  it('stores the payload exactly and answers 201 with the created reminder', async () => {
    const sent = payload();
    const answer = await post(sent);
    assert.equal(answer.status, 201, answer.text);
    const { data } = answer.body;
    const row = (await stored(data.id))!;
    const a = sent.data.attributes;
    assert.deepEqual(
      {
        subject_uid: row.subject_uid, subject_type: row.subject_type, type: row.type, created_date: row.created_date.toISOString(), updated_date: row.updated_date.toISOString(),
        reminder_date: row.reminder_date.toISOString(), is_active: row.is_active, is_urgent: row.is_urgent, is_read: row.is_read, is_saved: row.is_saved, note: row.note,
        display_name: row.display_name, target_uid: row.target_uid, reminder_type: row.reminder_type, event_type_uid: row.event_type_uid, event_type_name: row.event_type_name,
        ui_model_name: row.ui_model_name, route: row.route,
      },
      { ...a, type: 'reminders' },
    );
    assert.equal(row.created_by, nav.session.user_uid);
    assert.equal(data.type, 'reminders');
    assert.deepEqual(data.relationships, { patient: { data: { type: 'patients', id: ordinaryPatient } } });
    assert.equal(data.attributes.note, a.note);
    assert.equal(data.attributes.reminder_date, a.reminder_date);
    const listed = await call(url, `${VIEW}/${data.id}`, { token: nav.token });
    assert.equal(listed.body.data.attributes.assigned_to, 'Dana Director');
  });

  it('defaults a new reminder to active, not urgent, unread, not saved (spec 002 "New reminders"); unassigned has no name', async () => {
    const sent = payload(ordinaryPatient, { target_uid: null, display_name: 'ignored' });
    for (const k of ['is_active', 'is_urgent', 'is_read', 'is_saved', 'created_date', 'updated_date'] as const) delete (sent.data.attributes as Record<string, unknown>)[k];
    const answer = await post(sent);
    assert.equal(answer.status, 201, answer.text);
    const row = (await stored(answer.body.data.id))!;
    assert.deepEqual([row.is_active, row.is_urgent, row.is_read, row.is_saved, row.target_uid, row.display_name], [true, false, false, false, null, null]);
    assert.ok(Math.abs(row.created_date.getTime() - Date.now()) < 10_000);
  });

  it('note, reminder date and patient are required: 422 "Required" on each', async () => {
    const sent = payload(ordinaryPatient, { note: '  ' });
    delete (sent.data.attributes as Record<string, unknown>).reminder_date;
    delete (sent.data as Record<string, unknown>).relationships;
    const errors = errorsOf(await post(sent), 422);
    assert.deepEqual(
      errors.sort((x, y) => x.field!.localeCompare(y.field!)),
      [
        { field: 'data.attributes.note', message: 'Required' },
        { field: 'data.attributes.reminder_date', message: 'Required' },
        { field: 'data.relationships', message: 'Required' },
      ],
    );
  });

  it('refuses a reminder date that is not a date, a mismatched subject, a non-navigator target, unknown keys', async () => {
    assert.deepEqual(errorsOf(await post(payload(ordinaryPatient, { reminder_date: '01/09/2030' })), 422), [{ field: 'data.attributes.reminder_date', message: 'Must be a date' }]);
    const mismatched = payload();
    mismatched.data.attributes.subject_uid = otherDivisionPatient;
    assert.deepEqual(errorsOf(await post(mismatched), 422), [{ field: 'data.attributes.subject_uid', message: 'Must be the linked patient' }]);
    assert.deepEqual(errorsOf(await post(payload(ordinaryPatient, { target_uid: physician })), 422), [{ field: 'data.attributes.target_uid', message: 'Must be a navigator of your organization' }]);
    assert.deepEqual(errorsOf(await post(payload(ordinaryPatient, { target_uid: other.navigatorUid })), 422), [{ field: 'data.attributes.target_uid', message: 'Must be a navigator of your organization' }]);
    errorsOf(await post(payload(ordinaryPatient, { is_deleted: true })), 422);
    errorsOf(await post(payload(ordinaryPatient, { subject_type: 'provider' })), 422);
  });

  it('is 404 for a patient I may not see, and stores nothing', async () => {
    const before = (await server.db.selectFrom('notification').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    for (const patient of [facts.restricted.others[0], facts.adoption[0], otherDivisionPatient, '00000000-0000-0000-0000-000000000000']) {
      assert.deepEqual(errorsOf(await post(payload(patient)), 404), [{ message: 'Patient not found' }], patient);
    }
    const after = (await server.db.selectFrom('notification').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    assert.equal(after, before);
  });

  it('cookie writes need the CSRF token; no session is 401', async () => {
    const cookieNav = await login(url, 'navigator');
    errorsOf(await post(payload(), { cookie: cookieNav.cookie }), 403);
    errorsOf(await post(payload(), {}), 401);
    assert.equal((await post(payload(), { cookie: cookieNav.cookie, csrf: cookieNav.csrf })).status, 201);
  });
});
