import { sql, type Kysely } from 'kysely';

/**
 * The staff list of CIT sheets (spec 002 gives only /cit-submission/{id};
 * supervisors need to find the pending ones). Names and incident time come
 * out of the stored sheet; the agency identifier never does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view cit_submission_list_view as
      select s.submission_uid,
             s.division_uid,
             s.submission_json ->> 'lastName' as last_name,
             s.submission_json ->> 'firstName' as first_name,
             nullif(s.submission_json ->> 'dateTime', '')::timestamp as incident_date_time,
             s.officer_name,
             s.approval_status,
             s.created_at
        from cit_submission s;
    create index cit_submission_division_status on cit_submission (division_uid, approval_status, created_at desc);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
