import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { now } from '../../shared/clock';
import { isUuid } from '../../shared/uuid';
import type { AppContext } from '../app-context';
import { recordAudits } from '../audit/audit.repository';
import { buildVersion } from '../site/build-version';
import { capabilityStatement, smartConfiguration, type OAuthUrls } from './capability';
import { searchBundle } from './bundle';
import { callerOf, enforceFhirAccess, fhirAllows, fhirPublic, type FhirCaller } from './fhir-access';
import { FhirError, FHIR_JSON, fhirErrors } from './operation-outcome';
import { allergyIntoleranceResource } from './allergy-intolerance.resource';
import { careTeamResource } from './care-team.resource';
import { conditionResource } from './condition.resource';
import { documentReferenceResource } from './document-reference.resource';
import { encounterResource } from './encounter.resource';
import { locationResource } from './location.resource';
import { medicationStatementResource } from './medication-statement.resource';
import { organizationResource } from './organization.resource';
import { patientResource } from './patient.resource';
import { practitionerResource } from './practitioner.resource';
import { relatedPersonResource } from './related-person.resource';
import { serviceRequestResource } from './service-request.resource';
import { taskResource } from './task.resource';
import { referralTransaction } from './referral-transaction';
import { subscriptionRoutes } from './subscription.routes';
import { taskUpdateRoutes } from './task-update.routes';
import { serviceRequestUpdateRoutes } from './service-request-update.routes';
import { subscriptionResource } from './subscription.resource';
import type { Resource } from '@medplum/fhirtypes';
import type { FhirResourceType, PatientRead } from './resource-type';
import { referenceId } from './compartment';
import { scopesPermit } from './scopes';
import { parseSearch, type ParsedSearch } from './search-params';
import { AUTHORIZE_PATH, FHIR_PATH, OAUTH_PATH, TOKEN_PATH } from './paths';
import { REFERRAL_BODY_LIMIT } from './limits';

/** What the API serves: each type's read and search come from this table, and so does the CapabilityStatement. */
export const FHIR_RESOURCE_TYPES: readonly FhirResourceType[] = [
  patientResource,
  conditionResource,
  allergyIntoleranceResource,
  medicationStatementResource,
  encounterResource,
  careTeamResource,
  relatedPersonResource,
  documentReferenceResource,
  serviceRequestResource,
  taskResource,
  practitionerResource,
  organizationResource,
  locationResource,
  subscriptionResource,
];

/**
 * `/fhir` (issue 35 section 1): FHIR R4 over Careweave's records, for the
 * clients an administrator registered. Each call needs a token whose scopes
 * grant it; what it answers passes the same patient scope as every read
 * (the client's divisions, never a restricted or adoption case), and every
 * patient it tells about is an audit entry naming the client.
 */
export async function fhirRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  fhirErrors(app);
  enforceFhirAccess(app, db);
  // FHIR's own media type is JSON (R4 section 3.1.0.1.4); a referral Bundle is at most this big.
  app.addContentTypeParser('application/fhir+json', { parseAs: 'string', bodyLimit: REFERRAL_BODY_LIMIT }, app.getDefaultJsonParser('error', 'error'));
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) void reply.type(FHIR_JSON);
    return payload;
  });

  const { version } = buildVersion(path.resolve(import.meta.dirname, '../..'), config.distDir);
  // PUBLIC_URL is settled once the server listens (boot gives one from the port): read at the first call.
  const fhirBase = () => `${config.publicUrl}${FHIR_PATH}`;
  const oauth = (): OAuthUrls => ({
    issuer: `${config.publicUrl}${OAUTH_PATH}`,
    authorize: `${config.publicUrl}${AUTHORIZE_PATH}`,
    token: `${config.publicUrl}${TOKEN_PATH}`,
    revoke: `${config.publicUrl}${OAUTH_PATH}/revoke`,
    jwks: `${config.publicUrl}${OAUTH_PATH}/jwks`,
  });

  const started = now().toISOString();
  app.get('/metadata', fhirPublic, async () => capabilityStatement(fhirBase(), oauth(), { version, date: started }, FHIR_RESOURCE_TYPES));
  app.get('/.well-known/smart-configuration', fhirPublic, async (_request, reply) => reply.type('application/json').send(smartConfiguration(oauth(), FHIR_RESOURCE_TYPES)));

  const audit = (caller: FhirCaller, serviceMethod: string, patients: readonly PatientRead[]) =>
    recordAudits(
      db,
      [...new Map(patients.map((p) => [p.patientUid, p])).values()].map((p) => ({
        userUid: caller.client.userUid,
        userDisplayName: caller.client.displayName,
        divisionUid: p.divisionUid,
        pageViewId: null,
        serviceMethod,
        patientUid: p.patientUid,
        action: 'ViewedPatient' as const,
        targetType: 'patients',
        targetUid: p.patientUid,
      })),
    );

  app.post('/', { ...fhirAllows('Task', 'c'), bodyLimit: REFERRAL_BODY_LIMIT }, async (request, reply) => {
    const answer = await referralTransaction(db, callerOf(request), request.body);
    return reply.status(200).send(answer);
  });

  subscriptionRoutes(app, db, fhirBase);
  taskUpdateRoutes(app, db);
  serviceRequestUpdateRoutes(app, db);

  /**
   * What a search's `_include` asks for: the resources its matches refer to,
   * found through the referred type's own search (the same scope and audit),
   * and only where the token may read that type.
   */
  const includedBy = async (caller: FhirCaller, type: FhirResourceType, search: ParsedSearch, matches: Resource[]) => {
    const resources: Resource[] = [];
    const patients: PatientRead[] = [];
    for (const name of search.include ?? []) {
      const include = type.includes![name];
      const target = FHIR_RESOURCE_TYPES.find((t) => t.type === include.type)!;
      if (!scopesPermit(caller.scopes, include.type, 'r')) continue;
      const ids = [...new Set(matches.map((m) => referenceId(include.reference(m) ?? '', include.type)).filter((id): id is string => !!id))];
      if (!ids.length) continue;
      const found = await target.find(db, caller, { params: new Map([['_id', [ids]]]), count: ids.length, offset: 0, understood: [] }, config);
      resources.push(...found.resources);
      patients.push(...found.patients);
    }
    return { resources, patients };
  };

  for (const type of FHIR_RESOURCE_TYPES) {
    app.get<{ Querystring: Record<string, string | string[]> }>(`/${type.type}`, fhirAllows(type.type, 's'), async (request) => {
      const caller = callerOf(request);
      const search = parseSearch(request.query, type.search, request.headers.prefer as string | undefined, Object.keys(type.includes ?? {}));
      const found = await type.find(db, caller, search, config);
      const included = await includedBy(caller, type, search, found.resources);
      await audit(caller, `GET ${FHIR_PATH}/${type.type}`, [...found.patients, ...included.patients]);
      return searchBundle(`${fhirBase()}/${type.type}`, search, found.resources, found.hasMore, included.resources.map((r) => ({ fullUrl: `${fhirBase()}/${r.resourceType}/${r.id}`, resource: r })));
    });

    app.get<{ Params: { id: string } }>(`/${type.type}/:id`, fhirAllows(type.type, 'r'), async (request) => {
      const caller = callerOf(request);
      const missing = new FhirError(404, 'not-found', `${type.type}/${request.params.id} is not known`);
      if (!isUuid(request.params.id)) throw missing;
      const found = await type.find(db, caller, { params: new Map([['_id', [[request.params.id]]]]), count: 1, offset: 0, understood: [] }, config);
      if (!found.resources.length) {
        if (await type.gone?.(db, caller, request.params.id)) throw new FhirError(410, 'deleted', `${type.type}/${request.params.id} was deleted`);
        throw missing;
      }
      await audit(caller, `GET ${FHIR_PATH}/${type.type}/:id`, found.patients);
      return found.resources[0];
    });
  }
}
