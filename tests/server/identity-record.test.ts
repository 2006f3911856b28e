import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import { importExtract } from '../../server/identity/import';
import { identityViews } from '../../server/identity/identity.views';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, login, type LoggedIn } from './support/http';
import { writeExtractFolder, type ExtractRows } from './support/identity-extract';

/**
 * Issue 11 section 3: the identity record's calls (every panel's list view,
 * the identity face sheet, the alert badges) for each kind of identity user:
 * full view (the demo `identity`, worker on one restricted case), healthcare
 * (`identity-health`, adoption cases, no Case or Maltreatment), `admin`
 * (restricted and adoption view), and a navigator (none of it).
 */

let server: TestServer;
let tmp: string;
const users: Record<string, LoggedIn> = {};
const patients: Record<string, string> = {};

type Rows = ExtractRows[string];
const today = dayjs();
const day = (offset: number) => today.add(offset, 'day').format('YYYY-MM-DD');
const HOSPITAL = "Nationwide Children's Hospital";
const OTHER = 'Akron Children’s Hospital';

const child = (id: string, first: string, last: string, birth = '2014-05-06') => ({ sacwis_person_id: id, first_name: first, middle_name: null, last_name: last, preferred_name: null, birth_date: birth, gender: 'Female', county: 'Franklin' });
const caseRow = (caseId: string, person: string, extra: Record<string, string> = {}) => ({
  case_id: caseId, sacwis_person_id: person, county: 'Franklin', agency_name: 'Franklin County Children Services', case_category: 'Ongoing', legal_status: 'Temporary Custody',
  wkr_name: 'Pat Worker', wkr_email: 'pat.worker@franklin.jfs.example', sup_name: 'Sue Visor', sup_email: 'sue.visor@franklin.jfs.example', chf_email: null, restricted_flag: 'N', adoption_flag: 'N', ...extra,
});

const extract = (): Record<string, Rows> => ({
  source_child: [child('R-1', 'Ottoline', 'Recordsworth'), child('R-2', 'Rhiannon', 'Lockhartley'), child('R-3', 'Sequoia', 'Hiddenfield'), child('R-4', 'Adelaide', 'Adoptington'), child('R-5', 'Fenwick', 'Fuzzleton'), child('R-6', 'Fenwikc', 'Fuzzleton')],
  source_case: [
    caseRow('C-1', 'R-1'),
    caseRow('C-2', 'R-2', { restricted_flag: 'Y', wkr_email: 'identity@careweave.test' }),
    caseRow('C-3', 'R-3', { restricted_flag: 'Y' }),
    caseRow('C-4', 'R-4', { adoption_flag: 'Y' }),
    caseRow('C-5', 'R-5'),
    caseRow('C-5', 'R-6'),
  ],
  custody_episode: [
    { episode_id: 'E-1', sacwis_person_id: 'R-1', county: 'Franklin', legal_status: 'Ex Parte', start_date: '2022-01-01', end_date: '2022-06-01' },
    { episode_id: 'E-2', sacwis_person_id: 'R-1', county: 'Franklin', legal_status: 'Temporary Custody', start_date: '2023-01-01', end_date: null },
  ],
  placement: [
    { placement_id: 'P-1', sacwis_person_id: 'R-1', provider_id: '41', provider_name: 'Maple Foster Home', placement_type: 'Foster Care', start_date: '2023-01-01', end_date: '2023-05-01' },
    { placement_id: 'P-2', sacwis_person_id: 'R-1', provider_id: '42', provider_name: 'Oak Kinship', placement_type: 'Kinship Care', start_date: '2023-05-02', end_date: null },
    { placement_id: 'P-6', sacwis_person_id: 'R-6', provider_id: '43', provider_name: 'Fuzzy Home', placement_type: 'Foster Care', start_date: '2023-05-02', end_date: null },
  ],
  identity_source: [
    { sacwis_person_id: 'R-1', source_name: HOSPITAL, mrn: 'N-1' },
    { sacwis_person_id: 'R-1', source_name: OTHER, mrn: 'A-1' },
  ],
  intake_allegation: [
    { allegation_id: 'AL-1', intake_id: 'I-1', sacwis_person_id: 'R-1', case_id: 'C-1', intake_date: '2022-12-01', allegation_type: 'Neglect', finding: 'Substantiated', perpetrator_relationship: 'Parent' },
    { allegation_id: 'AL-2', intake_id: 'I-1', sacwis_person_id: 'R-1', case_id: 'C-1', intake_date: '2022-12-01', allegation_type: 'Physical Abuse', finding: 'Substantiated', perpetrator_relationship: 'Parent' },
  ],
  agency_contact: [
    { contact_id: 'K-1', sacwis_person_id: 'R-1', case_id: 'C-1', contact_role: 'Supervisor', contact_name: 'Sue Visor', phone: '614-555-0101', email: 'sue.visor@franklin.jfs.example' },
    { contact_id: 'K-2', sacwis_person_id: 'R-1', case_id: 'C-1', contact_role: 'Case Worker', contact_name: 'Pat Worker', phone: '614-555-0100', email: 'pat.worker@franklin.jfs.example' },
  ],
  leave: [
    { leave_id: 'L-1', sacwis_person_id: 'R-1', leave_type: 'AWOL - Runaway', leave_date: day(-3), return_date: null },
    { leave_id: 'L-2', sacwis_person_id: 'R-1', leave_type: 'Home Visit', leave_date: day(-60), return_date: day(-58) },
  ],
  mcp: [{ mcp_id: 'M-1', sacwis_person_id: 'R-1', mcp_name: 'Aetna Better Health of Ohio (OhioRISE)', medicaid_id: '123', mcp_enrollment_date: '2023-02-01', mcp_end_date: null }],
  hospitalization: [
    { encounter_id: 'H-1', sacwis_person_id: 'R-1', source_name: HOSPITAL, admit_time: `${day(-2)} 09:30`, discharge_date: null, chief_complaint: 'Asthma exacerbation', location: '4 East', dep_address: '700 Children’s Dr', dep_city: 'Columbus', dep_state: 'OH', dep_zip: '43205', phone: '614-555-0200', bed: '2', room: '412', resyn: '0' },
  ],
  allergy: [{ allergy_id: 'A-1', sacwis_person_id: 'R-1', source_name: OTHER, allergen: 'Peanuts', reaction: 'Hives', severity: 'Severe', noted_date: '2023-03-01' }],
  medication: [
    { medication_id: 'RX-1', sacwis_person_id: 'R-1', source_name: HOSPITAL, medication_name: 'Cetirizine 5 mg', dose: '1 tablet', frequency: 'Daily', prescriber: null, start_date: '2024-01-01', end_date: null, discontinue_date: null },
    { medication_id: 'RX-2', sacwis_person_id: 'R-1', source_name: HOSPITAL, medication_name: 'Amoxicillin', dose: '5 mL', frequency: 'Twice daily', prescriber: null, start_date: '2024-01-01', end_date: '2024-01-10', discontinue_date: null },
    { medication_id: 'RX-3', sacwis_person_id: 'R-1', source_name: OTHER, medication_name: 'Sertraline 25 mg', dose: '1 tablet', frequency: 'Daily', prescriber: null, start_date: '2024-01-01', end_date: null, discontinue_date: '2024-03-01' },
  ],
  visit: [
    { visit_id: 'V-1', sacwis_person_id: 'R-1', source_name: HOSPITAL, visit_kind: 'Emergency', visit_type: 'ED', visit_date: day(-10), provider_name: null, department: 'Emergency Department', reason: 'Wheezing', notes: null },
    { visit_id: 'V-2', sacwis_person_id: 'R-1', source_name: OTHER, visit_kind: 'Outpatient', visit_type: 'OP', visit_date: day(-100), provider_name: null, department: 'Pediatrics', reason: 'Follow-up', notes: null },
  ],
  appointment: [
    { appointment_id: 'AP-1', sacwis_person_id: 'R-1', source_name: HOSPITAL, appointment_time: `${day(5)} 10:00`, appointment_category: 'Scheduled', department: 'Pediatrics', provider_name: null, reason: 'Well child check' },
    { appointment_id: 'AP-2', sacwis_person_id: 'R-1', source_name: HOSPITAL, appointment_time: `${day(6)} 10:00`, appointment_category: 'Missed', department: 'Pediatrics', provider_name: null, reason: 'Follow-up' },
    { appointment_id: 'AP-3', sacwis_person_id: 'R-1', source_name: OTHER, appointment_time: `${day(-6)} 10:00`, appointment_category: 'Completed', department: 'Dental Clinic', provider_name: null, reason: 'Cleaning' },
  ],
  // Spec 001 section 5: the source systems send a negative hepatitis C result without a value.
  lab: [
    { lab_id: 'LB-1', sacwis_person_id: 'R-1', source_name: HOSPITAL, lab_category: 'Hcv', result_date: day(-20), result_value: null, units: null },
    { lab_id: 'LB-2', sacwis_person_id: 'R-1', source_name: HOSPITAL, lab_category: 'Hcv', result_date: day(-30), result_value: 'Reactive', units: null },
    { lab_id: 'LB-3', sacwis_person_id: 'R-1', source_name: OTHER, lab_category: 'Lead', result_date: day(-40), result_value: '2.1', units: 'µg/dL' },
  ],
  primary_provider: [
    { pcp_id: 'PC-1', sacwis_person_id: 'R-1', source_name: HOSPITAL, provider_name: 'Old Doctor, MD', practice_name: null, phone: null, address: null, start_date: '2018-01-01', end_date: '2022-01-01' },
    { pcp_id: 'PC-2', sacwis_person_id: 'R-1', source_name: HOSPITAL, provider_name: 'Priya Shah, MD', practice_name: 'Pediatric Associates', phone: '614-555-0300', address: null, start_date: '2022-01-02', end_date: null },
  ],
});

const get = (user: string, url: string) => call(server.url, url, { token: users[user].token });
const panel = (user: string, view: string, patient: string, query = '') => get(user, `/api/data/public/list-view-cs-tbl-${view}?patient_uid=${patient}${query}`);
/** Query parameters as the API client sends them (the filter suffixes encoded). */
const q = (params: Record<string, string>) => '&' + new URLSearchParams(params).toString();
const ids = (answer: { body: { data: { id: string }[] } }) => answer.body.data.map((r) => r.id);

before(async () => {
  server = await startTestServer();
  const facts = await demoFacts(server.db);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-record-'));
  const report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'record'), extract()), facts.divisionUids[0]!);
  assert.ok(report.ok, report.error ?? 'the import failed');
  const matches = await server.db.selectFrom('tbl_match_results').select(['sacwis_person_id', 'patient_uid']).where('source_name', '=', 'SACWIS').execute();
  for (const m of matches) patients[m.sacwis_person_id] = m.patient_uid;
  for (const name of ['identity', 'identity-health', 'admin', 'navigator']) users[name] = await login(server.url, name);
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('identity panels: who sees which child', () => {
  it('every panel view answers an identity user for an open child; Case and Maltreatment only with full view', async () => {
    for (const view of identityViews) {
      const name = view.name.replace('list-view-cs-tbl-', '');
      const full = name === 'source-case' || name === 'intake-allegation';
      assert.equal((await panel('identity', name, patients['R-1'])).status, 200, view.name);
      assert.equal((await panel('identity-health', name, patients['R-1'])).status, full ? 403 : 200, view.name);
      assert.equal((await panel('navigator', name, patients['R-1'])).status, 403, view.name);
    }
  });

  it('a restricted child: its case worker and restricted view see it; another identity user gets 404 on every call', async () => {
    for (const call of [(u: string) => panel(u, 'custody-history', patients['R-2']), (u: string) => get(u, `/api/patients/${patients['R-2']}/identity-summary`)]) {
      assert.equal((await call('identity')).status, 200);
      assert.equal((await call('admin')).status, 200);
      assert.equal((await call('identity-health')).status, 404);
    }
    // Not the identity user's case: refused to them as to the healthcare user.
    assert.equal((await panel('identity', 'placement-history', patients['R-3'])).status, 404);
    assert.equal((await get('identity', `/api/patients/${patients['R-3']}/identity-alerts`)).status, 404);
    assert.equal((await panel('admin', 'placement-history', patients['R-3'])).status, 200);
  });

  it('an adoption child, on every panel and summary: the healthcare user and adoption view see it, the full-view caseworker gets 404', async () => {
    for (const view of identityViews) {
      const name = view.name.replace('list-view-cs-tbl-', '');
      const full = name === 'source-case' || name === 'intake-allegation';
      assert.equal((await panel('identity-health', name, patients['R-4'])).status, full ? 403 : 200, `${view.name}: healthcare user`);
      assert.equal((await panel('admin', name, patients['R-4'])).status, 200, `${view.name}: adoption view`);
      assert.equal((await panel('identity', name, patients['R-4'])).status, 404, `${view.name}: full-view caseworker`);
    }
    for (const path of ['identity-summary', 'identity-alerts']) {
      assert.equal((await get('identity-health', `/api/patients/${patients['R-4']}/${path}`)).status, 200, path);
      assert.equal((await get('identity', `/api/patients/${patients['R-4']}/${path}`)).status, 404, path);
    }
  });

  it('a panel names its patient (400 without or malformed), and an unknown one is 404', async () => {
    assert.equal((await get('identity', '/api/data/public/list-view-cs-tbl-visit')).status, 400);
    assert.equal((await panel('identity', 'visit', 'nope')).status, 400);
    assert.equal((await panel('identity', 'visit', '00000000-0000-0000-0000-000000000000')).status, 404);
  });
});

describe('identity panels: rows', () => {
  it('lists the approved child’s rows; a fuzzy match waiting for approval shows nothing on its patient', async () => {
    assert.deepEqual(ids(await panel('identity', 'placement-history', patients['R-1'])), ['P-2', 'P-1']);
    // R-6 waits as NeedToBeApproved on R-5's patient: its placement is not R-5's.
    assert.equal(patients['R-6'], patients['R-5']);
    assert.deepEqual(ids(await panel('identity', 'placement-history', patients['R-5'])), []);
  });

  it('date filters with the >> and << suffixes', async () => {
    const recent = await panel('identity', 'visit', patients['R-1'], q({ 'visit_date__>>=': day(-30), 'visit_date__<<': day(1) }));
    assert.deepEqual(ids(recent), ['V-1']);
    assert.deepEqual(ids(await panel('identity', 'visit', patients['R-1'])), ['V-1', 'V-2']);
    assert.equal((await panel('identity', 'visit', patients['R-1'], q({ 'visit_date__>>=': 'yesterday' }))).status, 400);
  });

  it("the hepatitis C filter: 'null' finds the negative Hcv results (stored without a value), a typed value the Hcv rows with it in any case", async () => {
    assert.deepEqual(ids(await panel('identity', 'lab', patients['R-1'])), ['LB-1', 'LB-2', 'LB-3']);
    const negative = await panel('identity', 'lab', patients['R-1'], q({ lab_category: 'Hcv', result_value__ieq: 'null' }));
    assert.equal(negative.status, 200);
    assert.deepEqual(ids(negative), ['LB-1']);
    assert.equal(negative.body.data[0].attributes.result_value, null);
    assert.deepEqual(ids(await panel('identity', 'lab', patients['R-1'], q({ lab_category: 'Hcv', result_value__ieq: 'reactive' }))), ['LB-2']);
    assert.deepEqual(ids(await panel('identity', 'lab', patients['R-1'], q({ lab_category: 'Hcv', result_value__ieq: '2.1' }))), []);
    // The same grammar for eq; an unknown column is still a 400 naming it.
    assert.deepEqual(ids(await panel('identity', 'lab', patients['R-1'], q({ lab_category: 'Hcv', result_value: 'null' }))), ['LB-1']);
    assert.equal((await panel('identity', 'lab', patients['R-1'], q({ hcv_result: 'null' }))).status, 400);
  });

  it('upcoming appointments leave out Missed; missed ones are their own list', async () => {
    assert.deepEqual(ids(await panel('identity', 'appointment', patients['R-1'], q({ is_missed: 'false', 'appointment_time__>>=': day(0) }))), ['AP-1']);
    assert.deepEqual(ids(await panel('identity', 'appointment', patients['R-1'], '&is_missed=true')), ['AP-2']);
  });

  it('a disputed or rejected source’s health rows are hidden; the child-welfare rows stay', async () => {
    const mrn = () => server.db.updateTable('tbl_match_results').where('sacwis_person_id', '=', 'R-1').where('source_name', '=', OTHER);
    await mrn().set({ match_status_id: 4 }).execute();
    try {
      assert.deepEqual(ids(await panel('identity', 'visit', patients['R-1'])), ['V-1']);
      assert.deepEqual(ids(await panel('identity', 'allergy', patients['R-1'])), []);
      assert.deepEqual(ids(await panel('identity', 'healthcare-contact', patients['R-1'])), ['N-1']);
      assert.equal(ids(await panel('identity', 'placement-history', patients['R-1'])).length, 2);
    } finally {
      await mrn().set({ match_status_id: 1 }).execute();
    }
  });
});

describe('identity face sheet and alert badges', () => {
  it('counts approved placements, upcoming appointments not missed, current medications; the current PCP; the case worker', async () => {
    const answer = await get('identity', `/api/patients/${patients['R-1']}/identity-summary`);
    assert.equal(answer.status, 200);
    const s = answer.body.data.attributes;
    assert.deepEqual([s.approved_placements, s.upcoming_appointments, s.current_medications], [2, 1, 1]);
    assert.equal(s.pcp.provider_name, 'Priya Shah, MD');
    assert.deepEqual([s.contact.contact_role, s.contact.contact_name, s.contact.agency_name], ['Case Worker', 'Pat Worker', 'Franklin County Children Services']);
    const empty = (await get('identity', `/api/patients/${patients['R-5']}/identity-summary`)).body.data.attributes;
    assert.deepEqual([empty.approved_placements, empty.upcoming_appointments, empty.current_medications, empty.pcp], [0, 0, 0, null]);
    assert.equal((await get('navigator', `/api/patients/${patients['R-1']}/identity-summary`)).status, 403);
  });

  it('alerts in the spec’s order, each with its details', async () => {
    const alerts = (await get('identity', `/api/patients/${patients['R-1']}/identity-alerts`)).body.data.map((a: { attributes: { kind: string; details: Record<string, unknown>[] } }) => a.attributes);
    assert.deepEqual(alerts.map((a: { kind: string }) => a.kind), ['allergies', 'hospitalized', 'awol', 'ohiorise']);
    assert.equal(alerts[0].details[0].allergen, 'Peanuts');
    assert.equal(alerts[1].details[0].room, '412');
    assert.equal(alerts[2].details[0].leave_type, 'AWOL - Runaway');
    const restricted = (await get('identity', `/api/patients/${patients['R-2']}/identity-alerts`)).body.data.map((a: { id: string }) => a.id);
    assert.deepEqual(restricted, ['restricted']);
  });
});

describe('matches: approving or rejecting a waiting fuzzy match, disputing a source', () => {
  const post = (user: string, url: string, body?: unknown) => call(server.url, url, { token: users[user].token, method: 'POST', body: body ?? {} });
  const statusOf = async (person: string, source = 'SACWIS') =>
    (await server.db.selectFrom('tbl_match_results').select('match_status_id').where('sacwis_person_id', '=', person).where('source_name', '=', source).executeTakeFirstOrThrow()).match_status_id;

  it('lists the patient’s matches with the sources that may be disputed', async () => {
    const answer = await get('identity', `/api/patients/${patients['R-5']}/identity-matches`);
    assert.equal(answer.status, 200);
    const rows = answer.body.data.map((r: { attributes: { sacwis_person_id: string; match_status_id: number; first_name: string } }) => r.attributes);
    assert.deepEqual(rows.map((r: { sacwis_person_id: string; match_status_id: number }) => [r.sacwis_person_id, r.match_status_id]), [['R-5', 1], ['R-6', 2]]);
    assert.equal(rows[1].first_name, 'Fenwikc');
    assert.deepEqual((await get('identity', `/api/patients/${patients['R-1']}/identity-matches`)).body.meta.disputable_sources, [OTHER, HOSPITAL].sort());
    assert.equal((await get('navigator', `/api/patients/${patients['R-1']}/identity-matches`)).status, 403);
  });

  it('reject keeps the child’s rows off the patient; approve feeds them; a decided match is not decided again', async () => {
    const url = (d: string) => `/api/patients/${patients['R-5']}/identity-matches/R-6/${d}`;
    assert.equal((await post('navigator', url('reject'))).status, 403);
    assert.equal((await post('identity', `/api/patients/${patients['R-1']}/identity-matches/R-6/reject`)).status, 404);
    assert.equal((await post('identity', url('reject'))).status, 204);
    assert.equal(await statusOf('R-6'), 3);
    assert.equal((await post('identity', url('approve'))).status, 409);
    assert.deepEqual(ids(await panel('identity', 'placement-history', patients['R-5'])), []);

    await server.db.updateTable('tbl_match_results').set({ match_status_id: 2 }).where('sacwis_person_id', '=', 'R-6').execute();
    assert.equal((await post('identity', url('approve'))).status, 204);
    assert.equal(await statusOf('R-6'), 1);
    assert.deepEqual(ids(await panel('identity', 'placement-history', patients['R-5'])), ['P-6']);
    const cases = await server.db.selectFrom('patient_case').select('case_id').where('patient_uid', '=', patients['R-5']).execute();
    assert.ok(cases.some((c) => c.case_id === 'C-5'));
    const audit = await server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patients['R-5']).execute();
    assert.deepEqual(audit.map((a) => a.action).sort(), ['ApprovedMatch', 'RejectedMatch']);
    // The identity search finds the patient by the approved child's SACWIS id at once, not after the next import.
    const found = await get('identity', '/api/data/public/identity_search?sacwis_person_id=R-6');
    assert.deepEqual(found.body.data.map((r: { id: string }) => r.id), [patients['R-5']]);
  });

  it('a dispute needs a comment and at least one of the patient’s sources; it hides that source’s health data, is not offered again and survives the next import', async () => {
    const url = `/api/data/public/identity/patient/${patients['R-1']}/dispute`;
    const missing = await post('identity', url, { dispute_comment: '  ', sitenames: [] });
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]).sort(), [['dispute_comment', 'Required'], ['sitenames', 'Select at least one source']]);
    assert.equal((await post('identity', url, { dispute_comment: 'Not this child', sitenames: ['Elsewhere General'] })).status, 422);
    assert.equal((await post('navigator', url, { dispute_comment: 'x', sitenames: [OTHER] })).status, 403);

    const done = await post('identity', url, { 'dispute-comment': 'The allergy record is another child’s', sitenames: [OTHER] });
    assert.equal(done.status, 201, done.text);
    assert.equal(await statusOf('R-1', OTHER), 4);
    // The search's result card says so at once: the dispute rebuilds the child's search row and its card.
    const [card] = (await get('identity', '/api/data/public/identity_search?sacwis_person_id=R-1')).body.data;
    assert.equal(card.attributes.match_results.has_any_disputes, true);
    assert.deepEqual(ids(await panel('identity', 'allergy', patients['R-1'])), []);
    assert.deepEqual((await get('identity', `/api/patients/${patients['R-1']}/identity-matches`)).body.meta.disputable_sources, [HOSPITAL]);
    assert.equal((await post('identity', url, { dispute_comment: 'again', sitenames: [OTHER] })).status, 422);

    const report = await importExtract(server.db, path.join(tmp, 'record'), (await demoFacts(server.db)).divisionUids[0]!);
    assert.ok(report.ok, report.error ?? 'the import failed');
    assert.equal(await statusOf('R-1', OTHER), 4);
    assert.equal(await statusOf('R-1', HOSPITAL), 1);
    assert.deepEqual(ids(await panel('identity', 'allergy', patients['R-1'])), []);
  });
});
