import { DIAGNOSIS_REGION_SOURCE } from '../../shared/schemas/diagnoses';
import type { Db } from '../db/connect';
import { now } from '../../shared/clock';

export interface DiagnosisChoices {
  diagnosisUid: string;
  statusUid: string;
  providerUid: string;
  regionUid: string | null;
}

const DIAGNOSIS_COLUMNS = [
  'd.diagnosis_uid', 'd.patient_uid', 'd.ref_diagnosis_uid', 'dx.label as diagnosis_label', 'dx.name as diagnosis_code',
  'd.region_uid', 'r.label as region_label', 'd.status_uid', 's.label as status_label', 'd.provider_uid', 'p.display_name as provider_display_name',
  'd.onset_date', 'd.is_primary_diagnosis', 'd.note', 'd.created_at', 'd.updated_at',
] as const;

const diagnoses = (db: Db) =>
  db
    .selectFrom('patient_diagnosis as d')
    .innerJoin('reference_data as dx', 'dx.uid', 'd.ref_diagnosis_uid')
    .innerJoin('reference_data as s', 's.uid', 'd.status_uid')
    .innerJoin('provider as p', 'p.provider_uid', 'd.provider_uid')
    .leftJoin('reference_data as r', 'r.uid', 'd.region_uid')
    .select(DIAGNOSIS_COLUMNS);

/** Spec 001 section 4: primary diagnoses first, then the most recent onset, then the newest entry. */
export function listDiagnoses(db: Db, patientUid: string) {
  return diagnoses(db)
    .where('d.patient_uid', '=', patientUid)
    .orderBy('d.is_primary_diagnosis', 'desc')
    .orderBy((eb) => eb.ref('d.onset_date'), (ob) => ob.desc().nullsLast())
    .orderBy('d.created_at', 'desc')
    .orderBy('d.diagnosis_uid')
    .execute();
}

/** One diagnosis; the caller checks that its patient is visible. */
export function findDiagnosis(db: Db, diagnosisUid: string) {
  return diagnoses(db).where('d.diagnosis_uid', '=', diagnosisUid).executeTakeFirst();
}

/** The reference events of a type (spec 001 section 7 `reference-event?event-type-name=`). */
export function listReferenceEvents(db: Db, eventTypeName: string) {
  return db
    .selectFrom('reference_data')
    .select(['uid', 'name', 'label', 'ref_data_type as event_type_name'])
    .where('model', '=', 'reference-event')
    .where('ref_data_type', '=', eventTypeName)
    .where('is_active', '=', true)
    .orderBy('default_sort_order')
    .orderBy('label')
    .execute();
}

/** The event type of an active reference event, or undefined. */
export async function eventTypeOf(db: Db, eventUid: string): Promise<string | undefined> {
  const row = await db.selectFrom('reference_data').select('ref_data_type').where('uid', '=', eventUid).where('model', '=', 'reference-event').where('is_active', '=', true).executeTakeFirst();
  return row?.ref_data_type ?? undefined;
}

/** A reference list's active rows that belong to an event type (its diagnoses or its statuses). */
export function listEventChoices(db: Db, model: 'reference-diagnosis' | 'reference-status', eventType: string) {
  return db
    .selectFrom('reference_data')
    .select(['uid', 'name', 'label'])
    .where('model', '=', model)
    .where('ref_data_type', '=', eventType)
    .where('is_active', '=', true)
    .orderBy('default_sort_order')
    .orderBy('label')
    .execute();
}

/** The regions a reference row of `source` takes, in the regions' order. */
export function listRegions(db: Db, source: string, sourceUid: string) {
  return db
    .selectFrom('reference_region as rr')
    .innerJoin('reference_data as r', 'r.uid', 'rr.region_uid')
    .select(['r.uid', 'r.name', 'r.label'])
    .where('rr.source', '=', source)
    .where('rr.source_uid', '=', sourceUid)
    .where('r.is_active', '=', true)
    .orderBy('r.default_sort_order')
    .execute();
}

/**
 * Which of a diagnosis' choices are on their lists: the diagnosis and status
 * of the event type, a provider of the caller's organisation, and a region
 * the diagnosis takes.
 */
export async function choicesExist(db: Db, orgUid: string, eventType: string, c: DiagnosisChoices) {
  const listed = (model: string, uid: string) =>
    db.selectFrom('reference_data').select('uid').where('uid', '=', uid).where('model', '=', model).where('ref_data_type', '=', eventType).where('is_active', '=', true).executeTakeFirst();
  const [diagnosis, status, provider, region] = await Promise.all([
    listed('reference-diagnosis', c.diagnosisUid),
    listed('reference-status', c.statusUid),
    db.selectFrom('provider').select('provider_uid').where('provider_uid', '=', c.providerUid).where('org_uid', '=', orgUid).executeTakeFirst(),
    c.regionUid
      ? db.selectFrom('reference_region').select('region_uid').where('source', '=', DIAGNOSIS_REGION_SOURCE).where('source_uid', '=', c.diagnosisUid).where('region_uid', '=', c.regionUid).executeTakeFirst()
      : true,
  ]);
  return { diagnosis: !!diagnosis, status: !!status, provider: !!provider, region: !!region };
}

export interface DiagnosisColumns extends DiagnosisChoices {
  onsetDate: string | null;
  isPrimaryDiagnosis: boolean;
  note: string | null;
}

const columns = (c: DiagnosisColumns) => ({
  ref_diagnosis_uid: c.diagnosisUid,
  status_uid: c.statusUid,
  provider_uid: c.providerUid,
  region_uid: c.regionUid,
  onset_date: c.onsetDate,
  is_primary_diagnosis: c.isPrimaryDiagnosis,
  note: c.note?.trim() || null,
});

export async function insertDiagnosis(db: Db, patientUid: string, c: DiagnosisColumns): Promise<string> {
  const row = await db.insertInto('patient_diagnosis').values({ patient_uid: patientUid, ...columns(c) }).returning('diagnosis_uid').executeTakeFirstOrThrow();
  return row.diagnosis_uid;
}

export async function updateDiagnosis(db: Db, diagnosisUid: string, c: DiagnosisColumns): Promise<void> {
  await db.updateTable('patient_diagnosis').set({ ...columns(c), updated_at: now() }).where('diagnosis_uid', '=', diagnosisUid).execute();
}
