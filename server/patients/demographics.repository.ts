import type { Db } from '../db/connect';
import type { DemographicsValues } from '../../shared/schemas/demographics';
import { now } from '../../shared/clock';

/** The patient's races (spec 001 `GET /patients/{id}/races`), in the reference list's order. */
export function listRaces(db: Db, patientUid: string) {
  return db
    .selectFrom('patient_race as pr')
    .innerJoin('reference_data as r', 'r.uid', 'pr.race_uid')
    .select(['r.uid', 'r.name', 'r.label'])
    .where('pr.patient_uid', '=', patientUid)
    .orderBy('r.default_sort_order')
    .orderBy('r.label')
    .execute();
}

/** The demographics as the form edits them, for checking a change against the current values. */
export async function currentDemographics(db: Db, patientUid: string): Promise<DemographicsValues> {
  const p = await db
    .selectFrom('patient')
    .select(['first_name', 'middle_name', 'last_name', 'birth_date', 'gender_uid', 'gender_identity_uid', 'preferred_phone', 'mobile_phone', 'home_phone', 'work_phone'])
    .where('patient_uid', '=', patientUid)
    .executeTakeFirstOrThrow();
  const races = await db.selectFrom('patient_race').select('race_uid').where('patient_uid', '=', patientUid).execute();
  return {
    firstName: p.first_name,
    middleName: p.middle_name ?? '',
    lastName: p.last_name,
    birthDate: p.birth_date ?? '',
    genderUid: p.gender_uid ?? '',
    genderIdentityUid: p.gender_identity_uid ?? '',
    raceUids: races.map((r) => r.race_uid),
    preferredPhone: (p.preferred_phone ?? '') as DemographicsValues['preferredPhone'],
    mobilePhone: p.mobile_phone ?? '',
    homePhone: p.home_phone ?? '',
    workPhone: p.work_phone ?? '',
  };
}

/** The ids among `uids` that are active entries of the reference list `model`. */
export async function activeReferenceUids(db: Db, model: string, uids: string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db.selectFrom('reference_data').select('uid').where('model', '=', model).where('is_active', '=', true).where('uid', 'in', uids).execute();
  return new Set(rows.map((r) => r.uid));
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * Writes the demographics in the caller's transaction. `patient.race_uid`
 * keeps the first race, as an external referral set it (decisions.md).
 */
export async function saveDemographics(db: Db, patientUid: string, values: DemographicsValues): Promise<void> {
  await db
    .updateTable('patient')
    .set({
      first_name: values.firstName.trim(),
      middle_name: blankToNull(values.middleName),
      last_name: values.lastName.trim(),
      birth_date: blankToNull(values.birthDate),
      gender_uid: values.genderUid,
      gender_identity_uid: blankToNull(values.genderIdentityUid),
      race_uid: values.raceUids[0] ?? null,
      preferred_phone: values.preferredPhone,
      mobile_phone: blankToNull(values.mobilePhone),
      home_phone: blankToNull(values.homePhone),
      work_phone: blankToNull(values.workPhone),
      updated_at: now(),
    })
    .where('patient_uid', '=', patientUid)
    .execute();
  await db.deleteFrom('patient_race').where('patient_uid', '=', patientUid).execute();
  if (values.raceUids.length) await db.insertInto('patient_race').values(values.raceUids.map((race_uid) => ({ patient_uid: patientUid, race_uid }))).execute();
}

export async function saveNote(db: Db, patientUid: string, note: string | null): Promise<void> {
  await db.updateTable('patient').set({ note, updated_at: now() }).where('patient_uid', '=', patientUid).execute();
}

export function findEpisode(db: Db, patientEpisodeUid: string) {
  return db.selectFrom('patient_episode').select(['patient_episode_uid', 'patient_uid', 'status_uid']).where('patient_episode_uid', '=', patientEpisodeUid).executeTakeFirst();
}

/** An active reference status of type Episode, or undefined. */
export function findEpisodeStatus(db: Db, statusUid: string) {
  return db
    .selectFrom('reference_data')
    .select(['uid', 'label'])
    .where('uid', '=', statusUid)
    .where('model', '=', 'reference-status')
    .where('ref_data_type', '=', 'Episode')
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** The episode and the patient's copy that lists filter on change together, in the caller's transaction. */
export async function saveEpisodeStatus(db: Db, episode: { patient_episode_uid: string; patient_uid: string }, statusUid: string): Promise<void> {
  await db.updateTable('patient_episode').set({ status_uid: statusUid, updated_at: now() }).where('patient_episode_uid', '=', episode.patient_episode_uid).execute();
  await db.updateTable('patient').set({ episode_status_uid: statusUid, updated_at: now() }).where('patient_uid', '=', episode.patient_uid).execute();
}

export async function saveAvatarFile(db: Db, patientUid: string, file: string): Promise<void> {
  await db.updateTable('patient').set({ avatar_file: file, updated_at: now() }).where('patient_uid', '=', patientUid).execute();
}

/** The patient's addresses, e-mail addresses and insurance for `?include=` (spec 001 "Address", "Email"). */
export const includedOf = {
  addresses: (db: Db, patientUid: string) =>
    db
      .selectFrom('patient_address as a')
      .leftJoin('reference_data as t', 't.uid', 'a.address_type_uid')
      .leftJoin('reference_data as s', 's.uid', 'a.country_division_uid')
      .select(['a.address_uid as id', 'a.address_type_uid', 't.label as address_type_label', 'a.addr1', 'a.addr2', 'a.city', 'a.country_division_uid', 's.label as state_label', 'a.post_code', 'a.county', 'a.is_primary', 'a.latitude', 'a.longitude'])
      .where('a.patient_uid', '=', patientUid)
      .orderBy('a.is_primary', 'desc')
      .orderBy('a.created_at')
      .execute(),
  'email-addresses': (db: Db, patientUid: string) =>
    db
      .selectFrom('patient_email_address')
      .select(['email_address_uid as id', 'email_address', 'is_primary'])
      .where('patient_uid', '=', patientUid)
      .orderBy('is_primary', 'desc')
      .orderBy('created_at')
      .execute(),
  'insurance-providers': (db: Db, patientUid: string) =>
    db
      .selectFrom('patient_insurance as i')
      .leftJoin('reference_data as c', 'c.uid', 'i.carrier_uid')
      .select(['i.insurance_uid as id', 'i.carrier_uid', 'c.label as carrier_label', 'i.policy_number', 'i.group_number', 'i.effective_date', 'i.is_primary', 'i.policy_type'])
      .where('i.patient_uid', '=', patientUid)
      .orderBy('i.is_primary', 'desc')
      .orderBy('i.created_at')
      .execute(),
} as const;
export type IncludeName = keyof typeof includedOf;
