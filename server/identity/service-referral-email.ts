import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { HttpError } from '../errors';
import { enqueueMessage } from '../outbox/outbox.repository';
import type { Patient } from '../patients/patient-access';
import { SERVICE_REFERRAL_NO_RECIPIENT, type ServiceReferralEmail } from '../../shared/schemas/identity-record';
import { sqlToday } from '../db/clock';

/**
 * Spec 001 sections 3 and 8: the service referral e-mail. One message per
 * case of the child to the case's worker and supervisor (each address once),
 * queued in the caller's transaction so it exists exactly when the request
 * succeeded; the fields are spec 001's "Service referral email data".
 */

interface CaseRow {
  case_id: string;
  county: string;
  agency_name: string;
  legal_status: string | null;
  wkr_name: string | null;
  wkr_email: string | null;
  sup_email: string | null;
}

interface PlacementRow {
  provider_id: string;
  provider_name: string;
  placement_type: string;
  provider_contact: string | null;
  provider_address: string | null;
  provider_agency: string | null;
  provider_agency_contact: string | null;
}

/** A field the extract left empty: said plainly rather than left blank. */
const NOT_ON_RECORD = 'Not on record';

const usDate = (value: unknown): string => {
  if (!value) return NOT_ON_RECORD;
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  const [y, m, d] = text.split('-');
  return `${m}/${d}/${y}`;
};

/** The message body: every field of spec 001 section 3, labelled, one a line. */
export function serviceReferralBody(fields: Record<string, string>, additionalMessage: string | null): string {
  const line = (label: string, value: string | null | undefined) => `${label}: ${value && value.trim() ? value : NOT_ON_RECORD}`;
  return [
    'Service Referral',
    '',
    line('Child Name', fields.childName),
    line('Last Name', fields.lastName),
    line('First Name', fields.firstName),
    line('Birth Date', fields.birthDate),
    line('County', fields.county),
    line('Legal Status / Custody', fields.csChildLegalStatusCustody),
    line('SACWIS Person ID', fields.personId),
    line('SACWIS Case ID', fields.caseId),
    line('Caseworker', fields.wkrName),
    line('Caseworker Email', fields.wkrEmail),
    line('Supervisor Email', fields.supEmail),
    line('Provider Name', fields.providerName),
    line('Provider Contact', fields.providerContact),
    line('Provider Address', fields.providerAddress),
    line('Placement Type', fields.placementType),
    line('Provider Agency', fields.providerAgency),
    line('Provider Agency Contact', fields.providerAgencyContact),
    '',
    'Additional Message:',
    additionalMessage?.trim() || 'None',
  ].join('\n');
}

/**
 * Queues the e-mails; throws the spec's 422 when no case of the child has a
 * worker or supervisor address. Returns the addresses written to.
 */
export async function sendServiceReferralEmail(trx: Db, patient: Patient, input: ServiceReferralEmail): Promise<string[]> {
  const cases = await sql<CaseRow>`
    select case_id, county, agency_name, legal_status, wkr_name, wkr_email, sup_email
      from list_view_cs_tbl_source_case where patient_uid = ${patient.patient_uid} order by case_id`.execute(trx);
  const withRecipient = cases.rows.filter((c) => c.wkr_email?.trim() || c.sup_email?.trim());
  if (!withRecipient.length) throw new HttpError(422, [{ message: SERVICE_REFERRAL_NO_RECIPIENT }]);
  const placement = await sql<PlacementRow>`
    select provider_id, provider_name, placement_type, provider_contact, provider_address, provider_agency, provider_agency_contact
      from list_view_cs_tbl_placement_history
     where patient_uid = ${patient.patient_uid} and (end_date is null or end_date >= ${sqlToday()})
     order by start_date desc, placement_id limit 1`.execute(trx);
  const custody = await sql<{ legal_status: string | null }>`
    select legal_status from list_view_cs_tbl_custody_history
     where patient_uid = ${patient.patient_uid} and end_date is null order by start_date desc limit 1`.execute(trx);
  const current = placement.rows[0];
  const sent: string[] = [];
  for (const c of withRecipient) {
    const fields: Record<string, string> = {
      county: c.county,
      lastName: patient.last_name,
      firstName: patient.first_name,
      wkrEmail: c.wkr_email ?? '',
      supEmail: c.sup_email ?? '',
      childName: `${patient.first_name} ${patient.last_name}`,
      birthDate: usDate(patient.birth_date),
      csChildLegalStatusCustody: custody.rows[0]?.legal_status ?? c.legal_status ?? patient.agency_legal_status ?? '',
      personId: patient.sacwis_person_id ?? '',
      caseId: c.case_id,
      wkrName: c.wkr_name ?? '',
      providerName: current ? `${current.provider_name} (provider ${current.provider_id})` : '',
      providerContact: current?.provider_contact ?? '',
      providerAddress: current?.provider_address ?? '',
      placementType: current?.placement_type ?? '',
      providerAgency: current?.provider_agency ?? '',
      providerAgencyContact: current?.provider_agency_contact ?? '',
    };
    const body = serviceReferralBody(fields, input.additionalMessage ?? null);
    for (const recipient of new Set([c.wkr_email, c.sup_email].map((e) => e?.trim()).filter((e): e is string => !!e))) {
      await enqueueMessage(trx, { channel: 'email', recipient, subject: input.subject.trim(), body });
      sent.push(recipient);
    }
  }
  return sent;
}
