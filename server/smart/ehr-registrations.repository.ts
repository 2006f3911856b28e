import type { Db } from '../db/connect';

/** An issuer as registered: no trailing slash, so `https://ehr/fhir/` and `https://ehr/fhir` are one EHR. */
export const normaliseIssuer = (iss: string) => iss.trim().replace(/\/+$/, '');

export type EhrRegistration = NonNullable<Awaited<ReturnType<typeof findEhr>>>;

export async function findEhr(db: Db, ehrUid: string) {
  return db.selectFrom('ehr_registration').selectAll().where('ehr_uid', '=', ehrUid).executeTakeFirst();
}

/** The active registration for a launch's `iss`, exactly as registered; nothing is looked up or fetched for any other. */
export async function findEhrByIssuer(db: Db, iss: string) {
  return db.selectFrom('ehr_registration').selectAll().where('issuer', '=', normaliseIssuer(iss)).where('is_active', '=', true).executeTakeFirst();
}

/** Organisations that registered any EHR: where a launch naming an unknown one is logged. */
export async function organisationsWithEhrs(db: Db): Promise<string[]> {
  return (await db.selectFrom('ehr_registration').select('org_uid').distinct().execute()).map((r) => r.org_uid);
}
