import { sql, type Kysely } from 'kysely';

/**
 * A patient's contact details as the record edits them (spec 001 "Address",
 * "Email", "Phone"): several e-mail addresses instead of one column, and the
 * address fields the demographics page shows (primary flag, coordinates for
 * debug mode). Existing single addresses move over unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patient_email_address (
      email_address_uid uuid primary key default gen_random_uuid(),
      patient_uid uuid not null references patient on delete cascade,
      email_address text not null,
      is_primary boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index patient_email_address_patient on patient_email_address (patient_uid);
    insert into patient_email_address (patient_uid, email_address, is_primary)
      select patient_uid, email_address, true from patient where coalesce(email_address, '') <> '';
    alter table patient drop column email_address;

    alter table patient_address
      add column is_primary boolean not null default false,
      add column latitude numeric(9, 6),
      add column longitude numeric(9, 6);
    update patient_address a set is_primary = true
      where a.address_uid = (select b.address_uid from patient_address b where b.patient_uid = a.patient_uid order by b.created_at, b.address_uid limit 1);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
