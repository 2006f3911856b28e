import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { writeDemoExtract } from '../../server/identity/demo-extract';
import { importDemoExtract } from '../../server/identity/demo-seed';
import { ABANDONED, IMPORT_LOCK, importExtract, type ImportReport } from '../../server/identity/import';
import { runCliCommand } from '../../server/testing/admin-command';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type DemoFacts } from './support/http';
import { SOURCE_TABLES } from '../../server/identity/source-tables';
import { writeExtractFolder, type ExtractRows } from './support/identity-extract';

let server: TestServer;
let facts: DemoFacts;
let division: string;
let tmp: string;
/** A demo patient whose SACWIS id the extract names (deterministic match). */
let known: { patient_uid: string; sacwis_person_id: string; first_name: string; last_name: string; birth_date: string };
/** A patient without a SACWIS id whom a child of the extract resembles (fuzzy match). */
let lookalike: string;

type Rows = ExtractRows[string];

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Polls `condition` every 25 ms for up to 60 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (const stop = Date.now() + 60_000; Date.now() < stop; await new Promise((r) => setTimeout(r, 25))) if (await condition()) return;
  throw new Error('condition not met within 60 s');
}

/** The clean extract: five children, their cases, custody, placements and MRNs. */
const clean = (): Record<string, Rows> => ({
  source_child: [
    { sacwis_person_id: known.sacwis_person_id, first_name: known.first_name, middle_name: null, last_name: known.last_name, preferred_name: null, birth_date: known.birth_date, gender: 'Female', county: 'Franklin' },
    { sacwis_person_id: 'S-200', first_name: 'Jonathon', middle_name: 'Lee', last_name: 'Applewhite', preferred_name: 'Jon', birth_date: '2012-06-15', gender: 'Male', county: 'Franklin' },
    { sacwis_person_id: 'S-300', first_name: 'Zephyrine', middle_name: null, last_name: 'Quokkasdottir', preferred_name: null, birth_date: '2015-03-04', gender: 'Female', county: 'Summit' },
    { sacwis_person_id: 'S-301', first_name: 'Zephyrina', middle_name: null, last_name: 'Quokkasdottir', preferred_name: null, birth_date: '2015-03-04', gender: 'Female', county: 'Summit' },
    { sacwis_person_id: 'S-400', first_name: 'Rowena', middle_name: null, last_name: 'Restrictedsson', preferred_name: null, birth_date: '2011-01-20', gender: 'Female', county: 'Lucas' },
    { sacwis_person_id: 'S-500', first_name: 'Adeline', middle_name: null, last_name: 'Adoptionville', preferred_name: null, birth_date: '2016-09-09', gender: 'Female', county: 'Van Wert' },
  ],
  source_case: [
    caseRow('C-100', known.sacwis_person_id, { legal_status: 'Temporary Custody' }),
    caseRow('C-300', 'S-300', {}),
    caseRow('C-400', 'S-400', { restricted_flag: 'Y', wkr_email: 'identity-health@careweave.test' }),
    caseRow('C-500', 'S-500', { adoption_flag: 'Y' }),
  ],
  custody_episode: [
    { episode_id: 'E-1', sacwis_person_id: 'S-300', county: 'Summit', legal_status: 'Temporary Custody', start_date: '2023-01-02', end_date: '2024-01-02' },
    { episode_id: 'E-2', sacwis_person_id: 'S-300', county: 'Summit', legal_status: 'Permanent Custody', start_date: '2024-01-03', end_date: null },
  ],
  placement: [
    { placement_id: 'P-1', sacwis_person_id: 'S-300', provider_id: 'PR-9', provider_name: 'Buckeye Foster Home', placement_type: 'Foster Care', start_date: '2023-01-02', end_date: '2023-06-30' },
    { placement_id: 'P-2', sacwis_person_id: 'S-300', provider_id: 'PR-7', provider_name: 'Summit Kinship, "Grandma"', placement_type: 'Kinship', start_date: '2023-07-01', end_date: null },
  ],
  identity_source: [
    { sacwis_person_id: 'S-300', source_name: "Nationwide Children's Hospital", mrn: 'NCH-300' },
    { sacwis_person_id: 'S-300', source_name: 'Akron Children’s Hospital', mrn: 'AKR-300' },
    { sacwis_person_id: 'S-200', source_name: "Nationwide Children's Hospital", mrn: 'NCH-200' },
  ],
});

function caseRow(caseId: string, person: string, extra: Record<string, string>): Record<string, string | null> {
  return {
    case_id: caseId, sacwis_person_id: person, county: 'Franklin', agency_name: 'Franklin County Children Services', case_category: 'Protective',
    legal_status: null, wkr_name: 'Pat Worker', wkr_email: 'worker@agency.test', sup_name: 'Sue Visor', sup_email: 'sup@agency.test', chf_email: null,
    restricted_flag: 'N', adoption_flag: 'N', ...extra,
  };
}

/** Everything an import writes, without generated ids, for comparing two moments. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const s of SOURCE_TABLES) out[s.table] = (await sql`select * from ${sql.table(s.table)} order by 1, 2, 3`.execute(server.db)).rows;
  out.match = (await sql`select * from tbl_match_results order by sacwis_person_id, source_name, mrn`.execute(server.db)).rows;
  out.patients = (await sql`select patient_uid, first_name, last_name, birth_date, sacwis_person_id, restricted_flag, agency_legal_status, in_custody, case_emails, adoption_case
                              from patient where division_uid = ${division} order by patient_uid`.execute(server.db)).rows;
  out.cases = (await sql`select patient_uid, case_id, case_category, wkr_name, wkr_email, chf_email, sup_email from patient_case order by case_id, patient_uid`.execute(server.db)).rows;
  return out;
}

const match = (person: string, source = 'SACWIS') =>
  server.db.selectFrom('tbl_match_results').selectAll().where('division_uid', '=', division).where('sacwis_person_id', '=', person).where('source_name', '=', source).executeTakeFirstOrThrow();
/** The run's status rows of the sources these extracts hold (later sources are files these tests do not write). */
const statusOf = (report: ImportReport) =>
  server.db.selectFrom('tbl_identity_source_status').selectAll().where('run_uid', '=', report.runUid).where('source_name', 'in', Object.keys(clean())).orderBy('source_name').execute();

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  division = facts.divisionUids[0];
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-extract-'));
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const row = await server.db
    .selectFrom('patient')
    .select(['patient_uid', 'sacwis_person_id', 'first_name', 'last_name', sql<string>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date')])
    .where('division_uid', '=', division)
    .where('patient_uid', 'not in', hidden)
    .where('sacwis_person_id', 'is not', null)
    .orderBy('patient_uid')
    .executeTakeFirstOrThrow();
  known = { ...row, sacwis_person_id: row.sacwis_person_id! };
  lookalike = (
    await server.db
      .insertInto('patient')
      .values({ division_uid: division, first_name: 'Jonathan', middle_name: null, last_name: 'Applewhite', birth_date: '2012-06-15', gender_uid: null, gender_identity_uid: null, agency_legal_status: null, sacwis_person_id: null, mobile_phone: null, home_phone: null, work_phone: null, preferred_phone: null, note: null, episode_status_uid: null })
      .returning('patient_uid')
      .executeTakeFirstOrThrow()
  ).patient_uid;
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('npm run import: a clean extract', () => {
  let report: ImportReport;
  before(async () => {
    report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'clean'), clean()), division);
  });

  it('loads every row of every source and records each source as Complete', async () => {
    assert.equal(report.ok, true, report.error ?? '');
    assert.deepEqual(report.rejections, []);
    const status = await statusOf(report);
    assert.deepEqual(
      status.map((s) => [s.source_name, s.rows_read, s.rows_loaded, s.rows_rejected, s.status]),
      [['custody_episode', 2, 2, 0, 'Complete'], ['identity_source', 3, 3, 0, 'Complete'], ['placement', 2, 2, 0, 'Complete'], ['source_case', 4, 4, 0, 'Complete'], ['source_child', 6, 6, 0, 'Complete']],
    );
    assert.ok(status.every((s) => s.finished_at && s.finished_at >= s.started_at));
    const placement = await server.db.selectFrom('tbl_placement').select(['provider_name', 'end_date']).where('placement_id', '=', 'P-2').executeTakeFirstOrThrow();
    assert.deepEqual(placement, { provider_name: 'Summit Kinship, "Grandma"', end_date: null });
  });

  it('matches on the SACWIS person id: Approved, Deterministic', async () => {
    const m = await match(known.sacwis_person_id);
    assert.deepEqual([m.patient_uid, m.match_status_id, m.match_type], [known.patient_uid, 1, 1]);
  });

  it('offers a patient with the birth date and a similar name as a fuzzy match waiting for approval, with a score, and feeds it nothing yet', async () => {
    const m = await match('S-200');
    assert.deepEqual([m.patient_uid, m.match_status_id, m.match_type], [lookalike, 2, 2]);
    assert.ok(m.score! >= 0.5 && m.score! < 1, `score ${m.score}`);
    const mrn = await match('S-200', "Nationwide Children's Hospital");
    assert.deepEqual([mrn.mrn, mrn.patient_uid, mrn.match_status_id], ['NCH-200', lookalike, 2]);
    const patient = await server.db.selectFrom('patient').select(['sacwis_person_id']).where('patient_uid', '=', lookalike).executeTakeFirstOrThrow();
    assert.equal(patient.sacwis_person_id, null);
  });

  it('offers a child resembling another new child of the extract (a duplicate SACWIS person) that child\'s new patient, waiting for approval', async () => {
    const first = await match('S-300');
    const second = await match('S-301');
    assert.deepEqual([second.patient_uid, second.match_status_id, second.match_type], [first.patient_uid, 2, 2]);
    const created = await server.db.selectFrom('patient').select('patient_uid').where('last_name', '=', 'Quokkasdottir').execute();
    assert.equal(created.length, 1);
  });

  it('creates a patient in the division for a child nobody resembles (ETLGenerated), with its MRNs, case and current custody', async () => {
    const m = await match('S-300');
    assert.deepEqual([m.match_status_id, m.match_type, m.score], [1, 4, null]);
    const patient = await server.db.selectFrom('patient').selectAll().where('patient_uid', '=', m.patient_uid).executeTakeFirstOrThrow();
    assert.deepEqual(
      [patient.division_uid, patient.first_name, patient.last_name, patient.sacwis_person_id, patient.agency_legal_status, patient.in_custody, patient.restricted_flag],
      [division, 'Zephyrine', 'Quokkasdottir', 'S-300', 'Permanent Custody', true, '0'],
    );
    const mrns = await server.db.selectFrom('tbl_match_results').select(['source_name', 'mrn']).where('sacwis_person_id', '=', 'S-300').where('mrn', '<>', '').orderBy('mrn').execute();
    assert.deepEqual(mrns, [{ source_name: 'Akron Children’s Hospital', mrn: 'AKR-300' }, { source_name: "Nationwide Children's Hospital", mrn: 'NCH-300' }]);
    const cases = await server.db.selectFrom('patient_case').select(['case_id', 'from_extract']).where('patient_uid', '=', m.patient_uid).execute();
    assert.deepEqual(cases, [{ case_id: 'C-300', from_extract: true }]);
  });

  it('hides a restricted imported case from a plain identity user and shows it to its case worker; an adoption case needs the healthcare role', async () => {
    const restricted = (await match('S-400')).patient_uid;
    const adoption = (await match('S-500')).patient_uid;
    const facts = await server.db.selectFrom('patient').select(['restricted_flag', 'case_emails', 'adoption_case']).where('patient_uid', 'in', [restricted, adoption]).orderBy('restricted_flag', 'desc').execute();
    assert.deepEqual(facts, [
      { restricted_flag: '1', case_emails: ['identity-health@careweave.test', 'sup@agency.test'], adoption_case: false },
      { restricted_flag: '0', case_emails: ['sup@agency.test', 'worker@agency.test'], adoption_case: true },
    ]);
    const identity = await login(server.url, 'identity');
    const worker = await login(server.url, 'identity-health');
    assert.equal((await call(server.url, `/api/patients/${restricted}`, { token: identity.token })).status, 404);
    assert.equal((await call(server.url, `/api/patients/${restricted}`, { token: worker.token })).status, 200);
    assert.equal((await call(server.url, `/api/patients/${adoption}`, { token: identity.token })).status, 404);
    assert.equal((await call(server.url, `/api/patients/${adoption}`, { token: worker.token })).status, 200);
    assert.equal((await call(server.url, `/api/patients/${(await match('S-300')).patient_uid}`, { token: identity.token })).status, 200);
  });

  it('gives the same rows when run again, and keeps each match as it was', async () => {
    const before = await snapshot();
    const again = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'clean'), clean()), division);
    assert.equal(again.ok, true, again.error ?? '');
    assert.deepEqual(again.matches, { kept: 6, deterministic: 0, fuzzy: 0, created: 0 });
    assert.deepEqual(await snapshot(), before);
  });

  it('moves a changed case onto its patient the next night (a new worker sees a restricted child)', async () => {
    const sources = clean();
    sources.source_case[1] = { ...sources.source_case[1], wkr_email: 'new.worker@agency.test', restricted_flag: 'Y' };
    const changed = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'changed'), sources), division);
    assert.equal(changed.ok, true, changed.error ?? '');
    const patient = await server.db.selectFrom('patient').select(['restricted_flag', 'case_emails']).where('patient_uid', '=', (await match('S-300')).patient_uid).executeTakeFirstOrThrow();
    assert.deepEqual(patient, { restricted_flag: '1', case_emails: ['new.worker@agency.test', 'sup@agency.test'] });
    const cases = await server.db.selectFrom('patient_case').select('wkr_email').where('case_id', '=', 'C-300').execute();
    assert.deepEqual(cases, [{ wkr_email: 'new.worker@agency.test' }]);
  });
});

describe('npm run import: bad rows', () => {
  let report: ImportReport;
  before(async () => {
    const sources = clean();
    const child = (extra: Record<string, string | null>) => ({ ...sources.source_child[2], first_name: 'Other', last_name: 'Child', ...extra });
    sources.source_child.push(
      child({ sacwis_person_id: 'S-601', birth_date: '2015-02-30' }),
      child({ sacwis_person_id: null }),
      child({ sacwis_person_id: 'S-603', county: 'Gotham' }),
      child({ sacwis_person_id: 'S-300' }),
    );
    sources.placement.push({ ...sources.placement[0], placement_id: 'P-3', sacwis_person_id: 'S-999' });
    report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'bad'), sources, { custody_episode: 'E-9,S-300,Summit\n' }), division);
  });

  it('reports each bad row with its file, line and reason, and skips it', () => {
    assert.equal(report.ok, true, report.error ?? '');
    assert.deepEqual(report.rejections, [
      { file: 'source_child.csv', line: 8, reason: 'birth_date: Must be a date (YYYY-MM-DD)' },
      { file: 'source_child.csv', line: 9, reason: 'sacwis_person_id: Required' },
      { file: 'source_child.csv', line: 10, reason: "county: Unknown county 'Gotham': must be an Ohio county" },
      { file: 'source_child.csv', line: 11, reason: 'sacwis_person_id: repeats line 4' },
      { file: 'custody_episode.csv', line: 4, reason: 'has 3 cells, the header has 6' },
      { file: 'placement.csv', line: 4, reason: 'sacwis_person_id: no child S-999 in source_child.csv' },
    ]);
  });

  it('loads the rest and records Warning for a source with rejected rows', async () => {
    const status = await statusOf(report);
    assert.deepEqual(
      status.map((s) => [s.source_name, s.rows_read, s.rows_loaded, s.rows_rejected, s.status]),
      [['custody_episode', 3, 2, 1, 'Warning'], ['identity_source', 3, 3, 0, 'Complete'], ['placement', 3, 2, 1, 'Warning'], ['source_case', 4, 4, 0, 'Complete'], ['source_child', 10, 6, 4, 'Warning']],
    );
    const children = await server.db.selectFrom('tbl_source_child').select('sacwis_person_id').where('division_uid', '=', division).orderBy('sacwis_person_id').execute();
    assert.equal(children.length, 6);
  });
});

describe('npm run import: a run that fails mid-way', () => {
  it('leaves the previous rows as they were and records the error for every source', async () => {
    const before = await snapshot();
    const sources = clean();
    sources.source_child = sources.source_child.slice(0, 2);
    const report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'broken'), sources, { identity_source: 'S-300,"Unclosed hospital,MRN-1\n' }), division);
    assert.equal(report.ok, false);
    assert.equal(report.error, 'identity_source.csv:5: a quote is not closed before the end of the file');
    assert.deepEqual(await snapshot(), before);
    const status = await statusOf(report);
    assert.deepEqual(
      status.map((s) => [s.source_name, s.status.replace(/^(Failed: (not loaded \(identity_source\.csv failed\)|identity_source\.csv)).*$/, '$1')]),
      [
        ['custody_episode', 'Failed: not loaded (identity_source.csv failed)'],
        ['identity_source', 'Failed: identity_source.csv'],
        ['placement', 'Failed: not loaded (identity_source.csv failed)'],
        ['source_case', 'Failed: not loaded (identity_source.csv failed)'],
        ['source_child', 'Failed: not loaded (identity_source.csv failed)'],
      ],
    );
    assert.ok(status.every((s) => s.rows_loaded === 0 && s.finished_at));
  });

  it('changes nothing when killed mid-way, and the next run closes its status rows as failed', async () => {
    const before = await snapshot();
    const folder = path.join(tmp, 'killed');
    await writeDemoExtract({ children: 3000, seed: 9, out: folder });
    const importLockHeld = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = ${IMPORT_LOCK} and granted`.execute(server.db)).rows[0].n) > 0;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/identity/cli.ts'), folder], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.connectionString, DEMO_SEED: '0' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed while its transaction is loading: its rows say In Process and it holds the division's import lock
    // (the lock alone may be the brief one a run takes first to close abandoned runs).
    const inProcess = async () => !!(await server.db.selectFrom('tbl_identity_source_status').select('run_uid').where('division_uid', '=', division).where('finished_at', 'is', null).executeTakeFirst());
    await until(async () => (await inProcess()) && (await importLockHeld()));
    child.kill('SIGKILL');
    await exited;
    // PostgreSQL rolls the dead client's transaction back (and frees the lock) once it notices.
    await until(async () => !(await importLockHeld()));
    assert.deepEqual(await snapshot(), before);
    const killed = await sql<{ status: string; finished_at: Date | null }>`
      select status, finished_at from tbl_identity_source_status
       where run_uid = (select run_uid from tbl_identity_source_status where division_uid = ${division} order by started_at desc limit 1)`.execute(server.db);
    assert.ok(killed.rows.length > 0 && killed.rows.every((r) => r.status === 'In Process' && r.finished_at === null));

    const next = await importExtract(server.db, path.join(tmp, 'partial'), division);
    assert.equal(next.ok, true, next.error ?? '');
    const abandoned = await server.db.selectFrom('tbl_identity_source_status').select(['status', 'finished_at']).where('division_uid', '=', division).where('run_uid', '!=', next.runUid).where('status', '=', 'In Process').execute();
    assert.deepEqual(abandoned, []);
    const closed = await server.db.selectFrom('tbl_identity_source_status').select('status').where('status', '=', ABANDONED).execute();
    assert.equal(closed.length, killed.rows.length);
  });

  it('keeps a source whose file is not in the extract (Ok)', async () => {
    const before = await snapshot();
    const sources = clean();
    delete sources.placement;
    const report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'partial'), sources), division);
    assert.equal(report.ok, true, report.error ?? '');
    const placement = (await statusOf(report)).find((s) => s.source_name === 'placement')!;
    assert.deepEqual([placement.status, placement.rows_read], ['Ok', 0]);
    assert.deepEqual((await snapshot()).tbl_placement, before.tbl_placement);
  });
});

describe('npm run import: columns added later', () => {
  it('loads a placement file written before the provider contact columns, as no value, and stores them when present', async () => {
    const sources = clean();
    const folder = await writeExtractFolder(path.join(tmp, 'older-placement'), sources);
    const older = ['placement_id', 'sacwis_person_id', 'provider_id', 'provider_name', 'placement_type', 'start_date', 'end_date'];
    await fs.writeFile(path.join(folder, 'placement.csv'), `${older.join(',')}\nP-1,S-300,PR-9,Buckeye Foster Home,Foster Care,2023-01-02,\n`);
    const report = await importExtract(server.db, folder, division);
    assert.equal(report.ok, true, report.error ?? '');
    const placement = () => server.db.selectFrom('tbl_placement').select(['placement_id', 'provider_contact', 'provider_agency']).where('division_uid', '=', division).execute();
    assert.deepEqual(await placement(), [{ placement_id: 'P-1', provider_contact: null, provider_agency: null }]);

    sources.placement = [{ ...sources.placement[0]!, provider_contact: 'Olive Oak, 614-555-0142', provider_agency: 'Buckeye Foster Care Network' }];
    const again = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'newer-placement'), sources), division);
    assert.equal(again.ok, true, again.error ?? '');
    assert.deepEqual(await placement(), [{ placement_id: 'P-1', provider_contact: 'Olive Oak, 614-555-0142', provider_agency: 'Buckeye Foster Care Network' }]);
  });

  it('still fails a file without a column the format always had', async () => {
    const folder = await writeExtractFolder(path.join(tmp, 'no-type'), clean());
    await fs.writeFile(path.join(folder, 'placement.csv'), 'placement_id,sacwis_person_id,provider_id,provider_name,start_date,end_date\nP-1,S-300,PR-9,Buckeye,2023-01-02,\n');
    const report = await importExtract(server.db, folder, division);
    assert.equal(report.ok, false);
    assert.equal(report.error, 'placement.csv: the header has no column placement_type');
  });
});

describe('npm run import (the command)', () => {
  const run = (args: string[]) => runCliCommand('identity/cli.ts', { databaseUrl: server.connectionString }, args);

  it('prints each source, each rejected row as file:line: reason and the matching, and exits 0', async () => {
    const { code, stdout } = await run([path.join(tmp, 'bad')]);
    assert.equal(code, 0, stdout);
    assert.match(stdout, /rejected source_child\.csv:8: birth_date: Must be a date \(YYYY-MM-DD\)/);
    assert.match(stdout, /rejected placement\.csv:4: sacwis_person_id: no child S-999 in source_child\.csv/);
    assert.match(stdout, /source_child\.csv +read 10, loaded 6, rejected 4: Warning/);
    assert.match(stdout, /matching: 6 kept, 0 on SACWIS person id, 0 fuzzy \(waiting for approval\), 0 new patients/);
  });

  it('exits 1 when the run failed, and 2 without a folder', async () => {
    const failed = await run([path.join(tmp, 'broken')]);
    assert.equal(failed.code, 1);
    assert.match(failed.stdout, /Failed, nothing changed/);
    assert.equal((await run([])).code, 2);
    assert.equal((await run([path.join(tmp, 'no-such-folder')])).code, 2);
  });
});

describe('npm run extract:demo', () => {
  it('writes the same files for the same seed and count, and other files for another seed', async () => {
    const read = async (folder: string) => Promise.all(SOURCE_TABLES.map((s) => fs.readFile(path.join(folder, `${s.name}.csv`), 'utf8')));
    await writeDemoExtract({ children: 50, seed: 3, out: path.join(tmp, 'demo-a') });
    await writeDemoExtract({ children: 50, seed: 3, out: path.join(tmp, 'demo-b') });
    await writeDemoExtract({ children: 50, seed: 4, out: path.join(tmp, 'demo-c') });
    const [a, b, c] = await Promise.all(['demo-a', 'demo-b', 'demo-c'].map((f) => read(path.join(tmp, f))));
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
  });

  it('loads without a rejected row: placement histories, several MRNs per child, restricted and adoption cases, duplicates waiting for approval', async () => {
    const folder = path.join(tmp, 'demo-400');
    const counts = await writeDemoExtract({ children: 400, seed: 1, out: folder });
    const report = await importExtract(server.db, folder, division);
    assert.equal(report.ok, true, report.error ?? '');
    assert.deepEqual(report.rejections, []);
    assert.deepEqual(Object.fromEntries(report.sources.map((s) => [s.source, s.loaded])), counts);
    const duplicates = counts.source_child - 400;
    assert.ok(duplicates > 0);
    assert.equal(report.matches!.fuzzy, duplicates);
    assert.ok(counts.placement > counts.source_child && counts.identity_source > counts.source_child);
    const flags = await sql<{ restricted: number; adoption: number; counties: number; current: number }>`
      select count(*) filter (where restricted_flag)::int as restricted, count(*) filter (where adoption_flag)::int as adoption,
             count(distinct county)::int as counties,
             (select count(*)::int from tbl_placement where division_uid = ${division} and end_date is null) as current
        from tbl_source_case where division_uid = ${division}`.execute(server.db);
    const f = flags.rows[0];
    assert.ok(f.restricted > 0 && f.adoption > 0 && f.counties > 20 && f.current > 0, JSON.stringify(f));
  });
});

describe('npm start on a fresh data directory', () => {
  let demo: TestServer;
  before(async () => {
    demo = await startTestServer({ DEMO_EXTRACT_CHILDREN: '200' });
  });
  after(async () => {
    await demo?.stop();
  });

  it('imports a small demo extract into the identity division beside the seeded demo data', async () => {
    const seeded = await demoFacts(demo.db);
    const status = await demo.db.selectFrom('tbl_identity_source_status').select(['division_uid', 'status']).execute();
    assert.equal(status.length, SOURCE_TABLES.length);
    assert.ok(status.every((s) => s.division_uid === seeded.divisionUids[0] && s.status === 'Complete'), JSON.stringify(status));
    const matched = await demo.db.selectFrom('tbl_match_results').select((eb) => eb.fn.countAll<number>().as('n')).where('source_name', '=', 'SACWIS').executeTakeFirstOrThrow();
    assert.ok(Number(matched.n) >= 200);
  });

  it('shows the demo identity user the restricted children whose worker they are, and no other restricted child', async () => {
    const restricted = await sql<{ patient_uid: string; mine: boolean }>`
      select distinct m.patient_uid, c.wkr_email = 'identity@careweave.test' as mine
        from tbl_source_case c
        join tbl_match_results m on m.sacwis_person_id = c.sacwis_person_id and m.source_name = 'SACWIS' and m.match_status_id = 1
       where c.restricted_flag and not c.adoption_flag`.execute(demo.db);
    const mine = restricted.rows.filter((r) => r.mine);
    const others = restricted.rows.filter((r) => !r.mine);
    assert.ok(mine.length > 0 && others.length > 0);
    const identity = await login(demo.url, 'identity');
    for (const r of mine) assert.equal((await call(demo.url, `/api/patients/${r.patient_uid}`, { token: identity.token })).status, 200);
    for (const r of others) assert.equal((await call(demo.url, `/api/patients/${r.patient_uid}`, { token: identity.token })).status, 404);
  });

  it('does not import again on the next start', async () => {
    assert.equal(await importDemoExtract(demo.db, 200), false);
  });
});
