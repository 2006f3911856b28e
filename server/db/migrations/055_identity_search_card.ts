import { sql, type Kysely } from 'kysely';

/**
 * The identity search's result cards (issue 11, p99 under 50 ms at 100,000
 * children): a page used to read each of its 50 children's preferred names,
 * flags, first case's county, current placement and matches from five source
 * tables, about 300 index reads per call. They change only when the import
 * or a match decision rebuilds the child's identity_search row
 * (server/identity-search/search-index.ts), so that rebuild now writes them
 * on the row as `card`, and a page reads 50 rows.
 *
 * identity_search_card(patient, division, approved SACWIS ids, SACWIS source
 * name) is what the page read, as one jsonb.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function identity_search_card(p_patient uuid, p_division uuid, p_kids text[], p_sacwis text) returns jsonb language sql stable parallel safe as $fn$
      select jsonb_build_object(
        'preferred_names', coalesce((select jsonb_agg(distinct names.name) from (
                             select n.preferred_name as name from tbl_patient_preferred_names n where n.division_uid = p_division and n.sacwis_person_id = any(p_kids)
                             union all
                             select c.preferred_name from tbl_source_child c
                              where c.division_uid = p_division and c.sacwis_person_id = any(p_kids) and c.preferred_name is not null) names), '[]'),
        'patient_flags', coalesce((select jsonb_agg(jsonb_build_object('id', f.flag_id, 'patientflag', f.patient_flag, 'flaginfo', f.flag_info,
                                                                       'source_description', f.source_name, 'county', f.county) order by f.patient_flag, f.flag_id)
                                     from tbl_patient_flags f where f.division_uid = p_division and f.sacwis_person_id = any(p_kids)), '[]'),
        -- The first case's county; aggregated rather than ordered, so the child's index serves it.
        'agency_county', (select (array_agg(c.county order by c.case_id))[1] from tbl_source_case c
                           where c.division_uid = p_division and c.sacwis_person_id = any(p_kids)),
        'placement', (select jsonb_build_object('placement_type', pl.placement_type, 'provider_name', pl.provider_name, 'provider_id', pl.provider_id)
                        from tbl_placement pl
                       where pl.division_uid = p_division and pl.sacwis_person_id = any(p_kids) and pl.end_date is null
                       order by pl.start_date desc, pl.placement_id limit 1),
        'matches', coalesce((select jsonb_agg(jsonb_build_object('source_description', m.source_description, 'match_status_id', m.match_status_id, 'mrn', m.mrn)
                                              order by m.source_description, m.mrn)
                               from tbl_match_results m where m.patient_uid = p_patient and m.source_name <> p_sacwis), '[]'))
    $fn$;

    alter table identity_search add column card jsonb;
    update identity_search s
       set card = identity_search_card(s.patient_uid, s.division_uid,
                                       (select coalesce(array_agg(m.sacwis_person_id), '{}') from tbl_match_results m
                                         where m.patient_uid = s.patient_uid and m.source_name = 'SACWIS' and m.match_status_id = 1),
                                       'SACWIS');
    alter table identity_search alter column card set not null;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
