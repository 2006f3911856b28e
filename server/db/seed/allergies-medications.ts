import type { Db } from '../connect';
import type { DemoIds } from './demo';
import { ordinaryPatients } from './ordinary-patients';

const DAY = 24 * 60 * 60 * 1000;

/** `patient` picks the n-th ordinary patient of the navigator's division, as the face-sheet seed does. */
const ALLERGIES: { patient: number; allergy: string; medication?: string; comments: string }[] = [
  { patient: 0, allergy: 'Penicillins', comments: 'Rash as a toddler, per the foster parent.' },
  { patient: 0, allergy: 'Peanut', comments: 'Anaphylaxis in 2024; carries an epinephrine auto-injector.' },
  { patient: 0, allergy: 'Medication', medication: 'Sulfamethoxazole and trimethoprim', comments: 'Hives.' },
  { patient: 1, allergy: 'Dust mites', comments: 'Seasonal congestion.' },
];

const MEDICATIONS: {
  patient: number;
  medication: string;
  dosage: string;
  frequency: string;
  startedDaysAgo: number;
  finishedDaysAgo?: number;
  isPrimary?: boolean;
  isPrescription: boolean;
  routes: string[];
  improvement?: 'Yes' | 'No';
  rating?: 'Small' | 'Moderate' | 'Large' | 'None';
  duration?: 'Short term' | 'Long term' | 'No relief';
}[] = [
  { patient: 0, medication: 'Sertraline', dosage: '50 mg', frequency: 'Once a day', startedDaysAgo: 120, isPrimary: true, isPrescription: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term' },
  { patient: 0, medication: 'Naloxone', dosage: '4 mg', frequency: 'As needed', startedDaysAgo: 58, isPrescription: true, routes: ['Nasal'] },
  { patient: 0, medication: 'Albuterol', dosage: '90 mcg, 2 puffs', frequency: 'Every 4 hours as needed', startedDaysAgo: 400, isPrescription: true, routes: ['Inhaled'], improvement: 'Yes', rating: 'Large', duration: 'Short term' },
  { patient: 0, medication: 'Ibuprofen', dosage: '200 mg', frequency: 'Every 6 hours as needed', startedDaysAgo: 30, finishedDaysAgo: 20, isPrescription: false, routes: ['Oral'], improvement: 'No', rating: 'Small', duration: 'Short term' },
  { patient: 1, medication: 'Methylphenidate', dosage: '18 mg', frequency: 'Every morning', startedDaysAgo: 200, isPrimary: true, isPrescription: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term' },
];

/** Demo allergies and medications for the first patients of the navigator's division, from the lists migration 027 installs. */
export async function seedAllergiesMedications(db: Db, ids: DemoIds): Promise<void> {
  const ordinary = await ordinaryPatients(db, ids.divisionUids[0], 2);
  const reference = await db.selectFrom('reference_data').select(['uid', 'model', 'label']).where('model', 'in', ['reference-allergy', 'reference-medication', 'reference-medication-route']).execute();
  const uid = (model: string, label: string) => {
    const found = reference.find((r) => r.model === model && r.label === label);
    if (!found) throw new Error(`${model} has no '${label}': migration 027 installs the lists`);
    return found.uid;
  };
  const now = Date.now();
  const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
  await db
    .insertInto('patient_allergy')
    .values(ALLERGIES.map((a) => ({ patient_uid: ordinary[a.patient].patient_uid, allergy_uid: uid('reference-allergy', a.allergy), medication_uid: a.medication ? uid('reference-medication', a.medication) : null, comments: a.comments })))
    .execute();
  for (const m of MEDICATIONS) {
    const row = await db
      .insertInto('patient_medication')
      .values({
        patient_uid: ordinary[m.patient].patient_uid,
        medication_uid: uid('reference-medication', m.medication),
        dosage: m.dosage,
        frequency: m.frequency,
        started_date: day(m.startedDaysAgo),
        finished_date: m.finishedDaysAgo === undefined ? null : day(m.finishedDaysAgo),
        is_primary: m.isPrimary ?? false,
        is_prescription: m.isPrescription,
        is_still_taking: m.finishedDaysAgo === undefined,
        patient_reported_improvement: m.improvement ?? null,
        relief_rating: m.rating ?? null,
        relief_duration: m.duration ?? null,
      })
      .returning('patient_medication_uid')
      .executeTakeFirstOrThrow();
    await db.insertInto('patient_medication_route').values(m.routes.map((r) => ({ patient_medication_uid: row.patient_medication_uid, route_uid: uid('reference-medication-route', r) }))).execute();
  }
}
