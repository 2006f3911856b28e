import { sql, type Selectable } from 'kysely';
import { outsideSystemViewer, patientScope } from '../dataviews/scopes';
import { recordChange, type AuditSource } from '../audit/audit.repository';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';
import type { FhirReferralTable } from '../db/database';
import { FHIR_PATH } from './paths';
import { notifyTaskChange } from './task-notifications';
import type { FhirClient } from './fhir-clients.repository';
import { FhirError } from './operation-outcome';
import type { ReferralIn } from './referral-bundle';

export type FhirReferral = Selectable<FhirReferralTable>;

/** How an inbound referral from an EHR is marked in the patient's referrals (the "Referral Method"). */
export const FHIR_REFERRAL_METHOD = 'FHIR (Gravity)';
const NEW_INBOUND = 'New';

/** The client as the author of the audit entries its referral writes. */
export const clientSource = (client: FhirClient, divisionUid: string): AuditSource => ({
  userUid: client.userUid,
  userDisplayName: client.displayName,
  divisionUid,
  pageViewId: null,
  serviceMethod: `POST ${FHIR_PATH}`,
});

/** A patient of `divisionUid` the client may see (never a restricted or adoption case): the same scope as its reads. */
async function visibleIn(db: Db, divisionUid: string, patientUid: string) {
  return db
    .selectFrom('patient as p')
    .select(['p.patient_uid', 'p.first_name', 'p.middle_name', 'p.last_name', sql<string | null>`p.birth_date::text`.as('birth_date'), 'p.gender_uid', 'p.mobile_phone', 'p.home_phone', 'p.work_phone', 'p.preferred_phone'])
    .where('p.patient_uid', '=', patientUid)
    .where(sql<boolean>`${patientScope('p')(outsideSystemViewer([divisionUid]))}`)
    .executeTakeFirst();
}

/**
 * The one patient of the division the sent identifiers name (an EHR's MRN as
 * Careweave keeps it), or none when they name nobody or more than one:
 * never a match on name and birth date, which a person decides.
 */
async function matchByIdentifier(db: Db, divisionUid: string, identifiers: ReferralIn['identifiers']): Promise<string | undefined> {
  if (!identifiers.length) return undefined;
  const { rows } = await sql<{ patient_uid: string }>`
    select distinct i.patient_uid
      from patient_identifier i
      join patient p on p.patient_uid = i.patient_uid
     where (i.system, i.value) in (${sql.join(identifiers.map((i) => sql`(${i.system}, ${i.value})`))})
       and ${patientScope('p')(outsideSystemViewer([divisionUid]))}
     limit 2`.execute(db);
  return rows.length === 1 ? rows[0].patient_uid : undefined;
}

const genderUid = async (db: Db, client: FhirClient, gender: string | null) =>
  gender
    ? (
        await db
          .selectFrom('reference_data')
          .select('uid')
          .where('model', '=', 'reference-gender')
          .where('name', '=', gender)
          .where((eb) => eb.or([eb('org_uid', 'is', null), eb('org_uid', '=', client.orgUid)]))
          .executeTakeFirst()
      )?.uid ?? null
    : null;

/**
 * The division's inbound referral (status New: its "new referrals" queue) for
 * the patient the referral is now linked to, with the activity-log entry.
 */
export async function linkFhirReferral(trx: Db, referral: FhirReferral, patientUid: string, source: AuditSource, linkedBy: string | null, did: string): Promise<void> {
  const inbound = await trx
    .insertInto('inbound_referral')
    .values({
      patient_uid: patientUid,
      referral_date: referral.event_date,
      referral_source_uid: null,
      reason_uid: null,
      requested_by: referral.requester_name,
      referred_to: referral.what_for,
      referral_method: FHIR_REFERRAL_METHOD,
      status: NEW_INBOUND,
    })
    .returning('referral_uid')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('fhir_referral')
    .set({ patient_uid: patientUid, inbound_referral_uid: inbound.referral_uid, linked_by: linkedBy, linked_at: sqlNow() as unknown as Date, updated_at: sqlNow() })
    .where('referral_uid', '=', referral.referral_uid)
    .execute();
  // The EHR's numbers for the person, so that its next referral finds the record by itself.
  if (referral.identifiers.length) {
    await trx
      .insertInto('patient_identifier')
      .values(referral.identifiers.map((i) => ({ patient_uid: patientUid, system: i.system, value: i.value })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await recordChange(trx, source, { patientUid, action: 'ReceivedReferral', did, targetType: 'fhir-referrals', targetUid: referral.referral_uid });
  await notifyTaskChange(trx, referral.referral_uid);
}

/**
 * Stores a referral once per Task identifier and client: the same Task sent
 * again answers the referral it made (`created` false) and changes nothing.
 * The patient is the one the ServiceRequest names (it must be one the client
 * may see in the owner division), else the one the identifiers name; with
 * one, the referral is the division's new inbound referral at once; with
 * none, it waits in the division's incoming referrals for a person to link.
 * Runs in the caller's transaction.
 */
export async function storeFhirReferral(trx: Db, client: FhirClient, r: ReferralIn): Promise<{ referral: FhirReferral; created: boolean }> {
  let patientUid: string | undefined;
  let personFields;
  if (r.person) {
    const p = r.person;
    personFields = {
      first_name: p.firstName,
      middle_name: p.middleName,
      last_name: p.lastName,
      birth_date: p.birthDate,
      gender_uid: await genderUid(trx, client, p.gender),
      mobile_phone: p.mobilePhone,
      home_phone: p.homePhone,
      work_phone: p.workPhone,
      preferred_phone: p.preferredPhone,
    };
  } else {
    const { patient_uid: known, ...fields } = (await visibleIn(trx, r.divisionUid, r.subjectUid!)) ?? {};
    if (!known) throw new FhirError(422, 'processing', `ServiceRequest.subject: Patient/${r.subjectUid} is not known in the Task owner's division`, 'ServiceRequest.subject');
    patientUid = known;
    personFields = fields as Omit<NonNullable<Awaited<ReturnType<typeof visibleIn>>>, 'patient_uid'>;
  }
  const inserted = await trx
    .insertInto('fhir_referral')
    .values({
      client_id: client.clientId,
      division_uid: r.divisionUid,
      task_system: r.taskSystem,
      task_value: r.taskValue,
      status: 'received',
      event_date: r.eventDate,
      what_for: r.whatFor,
      priority: r.priority,
      reason: r.reason,
      notes: r.notes,
      requester_name: r.requesterName,
      ...personFields,
      identifiers: JSON.stringify(r.identifiers),
      task: JSON.stringify(r.task),
      service_request: JSON.stringify(r.serviceRequest),
      supporting: JSON.stringify(r.supporting),
    })
    .onConflict((oc) => oc.columns(['client_id', 'task_system', 'task_value']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) {
    const before = await trx.selectFrom('fhir_referral').selectAll().where('client_id', '=', client.clientId).where('task_system', '=', r.taskSystem).where('task_value', '=', r.taskValue).executeTakeFirstOrThrow();
    return { referral: before, created: false };
  }
  patientUid ??= await matchByIdentifier(trx, r.divisionUid, r.identifiers);
  if (!patientUid) return { referral: inserted, created: true };
  await linkFhirReferral(trx, inserted, patientUid, clientSource(client, r.divisionUid), null, `sent a referral for ${r.whatFor}`);
  return { referral: await trx.selectFrom('fhir_referral').selectAll().where('referral_uid', '=', inserted.referral_uid).executeTakeFirstOrThrow(), created: true };
}
