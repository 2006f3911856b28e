import { sql, type Kysely } from 'kysely';

/**
 * The demographics page and the header's gear menu (issue 8 sections 2 and 6):
 * - `patient_race`: a patient has several races (spec 001 "races",
 *   `GET /patients/{id}/races`); the single `patient.race_uid` an external
 *   referral brought becomes the first of them and is kept as the first race.
 * - `patient.avatar_file`: the profile picture's file under DATA_DIR
 *   (`<sha256>.<ext>`), never the picture itself in the database.
 * - The Demographics left-menu item that migration 019 switched off, now that
 *   its page exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patient_race (
      patient_uid uuid not null references patient on delete cascade,
      race_uid uuid not null references reference_data,
      primary key (patient_uid, race_uid)
    );
    insert into patient_race (patient_uid, race_uid) select patient_uid, race_uid from patient where race_uid is not null;

    alter table patient add column avatar_file text check (avatar_file ~ '^[0-9a-f]{64}\\.(jpg|png|webp)$');

    update nav_item set is_active = true where ref_data_type = 'patient' and route = 'demographics';
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
