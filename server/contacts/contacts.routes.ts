import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '../../shared/api/errors';
import { PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import { AddressPayloadSchema, EmailAddressPayloadSchema } from '../../shared/schemas/contacts';
import { isUuid } from '../../shared/uuid';
import { unknownReferences } from '../db/reference-checks';
import { addressReferenceChecks, addressValues } from './contact-values';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { findVisiblePatient, PATIENT_NOT_FOUND } from '../patients/patient-access';
import { IDEMPOTENCY_HEADER, onceOnly, type Stored } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { recordAddressAdded, recordAddressChanged, recordEmailAddressAdded, recordEmailAddressChanged } from './contacts-audit';
import { AddressDocument, EmailAddressDocument } from './contacts.responses';
import { findAddress, findEmailAddress, insertAddress, insertEmailAddress, updateAddress, updateEmailAddress } from './contacts.repository';

const resource = (type: string, id: string, attributes: object, patientUid: string) => ({
  data: { type, id, attributes, relationships: { patient: { data: { type: 'patients', id: patientUid } } } },
});

/** Creates run once per Idempotency-Key when the caller sends one (the Add Patient form does); edits are idempotent already. */
function once(db: Db, request: FastifyRequest, reply: FastifyReply, scope: string, handler: (trx: Db) => Promise<Stored>) {
  if (request.headers[IDEMPOTENCY_HEADER] !== undefined) return onceOnly(db, request, reply, scope, handler);
  return db
    .transaction()
    .execute((trx) => handler(trx as unknown as Db))
    .then((answer) => reply.status(answer.status).send(answer.body));
}

function reject(errors: FieldError[]): void {
  if (errors.length) throw new HttpError(422, errors);
}

/**
 * A patient's addresses and e-mail addresses (spec 001 section 7: "POST
 * /addresses and POST /email-addresses ... linked to the patient";
 * demographics "PUT or POST /addresses/{id}"). The linked patient must be one
 * the caller may see; each write and its activity-log entry share a transaction.
 */
export const contactsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const editors = allow(...PATIENT_EDIT_FLAGS);

  const visiblePatient = async (trx: Db, request: FastifyRequest, patientUid: string) => {
    const patient = await findVisiblePatient(trx, requireAuth(request), patientUid);
    if (!patient) throw notFound(PATIENT_NOT_FOUND);
    return patient.patient_uid;
  };

  app.post('/addresses', withSchemas(editors, { 201: AddressDocument }, { body: AddressPayloadSchema }), async (request, reply) => {
    const { data } = parseBody(AddressPayloadSchema, request.body);
    return once(db, request, reply, 'addresses', async (trx) => {
      const patientUid = await visiblePatient(trx, request, data.relationships.patient.data.id);
      reject(await unknownReferences(trx, addressReferenceChecks('data.attributes', data.attributes)));
      const id = await insertAddress(trx, patientUid, addressValues(data.attributes));
      await recordAddressAdded(trx, auditSourceOf(request), patientUid, id);
      return { status: 201, body: resource('addresses', id, (await findAddress(trx, patientUid, id))!, patientUid) };
    });
  });

  app.put<{ Params: { id: string } }>('/addresses/:id', withSchemas(editors, { 200: AddressDocument }, { body: AddressPayloadSchema }), async (request) => {
    const { data } = parseBody(AddressPayloadSchema, request.body);
    const id = request.params.id;
    return db.transaction().execute(async (trx) => {
      const patientUid = await visiblePatient(trx, request, data.relationships.patient.data.id);
      if (!isUuid(id) || !(await findAddress(trx, patientUid, id))) throw notFound('Address not found');
      reject(await unknownReferences(trx, addressReferenceChecks('data.attributes', data.attributes)));
      await updateAddress(trx, patientUid, id, addressValues(data.attributes));
      await recordAddressChanged(trx, auditSourceOf(request), patientUid, id);
      return resource('addresses', id, (await findAddress(trx, patientUid, id))!, patientUid);
    });
  });

  app.post('/email-addresses', withSchemas(editors, { 201: EmailAddressDocument }, { body: EmailAddressPayloadSchema }), async (request, reply) => {
    const { data } = parseBody(EmailAddressPayloadSchema, request.body);
    return once(db, request, reply, 'email-addresses', async (trx) => {
      const patientUid = await visiblePatient(trx, request, data.relationships.patient.data.id);
      const id = await insertEmailAddress(trx, patientUid, data.attributes.emailAddress, data.attributes.isPrimary ?? false);
      await recordEmailAddressAdded(trx, auditSourceOf(request), patientUid, id);
      return { status: 201, body: resource('email-addresses', id, (await findEmailAddress(trx, patientUid, id))!, patientUid) };
    });
  });

  app.put<{ Params: { id: string } }>('/email-addresses/:id', withSchemas(editors, { 200: EmailAddressDocument }, { body: EmailAddressPayloadSchema }), async (request) => {
    const { data } = parseBody(EmailAddressPayloadSchema, request.body);
    const id = request.params.id;
    return db.transaction().execute(async (trx) => {
      const patientUid = await visiblePatient(trx, request, data.relationships.patient.data.id);
      if (!isUuid(id) || !(await updateEmailAddress(trx, patientUid, id, data.attributes.emailAddress, data.attributes.isPrimary))) throw notFound('Email address not found');
      await recordEmailAddressChanged(trx, auditSourceOf(request), patientUid, id);
      return resource('email-addresses', id, (await findEmailAddress(trx, patientUid, id))!, patientUid);
    });
  });
};
