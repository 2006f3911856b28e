import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addFhirDestination, checkAddFhirDestination } from '../../server/admin/add-fhir-destination';
import { CommandError } from '../../server/admin/first-user';
import { FHIR_DESTINATION_NOT_FOUND } from '../../server/admin/fhir-destinations.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { DESTINATION_TAKEN, DESTINATION_TAKEN_ELSEWHERE, FHIR_BASE_RULE, FHIR_DESTINATION_SCOPES, OWNER_RULE } from '../../shared/schemas/fhir-destinations';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { call, errorsOf, fieldErrors, login, type LoggedIn } from './support/http';
import { itRefusesAllButAdmins } from './support/admin-routes';
import { createOtherOrganization, type OtherOrganization } from './support/other-org';

/**
 * Issue 35 section 3, the administrator's side: Admin → Organization → FHIR
 * Destinations registers and edits the facilities whose FHIR server takes
 * Careweave's referrals, as `npm run admin -- add-fhir-destination` does.
 */

const key = () => `admin-fhir-destination-test-${crypto.randomUUID()}`;
const uuid = '00000000-0000-0000-0000-000000000000';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;
let orgUid: string;
let riverside: string;
let clinic: string;
let shared: string;
let sharedTaken: string;
let other: OtherOrganization;
let otherFacility: string;
let otherDestination: string;
/** Registered for Riverside General Hospital, then moved to the clinic. */
let destinationUid: string;

const destination = (extra: Record<string, unknown> = {}) => ({
  facility_uid: riverside,
  fhir_base: 'https://fhir.riverside.example.org/r4',
  client_id: 'careweave-franklin',
  owner_reference: 'Organization/riverside-intake',
  is_active: true,
  ...extra,
});

const create = (body: unknown, token = admin.token, idem = key()) => call(server.url, '/api/admin/fhir-destinations', { token, body, headers: { 'idempotency-key': idem } });
const update = (id: string, body: unknown, token = admin.token) => call(server.url, `/api/admin/fhir-destinations/${id}`, { method: 'PUT', token, body });
const list = () => call(server.url, '/api/admin/fhir-destinations', { token: admin.token });
const audit = async (action: string) =>
  (await call(server.url, `/api/data/public/admin-audit?action=${action}&page-size=100`, { token: admin.token })).body.data.map((r: any) => r.attributes);
const storedRow = (id: string) => server.db.selectFrom('fhir_destination').selectAll().where('destination_uid', '=', id).executeTakeFirstOrThrow();
const facilityNamed = async (name: string) => (await server.db.selectFrom('facility').select('facility_uid').where('facility_name', '=', name).executeTakeFirstOrThrow()).facility_uid;
const addFacility = async (name: string, org: string | null) =>
  (await server.db.insertInto('facility').values({ facility_name: name, org_uid: org }).returning('facility_uid').executeTakeFirstOrThrow()).facility_uid;

before(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin');
  navigator = await login(server.url, 'navigator');
  orgUid = (await server.db.selectFrom('division').select('org_uid').where('division_name', '=', 'Franklin County Care').executeTakeFirstOrThrow()).org_uid;
  riverside = await facilityNamed('Riverside General Hospital');
  clinic = await facilityNamed('Eastside Family Health Center');
  other = await createOtherOrganization(server.db);
  shared = await addFacility('State Psychiatric Hospital', null);
  sharedTaken = await addFacility('Regional Crisis Center', null);
  otherFacility = await addFacility('Elsewhere Hospital', other.orgUid);
  otherDestination = (
    await server.db
      .insertInto('fhir_destination')
      .values({ org_uid: other.orgUid, facility_uid: otherFacility, fhir_base: 'https://fhir.elsewhere.test', client_id: 'theirs', owner_reference: 'Organization/e' })
      .returning('destination_uid')
      .executeTakeFirstOrThrow()
  ).destination_uid;
  await server.db.insertInto('fhir_destination').values({ org_uid: other.orgUid, facility_uid: sharedTaken, fhir_base: 'https://fhir.crisis.test', client_id: 'theirs', owner_reference: 'Organization/c' }).execute();
});
after(async () => {
  await server?.stop();
});

describe('FHIR destination admin routes: who may call them', () => {
  itRefusesAllButAdmins(
    [
      ['GET', '/api/admin/fhir-destinations'],
      ['POST', '/api/admin/fhir-destinations', { client_id: 'X' }],
      ['PUT', `/api/admin/fhir-destinations/${uuid}`, { client_id: 'X' }],
    ],
    () => ({ url: server.url, navigator }),
  );

  it("lists the admin's organisation's destinations only, with Careweave's JWKS URL and the scopes; another organisation's is a 404", async () => {
    const answer = await list();
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data, []);
    assert.deepEqual(Object.keys(answer.body.meta), ['jwks_url', 'scopes']);
    assert.equal(answer.body.meta.scopes, FHIR_DESTINATION_SCOPES);
    assert.match(answer.body.meta.jwks_url, /^http:\/\/localhost:\d+\/\.well-known\/jwks\.json$/);
    const jwks = (await (await fetch(answer.body.meta.jwks_url.replace(/^http:\/\/localhost:\d+/, server.url))).json()) as { keys: { kty: string; d?: string }[] };
    assert.ok(jwks.keys.length && jwks.keys.every((k) => k.kty === 'EC' && !k.d), 'the address serves the public key');

    assert.deepEqual(errorsOf(await update(otherDestination, destination({ facility_uid: otherFacility })), 404), [{ message: FHIR_DESTINATION_NOT_FOUND }]);
    errorsOf(await update('not-a-uuid', destination()), 404);
    errorsOf(await update(uuid, destination()), 404);
    assert.equal((await storedRow(otherDestination)).client_id, 'theirs');
  });
});

describe('FHIR destinations', () => {
  it('registers a destination for one of the organisation’s facilities, audited, the FHIR base without its trailing slash; once per Idempotency-Key', async () => {
    const idem = key();
    const body = destination({ fhir_base: ' https://fhir.riverside.example.org/r4/ ', client_id: ' careweave-franklin ' });
    const answer = await create(body, admin.token, idem);
    assert.equal(answer.status, 201, answer.text);
    destinationUid = answer.body.data.id;
    assert.equal(answer.body.data.type, 'fhir-destinations');
    assert.deepEqual(answer.body.data.attributes, {
      destination_uid: destinationUid,
      facility_uid: riverside,
      facility_name: 'Riverside General Hospital',
      fhir_base: 'https://fhir.riverside.example.org/r4',
      client_id: 'careweave-franklin',
      owner_reference: 'Organization/riverside-intake',
      is_active: true,
    });
    const stored = await storedRow(destinationUid);
    assert.deepEqual([stored.org_uid, stored.fhir_base, stored.is_active], [orgUid, 'https://fhir.riverside.example.org/r4', true]);

    const replay = await create(body, admin.token, idem);
    assert.equal(replay.status, 201, replay.text);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.data.id, destinationUid);

    assert.deepEqual((await list()).body.data.map((d: any) => d.attributes.facility_name), ['Riverside General Hospital']);
    const [entry] = await audit('CreatedFhirDestination');
    assert.deepEqual([entry.target_label, entry.actor_name], ['Riverside General Hospital', 'Ada Admin']);
    assert.deepEqual(JSON.parse(entry.after_json), {
      facilityName: 'Riverside General Hospital',
      fhirBase: 'https://fhir.riverside.example.org/r4',
      clientId: 'careweave-franklin',
      ownerReference: 'Organization/riverside-intake',
      isActive: true,
    });
  });

  it('registers a shared facility (of no organisation), one turned off from the start, and a FHIR server on this machine by http', async () => {
    const answer = await create(destination({ facility_uid: shared, fhir_base: 'http://127.0.0.1:8080/fhir', is_active: false }));
    assert.equal(answer.status, 201, answer.text);
    assert.deepEqual([answer.body.data.attributes.facility_name, answer.body.data.attributes.is_active], ['State Psychiatric Hospital', false]);
    assert.deepEqual((await list()).body.data.map((d: any) => d.attributes.facility_name), ['Riverside General Hospital', 'State Psychiatric Hospital']);
  });

  it('refuses a FHIR base that is not https (but on this machine), an owner that is not Organization/<id>, and missing or long values, each on its field', async () => {
    for (const url of ['http://fhir.riverside.example.org/r4', 'ftp://fhir.riverside.example.org', 'fhir.riverside.example.org', 'https://user:pw@fhir.riverside.example.org', 'https://fhir.riverside.example.org/r4?tenant=1'])
      assert.deepEqual(fieldErrors(await create(destination({ facility_uid: clinic, fhir_base: url }))), { fhir_base: FHIR_BASE_RULE }, url);
    for (const owner of ['Practitioner/1', 'Organization/', 'riverside', `Organization/${'x'.repeat(65)}`])
      assert.deepEqual(fieldErrors(await create(destination({ facility_uid: clinic, owner_reference: owner }))), { owner_reference: OWNER_RULE }, owner);
    assert.deepEqual(fieldErrors(await create({ is_active: true })), { facility_uid: 'Required', fhir_base: 'Required', client_id: 'Required', owner_reference: 'Required' });
    assert.deepEqual(fieldErrors(await create(destination({ facility_uid: clinic, client_id: 'x'.repeat(201) }))), { client_id: 'Must be at most 200 characters' });
    assert.deepEqual(fieldErrors(await create(destination({ facility_uid: clinic, fhir_base: `https://fhir.test/${'x'.repeat(500)}` }))), { fhir_base: 'Must be at most 500 characters' });
    assert.deepEqual(Object.keys(fieldErrors(await create(destination({ facility_uid: clinic, is_active: 'yes' })))), ['is_active']);
  });

  it("refuses another organisation's facility, an unknown one, and a facility that has a destination already, on the facility", async () => {
    assert.deepEqual(fieldErrors(await create(destination({ facility_uid: otherFacility }))), { facility_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(destination({ facility_uid: uuid }))), { facility_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(destination({ facility_uid: 'not-a-facility' }))), { facility_uid: NOT_LISTED });
    assert.deepEqual(fieldErrors(await create(destination())), { facility_uid: DESTINATION_TAKEN });
    assert.deepEqual(fieldErrors(await create(destination({ facility_uid: sharedTaken }))), { facility_uid: DESTINATION_TAKEN_ELSEWHERE });
    assert.deepEqual(fieldErrors(await update(destinationUid, destination({ facility_uid: shared }))), { facility_uid: DESTINATION_TAKEN });
    assert.deepEqual(fieldErrors(await update(destinationUid, destination({ facility_uid: otherFacility }))), { facility_uid: NOT_LISTED });
    assert.equal((await audit('CreatedFhirDestination')).length, 2, 'nothing more registered');
    assert.equal((await storedRow(destinationUid)).facility_uid, riverside);
  });

  it('edits a destination and turns it off, audited with before and after', async () => {
    const answer = await update(destinationUid, destination({ fhir_base: 'https://fhir2.riverside.example.org/r4', owner_reference: 'Organization/riverside-2', is_active: false }));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(
      [answer.body.data.attributes.fhir_base, answer.body.data.attributes.owner_reference, answer.body.data.attributes.is_active],
      ['https://fhir2.riverside.example.org/r4', 'Organization/riverside-2', false],
    );
    assert.equal((await storedRow(destinationUid)).is_active, false);
    const [entry] = await audit('UpdatedFhirDestination');
    assert.deepEqual([entry.target_label, entry.actor_name], ['Riverside General Hospital', 'Ada Admin']);
    assert.deepEqual(
      [JSON.parse(entry.before_json), JSON.parse(entry.after_json)],
      [
        { facilityName: 'Riverside General Hospital', fhirBase: 'https://fhir.riverside.example.org/r4', clientId: 'careweave-franklin', ownerReference: 'Organization/riverside-intake', isActive: true },
        { facilityName: 'Riverside General Hospital', fhirBase: 'https://fhir2.riverside.example.org/r4', clientId: 'careweave-franklin', ownerReference: 'Organization/riverside-2', isActive: false },
      ],
    );

    const moved = await update(destinationUid, destination({ facility_uid: clinic }));
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.data.attributes.facility_name, 'Eastside Family Health Center');
  });
});

describe('npm run admin -- add-fhir-destination', () => {
  it('checks its options with the admin form’s rules', () => {
    const options = { facility: 'Riverside General Hospital', fhirBase: 'http://fhir.example.org', clientId: 'c', owner: 'Practitioner/1' };
    assert.throws(() => checkAddFhirDestination(options), (err: Error) => err instanceof CommandError && err.message === `--fhir-base: ${FHIR_BASE_RULE}\n--owner: ${OWNER_RULE}`);
  });

  it("registers a facility again by editing the organisation's destination (turned on), audited as the command; another organisation's is refused", async () => {
    const registered = await addFhirDestination(server.db, checkAddFhirDestination({ facility: 'Eastside Family Health Center', fhirBase: 'https://fhir3.example.org/', clientId: 'cw', owner: 'Organization/3' }), 'https://care.test');
    assert.deepEqual(registered, { facility: 'Eastside Family Health Center', organisation: registered.organisation, jwksUrl: 'https://care.test/.well-known/jwks.json', scopes: FHIR_DESTINATION_SCOPES });
    const row = await server.db.selectFrom('fhir_destination').selectAll().where('facility_uid', '=', clinic).executeTakeFirstOrThrow();
    assert.deepEqual([row.destination_uid, row.fhir_base, row.client_id, row.is_active], [destinationUid, 'https://fhir3.example.org', 'cw', true]);
    const [entry] = await audit('UpdatedFhirDestination');
    assert.equal(entry.actor_name, 'npm run admin');

    await assert.rejects(
      addFhirDestination(server.db, checkAddFhirDestination({ facility: 'Regional Crisis Center', org: registered.organisation, fhirBase: 'https://x.example.org', clientId: 'cw', owner: 'Organization/3' }), 'https://care.test'),
      (err: Error) => err instanceof CommandError && err.message === `--facility: ${DESTINATION_TAKEN_ELSEWHERE}`,
    );
  });
});
