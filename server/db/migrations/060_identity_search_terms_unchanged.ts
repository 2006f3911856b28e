import { sql, type Kysely } from 'kysely';

/**
 * An update of identity_search that changes no sort key or term (a patient
 * outside identity mode, whose row the patient trigger of migration 046
 * looks for and does not find; a child's restricted flag) leaves the term
 * lists of migration 057 alone without planning their delete and insert:
 * the identity triggers' share of an ordinary patient update 0.37-0.47 ->
 * 0.14-0.15 ms (pg_stat_xact_user_functions over 40 updates, 100,000 patients).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function identity_search_terms_update() returns trigger language plpgsql as $$
    declare
      changed uuid[] := array(
        select n.patient_uid from new_rows n join old_rows o using (patient_uid)
         where (o.division_uid, o.last_name, o.first_name, o.last_norm, o.first_norm, o.counties)
               is distinct from (n.division_uid, n.last_name, n.first_name, n.last_norm, n.first_norm, n.counties));
    begin
      if cardinality(changed) = 0 then
        return null;
      end if;
      delete from identity_search_term t using unnest(changed) c(patient_uid) where t.patient_uid = c.patient_uid;
      insert into identity_search_term
      select n.division_uid, t.kind, t.term, n.last_name, n.first_name, n.patient_uid
        from new_rows n join unnest(changed) c(patient_uid) using (patient_uid) cross join identity_search_terms(n) t;
      return null;
    end $$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
