import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { snakeKeys } from '../../shared/casing';
import { addPatientDefaults, addPatientPayload, localToday, MESSAGES, yearsBefore, type AddPatientValues } from '../../shared/schemas/add-patient';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let community: LoggedIn;
let identity: LoggedIn;
let refs: { gender: string; genderIdentity: string; reason: string; source: string; addressType: string; state: string; otherReason: string };

const today = localToday().latest;
const key = () => crypto.randomBytes(16).toString('hex');
const uniqueName = () => `Test${crypto.randomBytes(4).toString('hex')}`;

function valid(overrides: Partial<AddPatientValues> = {}): AddPatientValues {
  return {
    ...addPatientDefaults(today),
    firstName: 'Avery',
    lastName: uniqueName(),
    birthDate: '2012-04-03',
    genderUid: refs.gender,
    genderIdentityUid: refs.genderIdentity,
    preferredPhoneNumber: 'mobile',
    mobilePhone: '6145550101',
    referralReasonUid: refs.reason,
    referralSourceUid: refs.source,
    addresses: [
      { addressTypeUid: refs.addressType, addr1: '12 Oak St', addr2: '', city: 'Columbus', countryDivisionUid: refs.state, postCode: '43215', county: 'Franklin', isPrimary: false },
      { addressTypeUid: '', addr1: 'PO Box 7', addr2: '', city: '', countryDivisionUid: '', postCode: '', county: '', isPrimary: false },
    ],
    emailAddresses: [{ emailAddress: 'avery@example.org', isPrimary: false }],
    ...overrides,
  };
}

/** The wire document exactly as the widget sends it (snake_case keys). */
const wire = (values: AddPatientValues) => snakeKeys(addPatientPayload(values));

const add = (user: LoggedIn | null, body: unknown, k: string | null = key()) =>
  call(server.url, '/api/referrals/inbound', { token: user?.token, body, headers: k ? { 'idempotency-key': k } : {} });

const patientsNamed = (lastName: string) => server.db.selectFrom('patient').selectAll().where('last_name', '=', lastName).execute();

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, community, identity] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'community'), login(server.url, 'identity')]);
  const uid = async (model: string, type?: string, offset = 0) =>
    (
      await server.db
        .selectFrom('reference_data')
        .select('uid')
        .where('model', '=', model)
        .$if(type !== undefined, (q) => q.where('ref_data_type', '=', type!))
        .orderBy('default_sort_order')
        .offset(offset)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).uid;
  refs = {
    gender: await uid('reference-gender'),
    genderIdentity: await uid('reference-gender-identity'),
    reason: await uid('reference-reason', 'inbound referral'),
    source: await uid('reference-referral-source'),
    addressType: await uid('reference-address-type'),
    state: await uid('reference-country-division'),
    otherReason: await uid('reference-status', 'Episode'),
  };
});
after(async () => {
  await server?.stop();
});

describe('POST /api/referrals/inbound', () => {
  it('creates the patient in the current division with its episode, referral, addresses, e-mail and activity-log entries', async () => {
    const values = valid();
    const answer = await add(nav, wire(values));
    assert.equal(answer.status, 201, answer.text);
    const patientUid = answer.body.data.relationships.patient.data.id;
    const [patient] = await patientsNamed(values.lastName);
    assert.equal(patient.patient_uid, patientUid);
    assert.equal(patient.division_uid, nav.session.current_division_uid ?? facts.divisionUids[0]);
    assert.equal(patient.mobile_phone, '6145550101');
    assert.equal(patient.preferred_phone, 'mobile');
    assert.equal(patient.preferred_engagement, 'No Preference');
    assert.equal(patient.birth_date, '2012-04-03');
    const episode = await server.db.selectFrom('patient_episode').select('patient_episode_uid').where('patient_uid', '=', patientUid).execute();
    assert.equal(episode.length, 1);
    const referral = await server.db.selectFrom('inbound_referral').selectAll().where('patient_uid', '=', patientUid).executeTakeFirstOrThrow();
    assert.equal(referral.reason_uid, refs.reason);
    assert.equal(referral.referral_source_uid, refs.source);
    assert.equal(referral.requested_by, 'Provider');
    assert.equal(referral.referred_to, 'Program');
    assert.equal(referral.status, 'New');
    const addresses = await server.db.selectFrom('patient_address').selectAll().where('patient_uid', '=', patientUid).orderBy('addr1').execute();
    assert.deepEqual(addresses.map((a) => [a.addr1, a.is_primary, a.city]), [['12 Oak St', true, 'Columbus'], ['PO Box 7', false, null]], 'the first address is primary when none was chosen');
    const emails = await server.db.selectFrom('patient_email_address').selectAll().where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(emails.map((e) => [e.email_address, e.is_primary]), [['avery@example.org', true]]);
    const log = await call(server.url, `/api/patients/${patientUid}/audit-messages`, { token: nav.token });
    const messages = log.body.data.map((e: { attributes: { formatted_message?: string; message?: string } }) => e.attributes.formatted_message ?? e.attributes.message);
    assert.ok(messages.includes('Nora Navigator added the patient with an inbound referral'), JSON.stringify(messages));
    assert.equal(messages.filter((m: string) => m === 'Nora Navigator added an address').length, 2);
    assert.ok(messages.includes('Nora Navigator added an e-mail address'));
    // The new patient opens for its creator.
    assert.equal((await call(server.url, `/api/patients/${patientUid}`, { token: nav.token })).status, 200);
  });

  it('checks every rule of spec 001 section 5 with its field message', async () => {
    const cases: [string, Partial<AddPatientValues>, string, string][] = [
      ['first name', { firstName: ' ' }, 'data.attributes.first_name', 'Required'],
      ['last name', { lastName: '' }, 'data.attributes.last_name', 'Required'],
      ['birth date outside community mode', { birthDate: '' }, 'data.attributes.birth_date', 'Required'],
      ['birth date not a date', { birthDate: '2012-02-30' }, 'data.attributes.birth_date', MESSAGES.date],
      ['birth date in the future', { birthDate: '2999-01-01' }, 'data.attributes.birth_date', MESSAGES.notAfterToday],
      ['gender', { genderUid: '' }, 'data.relationships.gender.data.id', 'Required'],
      ['referral date', { referralDate: '' }, 'data.attributes.event_date', 'Required'],
      ['referral date over 10 years back', { referralDate: yearsBefore(today, 11) }, 'data.attributes.event_date', MESSAGES.referralTooOld],
      ['referral date after today', { referralDate: '2999-12-31' }, 'data.attributes.event_date', MESSAGES.notAfterToday],
      ['referral reason', { referralReasonUid: '' }, 'data.relationships.reason.data.id', 'Required'],
      ['requested by', { requestedBy: '' }, 'data.attributes.requested_by', 'Required'],
      ['requested by choice', { requestedBy: 'Neighbour' }, 'data.attributes.requested_by', MESSAGES.requestedBy],
      ['referred to', { referredTo: '  ' }, 'data.attributes.referred_to', 'Required'],
      ['preferred phone', { preferredPhoneNumber: '' }, 'data.attributes.preferred_phone_number', 'Required'],
      ['preferred phone choice', { preferredPhoneNumber: 'fax' }, 'data.attributes.preferred_phone_number', MESSAGES.preferredPhone],
      ['the preferred number', { preferredPhoneNumber: 'home', mobilePhone: '6145550101', homePhone: '' }, 'data.attributes.home_phone', 'Required'],
      ['a phone of 10 digits', { workPhone: '61455' }, 'data.attributes.work_phone', MESSAGES.phone],
      ['an e-mail', { emailAddresses: [{ emailAddress: 'not-an-email', isPrimary: true }] }, 'data.attributes.email_addresses.0.email_address', 'Must be a valid email address'],
      ['a bounded name', { firstName: 'x'.repeat(101) }, 'data.attributes.first_name', 'Must be at most 100 characters'],
      ['a bounded address line', { addresses: [{ ...valid().addresses[0], addr2: 'y'.repeat(201) }] }, 'data.attributes.addresses.0.addr2', 'Must be at most 200 characters'],
      ['an address needs its first line', { addresses: [{ ...valid().addresses[0], addr1: '' }] }, 'data.attributes.addresses.0.addr1', 'Required'],
      ['a choice from the list', { referralReasonUid: refs.otherReason }, 'data.relationships.reason.data.id', MESSAGES.choice],
      ['a state from the list', { addresses: [{ ...valid().addresses[0], countryDivisionUid: refs.gender }] }, 'data.attributes.addresses.0.country_division_uid', MESSAGES.choice],
    ];
    for (const [rule, overrides, field, message] of cases) {
      const values = valid(overrides);
      const errors = errorsOf(await add(nav, wire(values)), 422);
      assert.ok(errors.some((e) => e.field === field && e.message === message), `${rule}: ${JSON.stringify(errors)}`);
      assert.deepEqual(await patientsNamed(values.lastName), [], `${rule}: nothing created`);
    }
  });

  it('reports every failing field at once, not only the first', async () => {
    const errors = errorsOf(await add(nav, wire(valid({ firstName: '', genderUid: '', preferredPhoneNumber: '' }))), 422);
    assert.deepEqual(
      errors.map((e) => e.field).sort(),
      ['data.attributes.first_name', 'data.attributes.preferred_phone_number', 'data.relationships.gender.data.id'],
    );
  });

  it('takes a patient without a birth date in community mode only', async () => {
    const values = valid({ birthDate: '' });
    assert.equal((await add(community, wire(values))).status, 201);
    const [patient] = await patientsNamed(values.lastName);
    assert.equal(patient.birth_date, null);
  });

  it('answers 401 without a session and 403 for identity users, who cannot add patients', async () => {
    errorsOf(await add(null, wire(valid())), 401);
    const values = valid();
    errorsOf(await add(identity, wire(values)), 403);
    assert.deepEqual(await patientsNamed(values.lastName), []);
  });

  it('needs an Idempotency-Key; the same key twice (at once and later) creates one patient', async () => {
    errorsOf(await add(nav, wire(valid()), null), 400);
    const values = valid();
    const k = key();
    const body = wire(values);
    const [first, second] = await Promise.all([add(nav, body, k), add(nav, body, k)]);
    const third = await add(nav, body, k);
    for (const a of [first, second, third]) assert.equal(a.status, 201, a.text);
    assert.equal(new Set([first, second, third].map((a) => a.body.data.relationships.patient.data.id)).size, 1);
    assert.equal((await patientsNamed(values.lastName)).length, 1);
    assert.equal(third.headers.get('idempotent-replayed'), 'true');
  });

  it('a failure half-way (the e-mail cannot be stored) leaves no patient, referral, address or log entry', async () => {
    await sql`
      create function refuse_test_email() returns trigger language plpgsql as $$
      begin
        if new.email_address = 'refuse@example.org' then raise exception 'refused for the test'; end if;
        return new;
      end $$;
      create trigger refuse_test_email before insert on patient_email_address for each row execute function refuse_test_email();
    `.execute(server.db);
    try {
      const values = valid({ emailAddresses: [{ emailAddress: 'ok@example.org', isPrimary: true }, { emailAddress: 'refuse@example.org', isPrimary: false }] });
      const k = key();
      assert.equal((await add(nav, wire(values), k)).status, 500);
      assert.deepEqual(await patientsNamed(values.lastName), []);
      const orphans = await sql<{ n: number }>`
        select (select count(*) from inbound_referral r where not exists (select 1 from patient p where p.patient_uid = r.patient_uid))
             + (select count(*) from audit_entry a where a.action = 'AddedPatient' and not exists (select 1 from patient p where p.patient_uid = a.patient_uid)) as n`.execute(server.db);
      assert.equal(Number(orphans.rows[0].n), 0);
      // The key was not used up: the corrected form goes through with it.
      await sql`drop trigger refuse_test_email on patient_email_address`.execute(server.db);
      assert.equal((await add(nav, wire(values), k)).status, 201);
      assert.equal((await patientsNamed(values.lastName)).length, 1);
    } finally {
      await sql`drop trigger if exists refuse_test_email on patient_email_address; drop function if exists refuse_test_email()`.execute(server.db);
    }
  });

  it('refuses a malformed document with a 4xx, never a 500', async () => {
    errorsOf(await add(nav, { data: { type: 'referrals' } }), 422);
    errorsOf(await add(nav, []), 400);
    const body = wire(valid()) as { data: { attributes: Record<string, unknown> } };
    body.data.attributes.preferred_engagement = 'Text Only';
    assert.ok(errorsOf(await add(nav, body), 422).some((e) => e.field === 'data.attributes.preferred_engagement'));
  });
});

describe('GET /api/patients/possible-duplicates', () => {
  const duplicates = (user: LoggedIn, q: Record<string, string>) => call(server.url, `/api/patients/possible-duplicates?${new URLSearchParams(q)}`, { token: user.token });

  it('lists visible patients of the current division with the same name (any case) and birth date', async () => {
    const values = valid();
    const created = await add(nav, wire(values));
    const id = created.body.data.relationships.patient.data.id;
    const found = await duplicates(nav, { first_name: values.firstName.toUpperCase(), last_name: values.lastName.toLowerCase(), birth_date: values.birthDate });
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.data.map((p: { id: string }) => p.id), [id]);
    assert.equal(found.body.data[0].attributes.first_name, 'Avery');
    const otherDay = await duplicates(nav, { first_name: values.firstName, last_name: values.lastName, birth_date: '2012-04-04' });
    assert.deepEqual(otherDay.body.data, []);
  });

  it('never lists a patient the caller may not see (restricted case, another division)', async () => {
    const hidden = await server.db.selectFrom('patient').select(['first_name', 'last_name', 'birth_date', 'division_uid']).where('patient_uid', 'in', [facts.restricted.others[0], facts.adoption[0]]).execute();
    const community2 = community;
    for (const p of hidden) {
      if (!p.birth_date) continue;
      const found = await duplicates(community2, { first_name: p.first_name, last_name: p.last_name, birth_date: p.birth_date });
      assert.deepEqual(found.body.data, [], `${p.first_name} ${p.last_name}`);
    }
    const other = await server.db.selectFrom('patient').select(['first_name', 'last_name', 'birth_date']).where('division_uid', '=', facts.divisionUids[1]).where('birth_date', 'is not', null).limit(1).executeTakeFirstOrThrow();
    assert.deepEqual((await duplicates(nav, { first_name: other.first_name, last_name: other.last_name, birth_date: other.birth_date! })).body.data, []);
  });

  it('422 for a missing name or date, 401 signed out, 403 for identity users', async () => {
    assert.ok(errorsOf(await duplicates(nav, { first_name: 'A', last_name: '', birth_date: '2012-01-01' }), 422).some((e) => e.field === 'last_name'));
    errorsOf(await call(server.url, '/api/patients/possible-duplicates?first_name=A&last_name=B&birth_date=2012-01-01'), 401);
    errorsOf(await duplicates(identity, { first_name: 'A', last_name: 'B', birth_date: '2012-01-01' }), 403);
  });
});

describe('addresses and e-mail addresses of a patient', () => {
  let patientUid: string;
  const link = (id: string) => ({ patient: { data: { type: 'patients', id } } });
  const address = (attrs: Record<string, unknown> = {}, id = patientUid) => ({
    data: { type: 'addresses', attributes: { address_type_uid: refs.addressType, addr1: '1 Elm St', addr2: null, city: 'Akron', country_division_uid: refs.state, post_code: '44308', county: 'Summit', is_primary: true, ...attrs }, relationships: link(id) },
  });
  const email = (attrs: Record<string, unknown> = {}, id = patientUid) => ({ data: { type: 'email-addresses', attributes: { email_address: 'pat@example.org', is_primary: true, ...attrs }, relationships: link(id) } });

  before(async () => {
    patientUid = (await add(nav, wire(valid({ addresses: [], emailAddresses: [] })))).body.data.relationships.patient.data.id;
  });

  it('POST and PUT an address: stored, one primary, logged', async () => {
    const created = await call(server.url, '/api/addresses', { token: nav.token, body: address() });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.attributes.addr1, '1 Elm St');
    assert.equal(created.body.data.relationships.patient.data.id, patientUid);
    const second = await call(server.url, '/api/addresses', { token: nav.token, body: address({ addr1: '2 Elm St' }) });
    const id = created.body.data.id;
    const changed = await call(server.url, `/api/addresses/${id}`, { method: 'PUT', token: nav.token, body: address({ addr1: '1 Elm Street', is_primary: true }) });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.attributes.addr1, '1 Elm Street');
    const rows = await server.db.selectFrom('patient_address').select(['address_uid', 'is_primary']).where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(rows.filter((r) => r.is_primary).map((r) => r.address_uid), [id], `one primary of ${second.body.data.id} and ${id}`);
    const actions = await server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patientUid).where('action', 'in', ['AddedAddress', 'ChangedAddress']).execute();
    assert.equal(actions.length, 3);
  });

  it('POST and PUT an e-mail address', async () => {
    const created = await call(server.url, '/api/email-addresses', { token: nav.token, body: email() });
    assert.equal(created.status, 201, created.text);
    const changed = await call(server.url, `/api/email-addresses/${created.body.data.id}`, { method: 'PUT', token: nav.token, body: email({ email_address: 'new@example.org' }) });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.attributes.email_address, 'new@example.org');
    assert.ok(errorsOf(await call(server.url, '/api/email-addresses', { token: nav.token, body: email({ email_address: 'nope' }) }), 422).some((e) => e.field === 'data.attributes.email_address' && e.message === 'Must be a valid email address'));
  });

  it('an Idempotency-Key makes a repeated POST one address', async () => {
    const k = key();
    const body = address({ addr1: '3 Elm St', is_primary: false });
    const [a, b] = await Promise.all([1, 2].map(() => call(server.url, '/api/addresses', { token: nav.token, body, headers: { 'idempotency-key': k } })));
    assert.equal(a.body.data.id, b.body.data.id);
    assert.equal((await server.db.selectFrom('patient_address').select('address_uid').where('patient_uid', '=', patientUid).where('addr1', '=', '3 Elm St').execute()).length, 1);
  });

  it('404 for a patient the caller may not see or an address of another patient; 401; 403', async () => {
    for (const hidden of [facts.restricted.others[0], facts.adoption[0]]) {
      assert.deepEqual(errorsOf(await call(server.url, '/api/addresses', { token: nav.token, body: address({}, hidden) }), 404), [{ message: 'Patient not found' }]);
      assert.deepEqual(errorsOf(await call(server.url, '/api/email-addresses', { token: nav.token, body: email({}, hidden) }), 404), [{ message: 'Patient not found' }]);
    }
    const [theirs] = await server.db.selectFrom('patient_address').select('address_uid').where('patient_uid', '!=', patientUid).limit(1).execute();
    if (theirs) errorsOf(await call(server.url, `/api/addresses/${theirs.address_uid}`, { method: 'PUT', token: nav.token, body: address() }), 404);
    errorsOf(await call(server.url, '/api/addresses/not-an-id', { method: 'PUT', token: nav.token, body: address() }), 404);
    errorsOf(await call(server.url, '/api/addresses', { body: address() }), 401);
    errorsOf(await call(server.url, '/api/email-addresses', { token: identity.token, body: email() }), 403);
  });
});
