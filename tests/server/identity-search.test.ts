import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { importExtract } from '../../server/identity/import';
import { refreshIdentitySearch } from '../../server/identity-search/search-index';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { nowMs } from '../../shared/clock';
import { withClock } from './support/clock';
import { call, demoFacts, errorsOf, login } from './support/http';
import { writeExtractFolder } from './support/identity-extract';

let server: TestServer;
let tmp: string;
const tokens: Record<string, string> = {};
const NCH = "Nationwide Children's Hospital";
const AKRON = "Akron Children's Hospital";
const DAYTON = "Dayton Children's Hospital";

const child = (id: string, first: string, last: string, birth: string, county: string, middle: string | null = null) => ({
  sacwis_person_id: id, first_name: first, middle_name: middle, last_name: last, preferred_name: null, birth_date: birth, gender: 'Female', county,
});
const caseOf = (caseId: string, person: string, county: string, extra: Record<string, string> = {}) => ({
  case_id: caseId, sacwis_person_id: person, county, agency_name: `${county} County Children Services`, case_category: 'Ongoing', legal_status: 'Temporary Custody',
  wkr_name: 'Pat Worker', wkr_email: 'pat.worker@agency.test', sup_name: 'Sue Visor', sup_email: 'sue.visor@agency.test', chf_email: null,
  restricted_flag: 'N', adoption_flag: 'N', ...extra,
});

/**
 * Six children: Amara (every card fact, two hospitals, a duplicate SACWIS
 * person offered as a fuzzy match with a third hospital's MRN), Bo (another
 * county, no MRN), a restricted case whose worker is the demo `identity`
 * user, a restricted case of someone else, and an adoption case.
 */
const EXTRACT = {
  source_child: [
    child('S-1', 'Amara', 'Quillfeather', '2014-05-06', 'Franklin', 'NaN'),
    child('S-2', 'Bo', 'Quillfeather', '2016-07-08', 'Summit'),
    child('S-3', 'Rowan', 'Restrictus', '2012-01-02', 'Lucas'),
    child('S-4', 'Remy', 'Restrictus', '2013-01-02', 'Lucas'),
    child('S-5', 'Ada', 'Adopteeson', '2017-02-03', 'Stark'),
    child('S-6', 'Amarra', 'Quillfeather', '2014-05-06', 'Franklin'),
  ],
  source_case: [
    caseOf('C-1', 'S-1', 'Franklin', { wkr_name: 'Dana Casewörker' }),
    caseOf('C-2', 'S-2', 'Summit'),
    caseOf('C-3', 'S-3', 'Lucas', { restricted_flag: 'Y', wkr_email: 'identity@careweave.test' }),
    caseOf('C-4', 'S-4', 'Lucas', { restricted_flag: 'Y' }),
    caseOf('C-5', 'S-5', 'Stark', { adoption_flag: 'Y' }),
    caseOf('C-1', 'S-6', 'Franklin'),
  ],
  custody_episode: [{ episode_id: 'E-1', sacwis_person_id: 'S-1', county: 'Franklin', legal_status: 'Temporary Custody', start_date: '2024-01-01', end_date: null }],
  placement: [
    { placement_id: 'P-0', sacwis_person_id: 'S-1', provider_id: 'PR-0', provider_name: 'Old Oak Group Home', placement_type: 'Group Home', start_date: '2024-01-01', end_date: '2024-06-30' },
    { placement_id: 'P-1', sacwis_person_id: 'S-1', provider_id: 'PR-1', provider_name: 'Sunrise Foster Home', placement_type: 'Foster Care', start_date: '2024-07-01', end_date: null },
  ],
  identity_source: [
    { sacwis_person_id: 'S-1', source_name: NCH, mrn: 'NCH-111' },
    { sacwis_person_id: 'S-1', source_name: AKRON, mrn: 'AKR-111' },
    { sacwis_person_id: 'S-6', source_name: DAYTON, mrn: 'DCH-666' },
    { sacwis_person_id: 'S-3', source_name: NCH, mrn: 'NCH-333' },
    { sacwis_person_id: 'S-4', source_name: NCH, mrn: 'NCH-444' },
  ],
  patient_flags: [
    { flag_id: 'F-1', sacwis_person_id: 'S-1', patient_flag: 'Medically Fragile', flag_info: 'Needs a trained caregiver', source_name: NCH, county: 'Franklin' },
    { flag_id: 'F-2', sacwis_person_id: 'S-4', patient_flag: 'Runaway Risk', flag_info: null, source_name: 'SACWIS', county: 'Lucas' },
  ],
  preferred_names: [
    { sacwis_person_id: 'S-1', source_name: 'SACWIS', preferred_name: 'Mara' },
    { sacwis_person_id: 'S-1', source_name: NCH, preferred_name: 'Bea' },
  ],
};

type Card = Record<string, any>;
async function search(user: string, query: string): Promise<{ status: number; cards: Card[]; total: number; body: any }> {
  const answer = await call(server.url, `/api/data/public/identity_search${query ? `?${query}` : ''}`, { token: tokens[user] });
  return { status: answer.status, cards: answer.body?.data?.map((d: { attributes: Card }) => d.attributes) ?? [], total: answer.body?.meta?.total, body: answer.body };
}
const names = (cards: Card[]) => cards.map((c) => `${c.last_name}, ${c.first_name}`);

before(async () => {
  server = await startTestServer();
  const facts = await demoFacts(server.db);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-identity-search-'));
  const report = await importExtract(server.db, await writeExtractFolder(path.join(tmp, 'x'), EXTRACT), facts.divisionUids[0]);
  assert.equal(report.ok, true, report.error ?? '');
  for (const user of ['identity', 'identity-health', 'admin', 'navigator']) tokens[user] = (await login(server.url, user)).token;
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('GET /api/data/public/identity_search: each field', () => {
  it('last and first name in part, accents and case folded, sorted by last then first name', async () => {
    assert.deepEqual(names((await search('admin', 'last_name__like=QUILLF')).cards), ['Quillfeather, Amara', 'Quillfeather, Bo']);
    assert.deepEqual(names((await search('admin', 'last_name__like=illfeat&first_name__like=mar')).cards), ['Quillfeather, Amara']);
  });
  it('a name part walks its terms in page order: pages, a county beside it, a part inside a word, accents and apostrophes folded', async () => {
    // Three Quillfeathers match 'eat' (inside the word) and 'quillfeather' (first and last three characters).
    for (const part of ['eat', 'QUILLFEATHER', 'Quîll’feather']) {
      const pages = await Promise.all([1, 2].map(async (page) => names((await search('admin', `last_name__like=${encodeURIComponent(part)}&page-size=1&page=${page}`)).cards)));
      assert.deepEqual(pages, [['Quillfeather, Amara'], ['Quillfeather, Bo']], part);
    }
    assert.deepEqual(names((await search('admin', 'last_name__like=eat&agency_county=Summit')).cards), ['Quillfeather, Bo']);
    assert.deepEqual(names((await search('admin', 'first_name__like=owa')).cards), ['Restrictus, Rowan']);
    assert.deepEqual(names((await search('admin', 'last_name__like=quillfeatherx')).cards), [], 'both end terms present is not enough: the whole part must be');
  });
  it('date of birth as MM/DD/YYYY; a bad date is a 400 with its field', async () => {
    assert.deepEqual(names((await search('admin', 'birth_date=07/08/2016')).cards), ['Quillfeather, Bo']);
    const bad = await call(server.url, '/api/data/public/identity_search?birth_date=13/45/2016', { token: tokens.admin });
    assert.equal(errorsOf(bad, 400)[0].field, 'birth_date');
    assert.equal((await call(server.url, '/api/data/public/identity_search?birth_date=01/01/1899', { token: tokens.admin })).status, 400);
  });
  it('date of birth as a birth year (4 digits) or an age (2 or 3 digits) on the clock\'s today; one digit is a 400 with the spec\'s message', async () => {
    assert.deepEqual(names((await search('admin', 'birth_date=2016')).cards), ['Quillfeather, Bo']);
    assert.deepEqual(names((await search('admin', 'birth_date=2014&last_name__like=quill')).cards), ['Quillfeather, Amara']);
    // Bo was born 07/08/2016: 10 from 07/08/2026 to 07/07/2027, 11 from 07/08/2027.
    await withClock(async (move) => {
      move(Date.parse('2027-07-07T12:00:00Z') - nowMs());
      // Sessions do not last months: the search comes from a new sign-in.
      tokens.later = (await login(server.url, 'admin')).token;
      assert.deepEqual(names((await search('later', 'birth_date=10&last_name__like=quill')).cards), ['Quillfeather, Bo']);
      move(86_400_000);
      tokens.later = (await login(server.url, 'admin')).token;
      assert.deepEqual(names((await search('later', 'birth_date=10&last_name__like=quill')).cards), []);
      assert.deepEqual(names((await search('later', 'birth_date=11&last_name__like=quill')).cards), ['Quillfeather, Bo']);
    });
    const bad = errorsOf(await call(server.url, '/api/data/public/identity_search?birth_date=7', { token: tokens.admin }), 400);
    assert.deepEqual(bad, [{ field: 'birth_date', message: 'Must be an age or birth year or a valid date in the format MM/DD/YYYY' }]);
  });
  it('an MRN needs its hospital, a caseworker name its county (spec 002 "Patient search form"): 400 on the missing field', async () => {
    const mrnOnly = errorsOf(await call(server.url, '/api/data/public/identity_search?source_mrns__contains=nch-11', { token: tokens.admin }), 400);
    assert.deepEqual(mrnOnly, [{ field: 'source_description', message: 'Required' }]);
    const workerOnly = errorsOf(await call(server.url, '/api/data/public/identity_search?wkr_name=dana', { token: tokens.admin }), 400);
    assert.deepEqual(workerOnly, [{ field: 'agency_county', message: 'Required' }]);
  });
  it('MRN contains (approved MRNs only), hospitals as repeated parameters', async () => {
    const nch = `source_description=${encodeURIComponent(NCH)}`;
    assert.deepEqual(names((await search('admin', `source_mrns__contains=nch-11&${nch}`)).cards), ['Quillfeather, Amara']);
    assert.deepEqual(names((await search('admin', `source_mrns__contains=DCH&source_description=${encodeURIComponent(DAYTON)}`)).cards), [], 'an MRN under review is not searched');
    assert.deepEqual(names((await search('admin', `source_mrns__contains=%25&${nch}`)).cards), [], 'LIKE wildcards are literal');
    assert.deepEqual(names((await search('admin', `source_description=${encodeURIComponent(AKRON)}`)).cards), ['Quillfeather, Amara']);
    assert.deepEqual(names((await search('admin', `source_description=${encodeURIComponent(DAYTON)}&source_description=${encodeURIComponent(AKRON)}`)).cards), ['Quillfeather, Amara']);
    assert.deepEqual(names((await search('admin', `source_description=${encodeURIComponent(NCH)}&last_name__like=restr`)).cards), ['Restrictus, Remy', 'Restrictus, Rowan']);
  });
  it('PCSA county, caseworker name, SACWIS person id, case id, provider id and placement provider name', async () => {
    assert.deepEqual(names((await search('admin', 'agency_county=Summit')).cards), ['Quillfeather, Bo']);
    assert.deepEqual(names((await search('admin', 'wkr_name=dana caseworker&agency_county=Franklin')).cards), ['Quillfeather, Amara']);
    assert.deepEqual(names((await search('admin', 'sacwis_person_id=S-2')).cards), ['Quillfeather, Bo']);
    assert.deepEqual(names((await search('admin', 'case_id=C-1')).cards), ['Quillfeather, Amara']);
    assert.deepEqual(names((await search('admin', 'provider_id=PR-1')).cards), ['Quillfeather, Amara']);
    assert.deepEqual(names((await search('admin', 'provider_id=PR-0')).cards), [], 'only the current placement');
    assert.deepEqual(names((await search('admin', 'provider_name=sunrise')).cards), ['Quillfeather, Amara']);
  });
  it('values are trimmed and empty ones left out; every criterion together', async () => {
    assert.deepEqual(names((await search('admin', 'last_name__like=%20quill%20&first_name__like=')).cards), ['Quillfeather, Amara', 'Quillfeather, Bo']);
    const all = await search(
      'admin',
      `last_name__like=quill&first_name__like=ama&birth_date=05/06/2014&source_mrns__contains=111&source_description=${encodeURIComponent(NCH)}&agency_county=Franklin&wkr_name=dana&sacwis_person_id=S-1&case_id=C-1&provider_id=PR-1&provider_name=foster&sort=lastName,firstName&page=1&page-size=50`,
    );
    assert.deepEqual(names(all.cards), ['Quillfeather, Amara']);
    assert.equal(all.total, 1);
  });
  it('refuses unknown parameters, other sorts, pages over 50 and over-long text', async () => {
    for (const q of ['lastName=x', 'sort=-lastName', 'page-size=51', `last_name__like=${'x'.repeat(101)}`, 'last_name__like=a%00b']) {
      assert.equal((await call(server.url, `/api/data/public/identity_search?${q}`, { token: tokens.admin })).status, 400, q);
    }
  });
  it('is for identity users only', async () => {
    assert.equal((await search('navigator', 'last_name__like=quill')).status, 403);
    assert.equal((await call(server.url, '/api/data/public/identity_search')).status, 401);
  });
});

describe('identity_search: the summary card', () => {
  it('is the same card whether the search walked the name lists or went by an id', async () => {
    const [byId] = (await search('identity', 'sacwis_person_id=S-1')).cards;
    assert.deepEqual((await search('identity', 'last_name__like=quill&first_name__like=ama')).cards, [byId]);
    assert.deepEqual((await search('identity', 'last_name__like=feath&agency_county=Franklin')).cards, [byId]);
  });

  it('has the card facts; MRNs only of approved matches, a fuzzy match under review, full view adds case and provider ids', async () => {
    const [amara] = (await search('identity', 'sacwis_person_id=S-1')).cards;
    assert.equal(amara.middle_name, 'NaN');
    assert.deepEqual(amara.preferred_names, [{ preferredname: 'Bea' }, { preferredname: 'Mara' }]);
    assert.deepEqual(amara.patient_flags, [{ id: 'F-1', patientflag: 'Medically Fragile', flaginfo: 'Needs a trained caregiver', source_description: NCH, county: 'Franklin' }]);
    assert.equal(amara.agency_county, 'Franklin');
    assert.equal(amara.cs_child_legal_status_legal, 'Temporary Custody');
    assert.equal(amara.placement_type, 'Foster Care');
    assert.equal(amara.provider_name, 'Sunrise Foster Home');
    assert.equal(amara.provider_id, 'PR-1');
    assert.deepEqual(amara.source_cases, [{ case_id: 'C-1' }]);
    assert.deepEqual(
      amara.match_results.matches.map((m: Card) => [m.source_description, m.match_status_id, m.lookuppersonid]),
      [[AKRON, 1, 'AKR-111'], [DAYTON, 2, null], [NCH, 1, 'NCH-111']],
    );
    assert.equal(amara.match_results.has_any_disputes, false);
  });
  it('without the full identity view: no case ids, no provider id', async () => {
    const [amara] = (await search('identity-health', 'sacwis_person_id=S-1')).cards;
    assert.equal('source_cases' in amara, false);
    assert.equal('provider_id' in amara, false);
    assert.equal(amara.provider_name, 'Sunrise Foster Home');
  });
  it('a rejected match is never sent; a disputed one says so', async () => {
    // As the import and a match decision do: change the matches, then rebuild the patient's search row (its card).
    const setStatus = async (mrn: string, status: number) => {
      const [row] = await server.db.updateTable('tbl_match_results').set({ match_status_id: status }).where('mrn', '=', mrn).returning(['division_uid', 'patient_uid']).execute();
      await refreshIdentitySearch(server.db, row.division_uid, row.patient_uid);
    };
    await setStatus('AKR-111', 3);
    await setStatus('DCH-666', 4);
    try {
      const [amara] = (await search('identity', 'sacwis_person_id=S-1')).cards;
      assert.deepEqual(amara.match_results.matches.map((m: Card) => m.source_description), [DAYTON, NCH]);
      assert.equal(amara.match_results.has_any_disputes, true);
    } finally {
      await setStatus('AKR-111', 1);
      await setStatus('DCH-666', 2);
    }
  });
});

describe('identity_search: the access guard decides who is found', () => {
  const found = async (user: string) => names((await search(user, 'last_name__like=e')).cards).filter((n) => /Restrictus|Adopteeson/.test(n));
  it('a caseworker finds the restricted case they work on, not another one, and no adoption case', async () => {
    assert.deepEqual(await found('identity'), ['Restrictus, Rowan']);
    const [rowan] = (await search('identity', 'case_id=C-3')).cards;
    assert.equal(rowan.restricted_case_warning, true);
  });
  it('nothing of a hidden child leaks through any criterion', async () => {
    for (const q of ['case_id=C-4', `source_mrns__contains=444&source_description=${encodeURIComponent(NCH)}`, 'sacwis_person_id=S-4', 'case_id=C-5']) {
      const r = await search('identity', q);
      assert.equal(r.total, 0, q);
      assert.deepEqual(r.cards, []);
    }
  });
  it('a name part of 3 or more characters (the terms walk) finds only whom the caller may see', async () => {
    assert.deepEqual(names((await search('identity', 'last_name__like=res')).cards), ['Restrictus, Rowan']);
    assert.deepEqual(names((await search('identity-health', 'last_name__like=ado')).cards), ['Adopteeson, Ada']);
    assert.deepEqual(names((await search('identity', 'last_name__like=ado')).cards), []);
  });
  it('a healthcare user finds adoption cases but no restricted case', async () => {
    assert.deepEqual(await found('identity-health'), ['Adopteeson, Ada']);
  });
  it('restricted and adoption view find every child', async () => {
    assert.deepEqual(await found('admin'), ['Adopteeson, Ada', 'Restrictus, Remy', 'Restrictus, Rowan']);
  });
  it('follows a change of the patient row (name, restriction) without a new import', async () => {
    const [bo] = (await search('admin', 'sacwis_person_id=S-2')).cards;
    await server.db.updateTable('patient').set({ last_name: 'Quillfeather-Nash' }).where('patient_uid', '=', bo.patient_uid).execute();
    assert.deepEqual(names((await search('admin', 'last_name__like=nash')).cards), ['Quillfeather-Nash, Bo']);
    await server.db.updateTable('patient').set({ last_name: 'Quillfeather' }).where('patient_uid', '=', bo.patient_uid).execute();
    assert.deepEqual(names((await search('admin', 'last_name__like=nash')).cards), []);
  });
  it("keeps a row's terms with it: a rebuild leaves no term of a row it removed", async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from identity_search_term`.execute(server.db);
    await server.db.transaction().execute(async (trx) => {
      const divisionUid = (await trx.selectFrom('identity_search').select('division_uid').executeTakeFirstOrThrow()).division_uid;
      await refreshIdentitySearch(trx, divisionUid);
    });
    const orphans = await sql<{ n: number }>`select count(*)::int as n from identity_search_term t where not exists (select 1 from identity_search s where s.patient_uid = t.patient_uid)`.execute(server.db);
    assert.equal(orphans.rows[0].n, 0);
    assert.equal((await sql<{ n: number }>`select count(*)::int as n from identity_search_term`.execute(server.db)).rows[0].n, before.rows[0].n);
  });
});

describe('the search form lists, recent patients and source status', () => {
  it('hospitals (not the primary source of truth) and PCSA counties of the extract', async () => {
    const sources = await call(server.url, '/api/data/public/list-view-cs-tbl-identity-source?is_primary_source_of_truth=false&sort=source_description', { token: tokens.identity });
    assert.deepEqual(sources.body.data.map((d: Card) => d.attributes.source_description), [AKRON, DAYTON, NCH]);
    const agencies = await call(server.url, '/api/data/public/tbl-source-agency?sort=agency_county&all-data=1', { token: tokens.identity });
    assert.deepEqual(agencies.body.data.map((d: Card) => d.attributes.agency_county), ['Franklin', 'Lucas', 'Stark', 'Summit']);
    assert.equal((await call(server.url, '/api/data/public/tbl-source-agency', { token: tokens.navigator })).status, 403);
  });
  it('each source with its latest run', async () => {
    const status = await call(server.url, '/api/data/public/tbl_identity_source_status', { token: tokens.identity });
    const bySource = Object.fromEntries(status.body.data.map((d: Card) => [d.attributes.source_name, d.attributes.status]));
    assert.equal(bySource.source_child, 'Complete');
    assert.equal(bySource.patient_flags, 'Complete');
    assert.ok(status.body.data.every((d: Card) => d.attributes.last_refresh_date));
  });
  it('recent patients: the caller’s own, newest first, 4 at most, only those still visible', async () => {
    const me = await login(server.url, 'identity');
    const cards = (await search('admin', 'last_name__like=e')).cards;
    const byName = Object.fromEntries(cards.map((c) => [c.first_name, c.patient_uid]));
    for (const first of ['Bo', 'Rowan', 'Amara', 'Bo']) {
      const r = await call(server.url, '/api/audit', { token: me.token, body: { patient_uid: byName[first], action: 'ViewedPatient' } });
      assert.ok(r.status === 201 || r.status === 200, r.text);
    }
    // An entry for a patient the caller may not see (written before the case became hidden) is left out.
    await server.db.insertInto('audit_entry').values({ patient_uid: byName.Remy, action: 'ViewedPatient', user_uid: me.session.user_uid, division_uid: me.session.current_division_uid }).execute();
    const recent = await call(server.url, `/api/data/public/list_view_cs_recent_patients?user_uid=${me.session.user_uid}&page=1&page-size=4&sort=-updated-date`, { token: me.token });
    assert.equal(recent.status, 200, recent.text);
    assert.deepEqual(recent.body.data.map((d: Card) => d.attributes.first_name), ['Bo', 'Amara', 'Rowan']);
    const other = await call(server.url, `/api/data/public/list_view_cs_recent_patients?user_uid=${(await login(server.url, 'admin')).session.user_uid}`, { token: me.token });
    assert.equal(other.status, 403);
    assert.equal((await call(server.url, '/api/data/public/list_view_cs_recent_patients?page-size=5', { token: me.token })).status, 400);
  });
});
