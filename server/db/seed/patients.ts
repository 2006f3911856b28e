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
    await sql`
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
        from generate_series(1, ${count}) g`.execute(conn);
    // About one patient in five has an inbound referral; the newest ones are still 'New'.
    await sql`
      insert into inbound_referral (patient_uid, referral_date, referral_source_uid, reason_uid, requested_by, referred_to, referral_method, status)
      select p.patient_uid,
             current_date - floor(random() * 60)::int,
             (${refs.referralSourceUids}::uuid[])[1 + floor(random() * ${refs.referralSourceUids.length})::int],
             (${refs.reasonUids}::uuid[])[1 + floor(random() * ${refs.reasonUids.length})::int],
             'Provider', 'Program', 'Online',
             case when random() < 0.4 then 'New' else 'Accepted' end
        from patient p
       where p.division_uid = ${refs.divisionUid} and random() < 0.2
         and not exists (select 1 from inbound_referral r where r.patient_uid = p.patient_uid)`.execute(conn);
  }
}
