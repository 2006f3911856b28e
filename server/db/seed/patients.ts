import { sql } from 'kysely';
import type { Db } from '../connect';

// Names with accents and apostrophes on purpose: search must handle them.
const FIRST = ['Ava', 'Liam', 'Sofía', 'Noah', 'Zoë', 'Mateo', 'Amara', 'Elijah', 'Chloé', 'Jayden', 'Maya', 'Lucas', 'Aaliyah', 'Ethan', 'Renée', 'Josué', 'Harper', 'Darius', 'Ximena', 'Owen', 'Imani', 'Caleb', 'Nadia', 'Wyatt', 'Leilani', 'Andrés', 'Grace', 'Malik', 'Brooklyn', 'Emmett'];
const LAST = ['Johnson', 'García', 'Smith', 'Nguyen', "O'Brien", 'Williams', 'Martínez', 'Brown', 'Davis', 'Rodríguez', 'Miller', 'Wilson', 'Anderson', 'Thomas', 'Hernández', 'Moore', 'Jackson', 'Müller', 'Lee', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Peña'];

export interface PatientRefs {
  divisionUid: string;
  genderUids: string[];
  episodeStatusUids: string[];
  referralSourceUids: string[];
  reasonUids: string[];
}

/**
 * Generates `count` synthetic patients in one statement (fast enough for the
 * 100,000-patient benchmark set). `seed` makes runs repeatable.
 */
export async function generatePatients(db: Db, refs: PatientRefs, count: number, seed = 0.42): Promise<void> {
  // Pass a transaction for repeatable data: setseed holds for one connection only.
  {
    const conn = db;
    await sql`select setseed(${seed})`.execute(conn);
    // About one new patient in five gets an inbound referral; the newest ones are still 'New'.
    // Only the rows this call inserted: repeated calls (batches) keep the same share.
    await sql`
      with inserted as (
        insert into patient (division_uid, first_name, last_name, birth_date, gender_uid, episode_status_uid, sacwis_person_id, mobile_phone, preferred_phone, created_at, updated_at)
        select ${refs.divisionUid}::uuid,
               (${FIRST}::text[])[1 + floor(random() * ${FIRST.length})::int],
               (${LAST}::text[])[1 + floor(random() * ${LAST.length})::int],
               date '1950-01-01' + floor(random() * 26000)::int,
               (${refs.genderUids}::uuid[])[1 + floor(random() * ${refs.genderUids.length})::int],
               (${refs.episodeStatusUids}::uuid[])[1 + floor(random() * ${refs.episodeStatusUids.length})::int],
               lpad((10000000 + g)::text, 9, '0'),
               '614555' || lpad((g % 10000)::text, 4, '0'),
               'mobile',
               now() - make_interval(days => floor(random() * 365)::int),
               now() - make_interval(hours => floor(random() * 2000)::int)
          from generate_series(1, ${count}) g
        returning patient_uid
      )
      insert into inbound_referral (patient_uid, referral_date, referral_source_uid, reason_uid, requested_by, referred_to, referral_method, status)
      select i.patient_uid,
             current_date - floor(random() * 60)::int,
             (${refs.referralSourceUids}::uuid[])[1 + floor(random() * ${refs.referralSourceUids.length})::int],
             (${refs.reasonUids}::uuid[])[1 + floor(random() * ${refs.reasonUids.length})::int],
             'Provider', 'Program', 'Online',
             case when random() < 0.4 then 'New' else 'Accepted' end
        from inserted i
       where random() < 0.2`.execute(conn);
  }
}

/** Reference uids the generator draws from, read back from a seeded database. */
export async function patientRefsFromDb(db: Db, divisionUid: string): Promise<PatientRefs> {
  const rows = await db.selectFrom('reference_data').select(['uid', 'model', 'ref_data_type']).orderBy('default_sort_order').execute();
  const of = (model: string, type?: string) => rows.filter((r) => r.model === model && (type === undefined || r.ref_data_type === type)).map((r) => r.uid);
  const refs = {
    divisionUid,
    genderUids: of('reference-gender'),
    episodeStatusUids: of('reference-status', 'Episode'),
    referralSourceUids: of('reference-referral-source'),
    reasonUids: of('reference-reason', 'inbound referral'),
  };
  for (const [name, list] of Object.entries(refs)) if (Array.isArray(list) && list.length === 0) throw new Error(`No reference data for ${name}: seed the demo data first`);
  return refs;
}

export const BULK_BATCH = 20_000;

/**
 * Adds `count` patients to one division in batches of 20,000, all in one
 * transaction (all or nothing), then refreshes the planner's statistics and
 * the search words' visibility map.
 */
export async function addPatients(db: Db, divisionUid: string, count: number, onBatch: (done: number) => void = () => {}): Promise<void> {
  const refs = await patientRefsFromDb(db, divisionUid);
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    // A bulk load is an operator's offline task: the per-statement limit for requests does not apply.
    await sql`set local statement_timeout = 0`.execute(tx);
    for (let done = 0, batch = 0; done < count; batch++) {
      const n = Math.min(BULK_BATCH, count - done);
      // A different, repeatable seed per batch (setseed takes -1..1).
      await generatePatients(tx, refs, n, ((batch * 0.618_033_9) % 1.8) - 0.9);
      done += n;
      onBatch(done);
    }
  });
  await sql`analyze patient`.execute(db);
  await sql`analyze inbound_referral`.execute(db);
  // As autovacuum would soon: marks the new search words all-visible, so one-word searches stay index-only.
  await sql`vacuum (analyze) patient_search_word`.execute(db);
}
