import type { FastifyPluginAsync } from 'fastify';
import { CARE_FLAGS, OUTBOUND_REFERRAL_READERS } from '../../shared/permissions';
import { EhrReferralStatusPayloadSchema, STAFF_TRANSITIONS, STATUS_NOT_ALLOWED, TASK_STATUS_LABELS } from '../../shared/schemas/fhir-referrals';
import { isUuid } from '../../shared/uuid';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import { HttpError, notFound, parseBody } from '../errors';
import { findVisiblePatient } from '../patients/patient-access';
import { allow, forPatient, patientOf } from '../security/access';
import { answerEhrReferral, ehrReferralsOf, lockedEhrReferral, type EhrReferral } from './ehr-referrals.repository';
import { EhrReferralDocument, EhrReferralList } from './ehr-referrals.responses';

const NOT_FOUND = 'Referral not found';

/** A referral with the statuses a person may move it to next. */
const resource = (row: EhrReferral & { codes?: string[] }) => ({ type: 'ehr-referrals', id: row.referral_uid, attributes: { ...row, status_label: TASK_STATUS_LABELS[row.status], next_statuses: STAFF_TRANSITIONS[row.status] } });

/**
 * Issue 35 section 3, the recipient's side: referrals EHRs sent by the Gravity
 * loop, once linked to a record, listed on it and answered there (accept,
 * reject with a reason, start, complete with what was done). Each answer is
 * the EHR's Task status on its next poll, an activity-log entry, and the
 * inbound referral's status, in one transaction.
 */
export const ehrReferralsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const readers = allow(...OUTBOUND_REFERRAL_READERS);
  const carers = allow(...CARE_FLAGS);

  app.get<{ Params: { id: string } }>('/patients/:id/ehr-referrals', withSchemas(forPatient(readers), { 200: EhrReferralList }), async (request) => {
    const rows = await ehrReferralsOf(db, patientOf(request).patient_uid);
    return { data: rows.map(resource), meta: { total: rows.length } };
  });

  /** The same answer twice (a double click, a retry) changes nothing the second time. */
  app.put<{ Params: { id: string } }>('/ehr-referrals/:id/status', withSchemas(carers, { 200: EhrReferralDocument }, { body: EhrReferralStatusPayloadSchema }), async (request) => {
    const { attributes } = parseBody(EhrReferralStatusPayloadSchema, request.body).data;
    return db.transaction().execute(async (trx) => {
      const referral = isUuid(request.params.id) ? await lockedEhrReferral(trx, request.params.id) : undefined;
      // The record must be one the caller may open, in their division: the guard's own rule, and the same 404 otherwise.
      if (!referral?.patient_uid || !(await findVisiblePatient(trx, requireAuth(request), referral.patient_uid))) throw notFound(NOT_FOUND);
      if (referral.status === attributes.status) return { data: resource(referral) };
      if (!STAFF_TRANSITIONS[referral.status].includes(attributes.status)) throw new HttpError(422, [{ field: 'data.attributes.status', message: STATUS_NOT_ALLOWED }]);
      await answerEhrReferral(trx, referral, attributes);
      await recordChange(trx, auditSourceOf(request), {
        patientUid: referral.patient_uid,
        action: 'ChangedReferralStatus',
        did: `set the ${referral.what_for} referral from ${referral.from_system_name} to ${TASK_STATUS_LABELS[attributes.status]}`,
        targetType: 'ehr-referrals',
        targetUid: referral.referral_uid,
      });
      return { data: resource((await lockedEhrReferral(trx, referral.referral_uid))!) };
    });
  });
};
