import { sql } from 'kysely';
import type { Db } from '../connect';
import { upkeep } from './upkeep';

// Names with accents and apostrophes on purpose: search must handle them. A patient's
// first name comes from the list of their sex, so name and sex never disagree. None is the
// first name of a child-welfare child of the demo (identity-children.ts), so a search for one
// of those finds that child alone.
const FEMALE = ['Ava', 'Sofía', 'Noémie', 'Inés', 'Chloé', 'Alicia', 'Aaliyah', 'Renée', 'Harper', 'Ximena', 'Imani', 'Nadia', 'Leilani', 'Grace', 'Abigail'];
const MALE = ['Liam', 'Noah', 'Mateo', 'Elijah', 'Jayden', 'Lucas', 'Ethan', 'Josué', 'Darius', 'Owen', 'Caleb', 'Wyatt', 'Andrés', 'Malik', 'Aarav'];
const LAST = ['Johnson', 'García', 'Smith', 'Nguyen', "O'Brien", 'Williams', 'Martínez', 'Brown', 'Davis', 'Rodríguez', 'Miller', 'Wilson', 'Anderson', 'Thomas', 'Hernández', 'Moore', 'Jackson', 'Müller', 'Lee', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Peña'];

export interface PatientRefs {
  divisionUid: string;
  genderUids: { female: string; male: string };
  episodeStatusUids: string[];
  referralSourceUids: string[];
  reasonUids: string[];
}

/**
 * Generates `count` synthetic adult patients in one statement (fast enough for
 * the 100,000-patient benchmark set). `seed` makes runs repeatable. They are
 * ordinary patients: no SACWIS id, agency legal status or case (custody facts
 * belong to the children of an identity extract). Their referrals are at least
 * a week old and their records a day old, so the newest rows of the work
 * queues are the demo caseload's (caseload.ts), whatever the seed.
 */
export async function generatePatients(db: Db, refs: PatientRefs, count: number, seed = 0.42): Promise<void> {
  // Pass a transaction for repeatable data: setseed holds for one connection only.
  {
    const conn = db;
    await sql`select setseed(${seed})`.execute(conn);
    // About one new patient in five gets an inbound referral; the newest ones are still 'New'.
    // Only the rows this call inserted: repeated calls (batches) keep the same share.
    await sql`
      with drawn as (
        select g, random() < 0.5 as female, random() as name_pick, random() as last_pick, random() as birth_pick,
               random() as status_pick, random() as created_pick, random() as updated_pick
          from generate_series(1, ${count}) g
      ),
      inserted as (
        insert into patient (division_uid, first_name, last_name, birth_date, gender_uid, episode_status_uid, mobile_phone, preferred_phone, created_at, updated_at)
        select ${refs.divisionUid}::uuid,
               case when d.female then (${FEMALE}::text[])[1 + floor(d.name_pick * ${FEMALE.length})::int]
                    else (${MALE}::text[])[1 + floor(d.name_pick * ${MALE.length})::int] end,
               (${LAST}::text[])[1 + floor(d.last_pick * ${LAST.length})::int],
               -- Adults: born 1945 to 2005.
               date '1945-01-01' + floor(d.birth_pick * 22280)::int,
               case when d.female then ${refs.genderUids.female}::uuid else ${refs.genderUids.male}::uuid end,
               (${refs.episodeStatusUids}::uuid[])[1 + floor(d.status_pick * ${refs.episodeStatusUids.length})::int],
               '614555' || lpad((d.g % 10000)::text, 4, '0'),
               'mobile',
               now() - make_interval(days => 7 + floor(d.created_pick * 365)::int),
               now() - make_interval(hours => 24 + floor(d.updated_pick * 2000)::int)
          from drawn d
         order by d.g
        returning patient_uid
      )
      insert into inbound_referral (patient_uid, referral_date, referral_source_uid, reason_uid, requested_by, referred_to, referral_method, status)
      select i.patient_uid,
             current_date - 7 - floor(random() * 60)::int,
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
  const rows = await db.selectFrom('reference_data').select(['uid', 'model', 'name', 'ref_data_type']).orderBy('default_sort_order').execute();
  const of = (model: string, type?: string) => rows.filter((r) => r.model === model && (type === undefined || r.ref_data_type === type)).map((r) => r.uid);
  const gender = (name: string) => rows.find((r) => r.model === 'reference-gender' && r.name === name)?.uid;
  const [female, male] = [gender('female'), gender('male')];
  if (!female || !male) throw new Error('No reference data for the female and male genders: seed the demo data first');
  const refs = {
    divisionUid,
    genderUids: { female, male },
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
  // As autovacuum would soon: marks the new search words all-visible, so one-word searches stay index-only.
  await upkeep(db, [sql`analyze patient`, sql`analyze inbound_referral`, sql`vacuum (analyze) patient_search_word`]);
}
