import { sql } from 'kysely';
import { ADD_PATIENT_DEFAULTS, type AddPatientValues } from '../../shared/schemas/add-patient';
import type { AuditSource } from '../audit/audit.repository';
import { recordChange } from '../audit/audit.repository';
import type { AuthContext } from '../auth/context';
import { addressValues } from '../contacts/contact-values';
import { insertAddress, insertEmailAddress } from '../contacts/contacts.repository';
import { recordAddressAdded, recordEmailAddressAdded } from '../contacts/contacts-audit';
import type { Db } from '../db/connect';
import { patientScope } from '../dataviews/scopes';

const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

export interface CreatedPatient {
  patientUid: string;
  referralUid: string;
  addressUids: string[];
  emailAddressUids: string[];
}

/** A new patient's own columns; the rest start empty. */
export interface NewPatient {
  firstName: string;
  lastName: string;
  birthDate: string | null;
  genderUid: string | null;
  genderIdentityUid?: string | null;
  mobilePhone?: string | null;
  homePhone?: string | null;
  workPhone?: string | null;
  preferredPhone: string | null;
}

/**
 * A patient of the caller's current division (its episode comes with it,
 * migration 017) with its activity-log entry saying where it came from.
 * Add Patient and a medical event's human interactions both add patients so.
 */
export async function insertPatient(trx: Db, auth: AuthContext, source: AuditSource, p: NewPatient, did: string): Promise<string> {
  const row = await trx
    .insertInto('patient')
    .values({
      division_uid: auth.divisionUid,
      first_name: p.firstName.trim(),
      last_name: p.lastName.trim(),
      middle_name: null,
      birth_date: orNull(p.birthDate),
      gender_uid: orNull(p.genderUid),
      gender_identity_uid: orNull(p.genderIdentityUid),
      mobile_phone: orNull(p.mobilePhone),
      home_phone: orNull(p.homePhone),
      work_phone: orNull(p.workPhone),
      preferred_phone: p.preferredPhone,
      preferred_engagement: ADD_PATIENT_DEFAULTS.preferredEngagement,
      agency_legal_status: null,
      sacwis_person_id: null,
      note: null,
      episode_status_uid: null,
    })
    .returning('patient_uid')
    .executeTakeFirstOrThrow();
  await recordChange(trx, source, { patientUid: row.patient_uid, action: 'AddedPatient', did, targetType: 'patients', targetUid: row.patient_uid });
  return row.patient_uid;
}

/**
 * Spec 001 section 7 "Add patient": the patient, the inbound referral, then
 * each address and e-mail address, each with its activity-log entry.
 * Runs in the caller's transaction: a failure anywhere leaves nothing.
 */
export async function createPatient(trx: Db, auth: AuthContext, source: AuditSource, values: AddPatientValues): Promise<CreatedPatient> {
  const patientUid = await insertPatient(
    trx,
    auth,
    source,
    { ...values, preferredPhone: values.preferredPhoneNumber },
    'added the patient with an inbound referral',
  );
  const referral = await trx
    .insertInto('inbound_referral')
    .values({
      patient_uid: patientUid,
      referral_date: values.referralDate,
      referral_source_uid: orNull(values.referralSourceUid),
      reason_uid: values.referralReasonUid,
      requested_by: values.requestedBy.trim(),
      referred_to: values.referredTo.trim(),
      referral_method: null,
      // The work queues' "new referrals" are the ones nobody has taken up yet.
      status: 'New',
    })
    .returning('referral_uid')
    .executeTakeFirstOrThrow();

  // The first address and e-mail address are primary unless the form chose another.
  const hasPrimary = (rows: { isPrimary?: boolean }[]) => rows.some((r) => r.isPrimary);
  const addressUids: string[] = [];
  for (const [i, address] of values.addresses.entries()) {
    const isPrimary = hasPrimary(values.addresses) ? !!address.isPrimary : i === 0;
    const uid = await insertAddress(trx, patientUid, { ...addressValues(address), isPrimary });
    await recordAddressAdded(trx, source, patientUid, uid);
    addressUids.push(uid);
  }
  const emailAddressUids: string[] = [];
  for (const [i, email] of values.emailAddresses.entries()) {
    const isPrimary = hasPrimary(values.emailAddresses) ? !!email.isPrimary : i === 0;
    const uid = await insertEmailAddress(trx, patientUid, email.emailAddress, isPrimary);
    await recordEmailAddressAdded(trx, source, patientUid, uid);
    emailAddressUids.push(uid);
  }
  return { patientUid, referralUid: referral.referral_uid, addressUids, emailAddressUids };
}

/** How many possible duplicates are listed at most: enough to recognise the person, never a list of the division. */
export const DUPLICATE_LIMIT = 10;

/**
 * Issue 8 section 4 "Possible duplicates": patients of the caller's current
 * division with the same first and last name (ignoring case), and the same
 * birth date and gender when asked, only those the caller may see.
 */
export async function possibleDuplicates(db: Db, auth: AuthContext, query: { firstName: string; lastName: string; birthDate?: string; genderUid?: string }) {
  return db
    .selectFrom('patient as p')
    .leftJoin('reference_data as g', 'g.uid', 'p.gender_uid')
    .select(['p.patient_uid', 'p.first_name', 'p.last_name', 'p.birth_date', 'g.label as gender_label', 'p.created_at'])
    .where(sql<boolean>`${patientScope('p')(auth)}`)
    .$if(query.birthDate !== undefined, (q) => q.where('p.birth_date', '=', query.birthDate!))
    .$if(query.genderUid !== undefined, (q) => q.where('p.gender_uid', '=', query.genderUid!))
    .where(sql<boolean>`lower(p.first_name) = lower(${query.firstName.trim()})`)
    .where(sql<boolean>`lower(p.last_name) = lower(${query.lastName.trim()})`)
    .orderBy('p.created_at')
    .limit(DUPLICATE_LIMIT)
    .execute();
}
