import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LinkReferralPayloadSchema } from '../../shared/schemas/outbound-referrals';
import { CARE_FLAGS } from '../../shared/permissions';
import { isUuid } from '../../shared/uuid';
import { insertPatient } from '../add-patient/add-patient.repository';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { findVisiblePatient } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { linkFhirReferral } from '../fhir/fhir-referrals.repository';
import { findWaitingReferral, listWaitingReferrals, type WaitingReferral } from './incoming-referrals.repository';
import { LinkedReferralDocument, WaitingReferralDocument, WaitingReferralList } from './incoming-referrals.responses';
import { insertInboundReferral } from './outbound-referrals.repository';

const NOT_FOUND = 'Referral not found';
/** The card and page list this many; the count says how many wait in all. */
const LIST_ROWS = 100;

const resource = (row: WaitingReferral) => ({ type: 'incoming-referrals', id: row.outbound_referral_uid, attributes: row });

/** A referral waiting in the caller's current division, or the same 404 whether it exists elsewhere, was linked, or never existed. */
async function waiting(db: Db, request: FastifyRequest<{ Params: { id: string } }>, lock = false): Promise<WaitingReferral> {
  const row = isUuid(request.params.id) ? await findWaitingReferral(db, request.params.id, requireAuth(request).divisionUid, lock) : undefined;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * The receiving side of a referral between divisions (issue 31): it waits in
 * the receiving division, showing the person it is about, until someone there
 * links it to the record they recognise after the duplicate check or to a new
 * one. Records are never joined by name and birth date alone, so a namesake
 * made up in another division links to nothing. The link makes it the
 * division's inbound referral (its "new referrals" queue) and lets the two
 * records share events from the referral's date on. A referral an EHR sent
 * by FHIR (issue 35) that no identifier matched waits the same way; its link
 * also keeps the EHR's identifiers on the record, and the EHR's Task then names it.
 */
export const incomingReferralsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const carers = allow(...CARE_FLAGS);

  app.get('/incoming-referrals', withSchemas(carers, { 200: WaitingReferralList }), async (request) => {
    const { rows, total } = await listWaitingReferrals(db, requireAuth(request).divisionUid, LIST_ROWS);
    return { data: rows.map(resource), meta: { total } };
  });

  app.get<{ Params: { id: string } }>('/incoming-referrals/:id', withSchemas(carers, { 200: WaitingReferralDocument }), async (request) => ({ data: resource(await waiting(db, request)) }));

  /** Once per Idempotency-Key; two people linking the same referral at once: the second finds it linked (404). */
  app.post<{ Params: { id: string } }>('/incoming-referrals/:id/link', withSchemas(carers, { 200: LinkedReferralDocument }, { body: LinkReferralPayloadSchema }), async (request, reply) => {
    const { attributes } = parseBody(LinkReferralPayloadSchema, request.body).data;
    return onceOnly(db, request, reply, 'incoming-referrals-link', async (trx) => {
      const auth = requireAuth(request);
      const source = auditSourceOf(request);
      const referral = await waiting(trx, request, true);
      const from = `a referral from ${referral.from_division_name}`;
      let patientUid: string;
      if (attributes.patientUid) {
        // The chosen record must be one the caller may open in this division: the guard's own rule.
        const chosen = await findVisiblePatient(trx, auth, attributes.patientUid);
        if (!chosen) throw new HttpError(422, [{ field: 'data.attributes.patient_uid', message: 'Must be one of the listed options' }]);
        patientUid = chosen.patient_uid;
      } else {
        patientUid = await insertPatient(
          trx,
          auth,
          source,
          {
            firstName: referral.first_name,
            lastName: referral.last_name,
            birthDate: referral.birth_date,
            genderUid: referral.gender_uid,
            genderIdentityUid: referral.gender_identity_uid,
            mobilePhone: referral.mobile_phone,
            homePhone: referral.home_phone,
            workPhone: referral.work_phone,
            preferredPhone: referral.preferred_phone,
          },
          `added the patient with ${from}`,
        );
      }
      if (referral.source === 'fhir') {
        const sent = await trx.selectFrom('fhir_referral').selectAll().where('referral_uid', '=', referral.outbound_referral_uid).executeTakeFirstOrThrow();
        await linkFhirReferral(trx, sent, patientUid, source, auth.userUid, `linked ${from}`);
      } else {
        if (attributes.patientUid) {
          await recordChange(trx, source, { patientUid, action: 'ReceivedReferral', did: `linked ${from}`, targetType: 'outbound-referrals', targetUid: referral.outbound_referral_uid });
        }
        await insertInboundReferral(trx, referral.outbound_referral_uid, patientUid, auth.userUid, {
          eventDate: referral.event_date,
          fromDivisionName: referral.from_division_name,
          specialty: referral.provider_role_name,
        });
      }
      return { status: 200, body: { data: { type: 'incoming-referrals', id: referral.outbound_referral_uid, attributes: { received_patient_uid: patientUid } } } };
    });
  });
};
