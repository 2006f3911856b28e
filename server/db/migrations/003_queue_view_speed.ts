import { sql, type Kysely } from 'kysely';

/**
 * Makes list calls on queue_patient_view fast at 100,000+ patients (bench/run.ts):
 *
 * - The latest inbound referral is kept on the patient row by a trigger, so the
 *   view is a plain join (no LATERAL per row) and "newest referral first" can
 *   walk an index instead of computing and sorting every matching patient.
 * - Trigram indexes (pg_trgm) serve the `__like` search on names. pg_trgm is a
 *   trusted extension; where it is missing the indexes are skipped, not the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table patient
      add column latest_referral_date date,
      add column latest_referral_status text,
      add column latest_referral_source_uid uuid references reference_data;

    create function refresh_latest_referral(target uuid) returns void language sql as $fn$
      update patient p
         set (latest_referral_date, latest_referral_status, latest_referral_source_uid) = (
               select ir.referral_date, ir.status, ir.referral_source_uid
                 from inbound_referral ir
                where ir.patient_uid = p.patient_uid
                order by ir.referral_date desc, ir.created_at desc
                limit 1)
       where p.patient_uid = target
    $fn$;

    create function inbound_referral_changed() returns trigger language plpgsql as $fn$
    begin
      if tg_op in ('UPDATE', 'DELETE') then perform refresh_latest_referral(old.patient_uid); end if;
      if tg_op in ('INSERT', 'UPDATE') then perform refresh_latest_referral(new.patient_uid); end if;
      return null;
    end
    $fn$;

    create trigger inbound_referral_latest
      after insert or update or delete on inbound_referral
      for each row execute function inbound_referral_changed();

    update patient p
       set (latest_referral_date, latest_referral_status, latest_referral_source_uid) = (r.referral_date, r.status, r.referral_source_uid)
      from (select distinct on (patient_uid) patient_uid, referral_date, status, referral_source_uid
              from inbound_referral
             order by patient_uid, referral_date desc, created_at desc) r
     where r.patient_uid = p.patient_uid;

    -- The orders list calls use most: newest referral first, then by name.
    create index patient_division_referral on patient (division_uid, latest_referral_date desc nulls last, last_name, patient_uid);
    create index patient_division_status on patient (division_uid, latest_referral_status);

    create or replace view queue_patient_view as
      select p.patient_uid,
             p.division_uid,
             p.first_name,
             p.last_name,
             p.birth_date,
             g.label as gender_label,
             es.label as episode_status_label,
             p.latest_referral_date as referral_date,
             p.latest_referral_status as referral_status,
             rs.label as referral_source_label,
             p.restricted_flag,
             p.created_at,
             p.updated_at
        from patient p
        left join reference_data g on g.uid = p.gender_uid
        left join reference_data es on es.uid = p.episode_status_uid
        left join reference_data rs on rs.uid = p.latest_referral_source_uid;

    do $do$
    begin
      create extension if not exists pg_trgm;
      create index patient_last_name_trgm on patient using gin (last_name gin_trgm_ops);
      create index patient_first_name_trgm on patient using gin (first_name gin_trgm_ops);
    exception when others then
      raise notice 'pg_trgm is not available (%); name searches scan the division instead', sqlerrm;
    end
    $do$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
