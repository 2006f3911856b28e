import { sql, type Kysely } from 'kysely';

/**
 * The record's Documents section (spec 001 section 2 `docs`, section 3
 * "Attachment"): a link or a stored file per row. `attachment_link` is the
 * URL of a link, or the file store's key (the content's SHA-256) of a file;
 * the same content uploaded twice is stored once, so a file goes only when
 * its last row does. The list reads a view that names the author and
 * carries the patient's division and restriction, so the data-view engine
 * scopes it like every patient row. The menu item is for the care modes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patient_attachment (
      attachment_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      doc_type text not null check (doc_type in ('Link', 'Image', 'PDF', 'Text')),
      attachment_type text not null check (attachment_type in ('link', 'file')),
      attachment_title text not null check (char_length(attachment_title) between 1 and 150),
      attachment_description text check (char_length(attachment_description) <= 255),
      attachment_link text not null check (char_length(attachment_link) <= 2000),
      file_name text check (char_length(file_name) <= 255),
      content_type text,
      file_size bigint check (file_size > 0),
      author_uid uuid references app_user,
      created_at timestamptz not null default now(),
      check ((attachment_type = 'link') = (doc_type = 'Link')),
      check ((attachment_type = 'file') = (file_name is not null and content_type is not null and file_size is not null))
    );
    create index patient_attachment_patient on patient_attachment (patient_uid, created_at desc);
    create index patient_attachment_file on patient_attachment (attachment_link) where attachment_type = 'file';

    create view patient_attachment_view as
      select a.attachment_uid, a.patient_uid, a.doc_type, a.attachment_type, a.attachment_title, a.attachment_description, a.attachment_link,
             a.file_name, a.content_type, a.file_size, a.created_at as created_date, a.author_uid,
             u.first_name as author_first_name, u.last_name as author_last_name, p.division_uid, p.restricted_flag, p.case_emails, p.adoption_case
        from patient_attachment a
        join patient p on p.patient_uid = a.patient_uid
        left join app_user u on u.user_uid = a.author_uid;

    insert into nav_item (ref_data_type, nav_item_label, app_module, route, default_sort_order, feature_flag) values
      ('patient', 'Documents', 'patient', 'docs', 25, '{!hasAppCit,hasAppNavigator|hasAppCommunity|hasAppSponsor|hasHwc}');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
