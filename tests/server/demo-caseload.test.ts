import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { CASELOAD } from '../../server/db/seed/caseload';
import { IDENTITY_CHILDREN } from '../../server/db/seed/identity-children';
import { call, login, type LoggedIn } from './support/http';

/**
 * Issue 32 §3, "The demo is a real caseload": the patients a navigator sees
 * first are the caseload, each with a history on every record page; names
 * and sex agree; only the children of the identity extract carry custody
 * facts, and theirs agree with each other; the seed is the same each time.
 */

let server: TestServer;
let nav: LoggedIn;
/** The caseload's patient ids, in CASELOAD order. */
let caseload: string[];

before(async () => {
  server = await startTestServer();
  nav = await login(server.url, 'navigator');
  const division = sql<string>`(select division_uid from division order by division_name limit 1)`;
  const { rows } = await sql<{ patient_uid: string; first_name: string; last_name: string }>`
    select patient_uid, first_name, last_name from patient where division_uid = ${division}`.execute(server.db);
  caseload = CASELOAD.map((p) => {
    const found = rows.filter((r) => r.first_name === p.first && r.last_name === p.last);
    assert.equal(found.length, 1, `${p.first} ${p.last} is one patient of the first division`);
    return found[0].patient_uid;
  });
});
after(async () => {
  await server?.stop();
});

const nameOf = (uid: string) => {
  const p = CASELOAD[caseload.indexOf(uid)];
  return `${p.first} ${p.last}`;
};

/** Per caseload patient, how many rows `query` counts (its `patient_uid`, `n`). */
async function countsPerPatient(query: ReturnType<typeof sql<{ patient_uid: string; n: number }>>): Promise<Map<string, number>> {
  const { rows } = await query.execute(server.db);
  return new Map(rows.map((r) => [r.patient_uid, Number(r.n)]));
}

describe('the demo caseload (issue 32 §3)', () => {
  it('is 30 patients, and the navigator\'s home queues open on them', async () => {
    assert.equal(caseload.length, 30);
    const queues = await call(server.url, '/api/queues', { token: nav.token });
    assert.equal(queues.status, 200, queues.text);
    assert.ok(queues.body.data.length >= 3, 'the navigator has work queues');
    let shown = 0;
    for (const q of queues.body.data as { id: string; attributes: { queue_label: string } }[]) {
      const page = await call(server.url, `/api/queues/${q.id}?page=1&page-size=5`, { token: nav.token });
      assert.equal(page.status, 200, page.text);
      for (const row of page.body.data.attributes.data as { patient_uid: string }[]) {
        shown++;
        assert.ok(caseload.includes(row.patient_uid), `${q.attributes.queue_label}: its first page shows ${row.patient_uid}, not a patient of the caseload`);
      }
    }
    assert.ok(shown >= 10, `the queues' first pages show patients (${shown})`);
  });

  it('each of the 30 has a history on every record page', async () => {
    const per: [string, ReturnType<typeof sql<{ patient_uid: string; n: number }>>][] = [
      ['notes', sql`select patient_uid, count(*) as n from patient_note where not is_archived group by patient_uid`],
      // ICD-10: a letter, two digits, and the code's detail after a point.
      ['diagnoses with ICD-10 codes', sql`select d.patient_uid, count(*) as n from patient_diagnosis d join reference_data dx on dx.uid = d.ref_diagnosis_uid where dx.name ~ '^[A-TV-Z][0-9][0-9A-Z](\\.[0-9A-Z]{1,4})?$' group by d.patient_uid`],
      ['allergies', sql`select patient_uid, count(*) as n from patient_allergy group by patient_uid`],
      ['medications with relief fields', sql`select patient_uid, count(*) as n from patient_medication where relief_rating is not null and relief_duration is not null and patient_reported_improvement is not null group by patient_uid`],
      ['admissions', sql`select patient_uid, count(*) as n from admission group by patient_uid`],
      ['medical events', sql`select patient_uid, count(*) as n from medical_event group by patient_uid`],
      ['outbound referrals', sql`select patient_uid, count(*) as n from outbound_referral group by patient_uid`],
      ['care team', sql`select patient_uid, count(*) as n from provider_patient where care_team group by patient_uid`],
      ['care givers', sql`select patient_uid, count(*) as n from care_giver group by patient_uid`],
      ['documents', sql`select patient_uid, count(*) as n from patient_attachment group by patient_uid`],
      ['resources', sql`select patient_uid, count(*) as n from patient_resource group by patient_uid`],
      ['reminders', sql`select subject_uid as patient_uid, count(*) as n from notification group by subject_uid`],
      ['badges', sql`select patient_uid, count(*) as n from patient_badge group by patient_uid`],
      ['chat', sql`select t.patient_uid, count(*) as n from chat_topic t join chat_message m using (topic_uid) group by t.patient_uid`],
    ];
    const empty: string[] = [];
    for (const [page, query] of per) {
      const counts = await countsPerPatient(query as ReturnType<typeof sql<{ patient_uid: string; n: number }>>);
      for (const uid of caseload) if (!counts.get(uid)) empty.push(`${nameOf(uid)}: no ${page}`);
    }
    assert.deepEqual(empty, []);
  });

  it('a history over months: each patient\'s notes span at least two months, and none is dated ahead', async () => {
    const { rows } = await sql<{ patient_uid: string; first: Date; last: Date; ahead: boolean }>`
      select patient_uid, min(activity_date) as first, max(activity_date) as last, bool_or(activity_date > now()) as ahead
        from patient_note where patient_uid = any(${caseload}::uuid[]) group by patient_uid`.execute(server.db);
    assert.deepEqual(caseload.filter((uid) => !rows.some((r) => r.patient_uid === uid)).map(nameOf), [], 'every patient has notes');
    const short = rows.filter((r) => new Date(r.last).getTime() - new Date(r.first).getTime() < 60 * 86_400_000 || r.ahead).map((r) => nameOf(r.patient_uid));
    assert.deepEqual(short, []);
  });

  it('together they hold medical events of each type and outbound referrals in every status', async () => {
    const { rows: types } = await sql<{ name: string }>`
      select distinct t.name from medical_event e join reference_data t on t.uid = e.medical_event_type_uid where e.patient_uid = any(${caseload}::uuid[]) order by t.name`.execute(server.db);
    const { rows: allTypes } = await sql<{ name: string }>`
      select distinct name from reference_data where model = 'reference-medical-event' and is_active and org_uid is null order by name`.execute(server.db);
    assert.ok(['drug_overdose', 'other_interaction', 'survivor_interaction', 'treatment_referral'].every((t) => allTypes.some((a) => a.name === t)), allTypes.map((t) => t.name).join(', '));
    assert.deepEqual(types.map((t) => t.name), allTypes.map((t) => t.name));
    const { rows: statuses } = await sql<{ label: string }>`
      select distinct s.label from outbound_referral r join reference_data s on s.uid = r.status_uid where r.patient_uid = any(${caseload}::uuid[]) order by s.label`.execute(server.db);
    const { rows: offered } = await sql<{ label: string }>`
      select distinct label from reference_data where model = 'reference-status' and ref_data_type = 'outbound referral' and is_active and org_uid is null order by label`.execute(server.db);
    assert.ok(offered.length >= 4, `the outbound referral statuses (${offered.map((s) => s.label).join(', ')})`);
    assert.deepEqual(statuses.map((s) => s.label), offered.map((s) => s.label));
  });

  it('chat: conversations between the demo users, each with messages of at least two of them', async () => {
    const { rows } = await sql<{ patient_uid: string; authors: string[] }>`
      select t.patient_uid, array_agg(distinct u.user_name order by u.user_name) as authors
        from chat_topic t join chat_message m using (topic_uid) join app_user u on u.user_uid = m.author_uid
       group by t.patient_uid`.execute(server.db);
    assert.ok(rows.length >= 10, `conversations (${rows.length})`);
    for (const r of rows) assert.ok(r.authors.length >= 2, `${r.patient_uid}: ${r.authors.join(', ')} alone`);
    const navigatorIn = await sql<{ n: number }>`
      select count(*) as n from chat_subscription s join app_user u using (user_uid) where u.user_name = 'navigator'`.execute(server.db);
    assert.ok(Number(navigatorIn.rows[0].n) >= 10, 'the navigator takes part');
  });
});

describe('the demo\'s people agree with themselves (issue 32 §1, §3)', () => {
  it('name and sex: the caseload as written, and no first name given to both sexes', async () => {
    const { rows } = await sql<{ patient_uid: string; gender: string | null; identity: string | null }>`
      select p.patient_uid, g.name as gender, gi.label as identity from patient p
        left join reference_data g on g.uid = p.gender_uid left join reference_data gi on gi.uid = p.gender_identity_uid
       where p.patient_uid = any(${caseload}::uuid[])`.execute(server.db);
    const wrong = CASELOAD.flatMap((p, i) => {
      const row = rows.find((r) => r.patient_uid === caseload[i])!;
      const identity = p.sex === 'female' ? 'Woman' : 'Man';
      return row.gender === p.sex && row.identity === identity ? [] : [`${p.first} ${p.last}: ${row.gender} / ${row.identity}`];
    });
    assert.deepEqual(wrong, []);
    const { rows: both } = await sql<{ first_name: string }>`
      select p.first_name from patient p join reference_data g on g.uid = p.gender_uid
       group by p.first_name having count(distinct g.name) > 1 order by p.first_name`.execute(server.db);
    assert.deepEqual(both.map((r) => r.first_name), []);
  });

  it('custody facts (a SACWIS id, an agency legal status, a case of the extract) belong to the children of the identity extract alone, and agree', async () => {
    const { rows } = await sql<{ sacwis_person_id: string | null; agency_legal_status: string | null; in_custody: boolean; birth_date: string }>`
      select p.sacwis_person_id, p.agency_legal_status, p.in_custody, to_char(p.birth_date, 'YYYY-MM-DD') as birth_date from patient p
       where p.sacwis_person_id is not null or p.agency_legal_status is not null
          or exists (select 1 from patient_case c where c.patient_uid = p.patient_uid and c.from_extract)
       order by p.sacwis_person_id`.execute(server.db);
    assert.deepEqual(
      rows.map((r) => [r.sacwis_person_id, r.agency_legal_status, r.in_custody, r.birth_date]),
      [...IDENTITY_CHILDREN].sort((a, b) => a.sacwis.localeCompare(b.sacwis)).map((c) => [c.sacwis, c.legalStatus, c.inCustody, c.birth]),
    );
    // A legal status is custody's: nobody has one beside "not in custody".
    for (const c of IDENTITY_CHILDREN) if (c.legalStatus) assert.equal(c.inCustody, true, `${c.first} ${c.last}`);
  });
});

describe('the seed is deterministic (issue 32 §3)', () => {
  it('a second install seeds the same patients and the same records', async () => {
    const fingerprint = async (db: TestServer['db']) => {
      const { rows } = await sql<{ line: string }>`
        select concat_ws('|', d.division_name, p.first_name, p.middle_name, p.last_name, p.birth_date, g.name,
                         (select count(*) from patient_note n where n.patient_uid = p.patient_uid),
                         (select string_agg(n.note, '/' order by n.activity_date, n.note) from patient_note n where n.patient_uid = p.patient_uid),
                         (select count(*) from medical_event e where e.patient_uid = p.patient_uid),
                         (select count(*) from inbound_referral r where r.patient_uid = p.patient_uid)) as line
          from patient p join division d using (division_uid) left join reference_data g on g.uid = p.gender_uid
         order by 1`.execute(db);
      return rows.map((r) => r.line);
    };
    const second = await startTestServer();
    try {
      const [a, b] = [await fingerprint(server.db), await fingerprint(second.db)];
      assert.ok(a.length >= 300, `the demo's patients (${a.length})`);
      assert.deepEqual(b, a);
    } finally {
      await second.stop();
    }
  });
});
