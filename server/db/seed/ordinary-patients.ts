import type { Db } from '../connect';

/**
 * The first patients of a division that any user of it may see (not restricted,
 * no child-welfare case): the demo area seeds hang their rows on these so the
 * demo logins see them. Ordered by id, which is random, so cards show a mix of names.
 */
export async function ordinaryPatients(db: Db, divisionUid: string, count: number): Promise<{ patient_uid: string }[]> {
  return db
    .selectFrom('patient as p')
    .select('p.patient_uid')
    .where('p.division_uid', '=', divisionUid)
    .where('p.restricted_flag', '=', '0')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('patient_case as c').select('c.case_uid').whereRef('c.patient_uid', '=', 'p.patient_uid'))))
    .orderBy('p.patient_uid')
    .limit(count)
    .execute();
}
