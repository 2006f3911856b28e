import { sql } from 'kysely';
import type { Db } from '../connect';
import type { DemoIds } from './demo';
import { ordinaryPatients } from './ordinary-patients';

/** `patient` is the n-th ordinary patient, as the face sheet's demo notes pick them. */
const DIAGNOSES: { patient: number; code: string; region?: string; status: string; daysAgo: number; primary: boolean; note?: string }[] = [
  { patient: 0, code: 'F11.20', status: 'Active', daysAgo: 400, primary: true, note: 'On buprenorphine since the spring.' },
  { patient: 0, code: 'F41.1', status: 'Active', daysAgo: 200, primary: false },
  { patient: 1, code: 'F90.2', status: 'Active', daysAgo: 900, primary: true, note: 'School plan in place.' },
  { patient: 1, code: 'Z62.21', status: 'Active', daysAgo: 120, primary: false },
  { patient: 1, code: 'H66.9', region: 'left', status: 'Resolved', daysAgo: 40, primary: false },
  { patient: 2, code: 'J45.30', status: 'Chronic', daysAgo: 1500, primary: true },
  { patient: 2, code: 'S52.5', region: 'right', status: 'Resolved', daysAgo: 90, primary: false, note: 'Cast removed after six weeks.' },
];

/** Demo diagnoses for the first ordinary patients of the navigator's division, from the Diagnosis list of migration 026. */
export async function seedDiagnoses(db: Db, ids: DemoIds): Promise<void> {
  const ordinary = await ordinaryPatients(db, ids.divisionUids[0], 3);
  const provider = await db.selectFrom('provider as p').innerJoin('app_user as u', 'u.user_uid', 'p.user_uid').select('p.provider_uid').where('u.user_name', '=', 'navigator').executeTakeFirstOrThrow();
  const reference = await db.selectFrom('reference_data').select(['uid', 'model', 'name', 'label']).where('model', 'in', ['reference-diagnosis', 'reference-status', 'reference-region']).where('ref_data_type', '=', 'Diagnosis').execute();
  const uid = (model: string, match: (r: { name: string; label: string }) => boolean) => reference.find((r) => r.model === model && match(r))!.uid;
  await db
    .insertInto('patient_diagnosis')
    .values(
      DIAGNOSES.map((d) => ({
        patient_uid: ordinary[d.patient].patient_uid,
        ref_diagnosis_uid: uid('reference-diagnosis', (r) => r.name === d.code),
        status_uid: uid('reference-status', (r) => r.label === d.status),
        region_uid: d.region ? uid('reference-region', (r) => r.name === d.region) : null,
        provider_uid: provider.provider_uid,
        onset_date: sql<string>`(current_date - ${d.daysAgo}::int)` as unknown as string,
        is_primary_diagnosis: d.primary,
        note: d.note ?? null,
      })),
    )
    .execute();
}
