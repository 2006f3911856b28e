import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { snakeCase } from '../../shared/casing';
import { homeMode } from '../../shared/modes';
import { PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import { addPatientSchema, AddPatientPayloadSchema, DuplicateQuerySchema, payloadValues, serverToday, wireFieldOf } from '../../shared/schemas/add-patient';
import { check } from '../../shared/schemas/validate';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { requireAuth } from '../auth/context';
import { addressReferenceChecks } from '../contacts/contact-values';
import { unknownReferences } from '../db/reference-checks';
import { HttpError, parseBody } from '../errors';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { createPatient, possibleDuplicates } from './add-patient.repository';
import { CreatedReferralDocument, PossibleDuplicateList } from './add-patient.responses';

/** A form field's error as the wire names it ('genderIdentityUid' → 'data.relationships.gender_identity.data.id'). */
const onWire = (field: string | undefined) => (field ? wireFieldOf(field).split('.').map(snakeCase).join('.') : undefined);

/**
 * Add Patient (spec 001 section 7, issue 8 section 4): the inbound referral
 * that creates the patient, and the duplicate check the form runs first.
 */
export const addPatientRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const editors = allow(...PATIENT_EDIT_FLAGS);

  /**
   * Spec 001 section 5's rules are the form's own schema, run on the form
   * read back from the document, so both say the same thing. The patient,
   * referral, addresses and e-mail addresses are one transaction, once per
   * Idempotency-Key (a double click creates one patient).
   */
  app.post('/referrals/inbound', withSchemas(editors, { 201: CreatedReferralDocument }, { body: AddPatientPayloadSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const document = parseBody(AddPatientPayloadSchema, request.body);
    const rules = { communityMode: homeMode(auth.flags) === 'community', today: serverToday() };
    const checked = check(addPatientSchema(rules), payloadValues(document));
    if (checked.errors) throw new HttpError(422, checked.errors.map((e) => ({ ...e, field: onWire(e.field) })));
    const values = checked.value;
    return onceOnly(db, request, reply, 'referrals-inbound', async (trx) => {
      const unknown = await unknownReferences(trx, [
        { field: onWire('genderUid')!, model: 'reference-gender', uid: values.genderUid },
        { field: onWire('genderIdentityUid')!, model: 'reference-gender-identity', uid: values.genderIdentityUid },
        { field: onWire('referralReasonUid')!, model: 'reference-reason', type: 'inbound referral', uid: values.referralReasonUid },
        { field: onWire('referralSourceUid')!, model: 'reference-referral-source', uid: values.referralSourceUid },
        ...values.addresses.flatMap((a, i) => addressReferenceChecks(`data.attributes.addresses.${i}`, a)),
      ]);
      if (unknown.length) throw new HttpError(422, unknown);
      const created = await createPatient(trx, auth, auditSourceOf(request), values);
      return {
        status: 201,
        body: {
          data: {
            type: 'referrals',
            id: created.referralUid,
            attributes: { patient_uid: created.patientUid, event_date: values.referralDate, is_inbound_referral: true },
            relationships: {
              patient: { data: { type: 'patients', id: created.patientUid } },
              addresses: { data: created.addressUids.map((id) => ({ type: 'addresses', id })) },
              email_addresses: { data: created.emailAddressUids.map((id) => ({ type: 'email-addresses', id })) },
            },
          },
        },
      };
    });
  });

  /** Patients of the current division the caller may see with the same name (any case) and birth date. */
  const duplicates = async (request: FastifyRequest, criteria: unknown) => {
    const rows = await possibleDuplicates(db, requireAuth(request), parseBody(DuplicateQuerySchema, criteria));
    return { data: rows.map((r) => ({ type: 'patients', id: r.patient_uid, attributes: r })), meta: { total: rows.length } };
  };
  app.get('/patients/possible-duplicates', withSchemas(editors, { 200: PossibleDuplicateList }, { query: DuplicateQuerySchema }), (request) => duplicates(request, { ...(request.query as object) }));
  // Spec 000 section 7 "Matches" (its payload is not shown): the same check with the person in the body, so no name is in an address.
  app.post('/patients/matches', withSchemas(editors, { 200: PossibleDuplicateList }, { body: DuplicateQuerySchema }), (request) => duplicates(request, request.body));
};
