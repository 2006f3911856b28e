import { sql, type Kysely } from 'kysely';

/**
 * File resources in the library (issue 9 section 8: "file resources through
 * the signed storage link"). A File resource's `resource_link` is the file
 * store's key (the content's SHA-256), as a file document's
 * `attachment_link` is (migration 031), with the file's name, type and size
 * beside it; a Link resource keeps its http(s) address and has none of them.
 * The same stored file may be a library file and a patient's document: it is
 * removed only when neither names it. The patient's resource view carries the
 * file's name and size for the list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table reference_resource
      drop constraint reference_resource_resource_type_check,
      drop constraint reference_resource_resource_link_check,
      add column file_name text check (char_length(file_name) between 1 and 255),
      add column content_type text,
      add column file_size bigint check (file_size > 0),
      add constraint reference_resource_resource_type_check check (resource_type in ('Link', 'File')),
      add constraint reference_resource_resource_link_check check (
        case resource_type
          when 'Link' then resource_link ~ '^https?://' and file_name is null and content_type is null and file_size is null
          else resource_link ~ '^[0-9a-f]{64}$' and file_name is not null and content_type is not null and file_size is not null
        end);
    create index reference_resource_file on reference_resource (resource_link) where resource_type = 'File';

    create or replace view patient_resource_view as
      select pr.patient_resource_uid, pr.patient_uid, pr.resource_uid, r.title, r.category, r.sort_order, r.resource_type, r.resource_link,
             pr.created_at as created_date, u.first_name as added_by_first_name, u.last_name as added_by_last_name,
             p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case, r.file_name, r.file_size
        from patient_resource pr
        join reference_resource r on r.resource_uid = pr.resource_uid
        join patient p on p.patient_uid = pr.patient_uid
        left join app_user u on u.user_uid = pr.added_by;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
