import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { custodyOf } from '../../shared/custody';
import { assertNoInternals, call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let url: string;
let facts: DemoFacts;
let nav: LoggedIn;
let admin: LoggedIn;
let health: LoggedIn;
let identity: LoggedIn;

interface Patient {
  patient_uid: string;
  division_uid: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: string | null;
  sacwis_person_id: string | null;
}
let patients: Patient[];

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
  [nav, admin, health, identity] = await Promise.all(['navigator', 'admin', 'identity-health', 'identity'].map((u) => login(url, u)));
  patients = await server.db.selectFrom('patient').select(['patient_uid', 'division_uid', 'first_name', 'middle_name', 'last_name', 'birth_date', 'sacwis_person_id']).execute();
});
after(async () => {
  await server?.stop();
});

const SUMMARY = '/api/summary-patients';
const QUICK = '/api/data/public/identity-quick-search';
type Row = Record<string, any>;

const get = (path: string, params: Record<string, string | string[]> = {}, who: LoggedIn | null = nav) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one);
  const text = qs.toString();
  return call(url, text ? `${path}?${text}` : path, { token: who?.token });
};
const rowsOf = (answer: { body: any }): Row[] => answer.body.data.map((r: { attributes: Row }) => r.attributes);

/** Every page of a summary search, in order. */
async function all(params: Record<string, string>, who = nav): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await get(SUMMARY, { ...params, 'page-size': '50', page: String(page) }, who);
    assert.equal(answer.status, 200, answer.text);
    rows.push(...rowsOf(answer));
    if (answer.body.data.length === 0 || rows.length >= answer.body.meta.total) return rows;
  }
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, '');
/** The words of q each start a word of first, middle or last name (digits: anywhere in the SACWIS id), in division 1. */
function truth(q: string, divisions = [facts.divisionUids[0]]): string[] {
  const words = q.split(/\s+/).filter(Boolean).map(fold);
  return patients
    .filter((p) => divisions.includes(p.division_uid))
    .filter((p) => {
      const names = fold([p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ')).split(/[^a-z0-9]+/);
      return words.every((w) => (/^\d+$/.test(w) ? (p.sacwis_person_id ?? '').includes(w) : names.some((n) => n.startsWith(w))));
    })
    .map((p) => p.patient_uid)
    .sort();
}
const ids = (rows: Row[]) => rows.map((r) => r.patient_uid).sort();
const named = (first: string, last: string) => patients.find((p) => p.first_name === first && p.last_name === last)!;

describe('session', () => {
  it('both calls are 401 without a session or with a forged token', async () => {
    for (const path of [SUMMARY, QUICK]) {
      assert.deepEqual(errorsOf(await get(path, { q: 'garcia' }, null), 401), [{ message: 'Your session has expired or you are not signed in.' }]);
      errorsOf(await call(url, `${path}?q=garcia`, { token: 'forged' }), 401);
    }
  });

  it('401 comes before any check of the query', async () => {
    errorsOf(await get(SUMMARY, { sort: 'nope', q: 'x'.repeat(500) }, null), 401);
  });
});

describe('matching', () => {
  it('name parts in any order, case and punctuation aside', async () => {
    const amara = named('Amara', 'García').patient_uid;
    for (const q of ['garcia amara', 'amara garcia', 'AMARA GARCÍA', 'García, Amara', 'amar garc', 'lucia garcia', 'amara  lucía  garcía']) {
      const rows = await all({ q });
      assert.ok(ids(rows).includes(amara), q);
      assert.deepEqual(ids(rows), truth(q.replace(',', '')), q);
    }
  });

  it('is accent-insensitive both ways', async () => {
    const zoe = named('Zoë', 'Müller').patient_uid;
    for (const q of ['zoe muller', 'Zoë Müller', 'ZOE MULLER', 'zoë', 'muller']) assert.ok(ids(await all({ q })).includes(zoe), q);
    assert.deepEqual(ids(await all({ q: 'garcia' })), ids(await all({ q: 'García' })));
    assert.deepEqual(ids(await all({ q: 'pena' })), truth('peña'));
    assert.ok(truth('pena').length > 0 && truth('garcia').length > 0, 'the demo names have accents to find');
  });

  it('a word matches the start of a name part, not its middle', async () => {
    assert.deepEqual(ids(await all({ q: 'arcia' })), []);
    assert.deepEqual(ids(await all({ q: "o'brien" })), truth('obrien'));
    assert.deepEqual(ids(await all({ q: 'obrien' })), truth('obrien'));
    assert.ok(truth('obrien').length > 0);
  });

  it('birth date as MM/DD/YYYY, M/D/YYYY or YYYY-MM-DD, alone or with a name', async () => {
    const amara = named('Amara', 'García');
    const onDay = patients.filter((p) => p.division_uid === facts.divisionUids[0] && p.birth_date === '2006-10-15').map((p) => p.patient_uid).sort();
    for (const q of ['10/15/2006', '2006-10-15']) assert.deepEqual(ids(await all({ q })), onDay, q);
    assert.deepEqual(ids(await all({ q: 'garcia 10/15/2006' })), [amara.patient_uid]);
    const zoe = named('Zoë', 'Müller');
    assert.deepEqual(ids(await all({ q: '7/4/2010 zoe' })), [zoe.patient_uid]);
    // Not a date (February 30th): no patient, no error.
    assert.deepEqual(rowsOf(await get(SUMMARY, { q: '02/30/2006' })), []);
    assert.deepEqual(ids(await all({ birth_date: '10/15/2006' })), onDay);
    assert.deepEqual(ids(await all({ birth_date: '2006-10-15', q: 'amara' })), [amara.patient_uid]);
    assert.deepEqual(errorsOf(await get(SUMMARY, { birth_date: '2006-02-30' }), 400), [{ field: 'birth_date', message: 'Must be a valid date in the format MM/DD/YYYY' }]);
  });

  it('SACWIS person id: whole or in part in q, exact as its own criterion', async () => {
    const amara = named('Amara', 'García');
    const id = amara.sacwis_person_id!;
    assert.ok(ids(await all({ q: id })).includes(amara.patient_uid));
    assert.deepEqual(ids(await all({ q: `${id} garcia` })), [amara.patient_uid]);
    const part = id.slice(-5);
    assert.deepEqual(ids(await all({ q: part })), truth(part));
    assert.deepEqual(ids(await all({ sacwis_person_id: id })), [amara.patient_uid]);
    assert.deepEqual(ids(await all({ sacwis_person_id: part })), []);
  });

  it('without criteria the summary lists every patient in scope', async () => {
    const answer = await get(SUMMARY);
    assert.equal(answer.status, 200);
    const inDivision = patients.filter((p) => p.division_uid === facts.divisionUids[0]).length;
    assert.deepEqual(answer.body.meta, { total: inDivision, page: 1, page_size: 10 });
  });
});

describe('divisions', () => {
  const south = () => patients.find((p) => p.division_uid === facts.divisionUids[1])!;

  it('current division by default and with current_division_only=true', async () => {
    const other = south();
    const q = `${other.first_name} ${other.last_name} ${other.sacwis_person_id}`;
    for (const params of [{ q }, { q, current_division_only: 'true' }, { q, currentDivisionOnly: '1' }] as Record<string, string>[]) {
      assert.ok(!ids(await all(params)).includes(other.patient_uid), JSON.stringify(params));
    }
    for (const row of await all({ q: 'garcia' })) assert.equal(row.division_uid, facts.divisionUids[0]);
  });

  it('current_division_only=false adds every division the caller may access, and only those', async () => {
    const other = south();
    const q = `${other.first_name} ${other.last_name}`;
    const rows = await all({ q, current_division_only: 'false' });
    assert.ok(ids(rows).includes(other.patient_uid));
    assert.deepEqual(ids(rows), truth(q, facts.divisionUids));
    assert.equal(rows.find((r) => r.patient_uid === other.patient_uid)!.division_name, 'Summit County Care');
    // `identity` has the first division only.
    const theirs = await all({ q, current_division_only: 'false' }, identity);
    assert.ok(theirs.every((r) => r.division_uid === undefined || r.division_uid === facts.divisionUids[0]));
    assert.ok(!ids(theirs).includes(other.patient_uid));
  });

  it('the quick search is the current division only and takes no division parameter', async () => {
    // A patient of the other division whose last name the current division has too: the query matches on both sides.
    const [here, there] = facts.divisionUids;
    const other = patients.find((p) => p.division_uid === there && truth(p.last_name).length > 0) ?? south();
    const q = other.last_name;
    assert.ok(truth(q, [there]).includes(other.patient_uid), 'the query matches the other division\'s patient');
    const answer = await get(QUICK, { q, 'page-size': '50' });
    assert.equal(answer.status, 200, answer.text);
    const rows = rowsOf(answer);
    assert.ok(!ids(rows).includes(other.patient_uid), `${other.first_name} ${other.last_name} of the other division is not listed`);
    // Stub rows carry no division_uid: each row's division is looked up by its patient.
    const divisionOf = new Map(patients.map((p) => [p.patient_uid, p.division_uid]));
    assert.deepEqual(rows.filter((r) => divisionOf.get(r.patient_uid) !== here).map((r) => r.patient_uid), [], 'rows of another division');
    if (truth(q).length) assert.ok(rows.length > 0, 'the current division\'s matches are listed');
    assert.deepEqual(errorsOf(await get(QUICK, { q: 'garcia', current_division_only: 'false' }), 400), [{ field: 'current_division_only', message: "Unknown parameter 'current_division_only'" }]);
  });
});

describe('access rules', () => {
  const STUB_KEYS = ['access', 'adoption_restricted', 'birth_date', 'first_name', 'last_name', 'patient_uid', 'restricted_case_warning', 'restricted_flag'];
  const FULL_KEYS = [...STUB_KEYS, 'agency_legal_status', 'custody', 'division_name', 'division_uid', 'gender_label', 'in_custody', 'middle_name', 'sacwis_person_id', 'source_cases'].sort();
  const find = async (who: LoggedIn, q: string, path = QUICK) => {
    const answer = await get(path, { q }, who);
    assert.equal(answer.status, 200, answer.text);
    return { rows: rowsOf(answer), text: answer.text };
  };
  const secretsOf = (patientUid: string) => {
    const p = patients.find((x) => x.patient_uid === patientUid)!;
    return [p.sacwis_person_id!, ...(p.middle_name ? [p.middle_name] : []), 'worker@agency.test', 'adopt@agency.test', 'Temporary Custody', 'Franklin County Care'];
  };

  it('navigator: restricted cases not hers and adoption cases are stubs, on both calls, with the alert that applies', async () => {
    for (const path of [QUICK, SUMMARY]) {
      const blackwood = await find(nav, 'blackwood', path);
      assert.deepEqual(ids(blackwood.rows), [...facts.restricted.others].sort());
      for (const row of blackwood.rows) {
        assert.deepEqual(Object.keys(row).sort(), STUB_KEYS);
        assert.equal(row.access, 'restricted');
        assert.equal(row.restricted_flag, '1');
        assert.equal(row.restricted_case_warning, true);
        assert.equal(row.adoption_restricted, false);
        for (const secret of secretsOf(row.patient_uid)) assert.ok(!blackwood.text.includes(secret), `${secret} leaked`);
      }
      const ashgrove = await find(nav, 'ashgrove', path);
      assert.deepEqual(ids(ashgrove.rows), [...facts.adoption].sort());
      for (const row of ashgrove.rows) {
        assert.deepEqual(Object.keys(row).sort(), STUB_KEYS);
        assert.equal(row.adoption_restricted, true);
        assert.equal(row.restricted_case_warning, false);
        for (const secret of secretsOf(row.patient_uid)) assert.ok(!ashgrove.text.includes(secret), `${secret} leaked`);
      }
    }
  });

  it('navigator: her own restricted case is whole, with the warning; out of custody and legal status show as they are', async () => {
    const [mine] = (await find(nav, 'rosalind whitfield')).rows;
    assert.equal(mine.patient_uid, facts.restricted.mine);
    assert.deepEqual(Object.keys(mine).sort(), FULL_KEYS);
    assert.equal(mine.access, 'full');
    assert.equal(mine.restricted_case_warning, true);
    assert.deepEqual(mine.source_cases, [{ case_id: 'C-1001', case_category: 'Protective', wkr_email: 'navigator@careweave.test', chf_email: null, sup_email: 'sup@agency.test' }]);
    const [sterling] = (await find(nav, 'dominic sterling')).rows;
    assert.equal(sterling.access, 'full');
    assert.equal(sterling.in_custody, false);
    assert.equal(sterling.custody, 'out-of-custody');
    const [ellery] = (await find(nav, 'marcus ellery')).rows;
    assert.equal(ellery.access, 'full');
    assert.equal(ellery.custody, 'none', 'an adult of the caseload has no custody to be out of');
    const hale = (await find(nav, 'hale')).rows;
    assert.equal(hale.length, 2);
    for (const row of hale) assert.equal(row.agency_legal_status, null);
    const [amara] = (await find(nav, 'amara garcia')).rows;
    assert.deepEqual(
      { ...amara, patient_uid: 'x', division_uid: 'x', sacwis_person_id: 'x', gender_label: 'x' },
      {
        patient_uid: 'x', first_name: 'Amara', middle_name: 'Lucía', last_name: 'García', birth_date: '2006-10-15', gender_label: 'x', sacwis_person_id: 'x',
        restricted_flag: '0', in_custody: true, agency_legal_status: 'Temporary Custody', custody: 'in-custody', division_uid: 'x', division_name: 'Franklin County Care',
        source_cases: [], access: 'full', adoption_restricted: false, restricted_case_warning: false,
      },
    );
  });

  it('admin (restricted and adoption rights) gets every record whole, without restriction alerts', async () => {
    for (const q of ['blackwood', 'ashgrove', 'whitfield']) {
      for (const row of (await find(admin, q)).rows) {
        assert.equal(row.access, 'full', q);
        assert.equal(row.adoption_restricted, false);
        assert.equal(row.restricted_case_warning, false);
        assert.equal(row.sacwis_person_id, patients.find((p) => p.patient_uid === row.patient_uid)!.sacwis_person_id);
      }
    }
  });

  it('identity-health (in her search) sees adoption cases whole but not restricted cases that are not hers', async () => {
    for (const row of (await find(health, 'ashgrove', SUMMARY)).rows) assert.equal(row.access, 'full');
    for (const q of ['blackwood', 'whitfield']) {
      const { rows } = await find(health, q, SUMMARY);
      assert.ok(rows.length > 0);
      for (const row of rows) assert.deepEqual([row.access, row.restricted_case_warning], ['restricted', true]);
    }
  });

  it('a search by an identifier finds only records the caller may open: a stub would confirm that a hidden child exists', async () => {
    for (const child of [...facts.restricted.others, ...facts.adoption]) {
      const id = patients.find((p) => p.patient_uid === child)!.sacwis_person_id!;
      assert.ok(id, 'the hidden child has a SACWIS person id');
      for (const params of [{ sacwis_person_id: id }, { q: id }, { q: id.slice(-5) }] as Record<string, string>[]) {
        const answer = await get(SUMMARY, params);
        assert.equal(answer.status, 200, answer.text);
        assert.ok(!rowsOf(answer).some((r) => r.patient_uid === child), `${JSON.stringify(params)} confirms a hidden child`);
      }
      assert.ok(!rowsOf(await get(QUICK, { q: id })).some((r) => r.patient_uid === child), 'nor the quick search');
      // Those who may open the record still find it by its id.
      assert.deepEqual(rowsOf(await get(SUMMARY, { sacwis_person_id: id }, admin)).map((r) => r.patient_uid), [child]);
    }
    // By name the preview still finds the stub, to say why it stays closed (spec 000 "Access alerts").
    const byName = patients.find((p) => p.patient_uid === facts.restricted.others[0])!;
    assert.ok(rowsOf(await get(SUMMARY, { q: byName.last_name })).some((r) => r.patient_uid === byName.patient_uid && r.access === 'restricted'));
  });

  it('whole records are exactly those POST /api/audit accepts', async () => {
    for (const row of [...(await find(nav, 'blackwood')).rows, ...(await find(nav, 'ashgrove')).rows, ...(await find(nav, 'whitfield')).rows, ...(await find(nav, 'ellery')).rows]) {
      const audit = await call(url, '/api/audit', { token: nav.token, body: { patient_uid: row.patient_uid, action: 'ViewedPatient' } });
      assert.equal(audit.status, row.access === 'full' ? 201 : 404, `${row.first_name} ${row.last_name}`);
    }
  });
});

describe('sort and paging', () => {
  it('sorts by the spec keys, descending with "-"', async () => {
    const rows = await all({ q: 'garcia', sort: '-birthDate' });
    const dates = rows.map((r) => r.birth_date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const byName = await all({ q: 'ava', sort: 'lastName,firstName' });
    const keys = byName.map((r) => `${r.last_name}|${r.first_name}`);
    assert.deepEqual(keys, [...keys].sort());
    const byFirst = await all({ q: 'garcia', sort: 'firstName' });
    assert.deepEqual(byFirst.map((r) => r.first_name), byFirst.map((r) => r.first_name).sort());
  });

  it('refuses unknown sort keys', async () => {
    for (const sort of ['last_name', 'password_hash', '-', 'lastName;drop', 'lastName,,']) {
      const [error] = errorsOf(await get(SUMMARY, { q: 'garcia', sort }), 400);
      assert.equal(error.field, 'sort', sort);
    }
  });

  it('page-size defaults to 10, allows up to 50; pages are disjoint', async () => {
    const first = await get(SUMMARY, { q: 'a' });
    assert.equal(first.body.data.length, 10);
    assert.equal(first.body.meta.page_size, 10);
    const second = await get(SUMMARY, { q: 'a', page: '2' });
    assert.deepEqual(ids(rowsOf(first)).filter((id) => ids(rowsOf(second)).includes(id)), []);
    assert.equal((await get(SUMMARY, { q: 'a', 'page-size': '50' })).body.data.length, 50);
    for (const [key, value] of [['page-size', '51'], ['page-size', '0'], ['page', '0'], ['page', '1.5'], ['page-size', 'ten']]) {
      assert.equal(errorsOf(await get(SUMMARY, { [key]: value }), 400)[0].field, key, `${key}=${value}`);
    }
  });
});

describe('one word in the names\' order (migration 062: each word\'s first patients from the index)', () => {
  /** The patients' ids as PostgreSQL orders them by last name, first name, birth date and id. */
  const inNameOrder = async (uids: string[]) =>
    (await server.db.selectFrom('patient').select('patient_uid').where('patient_uid', 'in', uids).orderBy('last_name').orderBy('first_name').orderBy(sql`birth_date asc nulls last`).orderBy('patient_uid').execute()).map((p) => p.patient_uid);
  const pages = async (params: Record<string, string>) => {
    const rows: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await get(SUMMARY, { ...params, 'page-size': '7', page: String(page) });
      assert.equal(answer.status, 200, answer.text);
      rows.push(...rowsOf(answer).map((r) => r.patient_uid));
      if (answer.body.data.length < 7) return { rows, total: answer.body.meta.total };
    }
  };

  it('pages through every match once, in order, across the prefix\'s words and the caller\'s divisions; ties broken by the names', async () => {
    const divisions = facts.divisionUids.slice(0, 2);
    for (const sort of ['lastName', 'lastName,firstName', 'lastName,firstName,birthDate']) {
      const { rows, total } = await pages({ q: 'a', sort, current_division_only: 'false' });
      const expected = await inNameOrder(truth('a', divisions));
      assert.ok(new Set(expected.map((uid) => patients.find((p) => p.patient_uid === uid)!.last_name)).size > 3, 'several words');
      assert.deepEqual(rows, expected, sort);
      assert.equal(total, expected.length);
    }
  });

  it('a prefix of more than 200 distinct words is read whole, in the same order', async () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const names = Array.from({ length: 210 }, (_, i) => `Zq${letters[i % 26]}${letters[Math.floor(i / 26)]}`);
    const added = await server.db
      .insertInto('patient')
      .values(names.map((last_name, i) => ({ division_uid: facts.divisionUids[0], last_name, first_name: i % 2 ? 'Ann' : 'Bo' })))
      .returning('patient_uid')
      .execute();
    try {
      for (const q of ['zq', 'zqa']) {
        const { rows, total } = await pages({ q, sort: 'lastName' });
        const expected = await inNameOrder(added.map((p) => p.patient_uid).filter((_, i) => names[i].toLowerCase().startsWith(q)));
        assert.equal(expected.length, q === 'zq' ? 210 : 9);
        assert.deepEqual(rows, expected, q);
        assert.equal(total, expected.length);
      }
    } finally {
      await server.db.deleteFrom('patient').where('patient_uid', 'in', added.map((p) => p.patient_uid)).execute();
    }
  });
});

describe('hostile input', () => {
  it('quotes, LIKE wildcards and backslashes are plain characters', async () => {
    const ga = ids(await all({ q: 'ga' }));
    for (const q of ['ga%', '%ga', 'g_a', 'ga\\', '"ga"', "'ga'", 'ga;']) {
      const answer = await get(SUMMARY, { q, 'page-size': '50' });
      assert.equal(answer.status, 200, `${q}: ${answer.text}`);
      assertNoInternals(answer.text);
    }
    assert.deepEqual(ids(await all({ q: 'ga%' })), ga);
    assert.deepEqual(ids(await all({ q: '"ga"' })), ga);
    // Nothing searchable in q: nothing found, never everything.
    for (const q of ['%', '_', '\\', "'", '%%', '" "', "' or 1=1 --"]) {
      const answer = await get(SUMMARY, { q });
      assert.equal(answer.status, 200, `${q}: ${answer.text}`);
      if (q !== "' or 1=1 --") assert.deepEqual(answer.body.meta.total, 0, q);
    }
    const injection = await get(SUMMARY, { q: "garcia'; drop table patient; --" });
    assert.equal(injection.status, 200);
    assert.ok((await server.db.selectFrom('patient').select('patient_uid').limit(1).execute()).length === 1);
  });

  it('too long, too many words, control characters, repeated or unknown parameters are 400', async () => {
    assert.deepEqual(errorsOf(await get(SUMMARY, { q: 'a'.repeat(201) }), 400), [{ field: 'q', message: 'Must be at most 200 characters' }]);
    assert.equal((await get(SUMMARY, { q: 'a'.repeat(200) })).status, 200);
    assert.deepEqual(errorsOf(await get(SUMMARY, { q: 'a b c d e f g h i j k' }), 400), [{ field: 'q', message: 'Search at most 10 words at a time' }]);
    assert.deepEqual(errorsOf(await get(SUMMARY, { q: 'ga\u0000rcia' }), 400), [{ field: 'q', message: 'Must not contain control characters' }]);
    assert.equal(errorsOf(await get(SUMMARY, { q: ['ga', 'rc'] }), 400)[0].field, 'q');
    assert.deepEqual(errorsOf(await get(SUMMARY, { q: 'ga', last_name__like: 'x' }), 400), [{ field: 'last_name__like', message: "Unknown parameter 'last_name__like'" }]);
  });

  it('the quick search needs two characters', async () => {
    for (const q of ['', 'a', ' a ']) {
      assert.deepEqual(errorsOf(await get(QUICK, { q }), 400), [{ field: 'q', message: 'Please enter at least 2 characters.' }], JSON.stringify(q));
    }
    assert.deepEqual(errorsOf(await get(QUICK), 400), [{ field: 'q', message: 'Please enter at least 2 characters.' }]);
    const two = await get(QUICK, { q: 'ga' });
    assert.equal(two.status, 200);
    assert.equal(two.body.data[0].type, 'identity-quick-search');
    assert.equal(two.body.data[0].id, two.body.data[0].attributes.patient_uid);
  });
});

describe('the word index follows the patients', () => {
  it('a renamed patient is found by the new name only, one word or several', async () => {
    const ellery = named('Marcus', 'Ellery');
    await server.db.updateTable('patient').set({ last_name: 'Quillfeather' }).where('patient_uid', '=', ellery.patient_uid).execute();
    try {
      assert.deepEqual(ids(await all({ q: 'quillfeather' })), [ellery.patient_uid]);
      assert.deepEqual(ids(await all({ q: 'quill marcus' })), [ellery.patient_uid]);
      assert.deepEqual(ids(await all({ q: 'ellery' })), []);
    } finally {
      await server.db.updateTable('patient').set({ last_name: 'Ellery' }).where('patient_uid', '=', ellery.patient_uid).execute();
    }
    assert.deepEqual(ids(await all({ q: 'ellery' })), [ellery.patient_uid]);
  });

  it('a patient whose words start alike is found once', async () => {
    const hale = named('Felix', 'Hale');
    await server.db.updateTable('patient').set({ first_name: 'Avaline', middle_name: 'Ava Avery', last_name: 'Avalos' }).where('patient_uid', '=', hale.patient_uid).execute();
    const renamed = { ...hale, first_name: 'Avaline', middle_name: 'Ava Avery', last_name: 'Avalos' };
    patients = patients.map((p) => (p === hale ? renamed : p));
    try {
      for (const q of ['ava', 'av', 'aval', 'avalos', 'avery']) {
        const rows = await all({ q });
        assert.equal(rows.filter((r) => r.patient_uid === hale.patient_uid).length, 1, q);
        assert.equal(new Set(ids(rows)).size, rows.length, q);
        assert.deepEqual(ids(rows), truth(q), q);
      }
    } finally {
      await server.db.updateTable('patient').set({ first_name: 'Felix', middle_name: null, last_name: 'Hale' }).where('patient_uid', '=', hale.patient_uid).execute();
      patients = patients.map((p) => (p === renamed ? hale : p));
    }
  });
});

describe('custody: one reading of the identity facts (issue 32 §1)', () => {
  it('custodyOf: no SACWIS id, extract case or legal status is no custody at all; a legal status is custody whatever in_custody says', () => {
    const facts = { sacwisPersonId: null, agencyLegalStatus: null, inCustody: true, extractCase: false };
    assert.equal(custodyOf(facts), 'none');
    // in_custody is `not null default true`: alone, true or false, it is no fact.
    assert.equal(custodyOf({ ...facts, inCustody: false }), 'none');
    for (const known of [{ sacwisPersonId: '70000017' }, { extractCase: true }]) {
      assert.equal(custodyOf({ ...facts, ...known }), 'in-transition');
      assert.equal(custodyOf({ ...facts, ...known, inCustody: false }), 'out-of-custody');
      assert.equal(custodyOf({ ...facts, ...known, agencyLegalStatus: 'Temporary Custody' }), 'in-custody');
    }
    assert.equal(custodyOf({ ...facts, agencyLegalStatus: 'Permanent Custody', inCustody: false }), 'in-custody');
  });

  it('both search calls send that reading of the stored facts, a case from the identity extract included', async () => {
    const [north] = facts.divisionUids;
    const made: string[] = [];
    const make = async (last: string, values: { in_custody?: boolean; agency_legal_status?: string; sacwis_person_id?: string }, extractCase = false) => {
      const { patient_uid } = await server.db.insertInto('patient').values({ division_uid: north, first_name: 'Custo', last_name: last, birth_date: '1956-02-03', ...values }).returning('patient_uid').executeTakeFirstOrThrow();
      made.push(patient_uid);
      if (extractCase) await server.db.insertInto('patient_case').values({ patient_uid, case_id: `X-${last}`, case_category: 'Ongoing', from_extract: true }).execute();
    };
    try {
      // An adult added by a navigator; a child fuzzily matched (no SACWIS id of its own) with and without an open
      // episode; and the demo's contradiction: a legal status beside in_custody false.
      await make('Plainadult', {});
      await make('Leftcare', { in_custody: false }, true);
      await make('Midchange', {}, true);
      await make('Mixedfacts', { in_custody: false, agency_legal_status: 'Temporary Custody', sacwis_person_id: '990000001' });
      const expected = { Plainadult: 'none', Leftcare: 'out-of-custody', Midchange: 'in-transition', Mixedfacts: 'in-custody' };
      for (const path of [QUICK, SUMMARY]) {
        for (const [last, custody] of Object.entries(expected)) {
          const [row] = rowsOf(await get(path, { q: `custo ${last}` }));
          assert.equal(row?.custody, custody, `${path} ${last}`);
        }
      }
    } finally {
      await server.db.deleteFrom('patient').where('patient_uid', 'in', made).execute();
    }
  });
});
