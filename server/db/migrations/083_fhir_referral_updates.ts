import { sql, type Kysely } from 'kysely';

/**
 * Issue 35 section 3, outbound: the sender's edit of a referral it sent by
 * FHIR goes out from the outbox as the referral's ServiceRequest again
 * (channel fhir-referral-update), retried with back-off like its Bundle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbox drop constraint outbox_channel_check;
    alter table outbox add constraint outbox_channel_check check (channel in ('email', 'sms', 'rest-hook', 'fhir-referral', 'fhir-referral-update'));
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
