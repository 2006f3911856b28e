import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { assertNoInternals, call, demoFacts, errorsOf, login, type DemoFacts } from './support/http';

let server: TestServer;
let url: string;
let facts: DemoFacts;
let nav: string;

before(async () => {
  server = await startTestServer();
  url = server.url;
  facts = await demoFacts(server.db);
  nav = (await login(url, 'navigator')).token;
});
after(async () => {
  await server?.stop();
});

const VIEW = '/api/data/public/queue-patient-view';
type Row = Record<string, any>;

/** GET on the view with query parameters (encoded the way the API client does, so `>>=` keys survive). */
const list = (params: Record<string, string | string[]> = {}, token = nav, path = VIEW) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one);
  const text = qs.toString();
  return call(url, text ? `${path}?${text}` : path, { token });
};
const rowsOf = (answer: { body: any }): Row[] => answer.body.data.map((r: { attributes: Row }) => r.attributes);

/** The rows the navigator may see in division 1, straight from SQL: all but two restricted and two adoption cases. */
async function navigatorTruth(where = sql`true`, order = sql`v.patient_uid`): Promise<Row[]> {
  const hidden = [...facts.restricted.others, ...facts.adoption];
  const result = await sql<Row>`select v.* from queue_patient_view v
     where v.division_uid = ${facts.divisionUids[0]} and v.patient_uid not in (${sql.join(hidden)}) and ${where}
     order by ${order}`.execute(server.db);
  return result.rows;
}

describe('paging', () => {
  it('defaults to page 1 of 10 and reports the total', async () => {
    const answer = await list();
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.length, 10);
    assert.deepEqual(answer.body.meta, { total: 236, page: 1, page_size: 10 });
    assert.equal((await navigatorTruth()).length, 236);
    const first = answer.body.data[0];
    assert.equal(first.type, 'queue-patient-view');
    assert.equal(first.id, first.attributes.patient_uid);
    assert.deepEqual(Object.keys(first.attributes).sort(), [
      'birth_date', 'created_at', 'episode_status_label', 'first_name', 'gender_label', 'last_name', 'patient_uid',
      'referral_codes', 'referral_date', 'referral_reason', 'referral_source_label', 'referral_status', 'restricted_flag', 'updated_at',
    ]);
  });

  it('pages are disjoint and together are the whole, in the same order as all-data', async () => {
    const all = await list({ 'all-data': '1', sort: 'last_name,first_name' });
    assert.equal(all.status, 200);
    assert.equal(all.body.data.length, 236);
    assert.deepEqual(all.body.meta, { total: 236, page: 1, page_size: 10_000 });
    const ids: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const answer = await list({ page: String(page), 'page-size': '50', sort: 'last_name,first_name' });
      assert.deepEqual(answer.body.meta, { total: 236, page, page_size: 50 });
      assert.equal(answer.body.data.length, page < 5 ? 50 : 36);
      ids.push(...answer.body.data.map((r: { id: string }) => r.id));
    }
    assert.equal(new Set(ids).size, 236);
    assert.deepEqual(ids, all.body.data.map((r: { id: string }) => r.id));
    const past = await list({ page: '6', 'page-size': '50' });
    assert.equal(past.status, 200);
    assert.deepEqual(past.body, { data: [], meta: { total: 236, page: 6, page_size: 50 } });
  });

  it('the queues\' order under a name filter: each page is its slice of the whole, the access rule applied (pages chosen by key)', async () => {
    const truth = await navigatorTruth(sql`v.last_name ilike '%a%'`, sql`v.referral_date desc nulls last, v.last_name asc nulls last, v.patient_uid`);
    assert.ok(truth.length > 25, 'enough rows for three pages');
    for (const page of [1, 2, 3]) {
      const answer = await list({ last_name__like: 'a', sort: '-referral_date,last_name', page: String(page), 'page-size': '10' });
      assert.equal(answer.body.meta.total, truth.length);
      assert.deepEqual(rowsOf(answer).map((r) => r.patient_uid), truth.slice((page - 1) * 10, page * 10).map((r) => r.patient_uid), `page ${page}`);
    }
  });

  it('accepts page-size up to 500', async () => {
    const answer = await list({ 'page-size': '500' });
    assert.deepEqual(answer.body.meta, { total: 236, page: 1, page_size: 500 });
    assert.equal(answer.body.data.length, 236);
  });
});

describe('sort', () => {
  it('sorts descending then ascending on two columns, as PostgreSQL does', async () => {
    const answer = await list({ sort: '-birth_date,last_name', 'all-data': '1' });
    const got = rowsOf(answer).map((r) => r.patient_uid);
    const truth = await navigatorTruth(sql`true`, sql`v.birth_date desc nulls last, v.last_name asc nulls last, v.patient_uid`);
    assert.deepEqual(got, truth.map((r) => r.patient_uid));
    const dates = rowsOf(answer).map((r) => r.birth_date as string);
    for (let i = 1; i < dates.length; i++) assert.ok(dates[i - 1] >= dates[i], `birth_date desc at ${i}: ${dates[i - 1]} then ${dates[i]}`);
  });

  it('sorts ascending by date with empty values last', async () => {
    const rows = rowsOf(await list({ sort: 'referral_date', 'all-data': '1' }));
    const dates = rows.map((r) => r.referral_date as string | null);
    const firstNull = dates.indexOf(null);
    assert.ok(firstNull > 0, 'some patients have referrals and some have none');
    assert.ok(dates.slice(firstNull).every((d) => d === null));
    const set = dates.slice(0, firstNull) as string[];
    for (let i = 1; i < set.length; i++) assert.ok(set[i - 1] <= set[i]);
    const desc = rowsOf(await list({ sort: '-referral_date', 'page-size': '5' }));
    const max = (await navigatorTruth(sql`v.referral_date is not null`, sql`v.referral_date desc`))[0].referral_date;
    assert.equal(desc[0].referral_date, max);
  });

  it('refuses an unknown sort column, naming it', async () => {
    assert.deepEqual(errorsOf(await list({ sort: 'last_name,ssn' }), 400), [{ field: 'sort', message: "Unknown sort column 'ssn' for view 'queue-patient-view'" }]);
    assert.deepEqual(errorsOf(await list({ sort: 'last_name; drop table patient' }), 400), [
      { field: 'sort', message: "Unknown sort column 'last_name; drop table patient' for view 'queue-patient-view'" },
    ]);
  });
});

describe('filter operators', () => {
  const idsOf = (rows: Row[]) => rows.map((r) => r.patient_uid).sort();
  const check = async (params: Record<string, string | string[]>, where: ReturnType<typeof sql>, expectSome = true) => {
    const answer = await list({ ...params, 'all-data': '1' });
    assert.equal(answer.status, 200, answer.text);
    const truth = await navigatorTruth(where);
    if (expectSome) assert.ok(truth.length > 0, 'the seed should give this filter something to find');
    assert.equal(answer.body.meta.total, truth.length);
    assert.deepEqual(idsOf(rowsOf(answer)), idsOf(truth));
    return rowsOf(answer);
  };

  it('eq (explicit and bare), with accents and several values', async () => {
    const rows = await check({ last_name__eq: 'García' }, sql`v.last_name = 'García'`);
    assert.ok(rows.every((r) => r.last_name === 'García'));
    await check({ last_name: 'García' }, sql`v.last_name = 'García'`);
    await check({ last_name: ['García', 'Peña'] }, sql`v.last_name in ('García', 'Peña')`);
    // eq is exact: no case folding, no partial match.
    await check({ last_name: 'garcía' }, sql`false`, false);
    await check({ last_name: 'Garc' }, sql`false`, false);
  });

  it('null means "is empty"', async () => {
    const rows = await check({ referral_date: 'null' }, sql`v.referral_date is null`);
    assert.ok(rows.every((r) => r.referral_date === null));
    await check({ referral_status__eq: 'null' }, sql`v.referral_status is null`);
    await check({ referral_status: ['New', 'null'] }, sql`(v.referral_status = 'New' or v.referral_status is null)`);
  });

  it('like: case-insensitive substring, accents kept, wildcards literal', async () => {
    const rows = await check({ last_name__like: 'gar' }, sql`v.last_name ilike '%gar%'`);
    assert.ok(rows.length > 0 && rows.every((r) => /gar/i.test(r.last_name)));
    assert.ok(rows.some((r) => r.last_name === 'García'));
    await check({ last_name__like: 'TÍN' }, sql`v.last_name ilike '%tín%'`);
    await check({ last_name__like: "o'bri" }, sql`v.last_name = 'O''Brien'`);
    await check({ last_name__like: '%' }, sql`false`, false);
    await check({ last_name__like: '_' }, sql`false`, false);
    await check({ last_name__like: '\\' }, sql`false`, false);
  });

  it('like on a date matches the date as tables show it (MM/DD/YYYY)', async () => {
    const rows = await check({ birth_date__like: '/1990' }, sql`to_char(v.birth_date, 'MM/DD/YYYY') like '%/1990%'`);
    assert.ok(rows.every((r) => r.birth_date.startsWith('1990-')));
  });

  it('contains on text: every value must appear', async () => {
    await check({ first_name__contains: ['a', 'y'] }, sql`v.first_name ilike '%a%' and v.first_name ilike '%y%'`);
  });

  it('>>, >>=, << and <= on dates, bounds included or not', async () => {
    const [{ d }] = (await sql<{ d: string }>`select birth_date::text as d from patient where division_uid = ${facts.divisionUids[0]} order by birth_date offset 100 limit 1`.execute(server.db)).rows;
    const gt = await check({ 'birth_date__>>': d }, sql`v.birth_date > ${d}::date`);
    assert.ok(gt.every((r) => r.birth_date > d));
    const ge = await check({ 'birth_date__>>=': d }, sql`v.birth_date >= ${d}::date`);
    assert.ok(ge.some((r) => r.birth_date === d));
    const lt = await check({ 'birth_date__<<': d }, sql`v.birth_date < ${d}::date`);
    assert.ok(lt.every((r) => r.birth_date < d));
    const le = await check({ 'birth_date__<=': d }, sql`v.birth_date <= ${d}::date`);
    assert.equal(ge.length + lt.length, 236);
    assert.equal(gt.length + le.length, 236);
    await check({ 'birth_date__>>=': '1980-01-01', 'birth_date__<<': '1990-01-01' }, sql`v.birth_date >= '1980-01-01' and v.birth_date < '1990-01-01'`);
  });

  it('date-times compare on timestamp columns', async () => {
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await check({ 'created_at__>>=': since }, sql`v.created_at >= ${since}::timestamptz`);
  });

  it('contains_uuid_* on a column that is not a list of ids is a 400', async () => {
    const id = facts.restricted.mine;
    assert.deepEqual(errorsOf(await list({ patient_uid__contains_uuid_and: id }), 400), [
      { field: 'patient_uid__contains_uuid_and', message: "Operator 'contains_uuid_and' does not apply to column in 'patient_uid__contains_uuid_and'" },
    ]);
    errorsOf(await list({ patient_uid__contains_uuid_or: id }), 400);
    assert.deepEqual(errorsOf(await list({ is_active__like: 'tr' }, nav, '/api/data/reference/reference-gender'), 400), [
      { field: 'is_active__like', message: "Operator 'like' does not apply to column in 'is_active__like'" },
    ]);
    assert.deepEqual(errorsOf(await list({ birth_date__contains: '1990' }), 400), [
      { field: 'birth_date__contains', message: "Operator 'contains' does not apply to column in 'birth_date__contains'" },
    ]);
  });

  it('filters by id', async () => {
    await check({ patient_uid: facts.restricted.mine }, sql`v.patient_uid = ${facts.restricted.mine}`);
    assert.deepEqual(errorsOf(await list({ patient_uid: 'abc' }), 400), [{ field: 'patient_uid', message: "Filter value for 'patient_uid' must be an id" }]);
  });
});

describe('unknown names', () => {
  it('unknown view: 400 naming it', async () => {
    assert.deepEqual(errorsOf(await list({}, nav, '/api/data/public/patient_secrets'), 400), [{ message: "Unknown view 'patient_secrets'" }]);
    assert.deepEqual(errorsOf(await list({}, nav, '/api/data/reference/reference-nope'), 400), [{ message: "Unknown view 'reference-nope'" }]);
    // Names that exist on Object.prototype are not views.
    assert.deepEqual(errorsOf(await list({}, nav, '/api/data/public/constructor'), 400), [{ message: "Unknown view 'constructor'" }]);
    assert.deepEqual(errorsOf(await list({}, nav, '/api/data/public/__proto__'), 400), [{ message: "Unknown view '__proto__'" }]);
  });

  it('unknown column: 400 naming it', async () => {
    assert.deepEqual(errorsOf(await list({ ssn: '123' }), 400), [{ field: 'ssn', message: "Unknown column 'ssn' for view 'queue-patient-view'" }]);
    assert.deepEqual(errorsOf(await list({ division_uid__eq: facts.divisionUids[1] }), 400), [
      { field: 'division_uid__eq', message: "Unknown column 'division_uid' for view 'queue-patient-view'" },
    ]);
    // Names inherited from Object.prototype are not columns.
    assert.deepEqual(errorsOf(await list({ toString: 'x' }), 400), [{ field: 'toString', message: "Unknown column 'toString' for view 'queue-patient-view'" }]);
    assert.deepEqual(errorsOf(await list({ constructor__like: 'x' }), 400), [{ field: 'constructor__like', message: "Unknown column 'constructor' for view 'queue-patient-view'" }]);
    assert.deepEqual(errorsOf(await list({ sort: '-hasOwnProperty' }), 400), [{ field: 'sort', message: "Unknown sort column 'hasOwnProperty' for view 'queue-patient-view'" }]);
  });

  it('unknown operator: 400 naming it', async () => {
    assert.deepEqual(errorsOf(await list({ last_name__regex: '.*' }), 400), [
      { field: 'last_name__regex', message: "Unknown filter operator 'regex' in 'last_name__regex'" },
    ]);
    assert.deepEqual(errorsOf(await list({ 'last_name__=': 'x' }), 400), [{ field: 'last_name__=', message: "Unknown filter operator '=' in 'last_name__='" }]);
  });
});

describe('hostile input', () => {
  const injections = ["' or 1=1 --", "'; drop table patient; --", '"; select * from app_user; --', "García' union select password_hash from app_user --", '); delete from session; --'];

  for (const value of injections) {
    it(`treats ${JSON.stringify(value)} as plain data`, async () => {
      for (const key of ['last_name', 'last_name__like', 'first_name__contains']) {
        const answer = await list({ [key]: value });
        assert.equal(answer.status, 200, answer.text);
        assert.deepEqual(answer.body, { data: [], meta: { total: 0, page: 1, page_size: 10 } });
      }
      const stillThere = await sql<{ n: number }>`select count(*)::int as n from patient`.execute(server.db);
      assert.equal(stillThere.rows[0].n, 300);
    });
  }

  it('finds names with apostrophes, accents and nothing for emoji', async () => {
    const obrien = rowsOf(await list({ last_name: "O'Brien", 'all-data': '1' }));
    assert.ok(obrien.length > 0 && obrien.every((r) => r.last_name === "O'Brien"));
    const muller = rowsOf(await list({ last_name__like: 'müll', 'all-data': '1' }));
    assert.ok(muller.length > 0 && muller.every((r) => r.last_name === 'Müller'));
    const zoe = rowsOf(await list({ first_name: 'Zoë', 'all-data': '1' }));
    assert.ok(zoe.length > 0 && zoe.every((r) => r.first_name === 'Zoë'));
    for (const v of ['😀', '👩‍👩‍👧', '名前', 'ℌ𝔢𝔩𝔩𝔬', '\u202Eevil']) {
      const answer = await list({ last_name__like: v });
      assert.equal(answer.status, 200, `${v}: ${answer.text}`);
      assert.equal(answer.body.meta.total, 0);
    }
  });

  const refused: [string, Record<string, string>, { field: string; message: string }][] = [
    ['page-size=100000', { 'page-size': '100000' }, { field: 'page-size', message: 'page-size must be a whole number from 1 to 500' }],
    ['page-size=501', { 'page-size': '501' }, { field: 'page-size', message: 'page-size must be a whole number from 1 to 500' }],
    ['page-size=0', { 'page-size': '0' }, { field: 'page-size', message: 'page-size must be a whole number from 1 to 500' }],
    ['page-size=1e3', { 'page-size': '1e3' }, { field: 'page-size', message: 'page-size must be a whole number from 1 to 500' }],
    ['page-size=99999999999999999999', { 'page-size': '99999999999999999999' }, { field: 'page-size', message: 'page-size must be a whole number from 1 to 500' }],
    ['page=-1', { page: '-1' }, { field: 'page', message: 'page must be a whole number from 1 to 1000000' }],
    ['page=0', { page: '0' }, { field: 'page', message: 'page must be a whole number from 1 to 1000000' }],
    ['page=1.5', { page: '1.5' }, { field: 'page', message: 'page must be a whole number from 1 to 1000000' }],
    ['page=abc', { page: 'abc' }, { field: 'page', message: 'page must be a whole number from 1 to 1000000' }],
    ["page=1' or '1'='1", { page: "1' or '1'='1" }, { field: 'page', message: 'page must be a whole number from 1 to 1000000' }],
    ['a 201-character value', { last_name__like: 'x'.repeat(201) }, { field: 'last_name__like', message: "Filter value for 'last_name__like' is too long" }],
    ['a 1,000-character accented value', { last_name: 'é'.repeat(1_000) }, { field: 'last_name', message: "Filter value for 'last_name' is too long" }],
    ['a NUL byte', { last_name: 'Gar\u0000cía' }, { field: 'last_name', message: "Filter value for 'last_name' contains control characters" }],
    ['an impossible date', { birth_date: '2020-02-30' }, { field: 'birth_date', message: "Filter value for 'birth_date' must be a date (YYYY-MM-DD)" }],
    ['month 13', { 'birth_date__>>=': '2020-13-45' }, { field: 'birth_date__>>=', message: "Filter value for 'birth_date__>>=' must be a date (YYYY-MM-DD)" }],
    ['a bare number as a date', { 'birth_date__<<': '1' }, { field: 'birth_date__<<', message: "Filter value for 'birth_date__<<' must be a date (YYYY-MM-DD)" }],
    ['prose as a date', { 'birth_date__<<': 'March 7, 1990' }, { field: 'birth_date__<<', message: "Filter value for 'birth_date__<<' must be a date (YYYY-MM-DD)" }],
    ['prose as a date-time', { 'created_at__>>': 'Tue Mar 01 2022' }, { field: 'created_at__>>', message: "Filter value for 'created_at__>>' must be a date or date-time (ISO 8601)" }],
    ['SQL as a date', { 'birth_date__<=': "1990-01-01' or 1=1 --" }, { field: 'birth_date__<=', message: "Filter value for 'birth_date__<=' must be a date (YYYY-MM-DD)" }],
    ['a quote in a column name', { "last_name' --": 'x' }, { field: "last_name' --", message: "Unknown column 'last_name' --' for view 'queue-patient-view'" }],
    ['a semicolon in a column name', { 'last_name;drop': 'x' }, { field: 'last_name;drop', message: "Unknown column 'last_name;drop' for view 'queue-patient-view'" }],
    ['a unicode column name', { 'apellído': 'x' }, { field: 'apellído', message: "Unknown column 'apellído' for view 'queue-patient-view'" }],
  ];
  for (const [what, params, error] of refused) {
    it(`refuses ${what} with 400`, async () => {
      const answer = await list(params);
      assert.deepEqual(errorsOf(answer, 400), [error]);
    });
  }

  it('answers an oversized URL with 431 in the JSON error format', async () => {
    const answer = await list({ last_name: 'é'.repeat(10_000) });
    assert.deepEqual(errorsOf(answer, 431), [{ message: 'Request headers or URL are too large' }]);
  });

  it('never answers with SQL text or a stack trace, even on odd paths', async () => {
    for (const path of [
      `${VIEW}?last_name__like=%27`,
      `${VIEW}?sort=%27`,
      `${VIEW}?page=%27`,
      `${VIEW}/%27%3B%20drop%20table%20patient`,
      `${VIEW}/not-a-uuid`,
      '/api/data/public/%27%3B%20drop%20table%20patient',
      '/api/data/public/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const answer = await call(url, path, { token: nav });
      assert.ok([200, 400, 404].includes(answer.status), `${path}: ${answer.status} ${answer.text}`);
      assertNoInternals(answer.text.replace(/"(patient_uid|first_name|last_name)":"[^"]*"/g, ''));
    }
  });
});

describe('row scope', () => {
  const visibleTo = async (token: string, patientUid: string) => {
    const one = await call(url, `${VIEW}/${patientUid}`, { token });
    const filtered = await list({ patient_uid: patientUid }, token);
    assert.equal(filtered.body.meta.total, one.status === 200 ? 1 : 0, 'the list and the single read agree');
    if (one.status !== 200) assert.deepEqual(errorsOf(one, 404), [{ message: 'Not found' }]);
    else assert.equal(one.body.data.id, patientUid);
    return one.status === 200;
  };

  it('division: rows of division 2 are not visible from division 1, and are after a switch', async () => {
    const other = await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).orderBy('patient_uid').limit(1).executeTakeFirstOrThrow();
    assert.equal(await visibleTo(nav, other.patient_uid), false);
    const all = rowsOf(await list({ 'all-data': '1' }));
    const div2 = new Set((await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).execute()).map((p) => p.patient_uid));
    assert.equal(div2.size, 60);
    assert.ok(all.every((r) => !div2.has(r.patient_uid)));
    const me = await login(url, 'navigator');
    const sw = await call(url, '/api/session/current', { method: 'PUT', token: me.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } });
    const token2 = sw.body.data.attributes.token;
    assert.equal(await visibleTo(token2, other.patient_uid), true);
    assert.equal((await list({}, token2)).body.meta.total, 60);
  });

  it('restricted: the navigator sees her own restricted case only; admin (identityViewRestricted) sees all three', async () => {
    assert.equal(await visibleTo(nav, facts.restricted.mine), true);
    assert.equal(await visibleTo(nav, facts.restricted.others[0]), false);
    assert.equal(await visibleTo(nav, facts.restricted.others[1]), false);
    const restrictedRows = rowsOf(await list({ restricted_flag: '1' }));
    assert.deepEqual(restrictedRows.map((r) => r.patient_uid), [facts.restricted.mine]);
    const admin = (await login(url, 'admin')).token;
    for (const id of [facts.restricted.mine, ...facts.restricted.others]) assert.equal(await visibleTo(admin, id), true);
    assert.equal((await list({ restricted_flag: '1' }, admin)).body.meta.total, 3);
    assert.equal((await list({}, admin)).body.meta.total, 240);
  });

  it('restricted: matching on the case worker also works by user name', async () => {
    await server.db.updateTable('patient_case').set({ sup_email: 'COMMUNITY' }).where('patient_uid', '=', facts.restricted.others[0]).execute();
    try {
      const community = (await login(url, 'community')).token;
      assert.equal(await visibleTo(community, facts.restricted.others[0]), true);
      assert.equal(await visibleTo(community, facts.restricted.others[1]), false);
    } finally {
      await server.db.updateTable('patient_case').set({ sup_email: null }).where('patient_uid', '=', facts.restricted.others[0]).execute();
    }
  });

  // Identity users' view of restricted and adoption cases is tested through their search (patient-search.test.ts):
  // work queues are not theirs (deny by default, access.test.ts).
  it('adoption: hidden from the navigator, visible to admin (adopt view)', async () => {
    const admin = (await login(url, 'admin')).token;
    for (const id of facts.adoption) {
      assert.equal(await visibleTo(nav, id), false);
      assert.equal(await visibleTo(admin, id), true);
    }
  });
});

describe('other views', () => {
  it('reference models list in their default order', async () => {
    const genders = await list({}, nav, '/api/data/reference/reference-gender');
    assert.equal(genders.status, 200);
    assert.deepEqual(genders.body.meta, { total: 3, page: 1, page_size: 10 });
    assert.deepEqual(rowsOf(genders).map((r) => r.label), ['Male', 'Female', 'Unknown']);
    assert.equal(genders.body.data[0].type, 'reference-gender');
    assert.deepEqual(Object.keys(rowsOf(genders)[0]).sort(), ['default_sort_order', 'is_active', 'label', 'name', 'ref_data_type', 'uid']);
    const episode = await list({ ref_data_type: 'Episode' }, nav, '/api/data/reference/reference-status');
    assert.deepEqual(rowsOf(episode).map((r) => r.label), ['Active', 'Pending', 'Closed']);
    const sorted = await list({ sort: '-label' }, nav, '/api/data/reference/reference-referral-source');
    assert.deepEqual(rowsOf(sorted).map((r) => r.label), ['Self', 'Other', 'Law Enforcement', 'Hospital', 'Family', 'Emergency Department']);
    // Nothing matches: an empty page, not an error.
    assert.deepEqual((await list({ label: 'No such medicine' }, nav, '/api/data/reference/reference-medication')).body, { data: [], meta: { total: 0, page: 1, page_size: 10 } });
    // One item by id; another model's id is not found under this one.
    const male = genders.body.data[0];
    assert.equal((await call(url, `/api/data/reference/reference-gender/${male.id}`, { token: nav })).body.data.attributes.label, 'Male');
    errorsOf(await call(url, `/api/data/reference/reference-race/${male.id}`, { token: nav }), 404);
  });

  it('facility and division lists', async () => {
    const facilities = await list({ sort: 'facility_name' }, nav, '/api/data/public/facility');
    // Every area seeds facilities (hospitals, CIT units, schools): the list is the organisation's own and shared ones.
    const expected = await server.db
      .selectFrom('facility')
      .select('facility_name')
      .where((eb) => eb.or([eb('org_uid', 'in', eb.selectFrom('organization').select('org_uid').where('org_name', '=', 'Careweave Demo Health')), eb('org_uid', 'is', null)]))
      .orderBy('facility_name')
      .execute();
    assert.ok(expected.length >= 4);
    assert.deepEqual(rowsOf(facilities).map((r) => r.facility_name), expected.map((f) => f.facility_name).slice(0, 10));
    const divisions = await list({}, nav, '/api/data/public/division');
    assert.deepEqual(rowsOf(divisions).map((r) => r.division_name), ['Franklin County Care', 'Summit County Care']);
    const identity = (await login(url, 'identity')).token;
    assert.deepEqual(rowsOf(await list({}, identity, '/api/data/public/division')).map((r) => r.division_name), ['Franklin County Care']);
    errorsOf(await call(url, `/api/data/public/division/${facts.divisionUids[1]}`, { token: identity }), 404);
  });

  it("one facility by id; one that cannot be resolved (none, another organisation's, a malformed id) is 404 'Uknown Facility' (spec 001 section 8)", async () => {
    const [first] = rowsOf(await list({ sort: 'facility_name', 'page-size': '1' }, nav, '/api/data/public/facility'));
    const found = await call(url, `/api/data/public/facility/${first.facility_uid}`, { token: nav });
    assert.equal(found.status, 200);
    assert.equal(found.body.data.attributes.facility_name, first.facility_name);
    const other = await server.db.insertInto('organization').values({ org_name: 'Faraway Health', name: 'Faraway Health', market_uid: null }).returning('org_uid').executeTakeFirstOrThrow();
    const theirs = await server.db.insertInto('facility').values({ facility_name: 'Faraway Clinic', org_uid: other.org_uid, facility_type: null }).returning('facility_uid').executeTakeFirstOrThrow();
    for (const id of ['00000000-0000-4000-8000-000000000000', theirs.facility_uid, 'not-an-id']) {
      assert.deepEqual(errorsOf(await call(url, `/api/data/public/facility/${id}`, { token: nav }), 404), [{ message: 'Uknown Facility' }], id);
    }
    // Other views keep their plain answer.
    assert.deepEqual(errorsOf(await call(url, `/api/data/public/division/00000000-0000-4000-8000-000000000000`, { token: nav }), 404), [{ message: 'Not found' }]);
  });

  it('organisation and market of the caller only (the hierarchy calls)', async () => {
    const orgs = rowsOf(await list({}, nav, '/api/data/public/organization'));
    assert.deepEqual(orgs.map((o) => o.org_name), ['Careweave Demo Health']);
    const markets = rowsOf(await list({}, nav, '/api/data/public/reference-market'));
    assert.deepEqual(markets.map((m) => m.market_name), ['Ohio']);
    assert.equal((await call(url, `/api/data/public/organization/${orgs[0].org_uid}`, { token: nav })).body.data.attributes.name, 'Careweave Demo Health');
    // Another organisation's records are not found.
    const other = await server.db.insertInto('organization').values({ org_name: 'Elsewhere Health', name: 'Elsewhere Health', market_uid: null }).returning('org_uid').executeTakeFirstOrThrow();
    errorsOf(await call(url, `/api/data/public/organization/${other.org_uid}`, { token: nav }), 404);
    assert.equal(rowsOf(await list({}, nav, '/api/data/public/organization')).length, 1);
  });

  it('401 without a token or with a bad one', async () => {
    for (const path of [VIEW, `${VIEW}/${facts.restricted.mine}`, '/api/data/reference/reference-gender', '/api/data/public/nope']) {
      assert.deepEqual(errorsOf(await call(url, path), 401), [{ message: 'Your session has expired or you are not signed in.' }]);
      errorsOf(await call(url, path, { token: 'forged' }), 401);
    }
  });
});

describe('latest referral columns (kept by the inbound_referral trigger)', () => {
  it('follow inserts, updates and deletes of a patient’s referrals', async () => {
    const [{ patient_uid: id }] = (await sql<{ patient_uid: string }>`
      select p.patient_uid from patient p where p.division_uid = ${facts.divisionUids[0]} and p.restricted_flag = '0'
         and not exists (select 1 from inbound_referral r where r.patient_uid = p.patient_uid)
         and not exists (select 1 from patient_case c where c.patient_uid = p.patient_uid)
       order by p.patient_uid limit 1`.execute(server.db)).rows;
    const shown = async () => {
      const [row] = rowsOf(await list({ patient_uid: id }));
      return [row.referral_date, row.referral_status, row.referral_source_label];
    };
    assert.deepEqual(await shown(), [null, null, null]);
    const source = await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-referral-source').where('label', '=', 'Hospital').executeTakeFirstOrThrow();
    await server.db.insertInto('inbound_referral').values({ patient_uid: id, referral_date: '2024-03-01', referral_source_uid: source.uid, status: 'New' }).execute();
    assert.deepEqual(await shown(), ['2024-03-01', 'New', 'Hospital']);
    const second = await server.db.insertInto('inbound_referral').values({ patient_uid: id, referral_date: '2024-05-01', status: 'Accepted' }).returning('referral_uid').executeTakeFirstOrThrow();
    assert.deepEqual(await shown(), ['2024-05-01', 'Accepted', null]);
    // An older referral does not replace a newer one.
    await server.db.insertInto('inbound_referral').values({ patient_uid: id, referral_date: '2023-01-01', status: 'Closed' }).execute();
    assert.deepEqual(await shown(), ['2024-05-01', 'Accepted', null]);
    await server.db.updateTable('inbound_referral').set({ status: 'Declined' }).where('referral_uid', '=', second.referral_uid).execute();
    assert.deepEqual(await shown(), ['2024-05-01', 'Declined', null]);
    await server.db.deleteFrom('inbound_referral').where('referral_uid', '=', second.referral_uid).execute();
    assert.deepEqual(await shown(), ['2024-03-01', 'New', 'Hospital']);
    await server.db.deleteFrom('inbound_referral').where('patient_uid', '=', id).execute();
    assert.deepEqual(await shown(), [null, null, null]);
  });
});
