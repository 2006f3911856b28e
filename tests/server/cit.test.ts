import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { CIT_FACILITIES, DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { CIT_TEXT } from '../../shared/cit-options';
import { call, demoFacts, errorsOf, login, type LoggedIn } from './support/http';
import { pdfText, pdfTextRuns, runsOutsideMargins } from './support/pdf-text';
import { withClock } from './support/clock';
import { CIT_PDF_LINK_SECONDS } from '../../server/cit/cit-pdf';
import { CIT_PERSON_REF_SECONDS } from '../../server/cit/person-ref';
import { hashAccessCode } from '../../server/public-forms/access-codes';

process.env.TRUST_PROXY = '1';
let server: TestServer;
let options: Record<string, { uid: string; label: string }[]>;
let facilities: { facility_uid: string; facility_name: string }[];
let supervisor: LoggedIn;
const identity = { code: DEMO_CIT_AGENCY.code, officer_name: DEMO_CIT_AGENCY.officers[0] };
let keyCounter = 0;
const key = () => `cit-test-key-${process.pid}-${++keyCounter}-abcdef`;
/** Each test call comes from its own client address so the per-address limits stay apart. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

before(async () => {
  server = await startTestServer();
  const ctx = await call(server.url, '/api/cit/oh/context');
  options = ctx.body.data.attributes.options;
  const id = await call(server.url, '/api/cit/oh/identify', { body: identity });
  facilities = id.body.data.attributes.facilities;
  supervisor = await login(server.url, 'cit-supervisor');
});
after(async () => {
  await server?.stop();
});

const uid = (list: string, label?: string) => (label ? options[list].find((o) => o.label === label)! : options[list][0]).uid;
function sheet(overrides: Record<string, unknown> = {}) {
  return {
    ...identity,
    first_name: 'Testy', last_name: 'Cittest', birth_date: '1990-05-01', gender_uid: uid('gender', 'Female'), race_uid: [uid('race')],
    veteran_status: 'Veteran status unknown', phone_number: '6145550199', phone_type: 'Mobile', date_time: '2026-01-10T22:15',
    event_time_zone: 'America/New_York', officer: 'Officer Riley', shift_uid: uid('shift'), referral_source_uid: uid('referral_source', 'Law Enforcement'),
    crisis: ['Depression'], response: 'No Contact', disposition_uid: uid('status'), type: 'Personal Residence', incident_note: 'calm',
    ...overrides,
  };
}
const submit = (body: object, k = key(), ip = '10.0.0.2') => call(server.url, '/api/cit/oh/submit', { body, headers: { 'idempotency-key': k, ...from(ip) } });
const fields = (answer: Awaited<ReturnType<typeof submit>>) => Object.fromEntries(errorsOf(answer, 422).map((e) => [e.field, e.message]));

describe('public CIT form', () => {
  it('context gives the option lists without a session', () => {
    for (const list of ['gender', 'race', 'shift', 'country_division', 'referral_source', 'status']) assert.ok(options[list].length > 0, list);
    assert.deepEqual(options.status.map((s) => s.label), ['Active', 'Pending', 'Closed']);
    assert.ok(facilities.some((f) => f.facility_name === CIT_FACILITIES.withEmail));
  });

  it('identify: valid, invalid name, invalid code (same message)', async () => {
    const ok = await call(server.url, '/api/cit/oh/identify', { body: { code: 'oh-demo-pd', officer_name: ' officer riley ' } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.attributes.agency_name, DEMO_CIT_AGENCY.name);
    // The receiving team for the form's header, told only once identified.
    const brand = ok.body.data.attributes.brand;
    assert.deepEqual([brand.name, brand.detail], ['Franklin County Care', 'Careweave Demo Health']);
    assert.match(brand.logo_url, /^data:image\/svg\+xml;base64,/);
    const badName = await call(server.url, '/api/cit/oh/identify', { body: { ...identity, officer_name: 'Officer Nobody' } });
    const badCode = await call(server.url, '/api/cit/oh/identify', { body: { ...identity, code: 'NOPE' } });
    assert.deepEqual(errorsOf(badName, 403), [{ message: CIT_TEXT.identityInvalid }]);
    assert.deepEqual(errorsOf(badCode, 403), [{ message: CIT_TEXT.identityInvalid }]);
    assert.equal((await call(server.url, '/api/cit/ky/identify', { body: identity })).status, 403, 'agency of another state');
    errorsOf(await call(server.url, '/api/cit/oh/identify', { body: { code: '', officer_name: '' } }), 422);
  });

  it('guessing identities is refused with 429 per address', async () => {
    let last;
    for (let i = 0; i < 31; i++) last = await call(server.url, '/api/cit/oh/identify', { body: { code: `GUESS-${i}`, officer_name: 'x' }, headers: from('10.9.9.9') });
    assert.match(errorsOf(last!, 429)[0].message, /Too many attempts/);
    const perCode = [];
    for (let i = 0; i < 16; i++) perCode.push((await call(server.url, '/api/cit/oh/identify', { body: { code: 'TARGET-PD', officer_name: `n${i}` }, headers: from(`10.8.0.${i}`) })).status);
    assert.equal(perCode.at(-1), 429, 'per agency identifier too');
  });

  it('a valid sheet is stored once for a double submit; pending; no email without follow-up', async () => {
    const k = key();
    const [a, b] = await Promise.all([submit(sheet({ first_name: 'Double' }), k), submit(sheet({ first_name: 'Double' }), k)]);
    assert.deepEqual([a.status, b.status], [201, 201]);
    assert.equal(a.body.data.id, b.body.data.id);
    assert.equal(a.body.data.attributes.email_sent, null);
    const rows = await sql<{ n: number }>`select count(*)::int as n from cit_submission where submission_json->>'firstName' = 'Double'`.execute(server.db);
    assert.equal(rows.rows[0].n, 1);
    const stored = await sql<{ j: any; s: string }>`select submission_json as j, approval_status as s from cit_submission where submission_uid = ${a.body.data.id}`.execute(server.db);
    assert.equal(stored.rows[0].s, 'pending');
    assert.equal(stored.rows[0].j.code, undefined, 'the agency identifier is not stored in the sheet');
  });

  it('the answer carries the reference (the sheet\'s id) and when it was submitted, the same on a replay', async () => {
    const k = key();
    const before = Date.now();
    const a = await submit(sheet({ first_name: 'Receipt' }), k);
    assert.equal(a.status, 201);
    assert.match(a.body.data.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const at = new Date(a.body.data.attributes.created_at).getTime();
    assert.ok(Math.abs(at - before) < 60_000, a.body.data.attributes.created_at);
    const row = await sql<{ created_at: Date }>`select created_at from cit_submission where submission_uid = ${a.body.data.id}`.execute(server.db);
    assert.equal(at, row.rows[0].created_at.getTime(), 'the stored time');
    const replay = await submit(sheet({ first_name: 'Receipt' }), k);
    assert.deepEqual([replay.body.data.id, replay.body.data.attributes.created_at], [a.body.data.id, a.body.data.attributes.created_at]);
  });

  it("the answer's secure_href opens the officer's copy of the sheet for 5 minutes, without a session; never a rejected one", async () => {
    const a = await submit(sheet({ first_name: 'Copyholder', last_name: 'Receiptcase' }));
    assert.equal(a.status, 201, a.text);
    const link: string = a.body.data.attributes.secure_href;
    assert.ok(link.startsWith(`http://localhost:${new URL(server.url).port}/api/cit-receipt?token=`), link);
    const path = link.slice(link.indexOf('/api/'));
    const pdf = await fetch(server.url + path);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(pdf.headers.get('cache-control'), 'private, no-store');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Crisis Intervention Team Contact Sheet', 'Receiptcase, Copyholder', "The officer's copy of the contact sheet as submitted"]) assert.ok(text.includes(expected), `"${expected}" in:\n${text}`);
    assert.ok(!text.includes(DEMO_CIT_AGENCY.code), 'the agency identifier is never printed');
    const log = await sql<{ action: string }>`select action from cit_submission_log where submission_uid = ${a.body.data.id} order by created_at`.execute(server.db);
    assert.deepEqual(log.rows.map((r) => r.action), ['submitted', 'receipt-opened']);
    await withClock(async (move) => {
      move(CIT_PDF_LINK_SECONDS * 1000 + 5000);
      assert.deepEqual(errorsOf(await call(server.url, path), 403), [{ message: 'This PDF link has expired or is not valid. Ask for a new one.' }]);
    });
    // Another purpose's token (a tampered claim) opens nothing.
    const [payload, signature] = new URL(link).searchParams.get('token')!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), s: '00000000-0000-0000-0000-000000000000' })).toString('base64url');
    errorsOf(await call(server.url, `/api/cit-receipt?token=${forged}.${signature}`), 403);
    // Rejected, the sheet is deleted: its link finds nothing.
    const supervisor = await login(server.url, 'cit-supervisor');
    const b = await submit(sheet({ first_name: 'Rejectme', last_name: 'Receiptcase' }));
    assert.equal((await call(server.url, `/api/data/public/cit-submission/${b.body.data.id}/reject`, { method: 'PUT', token: supervisor.token, body: {} })).status, 204);
    const bPath = b.body.data.attributes.secure_href.slice(b.body.data.attributes.secure_href.indexOf('/api/'));
    errorsOf(await call(server.url, bPath), 404);
  });

  it('one 422 lists every field error at once: conditional rules with the rest, in the sheet\'s order', async () => {
    const answer = await submit({
      ...identity, birth_date: '1990-05-01', date_time: '1990-04-01T10:00', mh_follow_up_requested: 'yes', subject_taken_into_custody_for_evaluation: 'yes',
      incident_has_related_crime: 'yes', response: 'Force Used', crisis: ['Other'],
    });
    const errors = errorsOf(answer, 422);
    assert.deepEqual(errors.map((e) => e.field), [
      'first_name', 'last_name', 'gender_uid', 'race_uid', 'veteran_status', 'phone_number', 'phone_type', 'date_time', 'event_time_zone', 'officer', 'shift_uid',
      'referral_source_uid', 'crisis_other', 'force_used_incident_resulted_in_injury', 'disposition_uid', 'facility_uid', 'process_initiated_by',
      'incident_has_related_crime_yes', 'criminal_charges_to_be_filed',
    ]);
    const f = fields(answer);
    assert.equal(f.date_time, CIT_TEXT.incidentDate, 'the incident-date rule beside the missing fields');
    for (const name of ['first_name', 'facility_uid', 'process_initiated_by', 'crisis_other', 'force_used_incident_resulted_in_injury', 'incident_has_related_crime_yes']) assert.equal(f[name], 'Required', name);
  });

  it('a wrong identity cannot submit', async () => {
    assert.deepEqual(errorsOf(await submit(sheet({ officer_name: 'Officer Nobody' })), 403), [{ message: CIT_TEXT.identityInvalid }]);
  });

  it('required fields', async () => {
    const answer = await submit({ ...identity });
    const f = fields(answer);
    for (const name of ['phone_number', 'date_time', 'first_name', 'last_name', 'gender_uid', 'race_uid', 'crisis', 'response', 'disposition_uid', 'officer', 'referral_source_uid', 'shift_uid'])
      assert.equal(f[name], 'Required', name);
  });

  it('birth date and incident date rules', async () => {
    assert.equal(fields(await submit(sheet({ birth_date: '2999-01-01' }))).birth_date, 'Birth date cannot be in the future');
    assert.match(fields(await submit(sheet({ birth_date: '1900-01-01' }))).birth_date, /100 years/);
    assert.equal(fields(await submit(sheet({ birth_date: '2026-01-10' }))).date_time, CIT_TEXT.incidentDate);
    assert.equal(fields(await submit(sheet({ birth_date: '2026-02-01' }))).date_time, CIT_TEXT.incidentDate);
  });

  it('conditional requireds', async () => {
    assert.equal(fields(await submit(sheet({ response: 'Force Used' }))).force_used_incident_resulted_in_injury, 'Required');
    assert.equal(fields(await submit(sheet({ response: 'Force Used', force_used_incident_resulted_in_injury: ['Subject Injured'] }))).injury_resulted_from_force, 'Required');
    assert.equal((await submit(sheet({ response: 'Force Used', force_used_incident_resulted_in_injury: ['No Injury'] }))).status, 201);
    assert.equal(fields(await submit(sheet({ mh_follow_up_requested: 'yes' }))).facility_uid, 'Required');
    assert.equal(fields(await submit(sheet({ subject_taken_into_custody_for_evaluation: 'yes' }))).process_initiated_by, 'Required');
    const crime = fields(await submit(sheet({ incident_has_related_crime: 'yes' })));
    assert.equal(crime.incident_has_related_crime_yes, 'Required');
    assert.equal(crime.criminal_charges_to_be_filed, 'Required');
    assert.equal(fields(await submit(sheet({ crisis: ['Other'] }))).crisis_other, 'Required');
  });

  it('the server clears dependent fields before storing', async () => {
    const a = await submit(sheet({ first_name: 'Clearing', mh_follow_up_requested: 'no', facility_uid: facilities[0].facility_uid, response: 'No Contact', force_used_incident_resulted_in_injury: ['Officer Injured'], injury_resulted_from_force: 'x', other_reporting: 'a', crisis_other: 'b', process_initiated_by: 'Law Enforcement', criminal_charges_to_be_filed: 'Yes' }));
    assert.equal(a.status, 201, a.text);
    const j = (await sql<{ j: any }>`select submission_json as j from cit_submission where submission_uid = ${a.body.data.id}`.execute(server.db)).rows[0].j;
    assert.deepEqual([j.facilityUid, j.forceUsedIncidentResultedInInjury, j.injuryResultedFromForce, j.otherReporting, j.crisisOther, j.processInitiatedBy, j.criminalChargesToBeFiled], ['', [], '', '', '', '', '']);
  });

  it('follow-up at a facility with an address: the email is in the outbox with the record', async () => {
    const facility = facilities.find((f) => f.facility_name === CIT_FACILITIES.withEmail)!;
    const a = await submit(sheet({ first_name: 'Emailed', mh_follow_up_requested: 'yes', facility_uid: facility.facility_uid }));
    assert.equal(a.status, 201, a.text);
    assert.equal(a.body.data.attributes.email_sent, true);
    const mail = await sql<{ body: string; recipient: string }>`select body, recipient from outbox where body like ${'%' + a.body.data.id + '%'}`.execute(server.db);
    assert.equal(mail.rows.length, 1);
    assert.equal(mail.rows[0].recipient, 'csu-intake@careweave.test');
    const none = facilities.find((f) => f.facility_name === CIT_FACILITIES.withoutEmail)!;
    const b = await submit(sheet({ first_name: 'Unmailed', mh_follow_up_requested: 'yes', facility_uid: none.facility_uid }));
    assert.equal(b.body.data.attributes.email_sent, false);
    assert.equal(b.body.data.attributes.facility_name, CIT_FACILITIES.withoutEmail);
  });

  it('person-match tells officers only whether someone matches', async () => {
    const p = (await sql<{ first_name: string; last_name: string; gender_uid: string }>`select first_name, last_name, gender_uid from patient where division_uid = (select division_uid from cit_agency limit 1) and length(first_name) > 2 and length(last_name) > 2 and gender_uid is not null limit 1`.execute(server.db)).rows[0];
    const hit = await call(server.url, '/api/cit/oh/person-match', { body: { ...identity, first_name: p.first_name, last_name: p.last_name, gender_uid: p.gender_uid } });
    assert.deepEqual(Object.keys(hit.body.data.attributes).sort(), ['matches', 'person_id']);
    assert.equal(hit.body.data.attributes.matches, 1);
    // The person's reference is sealed: it names no record the officer could read or change.
    const ref: string = hit.body.data.attributes.person_id;
    assert.match(ref, /^[A-Za-z0-9_-]{64}$/);
    assert.doesNotMatch(hit.text, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, 'no record id in the answer');
    const miss = await call(server.url, '/api/cit/oh/person-match', { body: { ...identity, first_name: 'Zzzqx', last_name: 'Qqqzx', gender_uid: p.gender_uid } });
    assert.deepEqual(miss.body.data.attributes, { matches: 0, person_id: null });
    errorsOf(await call(server.url, '/api/cit/oh/person-match', { body: { ...identity, officer_name: 'x', first_name: p.first_name, last_name: p.last_name, gender_uid: p.gender_uid } }), 403);
    // The person's name is bounded as the sheet bounds it: a longer one is refused by field, before any search.
    const long = errorsOf(await call(server.url, '/api/cit/oh/person-match', { body: { ...identity, first_name: 'a'.repeat(101), last_name: p.last_name, gender_uid: p.gender_uid } }), 422);
    assert.deepEqual(long.map((e) => e.field), ['first_name']);
    const few = errorsOf(await call(server.url, '/api/cit/oh/person-match', { body: { ...identity, first_name: 'Al', last_name: p.last_name, gender_uid: p.gender_uid } }), 422);
    assert.deepEqual(few.map((e) => e.message), ['First and last name (3 characters or more) and gender are needed']);
  });

  it('zip autofill from reference geo data', async () => {
    const geo = await call(server.url, '/api/reference-data/reference-geo-data?zip_code=44308');
    assert.equal(geo.body.data[0].attributes.city, 'Akron');
    assert.equal(geo.body.data[0].attributes.county, 'Summit');
    assert.deepEqual((await call(server.url, '/api/reference-data/reference-geo-data?zip_code=99999')).body.data, []);
  });
});

/** The officer's identity on the GET calls: HTTP Basic, officer name and agency identifier. */
const basic = (officer = identity.officer_name, code = identity.code) => ({ authorization: `Basic ${Buffer.from(`${officer}:${code}`).toString('base64')}` });

describe('public CIT form: the local treatment facility search', () => {
  const search = (q: string, headers: Record<string, string> = basic(), state = 'oh') =>
    call(server.url, `/api/cit/${state}/treatment-facilities?search=${encodeURIComponent(q)}`, { headers: { ...headers, ...from('10.0.7.1') } });
  const names = (answer: Awaited<ReturnType<typeof search>>) => answer.body.data.map((f: { attributes: { facility_name: string } }) => f.attributes.facility_name);
  const setting = async () =>
    (await sql<{ division_uid: string; setting_value: string }>`
      select s.division_uid, s.setting_value from division_setting s join cit_agency a on a.division_uid = s.division_uid
       where a.code_hash is not null and s.setting_name = 'local-treatment-facility-type' limit 1`.execute(server.db)).rows[0];

  it("identify says whether the agency's division has a local treatment setting", async () => {
    const ok = await call(server.url, '/api/cit/oh/identify', { body: identity });
    assert.equal(ok.body.data.attributes.local_treatment_search, true);
    assert.equal((await setting()).setting_value, 'Treatment');
  });

  it("finds the organisation's offered facilities of the setting's type by name or city, and nothing else", async () => {
    const all = await search('');
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(names(all), ['Crisis Stabilization Unit', 'Harbor Walk-in Center', 'Summit Behavioral Health']);
    assert.deepEqual(Object.keys(all.body.data[0].attributes).sort(), ['city', 'facility_name', 'facility_uid']);
    assert.deepEqual(names(await search('crisis')), ['Crisis Stabilization Unit']);
    assert.deepEqual(names(await search('AKRON')), ['Summit Behavioral Health'], 'by city, without case');
    // Columbus has hospitals, clinics and a school too: only the treatment facilities are found.
    assert.deepEqual(names(await search('columbus')), ['Crisis Stabilization Unit', 'Harbor Walk-in Center']);
    assert.deepEqual(names(await search('%')), [], 'a wildcard is a character like any other');
    assert.deepEqual(names(await search('Nowhere Facility')), []);
    // Every facility found is one the submit accepts for this agency.
    const found = (await search('crisis')).body.data[0];
    assert.equal(found.id, facilities.find((f) => f.facility_name === 'Crisis Stabilization Unit')!.facility_uid);
  });

  it("another organisation's facility of the type, and one no longer offered, are not found", async () => {
    const org = (await sql<{ org_uid: string }>`insert into organization (org_name, name) values ('Elsewhere Health', 'Elsewhere Health') returning org_uid`.execute(server.db)).rows[0];
    await sql`insert into facility (facility_name, org_uid, facility_type, city) values ('Elsewhere Crisis Center', ${org.org_uid}, 'Treatment', 'Columbus')`.execute(server.db);
    const own = (await sql<{ facility_uid: string }>`
      insert into facility (facility_name, org_uid, facility_type, city, is_in_selections)
      select 'Retired Crisis House', org_uid, 'Treatment', 'Columbus', false from cit_agency limit 1 returning facility_uid`.execute(server.db)).rows[0];
    try {
      assert.deepEqual(names(await search('crisis')), ['Crisis Stabilization Unit']);
    } finally {
      await sql`delete from facility where facility_uid = ${own.facility_uid} or facility_name = 'Elsewhere Crisis Center'`.execute(server.db);
    }
  });

  it('refuses a wrong identity (403), a missing or malformed one and a search past its bound (422), an unknown state (404)', async () => {
    assert.deepEqual(errorsOf(await search('crisis', basic('Officer Nobody')), 403), [{ message: CIT_TEXT.identityInvalid }]);
    assert.deepEqual(errorsOf(await search('crisis', basic(identity.officer_name, 'NOPE')), 403), [{ message: CIT_TEXT.identityInvalid }]);
    errorsOf(await search('crisis', {}), 422);
    errorsOf(await search('crisis', { authorization: 'Basic !!!' }), 422);
    errorsOf(await search('crisis', { authorization: `Bearer ${supervisor.token}` }), 422);
    const long = fields(await search('x'.repeat(101)));
    assert.equal(long.search, 'Must be at most 100 characters');
    errorsOf(await search('crisis', basic(), 'ohio'), 404);
    errorsOf(await search('crisis', basic(), 'ky'), 403);
  });

  it('without the setting: identify says so and the search is not there (404)', async () => {
    const { division_uid: division, setting_value: value } = await setting();
    await sql`delete from division_setting where division_uid = ${division} and setting_name = 'local-treatment-facility-type'`.execute(server.db);
    try {
      assert.equal((await call(server.url, '/api/cit/oh/identify', { body: identity })).body.data.attributes.local_treatment_search, false);
      assert.deepEqual(errorsOf(await search('crisis'), 404), [{ message: 'No local treatment facility search for this agency' }]);
    } finally {
      await sql`insert into division_setting (division_uid, setting_name, setting_value) values (${division}, 'local-treatment-facility-type', ${value})`.execute(server.db);
    }
  });
});

describe("public CIT form: a matched person's previous incidents", () => {
  const ip = '10.0.6.1';
  const match = async (p: { first_name: string; last_name: string; gender_uid: string }, who = identity) =>
    (await call(server.url, '/api/cit/oh/person-match', { body: { ...who, ...p }, headers: from(ip) })).body.data.attributes.person_id as string | null;
  const incidents = (ref: string, headers: Record<string, string> = basic(), query = '?state=oh') =>
    call(server.url, `/api/data/public/person/${encodeURIComponent(ref)}/incidents${query}`, { headers: { ...headers, ...from(ip) } });
  const person = { first_name: 'Priorcase', last_name: 'Incidentson', gender_uid: '' };
  let patientUid: string;
  let ref: string;

  before(async () => {
    person.gender_uid = uid('gender', 'Male');
    const put = (id: string) => call(server.url, `/api/data/public/cit-submission/${id}/accept`, { method: 'PUT', token: supervisor.token, body: {} });
    const first = await submit(sheet({ ...person, birth_date: '', date_time: '2025-11-03T08:40', crisis: ['Depression', 'Other'], crisis_other: 'Lost his job', incident_note: 'Secret narrative of the first night', disposition_uid: uid('status', 'Active') }), key(), ip);
    const accepted = await put(first.body.data.id);
    assert.equal(accepted.status, 200, accepted.text);
    patientUid = accepted.body.data.attributes.patient_uid;
    const second = await submit(sheet({ ...person, birth_date: '', date_time: '2026-01-10T22:15', crisis: ['Suicide Thoughts'], incident_note: 'Secret narrative of the second night', disposition_uid: uid('status', 'Closed') }), key(), ip);
    assert.equal((await put(second.body.data.id)).status, 200);
    ref = (await match(person))!;
    assert.ok(ref, 'the person is matched');
    assert.ok(!Buffer.from(ref, 'base64url').includes(Buffer.from(patientUid.replace(/-/g, ''), 'hex')), "the record's id is sealed, not carried");
  });

  it('lists the date, crisis events, disposition and agency of each, newest first, and nothing more', async () => {
    const answer = await incidents(ref);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.map((r: { attributes: unknown }) => r.attributes), [
      { incident_date: '2026-01-10', crisis: ['Suicide Thoughts'], disposition: 'Closed', agency_name: DEMO_CIT_AGENCY.name },
      { incident_date: '2025-11-03', crisis: ['Depression', 'Other'], disposition: 'Active', agency_name: DEMO_CIT_AGENCY.name },
    ]);
    assert.equal(answer.body.meta.total, 2);
    for (const secret of ['Secret narrative', 'Lost his job', 'Incidentson', patientUid, '6145550199', 'Officer Riley']) assert.ok(!answer.text.includes(secret), `"${secret}" is not told`);
    assert.doesNotMatch(answer.text, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, 'no record ids');
  });

  it('shows the 10 newest of more, with the total', async () => {
    const [event] = (await sql<{ medical_event_uid: string }>`
      select medical_event_uid from medical_event where patient_uid = ${patientUid} order by event_date limit 1`.execute(server.db)).rows;
    const copies = await sql<{ medical_event_uid: string }>`
      insert into medical_event (patient_uid, medical_event_type_uid, event_date, event_time_zone, status_uid, detail)
      select patient_uid, medical_event_type_uid, event_date - make_interval(days => g), event_time_zone, status_uid, detail
        from medical_event, generate_series(1, 10) g where medical_event_uid = ${event.medical_event_uid}
      returning medical_event_uid`.execute(server.db);
    // Each an approved sheet of the agency, as the officer's own incidents are.
    await sql`
      insert into cit_submission (agency_uid, division_uid, officer_name, approval_status, submission_json, medical_event_uid, patient_uid)
      select s.agency_uid, s.division_uid, s.officer_name, 'approved', s.submission_json, c, s.patient_uid
        from cit_submission s, unnest(${copies.rows.map((r) => r.medical_event_uid)}::uuid[]) c where s.medical_event_uid = ${event.medical_event_uid}`.execute(server.db);
    try {
      const answer = await incidents(ref);
      assert.equal(answer.body.data.length, 10);
      assert.equal(answer.body.meta.total, 12);
      assert.equal(answer.body.data[0].attributes.incident_date, '2026-01-10');
    } finally {
      await sql`delete from cit_submission where medical_event_uid = any(${copies.rows.map((r) => r.medical_event_uid)}::uuid[])`.execute(server.db);
      await sql`delete from medical_event where medical_event_uid = any(${copies.rows.map((r) => r.medical_event_uid)}::uuid[])`.execute(server.db);
    }
  });

  it('gives no reference when more than one record has the name: none of them is the officer\'s person', async () => {
    const twin = await server.db.insertInto('patient').values({ division_uid: (await sql<{ division_uid: string }>`select division_uid from patient where patient_uid = ${patientUid}`.execute(server.db)).rows[0].division_uid, first_name: person.first_name, last_name: person.last_name, gender_uid: person.gender_uid }).returning('patient_uid').executeTakeFirstOrThrow();
    try {
      assert.equal(await match(person), null);
    } finally {
      await server.db.deleteFrom('patient').where('patient_uid', '=', twin.patient_uid).execute();
    }
  });

  it('a matched person without incidents: an empty list', async () => {
    const p = (await sql<{ first_name: string; last_name: string; gender_uid: string }>`
      select p.first_name, p.last_name, p.gender_uid from patient p
       where p.division_uid = (select division_uid from cit_agency limit 1) and p.restricted_flag <> '1' and not p.adoption_case
         and length(p.first_name) > 2 and length(p.last_name) > 2 and p.gender_uid is not null
         and not exists (select 1 from medical_event me join reference_data m on m.uid = me.medical_event_type_uid and m.name = 'cit' where me.patient_uid = p.patient_uid)
         and (select count(*) from patient q where lower(q.first_name) = lower(p.first_name) and lower(q.last_name) = lower(p.last_name)) = 1
       limit 1`.execute(server.db)).rows[0];
    const other = await match(p);
    assert.ok(other);
    const answer = await incidents(other);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual([answer.body.data, answer.body.meta.total], [[], 0]);
  });

  it('needs the identity: 403 for a wrong one, 422 without one, before the person is looked at', async () => {
    assert.deepEqual(errorsOf(await incidents(ref, basic('Officer Nobody')), 403), [{ message: CIT_TEXT.identityInvalid }]);
    assert.deepEqual(errorsOf(await incidents('garbage', basic('Officer Nobody')), 403), [{ message: CIT_TEXT.identityInvalid }]);
    errorsOf(await incidents(ref, {}), 422);
    errorsOf(await incidents(ref, basic(), '?state=ky'), 403);
    errorsOf(await incidents(ref, basic(), '?state=ohio'), 404);
    // Another officer of the same agency may use it.
    assert.equal((await incidents(ref, basic(DEMO_CIT_AGENCY.officers[1]))).status, 200);
  });

  it('404 for a malformed, forged, expired or other agency\'s reference', async () => {
    const notFound = [{ message: 'Person not found' }];
    assert.deepEqual(errorsOf(await incidents('not-a-reference'), 404), notFound);
    assert.deepEqual(errorsOf(await incidents(patientUid), 404), notFound, "a record's id is not a reference");
    const bytes = Buffer.from(ref, 'base64url');
    bytes[20] ^= 1;
    assert.deepEqual(errorsOf(await incidents(bytes.toString('base64url')), 404), notFound, 'a changed reference');
    // An agency of the same division, with its own code: a reference made for one agency is not another's.
    const agency = (await sql<{ agency_uid: string }>`
      insert into cit_agency (code_hash, agency_name, state_iso, org_uid, division_uid)
      select ${hashAccessCode('OH-OTHER-SO')}, 'Other Sheriff Office', 'oh', org_uid, division_uid from cit_agency where agency_name = ${DEMO_CIT_AGENCY.name}
      returning agency_uid`.execute(server.db)).rows[0];
    await sql`insert into cit_officer (agency_uid, officer_name) values (${agency.agency_uid}, 'Deputy Lane')`.execute(server.db);
    try {
      const sheriff = basic('Deputy Lane', 'OH-OTHER-SO');
      assert.deepEqual(errorsOf(await incidents(ref, sheriff), 404), notFound);
      const own = await match(person, { code: 'OH-OTHER-SO', officer_name: 'Deputy Lane' });
      const theirs = await incidents(own!, sheriff);
      assert.equal(theirs.status, 200, 'its own reference works');
      assert.deepEqual(theirs.body.data, [], 'and shows only the sheets that agency filed: none');
      assert.deepEqual(errorsOf(await incidents(own!), 404), notFound, 'and is not the first agency\'s');
    } finally {
      await sql`delete from cit_agency where agency_uid = ${agency.agency_uid}`.execute(server.db);
    }
    await withClock(async (move) => {
      move(CIT_PERSON_REF_SECONDS * 1000 + 5000);
      assert.deepEqual(errorsOf(await incidents(ref), 404), notFound, 'expired');
    });
    assert.equal((await incidents(ref)).status, 200);
  });

  it('404 once the person is one the agency\'s division may not show an outsider (restricted, another division)', async () => {
    const notFound = [{ message: 'Person not found' }];
    await sql`update patient set restricted_flag = '1' where patient_uid = ${patientUid}`.execute(server.db);
    try {
      assert.deepEqual(errorsOf(await incidents(ref), 404), notFound);
    } finally {
      await sql`update patient set restricted_flag = '0' where patient_uid = ${patientUid}`.execute(server.db);
    }
    const [home] = (await sql<{ division_uid: string }>`select division_uid from patient where patient_uid = ${patientUid}`.execute(server.db)).rows;
    const [other] = (await sql<{ division_uid: string }>`select division_uid from division where division_uid <> ${home.division_uid} limit 1`.execute(server.db)).rows;
    await sql`update patient set division_uid = ${other.division_uid} where patient_uid = ${patientUid}`.execute(server.db);
    try {
      assert.deepEqual(errorsOf(await incidents(ref), 404), notFound);
    } finally {
      await sql`update patient set division_uid = ${home.division_uid} where patient_uid = ${patientUid}`.execute(server.db);
    }
    assert.equal((await incidents(ref)).status, 200);
  });
});

describe('staff: CIT submission approval', () => {
  const newSubmission = async (first: string) => (await submit(sheet({ first_name: first, last_name: 'Approvalcase' }))).body.data.id as string;
  const put = (id: string, action: string, who: LoggedIn) => call(server.url, `/api/data/public/cit-submission/${id}/${action}`, { method: 'PUT', token: who.token, body: {} });

  it('logged-in CIT users read it; the code is never shown; others get 403', async () => {
    const id = await newSubmission('Readable');
    const cit = await login(server.url, 'cit');
    const read = await call(server.url, `/api/data/public/cit-submission/${id}`, { token: cit.token });
    assert.equal(read.status, 200);
    assert.equal(read.body.data.attributes.status, 'pending');
    assert.equal(read.body.data.attributes.can_approve, false);
    assert.equal(read.body.data.attributes.submission_json.first_name, 'Readable');
    assert.equal(read.body.data.attributes.submission_json.code, undefined);
    const sup = await call(server.url, `/api/data/public/cit-submission/${id}`, { token: supervisor.token });
    assert.equal(sup.body.data.attributes.can_approve, true);
    const nav = await login(server.url, 'navigator');
    errorsOf(await call(server.url, `/api/data/public/cit-submission/${id}`, { token: nav.token }), 403);
    errorsOf(await call(server.url, `/api/data/public/cit-submission/${id}`), 401);
    errorsOf(await call(server.url, `/api/data/public/cit-submission/not-an-id`, { token: cit.token }), 404);
  });

  it('the division\'s sheets are listed for CIT staff, newest first, without the agency code; others get 403', async () => {
    const id = await newSubmission('Listable');
    const list = await call(server.url, '/api/data/public/cit-submission-list?approval_status=pending&page-size=50', { token: supervisor.token });
    assert.equal(list.status, 200);
    const rows = list.body.data.map((r: { attributes: Record<string, unknown> }) => r.attributes);
    assert.deepEqual(
      { ...rows[0], created_at: undefined, incident_date_time: undefined },
      { submission_uid: id, last_name: 'Approvalcase', first_name: 'Listable', officer_name: identity.officer_name, approval_status: 'pending', created_at: undefined, incident_date_time: undefined },
    );
    assert.ok(rows.every((r: Record<string, unknown>) => r.approval_status === 'pending'));
    assert.doesNotMatch(list.text, new RegExp(DEMO_CIT_AGENCY.code));
    assert.match(String(rows[0].incident_date_time), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    const byName = await call(server.url, '/api/data/public/cit-submission-list?first_name__like=listab', { token: supervisor.token });
    assert.deepEqual(byName.body.data.map((r: { id: string }) => r.id), [id]);
    const nav = await login(server.url, 'navigator');
    errorsOf(await call(server.url, '/api/data/public/cit-submission-list', { token: nav.token }), 403);
    // Another division's sheets are not listed: the supervisor's division holds them all here, so move one away.
    const other = await server.db.selectFrom('division').select('division_uid').where('division_uid', '!=', supervisor.session.current_division_uid).executeTakeFirstOrThrow();
    await sql`update cit_submission set division_uid = ${other.division_uid} where submission_uid = ${id}`.execute(server.db);
    const after = await call(server.url, '/api/data/public/cit-submission-list?page-size=500', { token: supervisor.token });
    assert.ok(!after.body.data.some((r: { id: string }) => r.id === id));
  });

  it('only supervisors with the setting may decide', async () => {
    const id = await newSubmission('Guarded');
    const cit = await login(server.url, 'cit');
    errorsOf(await put(id, 'accept', cit), 403);
    errorsOf(await put(id, 'reject', cit), 403);
    const [division] = (await sql<{ division_uid: string }>`select division_uid from cit_submission where submission_uid = ${id}`.execute(server.db)).rows;
    await sql`update division_setting set setting_value = 'false' where division_uid = ${division.division_uid} and setting_name = 'requires-supervisory-approval'`.execute(server.db);
    try {
      errorsOf(await put(id, 'accept', supervisor), 403);
      assert.equal((await call(server.url, `/api/data/public/cit-submission/${id}`, { token: supervisor.token })).body.data.attributes.can_approve, false);
    } finally {
      await sql`update division_setting set setting_value = 'true' where division_uid = ${division.division_uid} and setting_name = 'requires-supervisory-approval'`.execute(server.db);
    }
  });

  it('approve makes a cit medical event on a new patient, then the submission is locked (409)', async () => {
    const id = await newSubmission('Approved');
    const ok = await put(id, 'accept', supervisor);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.data.attributes.status, 'approved');
    assert.equal(ok.body.data.attributes.approval_locked, true);
    const event = await sql<{ name: string; first_name: string; detail: any }>`
      select m.name, p.first_name, me.detail from medical_event me join reference_data m on m.uid = me.medical_event_type_uid join patient p on p.patient_uid = me.patient_uid
       where me.medical_event_uid = ${ok.body.data.attributes.medical_event_uid}`.execute(server.db);
    assert.equal(event.rows[0].name, 'cit');
    assert.equal(event.rows[0].first_name, 'Approved');
    assert.equal(event.rows[0].detail.crisis.crisis[0], 'Depression');
    errorsOf(await put(id, 'accept', supervisor), 409);
    errorsOf(await put(id, 'reject', supervisor), 409);
  });

  it('approve uses the matched patient when one exists', async () => {
    const first = await newSubmission('Matchme');
    const a = await put(first, 'accept', supervisor);
    const second = await newSubmission('Matchme');
    const b = await put(second, 'accept', supervisor);
    assert.equal(a.body.data.attributes.patient_uid, b.body.data.attributes.patient_uid);
  });

  it('a restricted or adoption child the supervisor may not open neither matches an officer\'s check nor receives the sheet', async () => {
    const facts = await demoFacts(server.db);
    for (const child of [facts.restricted.others[0], facts.adoption[0]]) {
      const c = (await sql<{ first_name: string; last_name: string; birth_date: string; gender_uid: string }>`
        select first_name, last_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date, gender_uid from patient where patient_uid = ${child}`.execute(server.db)).rows[0];
      assert.ok(c.gender_uid && c.birth_date, 'a child with gender and birth date to match on');
      const match = await call(server.url, '/api/cit/oh/person-match', { body: { ...identity, first_name: c.first_name, last_name: c.last_name, gender_uid: c.gender_uid }, headers: from('10.0.9.1') });
      assert.equal(match.status, 200, match.text);
      assert.equal(match.body.data.attributes.matches, 0, 'an officer learns nothing of a hidden child');
      const submitted = await submit(sheet({ first_name: c.first_name, last_name: c.last_name, birth_date: c.birth_date, gender_uid: c.gender_uid }), key(), '10.0.9.2');
      assert.equal(submitted.status, 201, submitted.text);
      const accepted = await put(submitted.body.data.id, 'accept', supervisor);
      assert.equal(accepted.status, 200, accepted.text);
      assert.notEqual(accepted.body.data.attributes.patient_uid, child, 'the sheet goes to a record of its own');
      const onChild = await sql`select 1 from medical_event where patient_uid = ${child} and medical_event_uid = ${accepted.body.data.attributes.medical_event_uid}`.execute(server.db);
      assert.equal(onChild.rows.length, 0);
      assert.doesNotMatch(accepted.text, new RegExp(child));
    }
  });

  it('reject deletes the sheet and keeps only a trace', async () => {
    const id = await newSubmission('Rejected');
    const answer = await put(id, 'reject', supervisor);
    assert.equal(answer.status, 204);
    assert.equal((await sql`select 1 from cit_submission where submission_uid = ${id}`.execute(server.db)).rows.length, 0);
    const log = await sql<{ action: string }>`select action from cit_submission_log where submission_uid = ${id} order by created_at`.execute(server.db);
    assert.deepEqual(log.rows.map((r) => r.action), ['submitted', 'rejected']);
    errorsOf(await call(server.url, `/api/data/public/cit-submission/${id}`, { token: supervisor.token }), 404);
  });
});

describe('staff: CIT PDF export', () => {
  const put = (id: string, action: string) => call(server.url, `/api/data/public/cit-submission/${id}/${action}`, { method: 'PUT', token: supervisor.token, body: {} });
  const pdfPath = (patient: string, event: string) => `/api/data/public/patient/${patient}/medical-events/${event}/pdf`;
  let patient: string;
  let event: string;
  before(async () => {
    const id = (await submit(sheet({ first_name: 'Pdfperson', last_name: 'Exportcase', crisis: ['Depression', 'Other'], crisis_other: 'Lost job', mh_follow_up_requested: 'yes', facility_uid: facilities[0].facility_uid }))).body.data.id;
    const approved = await put(id, 'accept');
    assert.equal(approved.status, 200, approved.text);
    patient = approved.body.data.attributes.patient_uid;
    event = approved.body.data.attributes.medical_event_uid;
  });
  it('gives a short-lived link that streams the sheet as a PDF', async () => {
    const answer = await call(server.url, pdfPath(patient, event), { token: supervisor.token });
    assert.equal(answer.status, 200, answer.text);
    const link = answer.body.data.link as string;
    // Built from PUBLIC_URL (here the default, http://localhost:<port>), never from the request's Host.
    assert.ok(link.startsWith(`http://localhost:${new URL(server.url).port}/api/cit-pdf?token=`), link);
    const pdf = await fetch(link);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    // The incident's day on its own clocks (22:15 Eastern is already the next day in UTC).
    assert.match(pdf.headers.get('content-disposition') ?? '', /^inline; filename="cit-Exportcase-Pdfperson-01-10-2026\.pdf"$/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    assert.ok((await PDFDocument.load(bytes)).getPageCount() >= 1);
    const text = await pdfText(bytes);
    for (const expected of ['Crisis Intervention Team Contact Sheet', 'Exportcase, Pdfperson', 'First Name', 'Pdfperson', 'Crisis Event', 'Depression, Other', 'Other Crisis', 'Lost job',
      'Time Zone', 'Eastern', 'Facility', facilities[0].facility_name, 'Gender', 'Female', 'Phone Number', '(614) 555-0199', 'Incident Date and Time', '01/10/2026',
      'Agency', 'Client', 'Incident', 'Outcome', `${DEMO_CIT_AGENCY.name} - Incident 01/10/2026 - Printed `]) {
      assert.ok(text.includes(expected), `"${expected}" in the PDF:\n${text}`);
    }
    assert.ok(!text.includes(DEMO_CIT_AGENCY.code), 'the agency identifier is never printed');
    // The link works more than once within its 5 minutes.
    assert.equal((await fetch(link)).status, 200);
  });

  it('flows a long sheet onto further pages under the name, inside the margins', async () => {
    const note = 'Officer arrived to find the subject in distress at the bus shelter; de-escalated over forty minutes. '.repeat(40).slice(0, 4000).trim();
    const id = (await submit(sheet({ first_name: 'Élodie', last_name: 'Østergaard-Peña', incident_note: note, priority_note: note.slice(0, 2000).trim() }))).body.data.id;
    const approved = await put(id, 'accept');
    assert.equal(approved.status, 200, approved.text);
    const link = (await call(server.url, pdfPath(approved.body.data.attributes.patient_uid, approved.body.data.attributes.medical_event_uid), { token: supervisor.token })).body.data.link as string;
    const bytes = Buffer.from(await (await fetch(link)).arrayBuffer());
    const { PDFDocument } = await import('pdf-lib');
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    assert.ok(pages >= 3, `${pages} pages`);
    assert.deepEqual(await runsOutsideMargins(bytes), []);
    const text = await pdfText(bytes);
    assert.equal(text.split('\n').filter((t) => t === 'Østergaard-Peña, Élodie').length, pages, 'the name on every page');
    assert.ok(text.includes(`Page ${pages} of ${pages}`));
    // The whole note is printed, in order (lines may break after a space or a hyphen).
    const squeeze = (t: string) => t.replace(/\s+/g, '');
    // The value column of the sheet's fields (server/pdf/sheet.ts: margin 50, label 160, gap 10).
    const values = (await pdfTextRuns(bytes)).filter((r) => r.x === 220).map((r) => r.text);
    assert.ok(squeeze(values.join('')).includes(squeeze(note)), 'the whole note');
  });

  it('refuses expired and tampered links with 403', async () => {
    const { signPdfToken } = await import('../../server/cit/cit-pdf');
    const fs = await import('node:fs/promises');
    const secret = Buffer.from((await fs.readFile(`${server.dataDir}/pdf-link.key`, 'utf8')).trim(), 'base64url');
    const owner = { u: supervisor.session.user_uid, d: supervisor.session.current_division_uid };
    const expired = signPdfToken(secret, { e: event, p: patient, ...owner, x: Math.floor(Date.now() / 1000) - 1 });
    assert.deepEqual(errorsOf(await call(server.url, `/api/cit-pdf?token=${expired}`), 403), [{ message: 'This PDF link has expired or is not valid. Ask for a new one.' }]);
    const good = (await call(server.url, pdfPath(patient, event), { token: supervisor.token })).body.data.link as string;
    const token = good.split('/api/cit-pdf?token=')[1];
    const [payload, signature] = token.split('.');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    errorsOf(await call(server.url, `/api/cit-pdf?token=${payload}.${flipped}`), 403);
    const longer = Buffer.from(JSON.stringify({ e: event, p: patient, x: Math.floor(Date.now() / 1000) + 86400 * 365 })).toString('base64url');
    errorsOf(await call(server.url, `/api/cit-pdf?token=${longer}.${signature}`), 403);
    errorsOf(await call(server.url, `/api/cit-pdf?token=${signPdfToken(Buffer.alloc(32, 1), { e: event, p: patient, ...owner, x: Math.floor(Date.now() / 1000) + 60 })}`), 403);
    errorsOf(await call(server.url, '/api/cit-pdf?token=garbage'), 403);
  });

  it('a link names who asked for it: without that user, or once they lost CIT in that division, it is dead', async () => {
    const { signPdfToken } = await import('../../server/cit/cit-pdf');
    const fs = await import('node:fs/promises');
    const secret = Buffer.from((await fs.readFile(`${server.dataDir}/pdf-link.key`, 'utf8')).trim(), 'base64url');
    const x = Math.floor(Date.now() / 1000) + 60;
    const link = (claims: object) => `/api/cit-pdf?token=${signPdfToken(secret, { e: event, p: patient, x, ...claims } as Parameters<typeof signPdfToken>[1])}`;
    const division = supervisor.session.current_division_uid;
    const message = [{ message: 'This PDF link has expired or is not valid. Ask for a new one.' }];
    // Signed, but from before links named their user.
    assert.deepEqual(errorsOf(await call(server.url, link({})), 403), message);
    const nav = await login(server.url, 'navigator');
    assert.deepEqual(errorsOf(await call(server.url, link({ u: nav.session.user_uid, d: division })), 403), message);
    const [otherDivision] = (await sql<{ division_uid: string }>`select division_uid from division where division_uid <> ${division}`.execute(server.db)).rows;
    assert.deepEqual(errorsOf(await call(server.url, link({ u: supervisor.session.user_uid, d: otherDivision.division_uid })), 403), message);
    assert.equal((await call(server.url, link({ u: supervisor.session.user_uid, d: division }))).status, 200);
  });

  it('the download is audited for the patient in the name of whoever asked for the link', async () => {
    const entries = () => server.db.selectFrom('audit_entry').selectAll().where('patient_uid', '=', patient).where('action', '=', 'DownloadedCitPdf').orderBy('created_at').execute();
    const before = (await entries()).length;
    const link = (await call(server.url, pdfPath(patient, event), { token: supervisor.token })).body.data.link as string;
    assert.equal((await entries()).length, before, 'asking for the link is not the download');
    assert.equal((await fetch(link)).status, 200);
    const written = (await entries()).slice(before);
    assert.equal(written.length, 1);
    assert.deepEqual(
      { ...written[0], audit_uid: undefined, created_at: undefined },
      {
        audit_uid: undefined,
        created_at: undefined,
        patient_uid: patient,
        action: 'DownloadedCitPdf',
        user_uid: supervisor.session.user_uid,
        division_uid: supervisor.session.current_division_uid,
        page_view_id: null,
        service_method: 'GET /api/cit-pdf',
        target_type: 'medical-events',
        target_uid: event,
        message: 'Sam Supervisor downloaded the CIT report PDF',
        break_glass_uid: null,
      },
    );
    // Each opening of the link is a download of its own.
    assert.equal((await fetch(link)).status, 200);
    assert.equal((await entries()).length, before + 2);
    // A refused link writes nothing.
    errorsOf(await call(server.url, '/api/cit-pdf?token=garbage'), 403);
    assert.equal((await entries()).length, before + 2);
  });

  it('401 without a session, 403 without CIT, 404 for another division, a non-cit event or a mismatched patient', async () => {
    errorsOf(await call(server.url, pdfPath(patient, event)), 401);
    const nav = await login(server.url, 'navigator');
    errorsOf(await call(server.url, pdfPath(patient, event), { token: nav.token }), 403);
    const [other] = (await sql<{ division_uid: string }>`select division_uid from division where division_uid <> (select division_uid from patient where patient_uid = ${patient}) limit 1`.execute(server.db)).rows;
    const elsewhere = (await sql<{ patient_uid: string }>`
      insert into patient (division_uid, first_name, last_name, gender_uid, episode_status_uid)
      select ${other.division_uid}, 'Pdfother', 'Division', gender_uid, episode_status_uid from patient where patient_uid = ${patient} returning patient_uid`.execute(server.db)).rows[0].patient_uid;
    const elsewhereEvent = (await sql<{ medical_event_uid: string }>`
      insert into medical_event (patient_uid, medical_event_type_uid, event_date, event_time_zone, status_uid, detail)
      select ${elsewhere}, medical_event_type_uid, event_date, event_time_zone, status_uid, detail from medical_event where medical_event_uid = ${event}
      returning medical_event_uid`.execute(server.db)).rows[0].medical_event_uid;
    errorsOf(await call(server.url, pdfPath(elsewhere, elsewhereEvent), { token: supervisor.token }), 404);
    const overdose = (await sql<{ medical_event_uid: string }>`
      insert into medical_event (patient_uid, medical_event_type_uid, event_date, event_time_zone, status_uid)
      select ${patient}, m.uid, now(), 'America/New_York', me.status_uid from reference_data m, medical_event me
       where m.model = 'reference-medical-event' and m.name = 'drug_overdose' and me.medical_event_uid = ${event}
      returning medical_event_uid`.execute(server.db)).rows[0].medical_event_uid;
    errorsOf(await call(server.url, pdfPath(patient, overdose), { token: supervisor.token }), 404);
    errorsOf(await call(server.url, pdfPath(elsewhere, event), { token: supervisor.token }), 404);
    errorsOf(await call(server.url, pdfPath('not-an-id', event), { token: supervisor.token }), 404);
  });
});

describe('staff: editing a pending CIT submission', () => {
  const edit = (id: string, attributes: Record<string, unknown>, token = supervisor.token) =>
    call(server.url, `/api/data/public/cit-submission/${id}`, { method: 'PUT', token, body: { data: { attributes } } });
  const newSubmission = async (first: string) => (await submit(sheet({ first_name: first, last_name: 'Editcase' }))).body.data.id as string;
  const stored = async (id: string) => (await sql<{ submission_json: any }>`select submission_json from cit_submission where submission_uid = ${id}`.execute(server.db)).rows[0].submission_json;

  it('a supervisor corrects fields; the rest, the officer and the status stay; dependents are cleared', async () => {
    const id = await newSubmission('Editable');
    const answer = await edit(id, { first_name: 'Edited', incident_note: 'corrected note', crisis: ['Anxiety Related'], crisis_other: 'should be cleared', officer_name: 'Officer Chen', approval_status: 'approved', code: 'x' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.attributes.status, 'pending');
    assert.equal(answer.body.data.attributes.officer_name, DEMO_CIT_AGENCY.officers[0]);
    assert.equal(answer.body.data.attributes.submission_json.first_name, 'Edited');
    assert.equal(answer.body.data.attributes.submission_json.code, undefined);
    const json = await stored(id);
    assert.equal(json.firstName, 'Edited');
    assert.equal(json.lastName, 'Editcase');
    assert.equal(json.incidentNote, 'corrected note');
    assert.deepEqual(json.crisis, ['Anxiety Related']);
    assert.equal(json.crisisOther, '');
    assert.equal(json.officerName, DEMO_CIT_AGENCY.officers[0]);
    assert.equal(json.approvalStatus, 'pending');
    assert.equal(json.code, undefined);
    const log = await sql<{ action: string }>`select action from cit_submission_log where submission_uid = ${id} order by created_at`.execute(server.db);
    assert.deepEqual(log.rows.map((r) => r.action), ['submitted', 'edited']);
  });

  it('validates like the public form (422 with fields)', async () => {
    const id = await newSubmission('Invalidedit');
    const bad = await edit(id, { first_name: '', phone_number: '12', birth_date: '1990-05-01', date_time: '1990-04-01T10:00', mh_follow_up_requested: 'yes', facility_uid: '' });
    const errors = Object.fromEntries(errorsOf(bad, 422).map((e) => [e.field, e.message]));
    assert.equal(errors.first_name, 'Required');
    assert.equal(errors.phone_number, 'Must be a 10-digit phone number');
    const rules = Object.fromEntries(errorsOf(await edit(id, { birth_date: '1990-05-01', date_time: '1990-04-01T10:00', mh_follow_up_requested: 'yes', facility_uid: '' }), 422).map((e) => [e.field, e.message]));
    assert.equal(rules.date_time, CIT_TEXT.incidentDate);
    assert.equal(rules.facility_uid, 'Required');
    errorsOf(await edit(id, { mh_follow_up_requested: 'yes', facility_uid: '00000000-0000-0000-0000-000000000000' }), 422);
    errorsOf(await call(server.url, `/api/data/public/cit-submission/${id}`, { method: 'PUT', token: supervisor.token, body: { first_name: 'flat' } }), 400);
    assert.equal((await stored(id)).firstName, 'Invalidedit', 'nothing stored');
  });

  it('403 for non-supervisors, 401 without a session, 409 once decided, 404 unknown', async () => {
    const id = await newSubmission('Lockededit');
    const cit = await login(server.url, 'cit');
    errorsOf(await edit(id, { first_name: 'Nope' }, cit.token), 403);
    errorsOf(await call(server.url, `/api/data/public/cit-submission/${id}`, { method: 'PUT', body: { data: { attributes: { first_name: 'Nope' } } } }), 401);
    const accepted = await call(server.url, `/api/data/public/cit-submission/${id}/accept`, { method: 'PUT', token: supervisor.token, body: {} });
    assert.equal(accepted.status, 200);
    assert.deepEqual(errorsOf(await edit(id, { first_name: 'Late' }), 409), [{ message: 'This submission has already been decided' }]);
    errorsOf(await edit('00000000-0000-0000-0000-000000000000', { first_name: 'Ghost' }), 404);
  });
});
