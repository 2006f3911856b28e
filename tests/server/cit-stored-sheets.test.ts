import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { citSummary } from '../../server/face-sheet/face-sheet.repository';
import { MALFORMED_SHEET, storedSheetProblem, type SheetLog } from '../../server/cit/stored-sheet';
import { CIT_TEXT } from '../../shared/cit-options';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type DemoFacts, type LoggedIn } from './support/http';

/**
 * Issue 33, stored CIT sheets as staff read them (spec 002 section 3): "A
 * malformed previous submission is logged and skipped" (the patient's CIT
 * summary reads every previous approved sheet), and a sheet naming a facility
 * that is not there says 'Uknown Facility' (spec 001 section 8), not its id.
 */

let server: TestServer;
let facts: DemoFacts;
let cit: LoggedIn;
let patient: string;
let agencyUid: string;
// The CIT tables are read with SQL by the server and have no Kysely types.
const raw = () => server.db as unknown as Kysely<any>;

/** Stores a sheet as the submit route would, with any JSON at all as its body. */
async function storeSheet(json: unknown, approval: 'approved' | 'pending', patientUid: string | null = patient): Promise<string> {
  const row = await raw()
    .insertInto('cit_submission')
    .values({ agency_uid: agencyUid, division_uid: facts.divisionUids[0], officer_name: 'Officer Riley', approval_status: approval, patient_uid: patientUid, submission_json: sql`${JSON.stringify(json)}::jsonb` })
    .returning('submission_uid')
    .executeTakeFirstOrThrow();
  return row.submission_uid as string;
}

/** A logger that keeps what it was told. */
function keptLog() {
  const told: { details: Record<string, unknown>; message: string }[] = [];
  const log: SheetLog = { error: (details, message) => void told.push({ details, message }) };
  return { told, log };
}

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  cit = await login(server.url, 'cit');
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('last_name').executeTakeFirstOrThrow()).patient_uid;
  agencyUid = (await raw().selectFrom('cit_agency').select('agency_uid').where('division_uid', '=', facts.divisionUids[0]).executeTakeFirstOrThrow()).agency_uid;
});
after(async () => {
  await server?.stop();
});

describe('a malformed previous CIT submission is logged and skipped', () => {
  it('tells a sheet it cannot read from one it can, and says why', () => {
    const good = { firstName: 'Dale', lastName: 'Harmon', birthDate: '1984-03-12', dateTime: '2026-01-10T21:30', crisis: ['Depression'], weaponInvolved: [], subjectTakenIntoCustodyForEvaluation: 'no' };
    assert.equal(storedSheetProblem(good), null);
    assert.equal(storedSheetProblem({ ...good, birthDate: '', weaponInvolved: null, crisis: null }), null, 'empty answers are answers');
    assert.equal(storedSheetProblem('a sheet'), 'the sheet is not an object');
    assert.equal(storedSheetProblem([good]), 'the sheet is not an object');
    assert.equal(storedSheetProblem({ ...good, birthDate: '03/12/1984' }), 'birthDate is not a date');
    assert.equal(storedSheetProblem({ ...good, birthDate: '1984-02-30' }), 'birthDate is not a date');
    assert.equal(storedSheetProblem({ ...good, dateTime: 'last night' }), 'dateTime is not a date and time');
    assert.equal(storedSheetProblem({ ...good, dateTime: '2026-13-10T21:30' }), 'dateTime is not a date and time');
    assert.equal(storedSheetProblem({ ...good, crisis: 'Depression' }), 'crisis is not a list of values');
    assert.equal(storedSheetProblem({ ...good, weaponInvolved: [1] }), 'weaponInvolved is not a list of values');
    assert.equal(storedSheetProblem({ ...good, subjectTakenIntoCustodyForEvaluation: true }), 'subjectTakenIntoCustodyForEvaluation is not text');
  });

  it('the patient’s CIT summary counts the sheets it can read; each malformed one is logged with its id and skipped', async () => {
    await raw().deleteFrom('cit_submission').where('patient_uid', '=', patient).execute();
    await storeSheet({ crisis: ['Depression', 'Homeless'], weaponInvolved: ['Firearm'], subjectTakenIntoCustodyForEvaluation: 'yes', dateTime: '2026-01-10T21:30', birthDate: '1984-03-12' }, 'approved');
    await storeSheet({ crisis: ['Depression'], weaponInvolved: null, subjectTakenIntoCustodyForEvaluation: 'no', dateTime: '2026-02-10T21:30', birthDate: '' }, 'approved');
    // Each of these alone made the summary's SQL fail (a list read from a text, a scalar sheet), or has a date no one can read.
    const scalarCrisis = await storeSheet({ crisis: 'Suicide Threat', weaponInvolved: ['Makeshift'], subjectTakenIntoCustodyForEvaluation: 'yes' }, 'approved');
    const textSheet = await storeSheet('not a sheet', 'approved');
    const badDate = await storeSheet({ crisis: ['Trauma Related'], weaponInvolved: [], dateTime: '2026-02-30T25:00' }, 'approved');
    // A pending sheet is not counted whatever it holds.
    await storeSheet({ crisis: 'Anything' }, 'pending');

    const answer = await call(server.url, `/api/patients/${patient}/cit-summary`, { token: cit.token });
    assert.equal(answer.status, 200, answer.text);
    const summary = answer.body.data.attributes;
    assert.deepEqual(
      { cit_events: summary.cit_events, with_weapons: summary.with_weapons, emergency_hospitalizations: summary.emergency_hospitalizations, top_reasons: summary.top_reasons },
      { cit_events: 2, with_weapons: 1, emergency_hospitalizations: 1, top_reasons: [{ reason: 'Depression', count: 2 }, { reason: 'Homeless', count: 1 }] },
    );

    // What was logged: one line per malformed sheet, naming it and why (read with the same call the route makes).
    const { told, log } = keptLog();
    const again = await citSummary(server.db, patient, log);
    assert.equal(again.cit_events, 2);
    assert.deepEqual(
      told.map((t) => [t.message, t.details.submissionUid, t.details.problem]).sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      [
        [MALFORMED_SHEET, scalarCrisis, 'crisis is not a list of values'],
        [MALFORMED_SHEET, textSheet, 'the sheet is not an object'],
        [MALFORMED_SHEET, badDate, 'dateTime is not a date and time'],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
  });
});

describe('a sheet naming a facility that is not there', () => {
  it('reads "Uknown Facility" (as the spec spells it), not the facility’s id; a known facility by its name; none, none', async () => {
    const facility = await server.db.selectFrom('facility').select(['facility_uid', 'facility_name']).orderBy('facility_name').executeTakeFirstOrThrow();
    const gone = '6f1c8a52-0000-4000-8000-00000000dead';
    const sheet = (facilityUid: string) => ({ firstName: 'Dale', lastName: 'Harmon', dateTime: '2026-01-10T21:30', mhFollowUpRequested: 'yes', facilityUid });
    const read = async (id: string) => {
      const answer = await call(server.url, `/api/data/public/cit-submission/${id}`, { token: cit.token });
      assert.equal(answer.status, 200, answer.text);
      return answer.body.data.attributes;
    };
    const unknown = await read(await storeSheet(sheet(gone), 'pending', null));
    assert.equal(unknown.facility_name, 'Uknown Facility');
    assert.equal(unknown.facility_name, CIT_TEXT.unknownFacility);
    assert.equal(unknown.submission_json.facility_uid, gone, 'the sheet itself is as stored');
    assert.equal((await read(await storeSheet(sheet(facility.facility_uid), 'pending', null))).facility_name, facility.facility_name);
    assert.equal((await read(await storeSheet(sheet(''), 'pending', null))).facility_name, null);
  });
});
