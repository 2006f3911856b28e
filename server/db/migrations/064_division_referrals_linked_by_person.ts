import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: a referral to another division no longer finds the receiver's
 * record by name and birth date. It waits in the receiving division
 * (`received_patient_uid` null) until a person there links it to a patient
 * they chose after the duplicate check, or to one they created
 * (`linked_by`, `linked_at`). Only such a link lets events flow between the
 * two records. Links made by name and birth date before this migration keep
 * their referral and its answer but share no events: nobody chose them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbound_referral
      add column linked_by uuid references app_user on delete set null,
      add column linked_at timestamptz;
    create index outbound_referral_waiting on outbound_referral (to_division_uid, event_date desc, created_at desc)
      where to_type = 'division' and received_patient_uid is null;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
