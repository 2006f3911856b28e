import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { FHIR_DESTINATION_SCOPES, FhirDestinationFormSchema, type FhirDestinationHelp, type FhirDestinationView } from '../../shared/schemas/fhir-destinations';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import type { Config } from '../config';
import { HttpError, notFound, parseBody } from '../errors';
import { JWKS_PATH } from '../fhir/jwks.routes';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { actorOf } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { createFhirDestination, fhirDestinationProblems, findOrgFhirDestination, listFhirDestinations, updateFhirDestination } from './fhir-destinations.repository';
import { FhirDestinationDocument, FhirDestinationList } from './fhir-destinations.responses';

export const FHIR_DESTINATION_NOT_FOUND = 'FHIR destination not found';

/** What the receiving FHIR server registers for Careweave (the GET's meta, `npm run admin -- add-fhir-destination`'s output). */
export const fhirDestinationHelp = ({ publicUrl }: Pick<Config, 'publicUrl'>): FhirDestinationHelp => ({
  jwksUrl: `${publicUrl}${JWKS_PATH}`,
  scopes: FHIR_DESTINATION_SCOPES,
});

const resource = (d: FhirDestinationView) => ({ type: 'fhir-destinations', id: d.destinationUid, attributes: snakeKeys(d) });

/**
 * Issue 35 section 3, the administrator's side: the facilities whose FHIR
 * server takes the organisation's referrals (sending them is server/fhir).
 * The FHIR clients' anatomy: navigatorAdmin only, another organisation's
 * destination is a 404, each change locks the organisation and writes the
 * admin audit log in its transaction.
 */
export const fhirDestinationRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');

  /** The destinations, with their facilities' names, and in `meta` Careweave's JWKS URL and the scopes to grant it. */
  app.get('/admin/fhir-destinations', withSchemas(admin, { 200: FhirDestinationList }), async (request) => {
    const auth = requireAuth(request);
    return { data: (await listFhirDestinations(db, auth.orgUid)).map(resource), meta: snakeKeys(fhirDestinationHelp(config)) };
  });

  app.post('/admin/fhir-destinations', withSchemas(admin, { 201: FhirDestinationDocument }, { body: FhirDestinationFormSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(FhirDestinationFormSchema, request.body);
    return onceOnly(db, request, reply, 'admin-fhir-destinations', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const errors = await fhirDestinationProblems(trx, auth.orgUid, body);
      if (errors.length) throw new HttpError(422, errors);
      return { status: 201, body: { data: resource(await createFhirDestination(trx, actorOf(auth), auth.orgUid, body)) } };
    });
  });

  /** Its facility, FHIR base, client id, owner, on or off. */
  app.put<{ Params: { id: string } }>('/admin/fhir-destinations/:id', withSchemas(admin, { 200: FhirDestinationDocument }, { body: FhirDestinationFormSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(FhirDestinationFormSchema, request.body);
    const destination = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await findOrgFhirDestination(trx, auth.orgUid, request.params.id);
      if (!before) throw notFound(FHIR_DESTINATION_NOT_FOUND);
      const errors = await fhirDestinationProblems(trx, auth.orgUid, body, before.destinationUid);
      if (errors.length) throw new HttpError(422, errors);
      return updateFhirDestination(trx, actorOf(auth), auth.orgUid, before, body);
    });
    return { data: resource(destination) };
  });
};
