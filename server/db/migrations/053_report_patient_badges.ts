import { sql, type Kysely } from 'kysely';
import { BADGE_REPORT_CONFIGURATIONS, insertReportConfigurations } from '../reference-lists/report-configurations';

/**
 * Issue 12 names "patients by badge" among the report views:
 * - `report_patient_badge_view`: one row per badge a patient carries, and one
 *   (without a badge) for a patient who carries none, so a chart counts the
 *   patients per badge and badge group beside those with no badge. The row's
 *   own badge is also a one-item list (`badge_uid_list`) for the badge filter
 *   that picks which badges are counted; `badge_uids` is every badge of the
 *   patient, as in the other report views ("patients who carry all of ...").
 *   It carries the patient's division and case facts like every patient view,
 *   so the data-view engine's access rule applies to it.
 * - The Queue Sizes report showed a queue's label as typed ("new referrals")
 *   where the queue card heads it in Title Case (shared/format.ts
 *   headingCase): `heading_case` is the same rule in SQL, so the chart's
 *   series, the table and the export name a queue as its card does
 *   (tests/server/reports-badges.test.ts checks the two agree).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view report_patient_badge_view as
      select coalesce(pb.patient_badge_uid, p.patient_uid) as patient_badge_uid,
             p.patient_uid, p.first_name, p.last_name, p.in_custody, p.latest_referral_status,
             pb.badge_uid, b.badge_label, b.badge_group_uid, g.badge_group_label, pb.created_at as badge_added_at,
             case when pb.badge_uid is null then '{}'::uuid[] else array[pb.badge_uid] end as badge_uid_list,
             coalesce((select array_agg(x.badge_uid order by x.badge_uid) from patient_badge x where x.patient_uid = p.patient_uid), '{}') as badge_uids,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from patient p
        left join patient_badge pb on pb.patient_uid = p.patient_uid
        left join reference_badge b on b.badge_uid = pb.badge_uid
        left join reference_badge_group g on g.badge_group_uid = b.badge_group_uid;

    -- Words and the spaces between them in order; a word of an all-lower-case label gets a capital unless it is a minor word after the first.
    create function heading_case(label text) returns text language sql immutable parallel safe as $$
      select case when label <> lower(label) then label else coalesce((
        select string_agg(
                 case when t.m[1] ~ '^\\s' or (t.n > 1 and t.m[1] = any (array['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']))
                      then t.m[1] else upper(left(t.m[1], 1)) || substr(t.m[1], 2) end,
                 '' order by t.n)
          from regexp_matches(label, '\\s+|\\S+', 'g') with ordinality as t(m, n)), label) end
    $$;

    create or replace view report_queue_size_view as
      select s.snapshot_uid, s.snapshot_day, s.queue_uid, heading_case(q.queue_label) as queue_label, s.queue_size, s.division_uid
        from queue_size_snapshot s
        join queue q on q.queue_uid = s.queue_uid;
  `.execute(db);
  await insertReportConfigurations(db, BADGE_REPORT_CONFIGURATIONS, 400);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
