import { sql } from 'kysely';
import type { Db } from '../connect';
import type { DemoIds } from './demo';

/**
 * Memorable names for the patients that carry an access alert (demo.ts marks
 * them), so a person trying the quick search as `navigator` can find each
 * alert, plus two names that need accent-insensitive search. Renames only:
 * every count other tests rely on stays as it was.
 */
export async function seedPatientSearch(db: Db, ids: DemoIds): Promise<void> {
  const [north] = ids.divisionUids;
  const ofCases = async (where: ReturnType<typeof sql>) =>
    (await sql<{ patient_uid: string }>`select distinct pc.patient_uid, pc.case_id from patient_case pc where ${where} order by pc.case_id`.execute(db)).rows.map((r) => r.patient_uid);
  const ofPatients = async (where: ReturnType<typeof sql>, limit: number) =>
    (await sql<{ patient_uid: string }>`select p.patient_uid from patient p where p.division_uid = ${north} and ${where} order by p.patient_uid limit ${limit}`.execute(db)).rows.map((r) => r.patient_uid);

  const [mine] = await ofCases(sql`pc.wkr_email = 'navigator@careweave.test'`);
  const [other1, other2] = await ofCases(sql`pc.case_category = 'Protective' and pc.wkr_email <> 'navigator@careweave.test'`);
  const [adopt1, adopt2] = await ofCases(sql`pc.case_category = 'Adoption'`);
  const [outOfCustody] = await ofPatients(sql`not p.in_custody`, 1);
  const [transition1, transition2] = await ofPatients(sql`p.agency_legal_status is null`, 2);
  const special = [mine, other1, other2, adopt1, adopt2, outOfCustody, transition1, transition2];
  const [accent1, accent2] = await ofPatients(sql`p.patient_uid not in (${sql.join(special)})`, 2);

  const names: [string, string, string, string | null, string][] = [
    // [patient, first, last, middle, birth date]
    [mine, 'Rosalind', 'Whitfield', 'Mae', '2009-04-12'],
    [other1, 'Theodore', 'Blackwood', null, '2011-08-30'],
    [other2, 'Cordelia', 'Blackwood', null, '2013-01-05'],
    [adopt1, 'Penelope', 'Ashgrove', null, '2015-06-21'],
    [adopt2, 'Jasper', 'Ashgrove', null, '2016-11-02'],
    [outOfCustody, 'Marcus', 'Ellery', 'James', '2007-03-17'],
    [transition1, 'Juniper', 'Hale', null, '2012-09-09'],
    [transition2, 'Felix', 'Hale', null, '2014-02-28'],
    [accent1, 'Amara', 'García', 'Lucía', '2006-10-15'],
    [accent2, 'Zoë', 'Müller', null, '2010-07-04'],
  ];
  for (const [patientUid, first, last, middle, birth] of names) {
    await db.updateTable('patient').set({ first_name: first, last_name: last, middle_name: middle, birth_date: birth }).where('patient_uid', '=', patientUid).execute();
  }
}
