import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { csvLine } from '../../server/identity/csv';
import { importExtract } from '../../server/identity/import';
import { columnsOf, SOURCE_TABLES } from '../../server/identity/source-tables';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call, demoFacts, errorsOf, login, type LoggedIn } from './support/http';
import { pdfText, pdfTextRuns, runsOutsideMargins } from './support/pdf-text';

/**
 * Issue 11 section 4 (spec 001 sections 4, 6 and 7): the patient page print,
 * the Child's Health Information Form and the Hospital Registration Sheet, each
 * a short-lived signed link to a PDF with the child's data, for the users the
 * spec names, and only with an agency legal status (the form also for a
 * restricted case its user may see).
 */

let server: TestServer;
let tmp: string;
const users: Record<string, LoggedIn> = {};
const patients: Record<string, string> = {};
type Rows = Record<string, string | null>[];

const child = (id: string, first: string, last: string) => ({ sacwis_person_id: id, first_name: first, middle_name: null, last_name: last, preferred_name: null, birth_date: '2014-05-06', gender: 'Female', county: 'Franklin' });
const caseRow = (caseId: string, person: string, wkr: string, restricted = 'N') => ({
  case_id: caseId, sacwis_person_id: person, county: 'Franklin', agency_name: 'Franklin County Children Services', case_category: 'Ongoing', legal_status: null,
  wkr_name: 'Pat Worker', wkr_email: wkr, sup_name: 'Sue Visor', sup_email: 'sue.visor@franklin.jfs.example', chf_email: null, restricted_flag: restricted, adoption_flag: 'N',
});

/** P-4: a child with many rows and long values, to stress the layout. */
const LONG_EMAIL = 'bartholomew.jeanbaptiste.orsted@franklincountychildrenservices.jfs.ohio.example';
const many = (n: number, row: (i: number) => Record<string, string | null>) => Array.from({ length: n }, (_, i) => row(i));
const extract: Record<string, Rows> = {
  source_child: [child('P-1', 'Zoë', 'Peña-Müller'), child('P-2', 'Noah', 'Nostatus'), child('P-3', 'Rita', 'Restricted'), child('P-4', 'Élodie', 'Østergaard-Peña')],
  source_case: [caseRow('C-1', 'P-1', 'pat.worker@franklin.jfs.example'), caseRow('C-2', 'P-2', 'pat.worker@franklin.jfs.example'), caseRow('C-3', 'P-3', 'identity@careweave.test', 'Y'), caseRow('C-4', 'P-4', LONG_EMAIL)],
  custody_episode: [
    { episode_id: 'CE-1', sacwis_person_id: 'P-1', county: 'Franklin', legal_status: 'Temporary Custody', start_date: '2023-01-01', end_date: null },
    { episode_id: 'CE-4', sacwis_person_id: 'P-4', county: 'Franklin', legal_status: 'Temporary Custody Second Extension', start_date: '2020-01-01', end_date: null },
  ],
  placement: [
    { placement_id: 'PL-1', sacwis_person_id: 'P-1', provider_id: '42', provider_name: 'Oak Kinship Home', placement_type: 'Kinship Care', start_date: '2023-05-02', end_date: null },
    ...many(60, (i) => ({ placement_id: `PL-4-${i}`, sacwis_person_id: 'P-4', provider_id: `${9000 + i}`, provider_name: `Ohio Mid-Western Therapeutic Foster Care & Residential Treatment Center ${i}`, placement_type: 'Therapeutic Foster Care', start_date: '2021-01-01', end_date: '2021-02-01' })),
  ],
  agency_contact: [
    { contact_id: 'AC-4-1', sacwis_person_id: 'P-4', case_id: 'C-4', contact_role: 'Case Worker', contact_name: 'Bartholomew Jean-Baptiste Ørsted', phone: '6145550199', email: LONG_EMAIL },
    { contact_id: 'AC-4-2', sacwis_person_id: 'P-4', case_id: 'C-4', contact_role: 'Supervisor', contact_name: 'Jamie Anderson', phone: '6145550720', email: 'jamie.anderson@mahoning.jfs.example' },
  ],
  allergy: many(30, (i) => ({ allergy_id: `AL-4-${i}`, sacwis_person_id: 'P-4', source_name: 'Akron Children’s Hospital', allergen: `Amoxicillin-clavulanate ${i}`, reaction: 'Anaphylaxis with urticaria, angioedema and wheezing; required epinephrine and an overnight stay in hospital', severity: 'Severe', noted_date: '2019-03-04' })),
};

async function writeExtract(sources: Record<string, Rows>): Promise<string> {
  const folder = path.join(tmp, 'extract');
  await fs.mkdir(folder, { recursive: true });
  for (const source of SOURCE_TABLES) {
    const rows = sources[source.name];
    if (!rows) continue;
    const columns = columnsOf(source);
    await fs.writeFile(path.join(folder, `${source.name}.csv`), csvLine(columns) + rows.map((r) => csvLine(columns.map((c) => r[c] ?? null))).join(''));
  }
  return folder;
}

const ROUTE = { patient: ['POST', 'pdf'], 'child-health-form': ['GET', 'child-health-form'], 'hospital-registration-sheet': ['GET', 'hospital-registration-sheet'] } as const;
const ask = (user: string, kind: keyof typeof ROUTE, patient: string) =>
  call(server.url, `/api/data/public/identity/patient/${patient}/${ROUTE[kind][1]}`, { token: users[user].token, method: ROUTE[kind][0], ...(ROUTE[kind][0] === 'POST' ? { body: {} } : {}) });

async function download(user: string, kind: keyof typeof ROUTE, patient: string): Promise<{ bytes: Buffer; text: string; disposition: string }> {
  const answer = await ask(user, kind, patient);
  assert.equal(answer.status, 200, answer.text);
  const link = answer.body.data.link as string;
  assert.ok(link.startsWith(`http://localhost:${new URL(server.url).port}/api/identity-pdf?token=`), link);
  const pdf = await fetch(link);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  const bytes = Buffer.from(await pdf.arrayBuffer());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  return { bytes, text: await pdfText(bytes), disposition: pdf.headers.get('content-disposition') ?? '' };
}

before(async () => {
  server = await startTestServer();
  const facts = await demoFacts(server.db);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-identity-pdf-'));
  const report = await importExtract(server.db, await writeExtract(extract), facts.divisionUids[0]!);
  assert.ok(report.ok, report.error ?? 'the import failed');
  const matches = await server.db.selectFrom('tbl_match_results').select(['sacwis_person_id', 'patient_uid']).where('source_name', '=', 'SACWIS').execute();
  for (const m of matches) patients[m.sacwis_person_id] = m.patient_uid;
  for (const name of ['identity', 'identity-health', 'navigator']) users[name] = await login(server.url, name);
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('identity printables', () => {
  it('prints the patient page for an identity user, with the accented name as written, and audits the download', async () => {
    const { text, disposition } = await download('identity', 'patient', patients['P-1']);
    for (const expected of ['Identity Record', 'Zoë Peña-Müller', 'Temporary Custody', 'Oak Kinship Home (42)', 'Kinship Care', 'Current', 'SACWIS Person ID', 'P-1', 'Franklin County Children Services']) {
      assert.ok(text.includes(expected), `"${expected}" in the PDF:\n${text}`);
    }
    assert.ok(!text.includes('Pe?a'), 'no accent replaced');
    assert.equal(disposition, 'inline; filename="patient-Pena-Muller-Zoe.pdf"');
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'target_type']).where('patient_uid', '=', patients['P-1']).where('action', '=', 'DownloadedIdentityPdf').execute();
    assert.deepEqual(audit, [{ action: 'DownloadedIdentityPdf', target_type: 'patient' }]);
  });

  it("gives full-view users the Child's Health Information Form and healthcare users the Hospital Registration Sheet", async () => {
    const form = await download('identity', 'child-health-form', patients['P-1']);
    for (const expected of ["Child's Health Information Form", 'Zoë Peña-Müller', 'Current Placement', 'Oak Kinship Home (provider 42)', 'Allergies', 'No known allergies on record', 'Pat Worker']) {
      assert.ok(form.text.includes(expected), `"${expected}" in the form:\n${form.text}`);
    }
    const sheet = await download('identity-health', 'hospital-registration-sheet', patients['P-1']);
    for (const expected of ['Hospital Registration Sheet', 'Zoë Peña-Müller', 'Medical Record Numbers', 'Insurance', 'Temporary Custody']) {
      assert.ok(sheet.text.includes(expected), `"${expected}" in the sheet:\n${sheet.text}`);
    }
  });

  it('flows a child with many rows onto more pages, with the name atop each, never outside the margins', async () => {
    const few = await download('identity', 'patient', patients['P-1']);
    const long = await download('identity', 'patient', patients['P-4']);
    const pages = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();
    assert.ok((await pages(long.bytes)) >= (await pages(few.bytes)) + 2, `${await pages(few.bytes)} and ${await pages(long.bytes)} pages`);
    for (const printable of [few, long, await download('identity', 'child-health-form', patients['P-4']), await download('identity-health', 'hospital-registration-sheet', patients['P-4'])]) {
      assert.deepEqual(await runsOutsideMargins(printable.bytes), []);
    }
    const runs = await pdfTextRuns(long.bytes);
    for (let i = 0; i < 60; i++) assert.ok(long.text.includes(`Center ${i} (${9000 + i})`), `placement ${i}`);
    for (let page = 1; page < (await pages(long.bytes)); page++) {
      const top = runs.filter((r) => r.page === page).sort((a, b) => b.y - a.y)[0];
      assert.equal(top.text, 'Élodie Østergaard-Peña', `the name atop page ${page + 1}`);
    }
    assert.ok(runs.some((r) => r.page > 0 && /^Birth Date 05\/06\/2014 - Printed \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/.test(r.text)), 'birth date and print date beside the name');
    assert.ok(long.text.includes('Placement History (continued)'));
    // An e-mail that fits its column prints whole; a longer one breaks only after a dot or '@'.
    assert.ok(runs.some((r) => r.text === 'jamie.anderson@mahoning.jfs.example'), 'the e-mail is not cut');
    const pieces = runs.filter((r) => LONG_EMAIL.includes(r.text) && r.text.length > 4 && r.x > 300).map((r) => r.text);
    assert.equal(pieces.join(''), LONG_EMAIL);
    for (const piece of pieces.slice(0, -1)) assert.match(piece, /[.@]$/);
  });

  it('refuses users without the printable’s permission (403) and children they may not see (404)', async () => {
    assert.equal((await ask('identity', 'hospital-registration-sheet', patients['P-1'])).status, 403);
    assert.equal((await ask('identity-health', 'child-health-form', patients['P-1'])).status, 403);
    for (const kind of Object.keys(ROUTE) as (keyof typeof ROUTE)[]) assert.equal((await ask('navigator', kind, patients['P-1'])).status, 403, kind);
    // The restricted child is linked to the identity user's e-mail only.
    assert.equal((await ask('identity-health', 'hospital-registration-sheet', patients['P-3'])).status, 404);
    assert.equal((await ask('identity-health', 'patient', patients['P-3'])).status, 404);
    assert.equal((await ask('identity', 'patient', '00000000-0000-4000-8000-000000000000')).status, 404);
  });

  it('prints only with an agency legal status, except the form for a restricted case its user may see', async () => {
    const message = [{ message: 'Printing is available only when the agency has a legal status for this child.' }];
    assert.deepEqual(errorsOf(await ask('identity', 'patient', patients['P-2']), 403), message);
    assert.deepEqual(errorsOf(await ask('identity', 'child-health-form', patients['P-2']), 403), message);
    assert.deepEqual(errorsOf(await ask('identity-health', 'hospital-registration-sheet', patients['P-2']), 403), message);
    assert.deepEqual(errorsOf(await ask('identity', 'patient', patients['P-3']), 403), message);
    const form = await download('identity', 'child-health-form', patients['P-3']);
    assert.ok(form.text.includes('Rita Restricted'), form.text);
  });

  it('refuses a tampered, foreign or garbage link', async () => {
    const good = (await ask('identity', 'patient', patients['P-1'])).body.data.link as string;
    const token = good.split('/api/identity-pdf?token=')[1];
    const [payload, signature] = token.split('.');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const message = [{ message: 'This PDF link has expired or is not valid. Ask for a new one.' }];
    assert.deepEqual(errorsOf(await call(server.url, `/api/identity-pdf?token=${payload}.${flipped}`), 403), message);
    assert.deepEqual(errorsOf(await call(server.url, '/api/identity-pdf?token=garbage'), 403), message);
    const { signIdentityPdfToken } = await import('../../server/identity/identity-pdf.routes');
    const secret = Buffer.from((await fs.readFile(`${server.dataDir}/pdf-link.key`, 'utf8')).trim(), 'base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const expired = signIdentityPdfToken(secret, { ...claims, x: Math.floor(Date.now() / 1000) - 1 });
    assert.deepEqual(errorsOf(await call(server.url, `/api/identity-pdf?token=${expired}`), 403), message);
    // The identity user does not hold the healthcare permission the sheet's link needs.
    const sheet = signIdentityPdfToken(secret, { ...claims, k: 'hospital-registration-sheet', x: Math.floor(Date.now() / 1000) + 60 });
    assert.deepEqual(errorsOf(await call(server.url, `/api/identity-pdf?token=${sheet}`), 403), message);
  });
});
