import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { DEMO_EXT_INSTANCE } from '../../server/db/seed/ext';
import { REFERRAL_PAGE_TTL_MS } from '../../server/ext/referral-page';
import { sayToPublic } from '../../server/public-language';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { buildServerFirstScreens } from '../../scripts/server-first-screens';
import { now, nowMs } from '../../shared/clock';
import { firstScreenSlot } from '../../shared/first-screen-slot';
import { PUBLIC_FORM_LANGUAGES, publicFormHtml, type PublicFormLanguage } from '../../shared/public-form-pages';
import { EXT_REGISTERED_COOKIE } from '../../shared/schemas/ext-referral';
import { withClock } from './support/clock';
import { call, demoFacts, errorsOf, login } from './support/http';

let server: TestServer;
let dist: string;
/** The referral form's page as the build writes it, less its scripts: its first screen names no link. */
const builtPage = (lang: PublicFormLanguage) =>
  `<!doctype html>\n<html lang="${lang}">\n  <head><title>referral ${lang}</title></head>\n  <body>\n    ${firstScreenSlot('<p>No link named</p>')}\n    <div id="root"></div>\n  </body>\n</html>\n`;
before(async () => {
  // The pages a link's own first screen goes into, and the module the server draws it with, as the build writes them.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-ext-pages-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>staff shell</title>');
  await fs.mkdir(path.join(dist, 'forms'));
  for (const lang of PUBLIC_FORM_LANGUAGES) await fs.writeFile(path.join(dist, publicFormHtml('ext', lang)), builtPage(lang));
  await buildServerFirstScreens(path.resolve(import.meta.dirname, '../..'), dist);
  server = await startTestServer({ DIST_DIR: dist });
});
after(async () => {
  await server?.stop();
  if (dist) await fs.rm(dist, { recursive: true, force: true });
});
// Every test comes from 127.0.0.1: start each with fresh guess counters.
beforeEach(async () => {
  await sql`delete from rate_limit where bucket like 'ext-%'`.execute(server.db);
});

const base = `/api/ext/${DEMO_EXT_INSTANCE}`;
let keyCounter = 0;
const newKey = () => `ext-test-key-${Date.now()}-${keyCounter++}`;
let phoneCounter = 0;
const newPhone = () => `614777${String(1000 + phoneCounter++).padStart(4, '0')}`;

const register = (phone: string, key = newKey(), name = 'Dr. Test Sender') =>
  call(server.url, `${base}/register`, { body: { name, identifier: phone, identifier_type: 'Phone' }, headers: { 'idempotency-key': key } });
const confirm = (phone: string, challenge: string, key = newKey()) =>
  call(server.url, `${base}/register-confirm`, { body: { challenge, identifier: phone }, headers: { 'idempotency-key': key } });

async function smsTo(phone: string): Promise<string[]> {
  const rows = await server.db.selectFrom('outbox').select('body').where('recipient', '=', phone).where('channel', '=', 'sms').orderBy('created_at', 'desc').execute();
  return rows.map((r) => r.body);
}
async function codeFor(phone: string): Promise<string> {
  const [latest] = await smsTo(phone);
  const m = /\b(\d{6})\b/.exec(latest ?? '');
  assert.ok(m, `a code texted to ${phone}`);
  return m[1];
}
async function registered(phone = newPhone()): Promise<string> {
  assert.equal((await register(phone)).status, 202);
  const answer = await confirm(phone, await codeFor(phone));
  assert.equal(answer.status, 201, answer.text);
  return answer.body.data.attributes.registration_token;
}

async function reference(model: string, label?: string): Promise<string> {
  let q = server.db.selectFrom('reference_data').select('uid').where('model', '=', model);
  if (label) q = q.where('label', '=', label);
  return (await q.orderBy('default_sort_order').limit(1).executeTakeFirstOrThrow()).uid;
}

const submit = (token: string | undefined, body: Record<string, unknown>, key = newKey()) =>
  call(server.url, base, { body, headers: { 'idempotency-key': key, ...(token ? { 'x-registration-token': token } : {}) } });

async function patientReferral(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    requested_by: 'Patient',
    first_name: 'Zephyrine',
    last_name: 'Quillfeather',
    birth_date: '1990-04-12',
    preferred_phone_number: 'mobileNumber',
    mobile_number: '(614) 555-0199',
    reason_uid: await reference('reference-reason', 'Overdose'),
    referral_date: now().toISOString().slice(0, 10),
    referral_method: 'Online',
    ...overrides,
  };
}

describe('external action link', () => {
  it('index: division logos, translations, the names for the intro and the extra required fields; no registration needed', async () => {
    const answer = await call(server.url, `${base}/index`);
    assert.equal(answer.status, 200, answer.text);
    const a = answer.body.data.attributes;
    assert.equal(a.division_name, 'Franklin County Care');
    assert.equal(a.org_name, 'Careweave Demo Health');
    assert.equal(a.action_type, 'referral-form');
    assert.match(a.division_logos[0].url, /^data:image\/svg\+xml;base64,/);
    assert.ok(Object.keys(a.translations).length > 0);
    assert.deepEqual(a.payload_definition, { required_fields: ['reasonUid'] });
  });

  it("index: the brand of the link's division, as the other public forms show it: the logo and theme colour the admin set", async () => {
    const franklin = (await server.db.selectFrom('division').select('division_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).division_uid;
    const admin = await login(server.url, 'admin');
    const saved = (await call(server.url, `/api/admin/divisions/${franklin}`, { token: admin.token })).body.data.attributes;
    const setDivision = async (changes: Record<string, unknown>) => {
      const body = { division_name: saved.division_name, theme_color: saved.theme_color ?? '#0d6efd', logo_url: saved.logo_url, requires_supervisory_approval: saved.requires_supervisory_approval, ...changes };
      const answer = await call(server.url, `/api/admin/divisions/${franklin}`, { method: 'PUT', token: admin.token, body });
      assert.equal(answer.status, 200, answer.text);
    };
    const index = async () => (await call(server.url, `${base}/index`)).body.data.attributes;
    const PNG = 'data:image/png;base64,iVBORw0KGgo=';
    try {
      // No logo: the division's initials on the theme colour the admin chose.
      await setDivision({ theme_color: '#aa3300', logo_url: null });
      let a = await index();
      assert.equal(a.brand.name, 'Franklin County Care');
      assert.equal(a.brand.detail, 'Careweave Demo Health');
      assert.match(a.brand.logo_url, /^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(a.brand.logo_url.split(',')[1], 'base64').toString();
      assert.match(svg, /fill="#aa3300"/, svg);
      assert.match(svg, />FC<\/text>/, svg);
      assert.equal(a.division_logos[0].url, a.brand.logo_url, 'divisionLogos carry the same logo');

      // The admin sets a logo: the index carries it, not generated initials.
      await setDivision({ theme_color: '#aa3300', logo_url: PNG });
      a = await index();
      assert.deepEqual(a.brand, { name: 'Franklin County Care', detail: 'Careweave Demo Health', logo_url: PNG });
      assert.deepEqual(a.division_logos, [{ division_uid: franklin, division_name: 'Franklin County Care', url: PNG }]);
    } finally {
      await setDivision({});
    }
  });

  it('an unknown, malformed or inactive link is a 404', async () => {
    errorsOf(await call(server.url, '/api/ext/no-such-link'), 404);
    errorsOf(await call(server.url, '/api/ext/no-such-link/index'), 404);
    errorsOf(await call(server.url, `/api/ext/${encodeURIComponent("x'; drop table patient; --")}/index`), 404);
    const division = await server.db.selectFrom('division').select('division_uid').limit(1).executeTakeFirstOrThrow();
    await server.db.insertInto('external_action_instance').values({ instance_id: 'closed-link', division_uid: division.division_uid, action_type: 'referral-form', payload_definition: '{}', is_active: false }).execute();
    errorsOf(await call(server.url, '/api/ext/closed-link/index'), 404);
    errorsOf(await call(server.url, '/api/ext/closed-link/register', { body: { name: 'A', identifier: '6145550100', identifier_type: 'Phone' }, headers: { 'idempotency-key': newKey() } }), 404);
  });

  it('validity: 401 "No registration found ..." without a confirmed registration, 200 with one, only for its own link', async () => {
    assert.deepEqual(errorsOf(await call(server.url, base), 401), [{ message: 'No registration found ...' }]);
    errorsOf(await call(server.url, base, { headers: { 'x-registration-token': 'a'.repeat(43) } }), 401);
    const token = await registered();
    const ok = await call(server.url, base, { headers: { 'x-registration-token': token } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.data.attributes.registration_name, 'Dr. Test Sender');
    const division = await server.db.selectFrom('division').select('division_uid').limit(1).executeTakeFirstOrThrow();
    await server.db.insertInto('external_action_instance').values({ instance_id: 'other-link', division_uid: division.division_uid, action_type: 'referral-form', payload_definition: '{}' }).execute();
    errorsOf(await call(server.url, '/api/ext/other-link', { headers: { 'x-registration-token': token } }), 401);
  });

  it('guessing registration tokens is refused with 429', async () => {
    let last = 0;
    for (let i = 0; i < 22; i++) last = (await call(server.url, base, { headers: { 'x-registration-token': `guess-${i}-${'x'.repeat(30)}` } })).status;
    assert.equal(last, 429);
    const answer = await call(server.url, base, { headers: { 'x-registration-token': 'y'.repeat(43) } });
    assert.match(errorsOf(answer, 429)[0].message, /Too many attempts/);
  });
});

describe('registration', () => {
  it('422 field errors for a missing name, phone or identifier type', async () => {
    const answer = await call(server.url, `${base}/register`, { body: { identifier: '123' }, headers: { 'idempotency-key': newKey() } });
    const errors = errorsOf(answer, 422);
    assert.deepEqual(errors.map((e) => e.field).sort(), ['identifier', 'identifier_type', 'name']);
    assert.equal(errors.find((e) => e.field === 'name')?.message, 'Required');
    assert.equal(errors.find((e) => e.field === 'identifier')?.message, 'Must be a 10-digit phone number');
    const wrongType = await call(server.url, `${base}/register`, { body: { name: 'A', identifier: '6145550100', identifier_type: 'Email' }, headers: { 'idempotency-key': newKey() } });
    assert.equal(errorsOf(wrongType, 422)[0].field, 'identifier_type');
  });

  it('texts a 6-digit code through the outbox; the answer does not depend on the phone number', async () => {
    const phone = newPhone();
    const first = await register(phone);
    assert.equal(first.status, 202);
    const [body] = await smsTo(phone);
    assert.match(body, /Franklin County Care registration code is \d{6}\. It expires in 10 minutes\./);
    const again = await register(phone);
    const unknown = await register(newPhone());
    const strip = (b: any) => ({ ...b.data, attributes: { ...b.data.attributes, identifier: undefined } });
    assert.deepEqual(strip(again.body), strip(first.body));
    assert.deepEqual(strip(unknown.body), strip(first.body));
    const outbox = await server.db.selectFrom('outbox').select(['status', 'channel']).where('recipient', '=', phone).execute();
    assert.ok(outbox.every((m) => m.channel === 'sms'));
  });

  it('a double register (same Idempotency-Key) texts one code', async () => {
    const phone = newPhone();
    const key = newKey();
    const [a, b] = await Promise.all([register(phone, key), register(phone, key)]);
    assert.deepEqual([a.status, b.status], [202, 202]);
    assert.equal((await smsTo(phone)).length, 1);
  });

  it('a wrong code is refused; the 6th try is refused even with the right code', async () => {
    const phone = newPhone();
    await register(phone);
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    assert.deepEqual(errorsOf(await confirm(phone, wrong), 422), [{ field: 'challenge', message: 'The code is not correct.' }]);
    for (let i = 0; i < 3; i++) errorsOf(await confirm(phone, wrong), 422);
    assert.deepEqual(errorsOf(await confirm(phone, wrong), 422), [{ field: 'challenge', message: 'Too many wrong codes. Please register again.' }]);
    assert.deepEqual(errorsOf(await confirm(phone, code), 422), [{ field: 'challenge', message: 'Too many wrong codes. Please register again.' }]);
    errorsOf(await call(server.url, base, { headers: { 'x-registration-token': 'z'.repeat(43) } }), 401);
  });

  it('an expired code is refused', async () => {
    const phone = newPhone();
    await register(phone);
    const code = await codeFor(phone);
    await withClock(async (move) => {
      move(10 * 60_000 + 5000); // the code's 10 minutes, written out
      assert.deepEqual(errorsOf(await confirm(phone, code), 422), [{ field: 'challenge', message: 'The code has expired. Please register again.' }]);
    });
  });

  it('a malformed confirmation is a 422 on its fields', async () => {
    const errors = errorsOf(await call(server.url, `${base}/register-confirm`, { body: { challenge: '12ab' }, headers: { 'idempotency-key': newKey() } }), 422);
    assert.deepEqual(errors.map((e) => e.field).sort(), ['challenge', 'identifier']);
  });

  it('phone guessing from one address is refused with 429, and so is hammering one phone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await register(newPhone())).status);
    assert.equal(statuses.filter((s) => s === 202).length, 20);
    assert.match(errorsOf(await register(newPhone()), 429)[0].message, /Too many attempts\. Please wait 15 minutes/);
    await sql`delete from rate_limit where bucket like 'ext-%'`.execute(server.db);
    const phone = newPhone();
    for (let i = 0; i < 5; i++) assert.equal((await register(phone)).status, 202);
    errorsOf(await register(phone), 429);
  });

  it('code guessing across codes for one phone is refused with 429', async () => {
    const phone = newPhone();
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await confirm(phone, String(100000 + i))).status;
    assert.equal(last, 429);
  });
});

describe('referral', () => {
  let token: string;
  before(async () => {
    token = await registered();
  });

  it('without a registration the referral is a 401', async () => {
    assert.deepEqual(errorsOf(await submit(undefined, await patientReferral()), 401), [{ message: 'No registration found ...' }]);
  });

  it("a patient's referral creates the patient and a New, Online referral dated today, in the 'new referrals' queue", async () => {
    const body = await patientReferral({
      gender_uid: await reference('reference-gender', 'Female'),
      race_uid: await reference('reference-race', 'Asian'),
      email_address: 'zq@example.test',
      addr1: '12 Elm St',
      city: 'Columbus',
      post_code: '43215',
      country_division_uid: await reference('reference-country-division', 'Ohio'),
      carrier_uid: await reference('reference-carrier', 'Medicaid'),
      policy_number: 'P-123',
      ssn: '123-45-6789',
      advertisement_uid: await reference('reference-referral-source', 'Self'),
      note: 'Please call after 5 pm.',
      // Late evening in Honolulu: the sender's today is the day before UTC's.
      referral_date: new Date(nowMs() - 86_400_000).toISOString().slice(0, 10),
    });
    const answer = await submit(token, body);
    assert.equal(answer.status, 201, answer.text);
    assert.equal(answer.body.data.attributes.status, 'New');
    const referral = await server.db.selectFrom('inbound_referral').selectAll().where('referral_uid', '=', answer.body.data.id).executeTakeFirstOrThrow();
    assert.equal(referral.status, 'New');
    assert.equal(referral.referral_method, 'Online');
    assert.equal(String((await sql<{ d: string }>`select referral_date::text as d from inbound_referral where referral_uid = ${referral.referral_uid}`.execute(server.db)).rows[0].d), body.referral_date, "the sender's today");
    const patient = await server.db.selectFrom('patient').selectAll().where('patient_uid', '=', referral.patient_uid).executeTakeFirstOrThrow();
    assert.equal(patient.first_name, 'Zephyrine');
    assert.equal(patient.mobile_phone, '6145550199');
    assert.equal(patient.preferred_phone, 'mobile');
    assert.equal(patient.race_uid, body.race_uid);
    const address = await server.db.selectFrom('patient_address as a').innerJoin('reference_data as t', 't.uid', 'a.address_type_uid').select(['a.addr1', 't.label']).where('a.patient_uid', '=', patient.patient_uid).executeTakeFirstOrThrow();
    assert.deepEqual(address, { addr1: '12 Elm St', label: 'Primary residence' });
    const insurance = await server.db.selectFrom('patient_insurance').selectAll().where('patient_uid', '=', patient.patient_uid).executeTakeFirstOrThrow();
    assert.equal(insurance.ssn_last4, '6789');
    assert.equal(insurance.is_primary, true);
    assert.equal(insurance.policy_type, 'Primary', 'primary when nothing else is said');
    const stored = await server.db.selectFrom('external_referral').select('payload').where('referral_uid', '=', referral.referral_uid).executeTakeFirstOrThrow();
    assert.equal('ssn' in stored.payload, false, 'the full SSN is not kept');

    const nav = await login(server.url, 'navigator');
    const queues = await call(server.url, '/api/queues', { token: nav.token });
    const newReferrals = queues.body.data.find((q: any) => q.attributes.queue_label === 'new referrals');
    const queue = await call(server.url, `/api/queues/${newReferrals.id}?last_name__eq=Quillfeather`, { token: nav.token });
    assert.equal(queue.status, 200, queue.text);
    assert.deepEqual(queue.body.data.attributes.data.map((r: any) => r.patient_uid), [patient.patient_uid]);
  });

  it('the insurance is stored as sent (primary or not, its policy type); a referral date that is not today anywhere is a 422', async () => {
    const answer = await submit(token, await patientReferral({ first_name: 'Isolde', last_name: 'Marchbanks', carrier_uid: await reference('reference-carrier', 'Medicaid'), policy_number: 'S-2', is_primary: false, policy_type: 'Secondary' }));
    assert.equal(answer.status, 201, answer.text);
    const patientUid = (await server.db.selectFrom('inbound_referral').select('patient_uid').where('referral_uid', '=', answer.body.data.id).executeTakeFirstOrThrow()).patient_uid!;
    const insurance = await server.db.selectFrom('patient_insurance').select(['is_primary', 'policy_type']).where('patient_uid', '=', patientUid).executeTakeFirstOrThrow();
    assert.deepEqual(insurance, { is_primary: false, policy_type: 'Secondary' });
    const stale = errorsOf(await submit(token, await patientReferral({ referral_date: '2001-01-01', policy_type: 'Gold' })), 422);
    assert.deepEqual(
      stale.filter((e) => ['referral_date', 'policy_type'].includes(e.field!)).sort((a, b) => a.field!.localeCompare(b.field!)),
      [
        { field: 'policy_type', message: 'Must be Primary, Secondary or Tertiary' },
        { field: 'referral_date', message: 'Must be today' },
      ],
    );
  });

  it('the same first and last name (any case) and birth date match the existing patient', async () => {
    const first = await submit(token, await patientReferral({ first_name: 'Ottoline', last_name: 'Brackenridge' }));
    const second = await submit(token, await patientReferral({ first_name: 'OTTOLINE', last_name: 'brackenridge' }));
    assert.deepEqual([first.status, second.status], [201, 201]);
    const rows = await server.db.selectFrom('inbound_referral as r').innerJoin('patient as p', 'p.patient_uid', 'r.patient_uid').select('p.patient_uid').where('p.last_name', '=', 'Brackenridge').execute();
    assert.equal(rows.length, 2);
    assert.equal(new Set(rows.map((r) => r.patient_uid)).size, 1);
  });

  it('a restricted or adoption child is never matched: the referral lands on a record of its own', async () => {
    const facts = await demoFacts(server.db);
    for (const child of [facts.restricted.mine, facts.adoption[0]]) {
      const c = (await sql<{ first_name: string; last_name: string; birth_date: string }>`
        select first_name, last_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date from patient where patient_uid = ${child}`.execute(server.db)).rows[0];
      const referralsOf = async () => (await server.db.selectFrom('inbound_referral').select('referral_uid').where('patient_uid', '=', child).execute()).length;
      const before = await referralsOf();
      const answer = await submit(token, await patientReferral({ first_name: c.first_name, last_name: c.last_name, birth_date: c.birth_date }));
      assert.equal(answer.status, 201, answer.text);
      assert.doesNotMatch(answer.text, new RegExp(child));
      assert.equal(await referralsOf(), before, 'nothing attached to the hidden child');
      const made = await server.db.selectFrom('patient').select('patient_uid').where('first_name', '=', c.first_name).where('last_name', '=', c.last_name).where('patient_uid', '<>', child).execute();
      assert.equal(made.length, 1, 'a record of its own');
    }
  });

  it('a double submit (same Idempotency-Key, at once and again later) stores one referral', async () => {
    const key = newKey();
    const body = await patientReferral({ first_name: 'Ignatius', last_name: 'Wolfsbane' });
    const [a, b] = await Promise.all([submit(token, body, key), submit(token, body, key)]);
    assert.deepEqual([a.status, b.status], [201, 201]);
    assert.equal(a.body.data.id, b.body.data.id);
    const again = await submit(token, body, key);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const count = await server.db.selectFrom('inbound_referral as r').innerJoin('patient as p', 'p.patient_uid', 'r.patient_uid').select('r.referral_uid').where('p.last_name', '=', 'Wolfsbane').execute();
    assert.equal(count.length, 1);
    errorsOf(await submit(token, body, 'short'), 400);
  });

  it('422: requester, names, birth date, the chosen preferred phone and the extra required field', async () => {
    const errors = errorsOf(await submit(token, { preferred_phone_number: 'workNumber', mobile_number: '6145550100' }), 422);
    assert.deepEqual(errors.map((e) => e.field).sort(), ['birth_date', 'first_name', 'last_name', 'reason_uid', 'requested_by', 'work_number']);
    assert.ok(errors.every((e) => e.message === 'Required'));
    const bad = errorsOf(await submit(token, await patientReferral({ requested_by: 'Robot', birth_date: '2999-01-01', email_address: 'nope', mobile_number: '12' })), 422);
    assert.deepEqual(Object.fromEntries(bad.map((e) => [e.field, e.message])), {
      requested_by: 'Must be Patient or Provider',
      birth_date: 'Must be in the past',
      email_address: 'Must be a valid email address',
      mobile_number: 'Must be a 10-digit phone number',
    });
  });

  it('names, phones and notes are bounded: a 2,000-character name (it fitted the old bound) is a 422, not an index error', async () => {
    // Three-byte characters: 2,000 of them overflow a btree entry on patient names.
    const wide = String.fromCharCode(...Array.from({ length: 2_000 }, (_, i) => 0x4e00 + ((i * 7919) % 20_000)));
    const errors = errorsOf(await submit(token, await patientReferral({ first_name: wide, note: `${wide}${wide}${wide}`, work_number: `6145550100${' '.repeat(30)}` })), 422);
    assert.deepEqual(Object.fromEntries(errors.map((e) => [e.field, e.message])), {
      first_name: 'Must be at most 100 characters',
      note: 'Must be at most 5000 characters',
      work_number: 'Must be at most 30 characters',
    });
    assert.equal((await submit(token, await patientReferral({ first_name: wide.slice(0, 100), note: wide.repeat(2).slice(0, 5_000) }))).status, 201);
  });

  it('a Provider must choose themselves; "I don\'t see me, add me" needs name, role, phone and email', async () => {
    const none = errorsOf(await submit(token, await patientReferral({ requested_by: 'Provider' })), 422);
    assert.deepEqual(none, [{ field: 'from_provider_uid', message: 'Required' }]);
    const added = errorsOf(await submit(token, await patientReferral({ requested_by: 'Provider', from_provider_uid: 'new' })), 422);
    assert.deepEqual(added.map((e) => e.field).sort(), ['from_provider_email', 'from_provider_first_name', 'from_provider_last_name', 'from_provider_phone', 'from_provider_role_uid']);
  });

  it('uid fields must name a row of their own list; a provider must be of the link\'s organisation', async () => {
    const genderAsRace = await reference('reference-gender', 'Male');
    const errors = errorsOf(await submit(token, await patientReferral({ race_uid: genderAsRace, reason_uid: await reference('reference-referral-source', 'Self'), requested_by: 'Provider', from_provider_uid: '00000000-0000-0000-0000-000000000000' })), 422);
    assert.deepEqual(errors.map((e) => e.field).sort(), ['from_provider_uid', 'race_uid', 'reason_uid']);
  });

  it('an existing provider refers; a new provider is added to the organisation', async () => {
    const priya = await server.db.selectFrom('provider').select('provider_uid').where('last_name', '=', 'Raman').executeTakeFirstOrThrow();
    const existing = await submit(token, await patientReferral({ first_name: 'Horatio', last_name: 'Fenwicke', requested_by: 'Provider', from_provider_uid: priya.provider_uid, from_provider_pcp: true }));
    assert.equal(existing.status, 201, existing.text);
    const link = await server.db.selectFrom('external_referral').select(['from_provider_uid', 'payload']).where('referral_uid', '=', existing.body.data.id).executeTakeFirstOrThrow();
    assert.equal(link.from_provider_uid, priya.provider_uid);
    assert.equal(link.payload.fromProviderPCP, true);
    const added = await submit(
      token,
      await patientReferral({
        first_name: 'Horatio',
        last_name: 'Fenwicke',
        requested_by: 'Provider',
        from_provider_uid: 'new',
        from_provider_first_name: 'Imogen',
        from_provider_last_name: 'Thistlewood',
        from_provider_role_uid: await reference('reference-provider-role', 'Counselor'),
        from_provider_phone: '614-555-0142',
        from_provider_email: 'imogen@clinic.test',
      }),
    );
    assert.equal(added.status, 201, added.text);
    const provider = await server.db.selectFrom('provider').selectAll().where('last_name', '=', 'Thistlewood').executeTakeFirstOrThrow();
    assert.equal(provider.display_name, 'Imogen Thistlewood');
    assert.equal(provider.work_phone, '6145550142');
    const org = await server.db.selectFrom('organization').select('org_uid').executeTakeFirstOrThrow();
    assert.equal(provider.org_uid, org.org_uid);
  });

  it('reference lists and providers: registration needed, default order then label, page-size at most 1000', async () => {
    errorsOf(await call(server.url, `${base}/reference/reference-gender`), 401);
    const headers = { 'x-registration-token': token };
    const genders = await call(server.url, `${base}/reference/reference-gender?page=1&page-size=1000&sort=default_sort_order,label`, { headers });
    assert.deepEqual(genders.body.data.map((r: any) => r.attributes.label), ['Male', 'Female', 'Unknown']);
    assert.equal(genders.body.meta.page_size, 1000);
    const reasons = await call(server.url, `${base}/reference/reference-reason`, { headers });
    assert.deepEqual(reasons.body.data.map((r: any) => r.attributes.label), ['Overdose', 'Mental Health', 'Substance Use', 'Housing', 'Other']);
    const states = await call(server.url, `${base}/reference/reference-country-division?sort=label`, { headers });
    const labels = states.body.data.map((r: any) => r.attributes.label);
    assert.ok(labels.includes('Ohio'));
    assert.deepEqual(labels, [...labels].sort((a: string, b: string) => a.localeCompare(b)));
    errorsOf(await call(server.url, `${base}/reference/reference-gender?page-size=1001`, { headers }), 400);
    errorsOf(await call(server.url, `${base}/reference/reference-gender?sort=name;drop`, { headers }), 400);
    errorsOf(await call(server.url, `${base}/reference/reference-medication`, { headers }), 404);
    const providers = await call(server.url, `${base}/providers`, { headers });
    assert.ok(providers.body.data.some((p: any) => p.attributes.display_name === 'Dr. Priya Raman'));
    errorsOf(await call(server.url, `${base}/providers`), 401);
  });
});

describe("a link's page: its division and first step in the HTML (issue 39 section 4)", () => {
  const FRANKLIN = { division: 'Franklin County Care', organisation: 'Careweave Demo Health' };
  const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[e]!);
  /** The page as a browser that takes Brotli gets it; `first` reads its first screen's parts by class or tag. */
  async function page(address: string, headers: Record<string, string> = {}) {
    const answer = await fetch(server.url + address, { headers: { 'accept-encoding': 'br', ...headers } });
    const html = await answer.text();
    const first = (selector: string) => {
      const m = new RegExp(`<${selector.startsWith('.') ? `[a-z0-9]+ class="${selector.slice(1)}"` : selector}>([\\s\\S]*?)</`).exec(html);
      return m ? text(m[1]) : null;
    };
    return { answer, html, first };
  }
  const say = (lang: PublicFormLanguage, key: string, values: Record<string, string> = FRANKLIN) => sayToPublic(lang, key, values);

  it('a visitor with no registration: the division and the register step, in the page as built, compressed', async () => {
    const { answer, html, first } = await page(`/ext/${DEMO_EXT_INSTANCE}`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-encoding'), 'br');
    assert.match(String(answer.headers.get('content-type')), /^text\/html/);
    assert.match(String(answer.headers.get('vary')), /accept-encoding.*accept-language.*cookie/i);
    assert.equal(first('.public-form-name'), FRANKLIN.division);
    assert.equal(first('.public-form-detail'), FRANKLIN.organisation);
    assert.equal(first('.public-form-purpose'), say('en', 'ext.purposeDivision'));
    assert.equal(first('h1'), say('en', 'ext.register.title'));
    assert.equal(first('p'), say('en', 'ext.register.intro'));
    assert.match(html, /<img src="data:image\/svg\+xml;base64,[^"]+" alt=""/, 'the division logo (its initials)');
    // The page as built around it: its head, and the live form's place, with the link's screen inert in the first screen's.
    const [before, after] = builtPage('en').split(firstScreenSlot('<p>No link named</p>'));
    const [open, close] = firstScreenSlot('\0').split('\0');
    assert.ok(html.startsWith(`${before}${open}<main class="care-page">`), html.slice(0, 300));
    assert.ok(html.endsWith(`</main>${close}${after}`));

    const gzip = await fetch(server.url + `/ext/${DEMO_EXT_INSTANCE}`, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    assert.equal(gzip.headers.get('content-encoding'), 'gzip');
    assert.equal(await gzip.text(), html);
  });

  it('the step the form will show: register-confirm as asked; a registered visitor (the form’s cookie) the referral', async () => {
    assert.equal((await page(`/ext/${DEMO_EXT_INSTANCE}/register-confirm`)).first('h1'), say('en', 'ext.confirm.title'));
    for (const step of ['', '/register', '/register-confirm', '/referral-form']) {
      const { first } = await page(`/ext/${DEMO_EXT_INSTANCE}${step}`, { cookie: `${EXT_REGISTERED_COOKIE}=1` });
      assert.equal(first('h1'), say('en', 'ext.referral.title'), step);
      assert.equal(first('.ext-intro'), say('en', 'ext.referral.intro'), step);
    }
    assert.equal((await page(`/ext/${DEMO_EXT_INSTANCE}/referral-form`)).first('h1'), say('en', 'ext.register.title'), 'the form sends a visitor with no registration to register');
  });

  it('in Spanish for a browser that asks for it', async () => {
    const { html, first } = await page(`/ext/${DEMO_EXT_INSTANCE}`, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    assert.match(html, /^<!doctype html>\n<html lang="es">/);
    assert.equal(first('.public-form-purpose'), say('es', 'ext.purposeDivision'));
    assert.equal(first('h1'), say('es', 'ext.register.title'));
    assert.equal(first('p'), say('es', 'ext.register.intro'));
  });

  /** A division of the demo organisation with a link of its own. */
  async function linkOf(instanceId: string, divisionName: string): Promise<string> {
    const org = await server.db.selectFrom('organization').select('org_uid').where('name', '=', FRANKLIN.organisation).executeTakeFirstOrThrow();
    const { division_uid } = await server.db.insertInto('division').values({ division_name: divisionName, org_uid: org.org_uid }).returning('division_uid').executeTakeFirstOrThrow();
    await server.db.insertInto('external_action_instance').values({ instance_id: instanceId, division_uid, action_type: 'referral-form', payload_definition: '{}' }).execute();
    return division_uid;
  }

  it('what a division wrote is shown as text: markup in its name or its own intro draws nothing', async () => {
    const name = `<img src=x onerror="alert(1)">Evil & Co's`;
    const intro = '</p><script>alert("intro")</script><p>';
    const division = await linkOf('markup-link', name);
    await server.db.insertInto('division_translation').values({ division_uid: division, lang: 'en-US', key: 'ext.register.intro', value: intro }).execute();
    const { html, first } = await page('/ext/markup-link');
    assert.equal(first('.public-form-name'), name);
    assert.equal(first('p'), intro);
    assert.ok(html.includes('&lt;/p&gt;&lt;script&gt;alert(&quot;intro&quot;)&lt;/script&gt;&lt;p&gt;'));
    assert.ok(!html.includes('<img src=x') && !html.includes('<script'), 'no element of the division’s writing');
  });

  it('only a valid link gets a first screen of its own: any other, or a step it has not, gets the page as built, the same for each', async () => {
    assert.notEqual((await page(`/ext/${DEMO_EXT_INSTANCE}`)).html, builtPage('en'));
    const closed = await linkOf('closed-page-link', 'Closed Division Name');
    await server.db.updateTable('external_action_instance').set({ is_active: false }).where('division_uid', '=', closed).execute();
    for (const address of ['/ext/no-such-link', '/ext/closed-page-link', `/ext/${encodeURIComponent("x'; drop table patient; --")}`, `/ext/${DEMO_EXT_INSTANCE}/no-such-step`, '/ext/no-such-link/register']) {
      const { answer, html } = await page(address, { cookie: `${EXT_REGISTERED_COOKIE}=1` });
      assert.equal(answer.status, 200, address);
      assert.equal(html, builtPage('en'), address);
    }
    assert.equal((await page('/ext/no-such-link', { 'accept-language': 'es' })).html, builtPage('es'));
  });

  it(`a change to the division shows within ${REFERRAL_PAGE_TTL_MS / 1000} s`, async () => {
    const division = await linkOf('renamed-link', 'Before Rename Care');
    assert.equal((await page('/ext/renamed-link')).first('.public-form-name'), 'Before Rename Care');
    await server.db.updateTable('division').set({ division_name: 'After Rename Care' }).where('division_uid', '=', division).execute();
    assert.equal((await page('/ext/renamed-link')).first('.public-form-name'), 'Before Rename Care', 'kept meanwhile');
    await withClock(async (move) => {
      move(REFERRAL_PAGE_TTL_MS + 1000);
      assert.equal((await page('/ext/renamed-link')).first('.public-form-name'), 'After Rename Care');
    });
  });
});
