import { sql } from 'kysely';
import type { Db } from '../connect';
import { upkeep } from './upkeep';

/** The form types a navigator records; crisis interventions come from approved CIT sheets. */
const TYPES = ['drug_overdose', 'survivor_interaction', 'other_interaction', 'treatment_referral'];
const BATCH = 100_000;
/** Spread over the last three years, so every date preset and time unit of the reports has data. */
const DAYS = 3 * 365;

/**
 * Adds `count` synthetic medical events of the four form types to the
 * division's patients, in batches of 100,000, in one transaction (all or
 * nothing): a status of the event's type, answers that follow the form's rules
 * (naloxone and treatment only for overdoses, an outcome for connected
 * referrals), and one of the organisation's facilities for one event in three. For the reports' and
 * lists' benchmarks at 1,000,000 events.
 */
export async function addMedicalEvents(db: Db, divisionUid: string, count: number, onBatch: (done: number) => void = () => {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    await sql`set local statement_timeout = 0`.execute(tx);
    for (let done = 0, batch = 0; done < count; batch++) {
      const n = Math.min(BATCH, count - done);
      await sql`select setseed(${((batch * 0.618_033_9) % 1.8) - 0.9})`.execute(tx);
      await sql`
        with types as (
          select row_number() over (order by name) - 1 as i, uid, name from reference_data
           where model = 'reference-medical-event' and name = any(${TYPES}) and is_active),
        statuses as (
          select t.i, array_agg(s.uid order by s.default_sort_order) as uids, array_agg(s.name order by s.default_sort_order) as names
            from types t join reference_data s on s.model = 'reference-status' and s.ref_data_type = 'medical_event__' || t.name and s.is_active
           group by t.i),
        -- Numbered rows, not one array: PostgreSQL would copy a 100,000-id array for every pick.
        pool as materialized (select row_number() over (order by patient_uid) as n, patient_uid from patient where division_uid = ${divisionUid}),
        pool_size as (select count(*) as n from pool),
        facilities as (
          select coalesce(array_agg(facility_uid), '{}') as ids from facility
           where org_uid is null or org_uid = (select org_uid from division where division_uid = ${divisionUid})),
        outcomes as (select coalesce(array_agg(uid::text), '{}') as ids from reference_data where model = 'reference-medical-event-outcome' and is_active),
        author as (select user_uid from app_user order by user_name limit 1),
        picks as (
          select g, t.uid as type_uid, t.name, 1 + floor(random() * array_length(s.uids, 1))::int as k, s.uids, s.names,
                 1 + floor(random() * pool_size.n)::int as patient_n,
                 now() - make_interval(days => floor(random() * ${DAYS})::int, mins => floor(random() * 1440)::int) as at,
                 random() as r1, random() as r2
            from generate_series(1, ${n}) g
            join types t on t.i = g % (select count(*) from types)
            join statuses s on s.i = t.i
            cross join pool_size)
        insert into medical_event (patient_uid, medical_event_type_uid, event_date, status_uid, facility_uid, detail, created_by, created_at)
        select pool.patient_uid, p.type_uid, p.at, p.uids[p.k],
               case when p.r2 < 0.33 and array_length(f.ids, 1) > 0 then f.ids[1 + floor(p.r2 * 3 * array_length(f.ids, 1))::int] end,
               case p.name
                 when 'drug_overdose' then jsonb_build_object(
                   'naloxoneAdministered', case when p.r1 < 0.7 then 'yes' else 'no' end,
                   'wasOverdoseFatal', case when p.r2 < 0.05 then 'yes' else 'no' end)
                   || case when p.r1 < 0.7 then jsonb_build_object('naloxoneAdministeredBy', case when p.r2 < 0.5 then 'ems' else 'other_individual' end) else '{}' end
                   || case when p.r2 >= 0.05 then jsonb_build_object('acceptedTreatment', case when p.r1 < 0.4 then 'accepted' else 'refused' end) else '{}' end
                 when 'treatment_referral' then
                   case when p.names[p.k] = 'connected' and array_length(o.ids, 1) > 0
                        then jsonb_build_object('outcome', o.ids[1 + floor(p.r1 * array_length(o.ids, 1))::int], 'outcomeDate', to_char(p.at + interval '7 days', 'YYYY-MM-DD'))
                        else '{}' end
                 else '{}'
               end,
               (select user_uid from author), p.at
          from picks p join pool on pool.n = p.patient_n cross join facilities f cross join outcomes o`.execute(tx);
      done += n;
      onBatch(done);
    }
  });
  // The one transaction wrote each day's count rows (migrations 051, 056) once per event, and none of those
  // versions could be reclaimed before it ended: 32 MB of tables for 2.4 MB of live counts, all read by a chart
  // (an install's counts grow a write at a time and autovacuum keeps them small). Bench chart p99 311 -> 202 ms.
  await upkeep(db, [sql`analyze medical_event`, sql`vacuum full analyze medical_event_day, medical_event_day_type`]);
}
