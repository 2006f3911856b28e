import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { fhirClientInput, FhirClientFormSchema, type FhirClientHelp, type FhirClientView } from '../../shared/schemas/fhir-clients';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import type { Config } from '../config';
import { HttpError, notFound, parseBody } from '../errors';
import { createFhirClient, fhirClientProblems, fhirClientSnapshot, findOrgFhirClient, listFhirClients, updateFhirClient } from '../fhir/fhir-clients.repository';
import { FHIR_PATH, TOKEN_PATH } from '../fhir/paths';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { actorOf, recordAdminChange } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { FhirClientDocument, FhirClientList } from './fhir-clients.responses';

export const FHIR_CLIENT_NOT_FOUND = 'FHIR client not found';

/** The addresses a registered system calls (the GET's meta, `npm run admin -- add-fhir-client`'s output). */
export const fhirClientHelp = ({ publicUrl }: Pick<Config, 'publicUrl'>): FhirClientHelp => ({
  tokenUrl: `${publicUrl}${TOKEN_PATH}`,
  fhirBase: `${publicUrl}${FHIR_PATH}`,
});

const resource = (c: FhirClientView) => ({ type: 'fhir-clients', id: c.clientId, attributes: snakeKeys(c) });

/**
 * Issue 35 section 2, the administrator's side: the organisation's SMART
 * Backend Services clients (the token endpoint and the FHIR API are
 * server/fhir). The EHR routes' anatomy: navigatorAdmin only, another
 * organisation's client is a 404, each change locks the organisation and
 * writes the admin audit log in its transaction.
 */
export const fhirClientRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');

  /** The clients, with their divisions' names, and in `meta` the token URL and the FHIR base URL. */
  app.get('/admin/fhir-clients', withSchemas(admin, { 200: FhirClientList }), async (request) => {
    const auth = requireAuth(request);
    return { data: (await listFhirClients(db, auth.orgUid)).map(resource), meta: snakeKeys(fhirClientHelp(config)) };
  });

  app.post('/admin/fhir-clients', withSchemas(admin, { 201: FhirClientDocument }, { body: FhirClientFormSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(FhirClientFormSchema, request.body);
    return onceOnly(db, request, reply, 'admin-fhir-clients', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const errors = await fhirClientProblems(trx, auth.orgUid, body);
      if (errors.length) throw new HttpError(422, errors);
      const created = await createFhirClient(trx, actorOf(auth), auth.orgUid, fhirClientInput(body));
      return { status: 201, body: { data: resource((await findOrgFhirClient(trx, auth.orgUid, created.clientId))!) } };
    });
  });

  /** Name, keys, scopes, divisions, on or off; an edit that takes something away ends the client's tokens (updateFhirClient). */
  app.put<{ Params: { id: string } }>('/admin/fhir-clients/:id', withSchemas(admin, { 200: FhirClientDocument }, { body: FhirClientFormSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(FhirClientFormSchema, request.body);
    const client = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await findOrgFhirClient(trx, auth.orgUid, request.params.id);
      if (!before) throw notFound(FHIR_CLIENT_NOT_FOUND);
      const errors = await fhirClientProblems(trx, auth.orgUid, body);
      if (errors.length) throw new HttpError(422, errors);
      const after = await updateFhirClient(trx, before, auth.orgUid, fhirClientInput(body));
      await recordAdminChange(trx, actorOf(auth), {
        orgUid: auth.orgUid,
        action: 'UpdatedFhirClient',
        targetType: 'fhir-client',
        targetUid: after.clientId,
        targetLabel: after.displayName,
        before: fhirClientSnapshot(before),
        after: { ...fhirClientSnapshot(after), ...(before.jwks && after.jwks && before.jwks !== after.jwks && { jwks: 'replaced' }) },
      });
      return after;
    });
    return { data: resource(client) };
  });
};
