import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-users';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { HWC_CODE_LIMIT } from '../../server/hwc/hwc.routes';
import { NOT_SENT_NO_LIST, NOT_SENT_NO_SCHOOL, noticeMessage } from '../../server/hwc/hwc.repository';
import { staffNoticeMessage } from '../../server/hwc/hwc-staff-notice';
import type { Flag } from '../../shared/permissions';
import { ageFrom, HWC_INVALID_CODE, HWC_NEED_EMAIL } from '../../shared/schemas/hwc';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type LoggedIn } from './support/http';

/** Fixed, so the staff e-mail's link is known whatever port the server gets. */
const PUBLIC_URL = 'https://careweave.example.test';
let server: TestServer;
let hwc: LoggedIn;
/** Franklin County Care (where the demo seed files entries), Summit County Care. */
let franklin: string;
let summit: string;
let schools: { facility_uid: string; facility_name: string }[];
let genders: { id: string; attributes: { label: string } }[];
let keyCounter = 0;
const key = () => `hwc-test-key-${process.pid}-${++keyCounter}-abcdef`;
let ipCounter = 0;
/** Each test gets its own client address so the per-address limit of one test does not spill into another. */
let ip = '10.9.0.1';
const code = DEMO_HWC_CODES.franklin;
const agencyHeaders = (c: string = code, extra: Record<string, string> = {}) => ({ authorization: c, 'x-forwarded-for': ip, ...extra });

/** A user with these flags in each given division (none of the demo users is Handle with Care staff in both). */
async function addUser(userName: string, email: string | null, divisions: string[], flags: Flag[]) {
  const user = await server.db
    .insertInto('app_user')
    .values({ user_name: userName, display_name: userName, first_name: null, last_name: null, email_address: email, password_hash: await hashPassword(DEMO_PASSWORD), theme: null })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('user_division').values(divisions.map((d) => ({ user_uid: user.user_uid, division_uid: d, permissions: flags }))).execute();
}

before(async () => {
  process.env.TRUST_PROXY = '1';
  server = await startTestServer({ TRUST_PROXY: '1', PUBLIC_URL });
  [franklin, summit] = (await demoFacts(server.db)).divisionUids;
  await addUser('hwc-both', 'hwc-both@careweave.test', [franklin, summit], ['handleWithCare']);
  // Spec 001's health-and-wellness mode: not Handle with Care staff.
  await addUser('wellness', 'wellness@careweave.test', [franklin], ['hasHwc']);
  hwc = await login(server.url, 'hwc');
  schools = (await call(server.url, '/api/handle_with_care/public/facility?sort=facility_name&page=1&page-size=10000&is-in-selections=true', { headers: agencyHeaders() })).body.data.map(
    (r: { attributes: { facility_uid: string; facility_name: string } }) => r.attributes,
  );
  genders = (await call(server.url, '/api/handle_with_care/config/reference-gender', { headers: agencyHeaders() })).body.data;
});
after(async () => {
  await server?.stop();
});
beforeEach(async () => {
  ip = `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  await sql`delete from rate_limit where bucket like 'hwc-code:value:%'`.execute(server.db);
});

const school = (name: string) => schools.find((s) => s.facility_name === name)!;
function form(overrides: Record<string, unknown> = {}) {
  return {
    officer_name: 'Officer Kim',
    child_first_name: 'Sam',
    child_last_name: 'Testchild',
    child_birth_date: '2015-04-10',
    child_gender_uid: genders[0].id,
    facility_uid: school('Linden Elementary School').facility_uid,
    facility_name: 'Linden Elementary School',
    child_age: ageFrom('2015-04-10'),
    ...overrides,
  };
}
const submit = (body: unknown, k = key(), c: string = code) => call(server.url, '/api/handle_with_care/submit', { body, headers: agencyHeaders(c, { 'idempotency-key': k }) });
const detail = (id: string, who: LoggedIn = hwc) => call(server.url, `/api/data/public/hwc-patient/${id}`, { token: who.token });
const put = (path: string, attributes: unknown, who: LoggedIn = hwc) => call(server.url, path, { method: 'PUT', token: who.token, body: { data: { attributes } } });
const post = (path: string, attributes: unknown, who: LoggedIn = hwc) => call(server.url, path, { method: 'POST', token: who.token, body: { data: { attributes } } });
const resend = (id: string, who: LoggedIn = hwc) => call(server.url, `/api/data/public/hwc-patient/${id}/command/resend`, { method: 'PUT', token: who.token, body: {} });
const listOf = (who: LoggedIn, query = '') => call(server.url, `/api/data/public/hwc-patient-list?page-size=500${query}`, { token: who.token });
/** PUT /api/session/current: a new session in that division (the old token ends). */
async function switchTo(who: LoggedIn, divisionUid: string): Promise<LoggedIn> {
  const answer = await call(server.url, '/api/session/current', { method: 'PUT', token: who.token, body: { data: { attributes: { current_division_uid: divisionUid } } } });
  assert.equal(answer.status, 200, answer.text);
  return { ...who, token: answer.body.data.attributes.token, session: answer.body.data.attributes };
}
/** A new entry filed through the form with a district code (Franklin's by default); its id. */
async function fresh(lastName: string, overrides: Record<string, unknown> = {}, c: string = code) {
  ip = `10.77.${++ipCounter % 250}.9`;
  const answer = await submit(form({ child_last_name: lastName, ...overrides }), key(), c);
  assert.equal(answer.status, 201, answer.text);
  return answer.body.data.id as string;
}
const records = (lastName: string) => server.db.selectFrom('hwc_patient').selectAll().where('child_last_name', '=', lastName).execute();
const noticesOf = (id: string) =>
  server.db.selectFrom('hwc_notice as n').innerJoin('outbox as o', 'o.outbox_uid', 'n.outbox_uid').select(['n.email_address', 'o.subject', 'o.body', 'o.status', 'o.recipient']).where('n.hwc_patient_uid', '=', id).orderBy('n.email_address').execute();

describe('district code', () => {
  it('a valid code verifies; the context names the district', async () => {
    const answer = await call(server.url, '/api/handle_with_care/context', { headers: agencyHeaders() });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.agency_name, 'Franklin County School District');
    // The division the notice goes to, for the form's header.
    const brand = answer.body.data.attributes.brand;
    assert.deepEqual([brand.name, brand.detail], ['Franklin County Care', 'Careweave Demo Health']);
    assert.match(brand.logo_url, /^data:image\/svg\+xml;base64,/);
    // Case and spaces do not matter.
    assert.equal((await call(server.url, '/api/handle_with_care/context', { headers: agencyHeaders(` ${code.toLowerCase()} `) })).status, 200);
  });

  it('an invalid or missing code is a 401 on every officer call, with the district field named', async () => {
    for (const path of ['/api/handle_with_care/context', '/api/handle_with_care/config/reference-gender', '/api/handle_with_care/public/facility']) {
      assert.deepEqual(errorsOf(await call(server.url, path, { headers: agencyHeaders('WRONG-CODE') }), 401), [{ field: 'district', message: HWC_INVALID_CODE }]);
      errorsOf(await call(server.url, path, { headers: { 'x-forwarded-for': ip } }), 401);
    }
    errorsOf(await submit(form(), key(), 'WRONG-CODE'), 401);
    assert.equal((await records('Testchild')).length, 0);
  });

  it('guessing is refused with a clear 429 after the per-address limit, even for the right code', async () => {
    for (let i = 0; i < HWC_CODE_LIMIT.perAddress; i++) errorsOf(await call(server.url, '/api/handle_with_care/context', { headers: agencyHeaders(`GUESS-${i}`) }), 401);
    const refused = await call(server.url, '/api/handle_with_care/context', { headers: agencyHeaders() });
    assert.deepEqual(errorsOf(refused, 429), [{ message: 'Too many attempts. Please wait 10 minutes and try again.' }]);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    errorsOf(await submit(form(), key()), 429);
  });

  it('one code tried from many addresses is refused after the per-code limit', async () => {
    for (let i = 0; i < HWC_CODE_LIMIT.perValue; i++) {
      ip = `10.200.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      errorsOf(await call(server.url, '/api/handle_with_care/context', { headers: agencyHeaders('SAME-GUESS') }), 401);
    }
    ip = '10.201.0.1';
    errorsOf(await call(server.url, '/api/handle_with_care/context', { headers: agencyHeaders('SAME-GUESS') }), 429);
  });
});

describe('officer lists', () => {
  it('schools are the district organisation’s selectable schools; genders come from the reference list', () => {
    assert.deepEqual(
      schools.map((s) => s.facility_name),
      ['Eastmoor Middle School', 'Linden Elementary School', 'Westgate High School'],
    );
    assert.deepEqual(
      genders.map((g) => g.attributes.label),
      ['Male', 'Female', 'Unknown'],
    );
  });
});

describe('submit', () => {
  it('stores the record for the code’s organisation and division and e-mails each address on the school’s list', async () => {
    const answer = await submit(form({ child_last_name: 'Valid' }));
    assert.equal(answer.status, 201, answer.text);
    assert.deepEqual(Object.keys(answer.body.data.attributes), ['submitted']);
    const [record] = await records('Valid');
    const agency = await server.db.selectFrom('hwc_agency').selectAll().where('agency_name', '=', 'Franklin County School District').executeTakeFirstOrThrow();
    assert.equal(record.org_uid, agency.org_uid);
    assert.equal(record.division_uid, agency.division_uid);
    assert.equal(record.child_age, ageFrom('2015-04-10'));
    assert.equal(record.didnt_send_reason, null);
    const notices = await noticesOf(record.hwc_patient_uid);
    assert.deepEqual(
      notices.map((n) => [n.email_address, n.recipient, n.status]),
      [
        ['nurse@linden.test', 'nurse@linden.test', 'pending'],
        ['principal@linden.test', 'principal@linden.test', 'pending'],
      ],
    );
  });

  it('the notice holds exactly the child’s name, age, school and "Handle with Care", nothing about the incident', async () => {
    await submit(form({ child_first_name: 'Nora', child_last_name: 'Noticecheck', officer_name: 'Officer Secretname' }));
    const [record] = await records('Noticecheck');
    const [notice] = await noticesOf(record.hwc_patient_uid);
    const age = ageFrom('2015-04-10')!;
    assert.equal(notice.subject, 'Handle with Care');
    assert.equal(
      notice.body,
      ['Handle with Care', '', 'Child: Nora Noticecheck', `Age: ${age}`, 'School: Linden Elementary School', '', 'Please handle this child with care at school in the coming days.'].join('\n'),
    );
    assert.equal(notice.body, noticeMessage({ firstName: 'Nora', lastName: 'Noticecheck', age, school: 'Linden Elementary School' }).body);
    for (const secret of ['Secretname', 'Franklin', '2015', 'incident', 'police', 'Officer', genders[0].attributes.label]) assert.ok(!notice.body.includes(secret), `notice mentions ${secret}`);
  });

  it('there is no incident field: extra fields are refused', async () => {
    const refused = errorsOf(await submit(form({ child_last_name: 'Extra', incident_note: 'domestic call' })), 422);
    assert.deepEqual(refused.map((e) => e.field), ['incident_note']);
    assert.equal((await records('Extra')).length, 0);
  });

  it('a double submit (same Idempotency-Key, at once and again later) stores one record and one set of notices', async () => {
    const k = key();
    const [a, b] = await Promise.all([submit(form({ child_last_name: 'Twice' }), k), submit(form({ child_last_name: 'Twice' }), k)]);
    assert.deepEqual([a.status, b.status], [201, 201]);
    assert.deepEqual(a.body, b.body);
    assert.equal((await submit(form({ child_last_name: 'Twice' }), k)).headers.get('idempotent-replayed'), 'true');
    const rows = await records('Twice');
    assert.equal(rows.length, 1);
    assert.equal((await noticesOf(rows[0].hwc_patient_uid)).length, 2);
  });

  it('a newly typed school: facilityUid omitted, the record waits for a school and says why', async () => {
    const answer = await submit(form({ child_last_name: 'Newschool', facility_uid: undefined, facility_name: 'Hilltop Academy' }));
    assert.equal(answer.status, 201, answer.text);
    const [record] = await records('Newschool');
    assert.equal(record.facility_uid, null);
    assert.equal(record.facility_name, 'Hilltop Academy');
    assert.match(record.didnt_send_reason!, /not in the list/);
    assert.equal((await noticesOf(record.hwc_patient_uid)).length, 0);
  });

  it('a school without a distribution list: stored, nothing sent, the reason recorded', async () => {
    await submit(form({ child_last_name: 'Nolist', facility_uid: school('Westgate High School').facility_uid, facility_name: 'Westgate High School' }));
    const [record] = await records('Nolist');
    assert.match(record.didnt_send_reason!, /no distribution list/);
    assert.equal((await noticesOf(record.hwc_patient_uid)).length, 0);
  });

  it('each invalid field is a 422 on that field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ officer_name: '' }, 'officer_name', 'Required'],
      [{ child_first_name: '  ' }, 'child_first_name', 'Required'],
      [{ child_last_name: undefined }, 'child_last_name', 'Required'],
      [{ facility_name: '' }, 'facility_name', 'Required'],
      [{ child_birth_date: '' }, 'child_birth_date', 'Required'],
      [{ child_birth_date: '2015-02-30' }, 'child_birth_date', 'Must be a date'],
      [{ child_birth_date: '2999-01-01' }, 'child_birth_date', 'Must be in the past'],
      [{ child_birth_date: '1900-01-01' }, 'child_birth_date', 'Must be within the last 100 years'],
      [{ child_age: 0 }, 'child_age', 'Must be a positive integer'],
      [{ child_age: 2.5 }, 'child_age', 'Expected an integer, but received: 2.5'],
      [{ facility_uid: 'not-an-id' }, 'facility_uid', 'Must be an id'],
      [{ child_gender_uid: 'x' }, 'child_gender_uid', 'Must be an id'],
    ];
    for (const [overrides, field, message] of cases) {
      assert.deepEqual(errorsOf(await submit(form({ child_last_name: 'Invalid', ...overrides })), 422), [{ field, message }], JSON.stringify(overrides));
    }
    // Checked against the database: a school of another kind or organisation, an unknown gender, a baby.
    const hospital = await server.db.selectFrom('facility').select('facility_uid').where('facility_type', '=', 'Hospital').executeTakeFirstOrThrow();
    assert.deepEqual(errorsOf(await submit(form({ child_last_name: 'Invalid', facility_uid: hospital.facility_uid })), 422), [{ field: 'facility_uid', message: 'Unknown school' }]);
    assert.deepEqual(errorsOf(await submit(form({ child_last_name: 'Invalid', child_gender_uid: hospital.facility_uid })), 422), [{ field: 'child_gender_uid', message: 'Unknown gender' }]);
    const baby = new Date(Date.now() - 100 * 86400_000).toISOString().slice(0, 10);
    assert.deepEqual(errorsOf(await submit(form({ child_last_name: 'Invalid', child_birth_date: baby, child_age: 1 })), 422), [{ field: 'child_age', message: 'Must be a positive integer' }]);
    assert.equal((await records('Invalid')).length, 0);
  });

  it('the division’s Handle with Care staff get an e-mail linking to the entry, with nothing about the child; the school’s notice has no link', async () => {
    const staffMail = (id: string) => server.db.selectFrom('outbox').select(['recipient', 'subject', 'body']).where('body', 'like', `%/hwc/${id}%`).orderBy('recipient').execute();
    const id = await fresh('Linkcheck', { child_first_name: 'Lina', officer_name: 'Officer Hiddenname' });
    const mails = await staffMail(id);
    // Staff of Franklin with an address: admin, hwc and hwc-both; not the navigator, not health and wellness.
    assert.deepEqual(mails.map((m) => m.recipient), ['admin@careweave.test', 'hwc-both@careweave.test', 'hwc@careweave.test']);
    const expected = staffNoticeMessage({ agencyName: 'Franklin County School District', link: `${PUBLIC_URL}/hwc/${id}` });
    for (const mail of mails) assert.deepEqual({ subject: mail.subject, body: mail.body }, expected);
    assert.ok(expected.body.includes(`${PUBLIC_URL}/hwc/${id}`));
    for (const secret of ['Lina', 'Linkcheck', 'Hiddenname', '2015', 'Linden']) assert.ok(!expected.body.includes(secret), `staff e-mail mentions ${secret}`);
    for (const notice of await noticesOf(id)) assert.ok(!/http|\/hwc\//.test(notice.body), 'the school’s notice links to no staff page');

    // Summit's entry goes to Summit's staff only.
    const summitId = await fresh('Linkcheck', {}, DEMO_HWC_CODES.summit);
    assert.deepEqual((await staffMail(summitId)).map((m) => m.recipient), ['admin@careweave.test', 'hwc-both@careweave.test']);

    // Refused submits send nothing; a replayed one sends nothing again.
    const before = await server.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    errorsOf(await submit(form({ child_last_name: 'Linkcheck', child_birth_date: '' })), 422);
    const k = key();
    assert.equal((await submit(form({ child_last_name: 'Linkreplay' }), k)).status, 201);
    assert.equal((await submit(form({ child_last_name: 'Linkreplay' }), k)).headers.get('idempotent-replayed'), 'true');
    const after = await server.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    assert.equal(after.n - before.n, 3 + 2, 'three staff e-mails and two school notices, once');
  });

  it('a submit without an Idempotency-Key is refused', async () => {
    const answer = await call(server.url, '/api/handle_with_care/submit', { body: form({ child_last_name: 'Nokey' }), headers: agencyHeaders() });
    errorsOf(answer, 400);
    assert.equal((await records('Nokey')).length, 0);
  });
});

describe('staff detail', () => {
  it('reads the record with the spec’s fields and its deliveries', async () => {
    const id = await fresh('Reader', { child_first_name: 'Rae' });
    const answer = await detail(id);
    assert.equal(answer.status, 200, answer.text);
    const a = answer.body.data.attributes;
    assert.equal(a.name, 'Reader, Rae');
    assert.equal(a.gender_label, genders[0].attributes.label);
    assert.equal(a.age, ageFrom('2015-04-10'));
    assert.equal(a.facility_name, 'Linden Elementary School');
    assert.equal(a.officer_name, 'Officer Kim');
    assert.equal(a.is_ignored, false);
    assert.equal(a.didnt_send_reason, null);
    assert.ok(a.created_date);
    assert.deepEqual(a.notices.map((n: { email_address: string; status: string }) => [n.email_address, n.status]), [['nurse@linden.test', 'pending'], ['principal@linden.test', 'pending']]);
    // A run delivers up to 20; earlier tests' notices and staff e-mails may be queued ahead of these.
    while ((await server.outbox.runOnce()) > 0);
    const delivered = (await detail(id)).body.data.attributes.notices;
    assert.ok(delivered.every((n: { status: string; delivered_at: string | null }) => n.status === 'delivered' && n.delivered_at));
  });

  it('refuses: 401 without a session, 403 without handleWithCare, 404 for another organisation or an unknown id', async () => {
    const id = await fresh('Refused');
    errorsOf(await call(server.url, `/api/data/public/hwc-patient/${id}`), 401);
    errorsOf(await call(server.url, `/api/data/public/hwc-patient/${id}/command/resend`, { method: 'PUT', body: {} }), 401);
    const navigator = await login(server.url, 'navigator');
    errorsOf(await detail(id, navigator), 403);
    errorsOf(await put(`/api/data/public/hwc-patient/${id}`, { is_ignored: true }, navigator), 403);
    errorsOf(await post('/api/data/public/facility', { facility_name: 'X', org_uid: hwc.session.org_uid ?? id }, navigator), 403);
    errorsOf(await call(server.url, '/api/data/public/facility-distribution-list', { token: navigator.token }), 403);
    // Another organisation's record.
    const org = await server.db.insertInto('organization').values({ org_name: 'Other Org', name: 'Other Org', market_uid: null }).returning('org_uid').executeTakeFirstOrThrow();
    const division = await server.db.insertInto('division').values({ division_name: 'Other Division', org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow();
    const agency = await server.db.selectFrom('hwc_agency').select('agency_uid').executeTakeFirstOrThrow();
    const foreign = await server.db
      .insertInto('hwc_patient')
      .values({ agency_uid: agency.agency_uid, org_uid: org.org_uid, division_uid: division.division_uid, officer_name: 'O', child_first_name: 'F', child_last_name: 'Foreign', child_birth_date: '2015-01-01', child_age: 10, child_gender_uid: null, facility_uid: null, facility_name: 'Elsewhere', didnt_send_reason: null })
      .returning('hwc_patient_uid')
      .executeTakeFirstOrThrow();
    errorsOf(await detail(foreign.hwc_patient_uid), 404);
    errorsOf(await put(`/api/data/public/hwc-patient/${foreign.hwc_patient_uid}`, { is_ignored: true }), 404);
    errorsOf(await call(server.url, `/api/data/public/hwc-patient/${foreign.hwc_patient_uid}/command/resend`, { method: 'PUT', token: hwc.token, body: {} }), 404);
    errorsOf(await detail('00000000-0000-0000-0000-000000000000'), 404);
    errorsOf(await detail('not-a-uuid'), 404);
    const still = await server.db.selectFrom('hwc_patient').select('is_ignored').where('hwc_patient_uid', '=', foreign.hwc_patient_uid).executeTakeFirstOrThrow();
    assert.equal(still.is_ignored, false);
  });

  it('assigns a new school with a distribution entry, saves, resends: notices queued and recorded', async () => {
    const id = await fresh('Assign', { facility_uid: undefined, facility_name: 'Brand New Prep' });
    const orgUid = (await server.db.selectFrom('hwc_patient').select('org_uid').where('hwc_patient_uid', '=', id).executeTakeFirstOrThrow()).org_uid;
    // Resend before a school is assigned: refused on the facility.
    assert.deepEqual(errorsOf(await put(`/api/data/public/hwc-patient/${id}/command/resend`, {}), 422), [{ field: 'facility_uid', message: 'Required' }]);
    const facility = await post('/api/data/public/facility', { facility_name: 'Brand New Prep', org_uid: orgUid, is_in_selections: true });
    assert.equal(facility.status, 201, facility.text);
    const facilityUid = facility.body.data.id;
    errorsOf(await post('/api/data/public/facility', { facility_name: 'Elsewhere', org_uid: '00000000-0000-0000-0000-000000000000' }), 403);
    assert.equal((await post('/api/data/public/organization-facility', { facility_uid: facilityUid, org_uid: orgUid })).status, 201);
    assert.equal((await put(`/api/data/public/hwc-patient/${id}`, { facility_uid: facilityUid, facility_name: 'Brand New Prep' })).status, 200);
    // No list yet: the spec's message.
    assert.deepEqual(errorsOf(await put(`/api/data/public/hwc-patient/${id}/command/resend`, {}), 422), [{ field: 'facility_distribution_lists', message: HWC_NEED_EMAIL }]);
    assert.deepEqual(errorsOf(await post('/api/data/public/facility-distribution-list', { facility_uid: facilityUid, name: 'Office', email_address: 'not-an-email' }), 422), [{ field: 'email_address', message: 'Must be a valid email address' }]);
    assert.deepEqual(errorsOf(await post('/api/data/public/facility-distribution-list', { facility_uid: facilityUid, name: '', email_address: 'a@b.test' }), 422), [{ field: 'name', message: 'Required' }]);
    const entry = await post('/api/data/public/facility-distribution-list', { facility_uid: facilityUid, name: 'Front Office', email_address: 'office@newprep.test' });
    assert.equal(entry.status, 201, entry.text);
    const list = await call(server.url, `/api/data/public/facility-distribution-list?facility_uid__eq=${facilityUid}&all-data=1`, { token: hwc.token });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.data.map((r: { attributes: { email_address: string } }) => r.attributes.email_address), ['office@newprep.test']);
    const resent = await put(`/api/data/public/hwc-patient/${id}/command/resend`, {});
    assert.equal(resent.status, 200, resent.text);
    assert.equal(resent.body.data.attributes.didnt_send_reason, null);
    assert.equal(resent.body.data.attributes.facility_name, 'Brand New Prep');
    assert.deepEqual(resent.body.data.attributes.notices.map((n: { email_address: string; status: string; facility_name: string }) => [n.email_address, n.status, n.facility_name]), [['office@newprep.test', 'pending', 'Brand New Prep']]);
    const [notice] = await noticesOf(id);
    assert.equal(notice.body, noticeMessage({ firstName: 'Sam', lastName: 'Assign', age: ageFrom('2015-04-10')!, school: 'Brand New Prep' }).body);
    const sentBy = await server.db.selectFrom('hwc_notice').select('sent_by').where('hwc_patient_uid', '=', id).executeTakeFirstOrThrow();
    assert.equal(sentBy.sent_by, hwc.session.user_uid ?? sentBy.sent_by);
  });

  it('a school of another kind cannot be assigned', async () => {
    const id = await fresh('Wrongkind');
    const hospital = await server.db.selectFrom('facility').select('facility_uid').where('facility_type', '=', 'Hospital').executeTakeFirstOrThrow();
    assert.deepEqual(errorsOf(await put(`/api/data/public/hwc-patient/${id}`, { facility_uid: hospital.facility_uid }), 422), [{ field: 'facility_uid', message: 'Unknown school' }]);
    assert.deepEqual(errorsOf(await put(`/api/data/public/hwc-patient/${id}`, {}), 422), [{ field: 'facility_uid', message: 'Required' }]);
  });

  it('dismiss sets isIgnored and locks the entry', async () => {
    const id = await fresh('Dismiss');
    errorsOf(await put(`/api/data/public/hwc-patient/${id}`, { is_ignored: false }), 422);
    const answer = await put(`/api/data/public/hwc-patient/${id}`, { is_ignored: true });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.is_ignored, true);
    errorsOf(await put(`/api/data/public/hwc-patient/${id}`, { is_ignored: true }), 409);
    errorsOf(await put(`/api/data/public/hwc-patient/${id}`, { facility_uid: school('Eastmoor Middle School').facility_uid }), 409);
    const before = (await noticesOf(id)).length;
    errorsOf(await put(`/api/data/public/hwc-patient/${id}/command/resend`, {}), 409);
    assert.equal((await noticesOf(id)).length, before);
  });
});

describe('division scope', () => {
  /** Everything a refused call could have changed. */
  async function snapshot(id: string) {
    const row = await server.db.selectFrom('hwc_patient').selectAll().where('hwc_patient_uid', '=', id).executeTakeFirstOrThrow();
    const outbox = await server.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return { row, notices: await noticesOf(id), outbox: outbox.n };
  }

  it('a Franklin-only staff user gets 404 "Entry not found" for a Summit entry on read, update, resend and dismiss, and nothing changes', async () => {
    // Everything below would succeed in the entry's own division: it has a school with a list.
    const id = await fresh('Summitonly', {}, DEMO_HWC_CODES.summit);
    const stored = (await records('Summitonly'))[0];
    assert.equal(stored.division_uid, summit);
    const before = await snapshot(id);
    const notFound = [{ message: 'Entry not found' }];
    assert.deepEqual(errorsOf(await detail(id), 404), notFound);
    assert.deepEqual(errorsOf(await put(`/api/data/public/hwc-patient/${id}`, { facility_uid: school('Eastmoor Middle School').facility_uid }), 404), notFound);
    assert.deepEqual(errorsOf(await resend(id), 404), notFound);
    assert.deepEqual(errorsOf(await put(`/api/data/public/hwc-patient/${id}`, { is_ignored: true }), 404), notFound);
    assert.deepEqual(await snapshot(id), before);
    // Not in the list either, nor through the view's own row call.
    assert.ok(!(await listOf(hwc)).body.data.some((r: { id: string }) => r.id === id));
    errorsOf(await call(server.url, `/api/data/public/hwc-patient-list/${id}`, { token: hwc.token }), 404);
    // Its own division's staff can do all of it.
    const both = await switchTo(await login(server.url, 'hwc-both'), summit);
    assert.equal((await detail(id, both)).status, 200);
    assert.equal((await resend(id, both)).status, 200);
  });

  it('a user with Handle with Care in both divisions sees each division’s entries only while in it', async () => {
    const franklinId = await fresh('Twodivisions', { child_first_name: 'Frank' });
    const summitId = await fresh('Twodivisions', { child_first_name: 'Summer' }, DEMO_HWC_CODES.summit);
    const me = await login(server.url, 'hwc-both');
    assert.equal(me.session.current_division_uid, franklin);
    const namesIn = async (who: LoggedIn) => (await listOf(who, '&name__like=Twodivisions')).body.data.map((r: { attributes: { name: string } }) => r.attributes.name);
    assert.equal((await detail(franklinId, me)).status, 200);
    errorsOf(await detail(summitId, me), 404);
    assert.deepEqual(await namesIn(me), ['Twodivisions, Frank']);
    const switched = await switchTo(me, summit);
    errorsOf(await detail(franklinId, switched), 404);
    errorsOf(await put(`/api/data/public/hwc-patient/${franklinId}`, { is_ignored: true }, switched), 404);
    assert.equal((await detail(summitId, switched)).status, 200);
    assert.deepEqual(await namesIn(switched), ['Twodivisions, Summer']);
    // The old token ended with the switch.
    errorsOf(await detail(franklinId, me), 401);
  });

  it('without handleWithCare every staff route and list is a 403, for health and wellness (hasHwc) too', async () => {
    const id = await fresh('Nostaff');
    const facilityUid = school('Linden Elementary School').facility_uid;
    for (const userName of ['navigator', 'wellness']) {
      const who = await login(server.url, userName);
      const orgUid = (await server.db.selectFrom('hwc_patient').select('org_uid').where('hwc_patient_uid', '=', id).executeTakeFirstOrThrow()).org_uid;
      const answers = [
        await detail(id, who),
        await put(`/api/data/public/hwc-patient/${id}`, { is_ignored: true }, who),
        await put(`/api/data/public/hwc-patient/${id}`, { facility_uid: facilityUid }, who),
        await resend(id, who),
        await post('/api/data/public/facility', { facility_name: 'X', org_uid: orgUid }, who),
        await post('/api/data/public/organization-facility', { facility_uid: facilityUid, org_uid: orgUid }, who),
        await post('/api/data/public/facility-distribution-list', { facility_uid: facilityUid, name: 'N', email_address: 'n@x.test' }, who),
        await call(server.url, `/api/data/public/facility-distribution-list?facility_uid__eq=${facilityUid}`, { token: who.token }),
        await listOf(who),
        await call(server.url, `/api/data/public/hwc-patient-list/${id}`, { token: who.token }),
      ];
      for (const answer of answers) errorsOf(answer, 403);
    }
    const row = (await records('Nostaff'))[0];
    assert.equal(row.is_ignored, false);
    assert.equal((await noticesOf(id)).length, 2, 'only the submit’s notices');
  });
});

describe('staff list (hwc-patient-list)', () => {
  it('the current division’s entries, newest first: name, age, school, officer, created and status', async () => {
    const sentId = await fresh('Listsent', { child_first_name: 'Ada', officer_name: 'Officer List' });
    const dismissedId = await fresh('Listdismissed');
    assert.equal((await put(`/api/data/public/hwc-patient/${dismissedId}`, { is_ignored: true })).status, 200);
    const answer = await listOf(hwc);
    assert.equal(answer.status, 200, answer.text);
    const rows: { id: string; attributes: Record<string, unknown> }[] = answer.body.data;
    assert.equal(answer.body.meta.total, rows.length);
    const divisionCount = await server.db.selectFrom('hwc_patient').select(sql<number>`count(*)::int`.as('n')).where('division_uid', '=', franklin).executeTakeFirstOrThrow();
    assert.equal(rows.length, divisionCount.n, 'every Franklin entry, none of Summit’s');
    const created = rows.map((r) => Date.parse(String(r.attributes.created_at)));
    assert.deepEqual(created, [...created].sort((a, b) => b - a), 'newest first');
    assert.deepEqual(rows[0].id, dismissedId);
    const sent = rows.find((r) => r.id === sentId)!.attributes;
    assert.deepEqual(Object.keys(sent).sort(), ['age', 'created_at', 'facility_name', 'hwc_patient_uid', 'name', 'officer_name', 'status']);
    assert.deepEqual({ ...sent, created_at: undefined }, {
      hwc_patient_uid: sentId,
      name: 'Listsent, Ada',
      age: ageFrom('2015-04-10'),
      facility_name: 'Linden Elementary School',
      officer_name: 'Officer List',
      created_at: undefined,
      status: 'Sent',
    });
    const statusOf = (name: string) => rows.find((r) => String(r.attributes.name).startsWith(name))?.attributes.status;
    assert.equal(statusOf('Listdismissed'), 'Dismissed');
    assert.equal(statusOf('Carter, Leo'), `Not sent: ${NOT_SENT_NO_LIST}`);
    assert.equal(statusOf('Diaz, Ava'), `Not sent: ${NOT_SENT_NO_SCHOOL}`);
    // Filters and sorts on what the table shows.
    const dismissedOnly = await listOf(hwc, '&status__like=dismissed&name__like=list');
    assert.deepEqual(dismissedOnly.body.data.map((r: { id: string }) => r.id), [dismissedId]);
    assert.equal((await listOf(hwc, '&sort=name')).status, 200);
  });
});
