import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importExtract } from '../../server/identity/import';
import { identityListViews } from '../../server/identity-search/identity-lists.views';
import { PUBLIC_VIEWS } from '../../server/dataviews/registry';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type LoggedIn } from './support/http';
import { writeExtractFolder, type ExtractRows } from './support/identity-extract';

/**
 * Issue 33, spec 000 section 7 "Identity lists": the child, preferred names,
 * flags and matches of one patient as data views for embedders, with the
 * identity panels' access (identity users) and patient guard (a restricted or
 * adoption child the caller may not see is a 404). Users: `identity` (full
 * view, worker on R-2's restricted case), `identity-health` (adoption cases),
 * `admin` (restricted and adoption view), `navigator` (no identity).
 */

const LISTS = ['list-view-cs-tbl-source-child', 'list_view_cs_tbl_patientpreferrednames', 'list_view_cs_tbl_patientflags', 'list-view-cs-tbl-matchresults'];
const HOSPITAL = "Nationwide Children's Hospital";
const OTHER = 'Akron Children’s Hospital';
const REFUSED = 'You do not have access to this resource';

let server: TestServer;
let tmp: string;
const users: Record<string, LoggedIn> = {};
const patients: Record<string, string> = {};

type Rows = ExtractRows[string];
const child = (id: string, first: string, last: string, preferred: string | null = null) => ({
  sacwis_person_id: id, first_name: first, middle_name: null, last_name: last, preferred_name: preferred, birth_date: '2014-05-06', gender: 'Female', county: 'Franklin',
});
const caseRow = (caseId: string, person: string, extra: Record<string, string> = {}) => ({
  case_id: caseId, sacwis_person_id: person, county: 'Franklin', agency_name: 'Franklin County Children Services', case_category: 'Ongoing', legal_status: 'Temporary Custody',
  wkr_name: 'Pat Worker', wkr_email: 'pat.worker@franklin.jfs.example', sup_name: 'Sue Visor', sup_email: 'sue.visor@franklin.jfs.example', chf_email: null, restricted_flag: 'N', adoption_flag: 'N', ...extra,
});
const flag = (id: string, person: string, name: string, source = HOSPITAL) => ({ flag_id: id, sacwis_person_id: person, patient_flag: name, flag_info: `${name} info`, source_name: source, county: 'Franklin' });
const nickname = (person: string, name: string, source = 'SACWIS') => ({ sacwis_person_id: person, source_name: source, preferred_name: name });

const extract = (): Record<string, Rows> => ({
  source_child: [
    child('L-1', 'Ottoline', 'Listworth', 'Otty'),
    child('L-2', 'Rhiannon', 'Lockhartley'),
    child('L-3', 'Sequoia', 'Hiddenfield'),
    child('L-4', 'Adelaide', 'Adoptington'),
    child('L-5', 'Fenwick', 'Fuzzleton'),
    child('L-6', 'Fenwikc', 'Fuzzleton'),
  ],
  source_case: [
    caseRow('C-1', 'L-1'),
    caseRow('C-2', 'L-2', { restricted_flag: 'Y', wkr_email: 'identity@careweave.test' }),
    caseRow('C-3', 'L-3', { restricted_flag: 'Y' }),
    caseRow('C-4', 'L-4', { adoption_flag: 'Y' }),
    caseRow('C-5', 'L-5'),
    caseRow('C-5', 'L-6'),
  ],
  identity_source: [
    { sacwis_person_id: 'L-1', source_name: HOSPITAL, mrn: 'N-1' },
    { sacwis_person_id: 'L-1', source_name: OTHER, mrn: 'A-1' },
  ],
  patient_flags: [flag('F-1', 'L-1', 'Medically Fragile'), flag('F-2', 'L-1', 'Behavioral Health', OTHER), flag('F-3', 'L-3', 'Runaway Risk'), flag('F-4', 'L-4', 'Asthma'), flag('F-6', 'L-6', 'Diabetic')],
  preferred_names: [nickname('L-1', 'Bug'), nickname('L-1', 'Tink', HOSPITAL), nickname('L-3', 'Boo'), nickname('L-6', 'Skip')],
});

const get = (user: string, url: string) => call(server.url, url, { token: users[user].token });
const list = (user: string, view: string, patient: string, query = '') => get(user, `/api/data/public/${view}?patient_uid=${patient}${query}`);
const ids = (answer: { body: { data: { id: string }[] } }) => answer.body.data.map((r) => r.id);

before(async () => {
  server = await startTestServer();
  const facts = await demoFacts(server.db);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-lists-'));
  const report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'lists'), extract()), facts.divisionUids[0]!);
  assert.ok(report.ok, report.error ?? 'the import failed');
  const matches = await server.db.selectFrom('tbl_match_results').select(['sacwis_person_id', 'patient_uid']).where('source_name', '=', 'SACWIS').execute();
  for (const m of matches) patients[m.sacwis_person_id] = m.patient_uid;
  for (const name of ['identity', 'identity-health', 'admin', 'navigator']) users[name] = await login(server.url, name);
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('identity lists: who may read them', () => {
  it('are data views, spelled as the spec spells them, for identity users', () => {
    assert.deepEqual(identityListViews.map((v) => v.name), LISTS);
    for (const name of LISTS) {
      assert.equal(PUBLIC_VIEWS[name]?.patientColumn, 'patient_uid', name);
      assert.deepEqual(PUBLIC_VIEWS[name]?.access, { anyFlag: ['hasAppIdentity'] }, name);
    }
  });

  it('an open child: both kinds of identity user read every list; a navigator is refused (403) before anything is read', async () => {
    for (const view of LISTS) {
      for (const user of ['identity', 'identity-health', 'admin']) assert.equal((await list(user, view, patients['L-1'])).status, 200, `${user} ${view}`);
      const refused = await list('navigator', view, patients['L-1']);
      assert.equal(refused.status, 403, view);
      assert.deepEqual(refused.body.errors, [{ message: REFUSED }], view);
    }
  });

  it('a restricted child: a user without the restricted flag who is not on its case gets 404 on every list; restricted view reads it', async () => {
    for (const view of LISTS) {
      for (const user of ['identity', 'identity-health']) {
        const hidden = await list(user, view, patients['L-3']);
        assert.equal(hidden.status, 404, `${user} ${view}: ${hidden.text}`);
        assert.equal(hidden.body.data, undefined, `${user} ${view}: no rows in a refusal`);
      }
      assert.equal((await list('admin', view, patients['L-3'])).status, 200, view);
    }
    assert.deepEqual(ids(await list('admin', 'list_view_cs_tbl_patientflags', patients['L-3'])), ['F-3']);
    assert.deepEqual(ids(await list('admin', 'list_view_cs_tbl_patientpreferrednames', patients['L-3'])), ['L-3|SACWIS|Boo']);
    // The identity user is the worker on L-2's restricted case: theirs to read, not the healthcare user's.
    assert.deepEqual(ids(await list('identity', 'list-view-cs-tbl-source-child', patients['L-2'])), ['L-2']);
    assert.equal((await list('identity-health', 'list-view-cs-tbl-source-child', patients['L-2'])).status, 404);
  });

  it('an adoption child: the healthcare user and adoption view read it, the full-view caseworker gets 404', async () => {
    for (const view of LISTS) {
      assert.equal((await list('identity', view, patients['L-4'])).status, 404, view);
      assert.equal((await list('identity-health', view, patients['L-4'])).status, 200, view);
    }
    assert.deepEqual(ids(await list('identity-health', 'list_view_cs_tbl_patientflags', patients['L-4'])), ['F-4']);
  });

  it('each list names its patient (400 without or malformed); an unknown patient is 404', async () => {
    for (const view of LISTS) {
      assert.equal((await get('identity', `/api/data/public/${view}`)).status, 400, view);
      assert.equal((await list('identity', view, 'nope')).status, 400, view);
      assert.equal((await list('identity', view, '00000000-0000-0000-0000-000000000000')).status, 404, view);
    }
  });
});

describe('identity lists: rows', () => {
  it('the approved child, its preferred names and flags, with their sources', async () => {
    const kid = (await list('identity', 'list-view-cs-tbl-source-child', patients['L-1'])).body.data;
    assert.equal(kid.length, 1);
    assert.equal(kid[0].id, 'L-1');
    assert.deepEqual(
      (({ first_name, last_name, preferred_name, birth_date, gender, county, patient_uid }) => ({ first_name, last_name, preferred_name, birth_date, gender, county, patient_uid }))(kid[0].attributes),
      { first_name: 'Ottoline', last_name: 'Listworth', preferred_name: 'Otty', birth_date: '2014-05-06', gender: 'Female', county: 'Franklin', patient_uid: patients['L-1'] },
    );
    const names = (await list('identity', 'list_view_cs_tbl_patientpreferrednames', patients['L-1'])).body.data;
    assert.deepEqual(names.map((r: { id: string; attributes: Record<string, unknown> }) => [r.id, r.attributes.preferred_name, r.attributes.source_name]), [
      ['L-1|SACWIS|Bug', 'Bug', 'SACWIS'],
      [`L-1|${HOSPITAL}|Tink`, 'Tink', HOSPITAL],
    ]);
    const flags = (await list('identity', 'list_view_cs_tbl_patientflags', patients['L-1'])).body.data;
    assert.deepEqual(flags.map((r: { id: string; attributes: Record<string, unknown> }) => [r.id, r.attributes.patient_flag, r.attributes.flag_info, r.attributes.source_name, r.attributes.county]), [
      ['F-2', 'Behavioral Health', 'Behavioral Health info', OTHER, 'Franklin'],
      ['F-1', 'Medically Fragile', 'Medically Fragile info', HOSPITAL, 'Franklin'],
    ]);
  });

  it('the patient’s matches: the SACWIS child and each MRN, with status and type; a fuzzy match waiting for approval is listed, its child’s rows are not', async () => {
    const matches = (await list('identity', 'list-view-cs-tbl-matchresults', patients['L-1'])).body.data;
    assert.deepEqual(matches.map((r: { attributes: Record<string, unknown> }) => [r.attributes.source_name, r.attributes.mrn, r.attributes.match_status_id]).sort(), [
      [OTHER, 'A-1', 1],
      [HOSPITAL, 'N-1', 1],
      ['SACWIS', '', 1],
    ].sort());
    assert.ok(matches.every((r: { attributes: Record<string, unknown> }) => typeof r.attributes.match_type === 'number' && typeof r.attributes.source_description === 'string'));
    // L-6 waits as NeedToBeApproved on L-5's patient: its match is there, its flags and names are not L-5's.
    assert.equal(patients['L-6'], patients['L-5']);
    const waiting = (await list('identity', 'list-view-cs-tbl-matchresults', patients['L-5'], '&match_status_id=2')).body.data;
    assert.deepEqual(waiting.map((r: { id: string }) => r.id), ['L-6|SACWIS|']);
    assert.deepEqual(ids(await list('identity', 'list-view-cs-tbl-source-child', patients['L-5'])), ['L-5']);
    assert.deepEqual(ids(await list('identity', 'list_view_cs_tbl_patientflags', patients['L-5'])), []);
    assert.deepEqual(ids(await list('identity', 'list_view_cs_tbl_patientpreferrednames', patients['L-5'])), []);
  });
});

describe('agency lookup (spec 001 section 8)', () => {
  it('one PCSA of the division’s extract by its id (its county); an id it does not have: "No data found for agency_id: {id}"', async () => {
    const found = await get('identity', '/api/data/public/tbl-source-agency/Franklin');
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(found.body.data, { type: 'tbl-source-agency', id: 'Franklin', attributes: { agency_county: 'Franklin', agency_name: 'Franklin County Children Services' } });
    const missing = await get('identity', '/api/data/public/tbl-source-agency/Nowhere');
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body.errors, [{ message: 'No data found for agency_id: Nowhere' }]);
    const refused = await get('navigator', '/api/data/public/tbl-source-agency/Franklin');
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body.errors, [{ message: REFUSED }]);
  });
});
