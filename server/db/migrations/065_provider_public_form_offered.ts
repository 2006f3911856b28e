import { sql, type Kysely } from 'kysely';

/**
 * Issue 32 §4: which providers the public external referral form offers
 * (its "Provider name" and "Refer to" lists, shown to anyone with a link).
 * An administrator chooses them (Reference → Providers); the public calls
 * list and accept only those. A new provider is not offered until chosen:
 * staff (a provider linked to an app_user) and the ones a visitor adds with
 * "I don't see me, add me" alike. Outside providers an organisation entered
 * (no user) stay offered; staff stop being shown to anonymous visitors, and
 * the ones visitors added (their referral's payload says `fromProviderUid`
 * 'new') wait for an administrator like the ones added from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table provider add column public_form_offered boolean not null default false;
    update provider p set public_form_offered = true
     where p.user_uid is null
       and not exists (select 1 from external_referral x where x.from_provider_uid = p.provider_uid and x.payload ->> 'fromProviderUid' = 'new');
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Careweave migrations are forward-only');
}
