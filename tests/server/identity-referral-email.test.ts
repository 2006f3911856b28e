import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importExtract } from '../../server/identity/import';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { SERVICE_REFERRAL_NO_RECIPIENT } from '../../shared/schemas/identity-record';
import { call, demoFacts, login, type LoggedIn } from './support/http';
import { writeExtractFolder, type ExtractRows } from './support/identity-extract';

/**
 * Issue 11 section 4: the service referral e-mail (spec 001 sections 3 and 8)
 * goes through the outbox to the case's worker and supervisor, once per
 * Idempotency-Key; without an address on any case the spec's error text.
 */

let server: TestServer;
let tmp: string;
const users: Record<string, LoggedIn> = {};
const patients: Record<string, string> = {};
type Rows = ExtractRows[string];

const child = (id: string, first: string, last: string) => ({ sacwis_person_id: id, first_name: first, middle_name: null, last_name: last, preferred_name: null, birth_date: '2014-05-06', gender: 'Female', county: 'Franklin' });
const caseRow = (caseId: string, person: string, wkr: string | null, sup: string | null) => ({
  case_id: caseId, sacwis_person_id: person, county: 'Franklin', agency_name: 'Franklin County Children Services', case_category: 'Ongoing', legal_status: 'Temporary Custody',
  wkr_name: 'Pat Worker', wkr_email: wkr, sup_name: 'Sue Visor', sup_email: sup, chf_email: null, restricted_flag: 'N', adoption_flag: 'N',
});

const extract: Record<string, Rows> = {
  source_child: [child('E-1', 'Zoë', 'Núñez'), child('E-2', 'Noah', 'Nomail')],
  source_case: [caseRow('C-1', 'E-1', 'pat.worker@franklin.jfs.example', 'sue.visor@franklin.jfs.example'), caseRow('C-2', 'E-2', null, null)],
  custody_episode: [{ episode_id: 'CE-1', sacwis_person_id: 'E-1', county: 'Franklin', legal_status: 'Temporary Custody', start_date: '2023-01-01', end_date: null }],
  placement: [
    {
      placement_id: 'P-1', sacwis_person_id: 'E-1', provider_id: '42', provider_name: 'Oak Kinship', placement_type: 'Kinship Care', start_date: '2023-05-02', end_date: null,
      provider_contact: 'Olive Oak, 614-555-0142', provider_address: '12 Oak Ave, Columbus, OH 43215', provider_agency: 'Buckeye Foster Care Network', provider_agency_contact: 'Ana Agency, 614-555-0199',
    },
  ],
};

const send = (user: string, patient: string, body: unknown, key?: string) =>
  call(server.url, `/api/patients/${patient}/service-referral-email`, { token: users[user].token, body, headers: key ? { 'idempotency-key': key } : {} });
const outbox = () => server.db.selectFrom('outbox').selectAll().where('recipient', 'like', '%.jfs.example').orderBy('recipient').execute();

before(async () => {
  server = await startTestServer();
  const facts = await demoFacts(server.db);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-referral-email-'));
  const report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'extract'), extract), facts.divisionUids[0]!);
  assert.ok(report.ok, report.error ?? 'the import failed');
  const matches = await server.db.selectFrom('tbl_match_results').select(['sacwis_person_id', 'patient_uid']).where('source_name', '=', 'SACWIS').execute();
  for (const m of matches) patients[m.sacwis_person_id] = m.patient_uid;
  for (const name of ['identity', 'navigator']) users[name] = await login(server.url, name);
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('service referral e-mail', () => {
  it('is for identity users, needs a subject and an Idempotency-Key', async () => {
    assert.equal((await send('navigator', patients['E-1'], { subject: 'Referral' }, 'key-navigator-000001')).status, 403);
    assert.equal((await send('identity', patients['E-1'], { subject: 'Referral' })).status, 400);
    const empty = await send('identity', patients['E-1'], { subject: '  ', additional_message: 'x'.repeat(2001) }, 'key-invalid-0000001');
    assert.equal(empty.status, 422);
    assert.deepEqual(empty.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]).sort(), [['additional_message', 'Must be at most 2000 characters'], ['subject', 'Required']]);
    assert.equal((await outbox()).length, 0);
  });

  it('queues one e-mail each to the case worker and supervisor with the spec’s fields, once per key', async () => {
    const key = 'key-referral-0000001';
    const body = { subject: 'Service Referral for Zoë', additional_message: 'Please call the foster parent.' };
    const first = await send('identity', patients['E-1'], body, key);
    assert.equal(first.status, 201, first.text);
    assert.deepEqual(first.body.data.attributes.recipients, ['pat.worker@franklin.jfs.example', 'sue.visor@franklin.jfs.example']);
    const again = await send('identity', patients['E-1'], body, key);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const queued = await outbox();
    assert.deepEqual(queued.map((m) => [m.channel, m.recipient, m.subject]), [
      ['email', 'pat.worker@franklin.jfs.example', 'Service Referral for Zoë'],
      ['email', 'sue.visor@franklin.jfs.example', 'Service Referral for Zoë'],
    ]);
    const text = queued[0]!.body;
    for (const expected of [
      'Child Name: Zoë Núñez', 'Last Name: Núñez', 'First Name: Zoë', 'Birth Date: 05/06/2014', 'County: Franklin', 'Legal Status / Custody: Temporary Custody',
      'SACWIS Person ID: E-1', 'SACWIS Case ID: C-1', 'Caseworker: Pat Worker', 'Caseworker Email: pat.worker@franklin.jfs.example',
      'Supervisor Email: sue.visor@franklin.jfs.example', 'Provider Name: Oak Kinship (provider 42)', 'Placement Type: Kinship Care', 'Please call the foster parent.',
      'Provider Contact: Olive Oak, 614-555-0142', 'Provider Address: 12 Oak Ave, Columbus, OH 43215', 'Provider Agency: Buckeye Foster Care Network',
      'Provider Agency Contact: Ana Agency, 614-555-0199',
    ]) assert.ok(text.includes(expected), `${expected} in\n${text}`);
    const audit = await server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patients['E-1']).where('action', '=', 'ServiceReferralEmail').execute();
    assert.equal(audit.length, 1);
  });

  it('without a worker or supervisor address: the spec’s error and nothing queued', async () => {
    const before = (await outbox()).length;
    const answer = await send('identity', patients['E-2'], { subject: 'Referral' }, 'key-nomail-00000001');
    assert.equal(answer.status, 422);
    assert.deepEqual(answer.body.errors.map((e: { message: string }) => e.message), [SERVICE_REFERRAL_NO_RECIPIENT]);
    assert.equal((await outbox()).length, before);
  });
});
