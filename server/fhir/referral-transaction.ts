import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import type { Db } from '../db/connect';
import type { FhirCaller } from './fhir-access';
import { storeFhirReferral } from './fhir-referrals.repository';
import { FhirError } from './operation-outcome';
import { readReferralBundle } from './referral-bundle';
import { scopesPermit } from './scopes';

/**
 * `POST /fhir` with a transaction Bundle (issue 35 section 3): a Gravity
 * referral to one of the client's divisions, stored once per Task
 * identifier, all or nothing. The transaction-response answers each entry
 * in its order: the Task and ServiceRequest made (201) or already made by
 * the same Task sent before (200); the Patient as the record it was matched
 * to (200, where the client may read patients) or kept for a person to
 * link (202); a Condition or Consent kept with the referral (202).
 */
export async function referralTransaction(db: Db, caller: FhirCaller, body: unknown): Promise<Bundle> {
  if (!scopesPermit(caller.scopes, 'ServiceRequest', 'c')) {
    throw new FhirError(403, 'forbidden', "The token's scopes do not allow creating a ServiceRequest", undefined, { 'www-authenticate': 'Bearer error="insufficient_scope"' });
  }
  const referral = await readReferralBundle(body, caller.client);
  const { referral: row, created } = await db.transaction().execute((trx) => storeFhirReferral(trx, caller.client, referral));
  const made = created ? '201 Created' : '200 OK';
  const lastModified = row.updated_at.toISOString();
  const showPatient = row.patient_uid && scopesPermit(caller.scopes, 'Patient', 'r');
  const answer = (type: string): BundleEntry['response'] => {
    switch (type) {
      case 'Task':
        return { status: made, location: `Task/${row.referral_uid}`, lastModified };
      case 'ServiceRequest':
        return { status: made, location: `ServiceRequest/${row.service_request_uid}`, lastModified };
      case 'Patient':
        return showPatient ? { status: '200 OK', location: `Patient/${row.patient_uid}` } : { status: '202 Accepted' };
      default:
        return { status: '202 Accepted' };
    }
  };
  return { resourceType: 'Bundle', type: 'transaction-response', entry: referral.entryTypes.map((type) => ({ response: answer(type) })) };
}
