import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { outsideSystemViewer, type Viewer } from '../dataviews/scopes';
import type { Db } from '../db/connect';
import { tooMany } from '../errors';
import { bucketKey, reserve } from '../security/rate-limit';
import { clientOfToken, type FhirClient } from './fhir-clients.repository';
import { FHIR_CALLS_PER_CLIENT } from './limits';
import { FhirError } from './operation-outcome';
import { appTokenCaller } from '../smart-apps/app-tokens';
import { scopesPermit, type Interaction } from './scopes';

/** Who may call a FHIR route: anyone (the CapabilityStatement), or a client whose token grants this interaction on this resource type. */
export type FhirAccess = 'public' | { readonly resource: string; readonly interaction: Interaction };

/** A FHIR call's caller: the client, the scopes its token grants, and the patients it may see (its divisions, no restricted or adoption case). */
export interface FhirCaller {
  client: FhirClient;
  scopes: string[];
  viewer: Viewer;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    fhir?: FhirAccess;
  }
  interface FastifyRequest {
    fhirCaller?: FhirCaller;
  }
}

export const fhirPublic = { config: { fhir: 'public' as FhirAccess } };
export const fhirAllows = (resource: string, interaction: Interaction) => ({ config: { fhir: { resource, interaction } as FhirAccess } });

export function callerOf(request: FastifyRequest): FhirCaller {
  if (!request.fhirCaller) throw new Error(`${request.method} ${request.routeOptions.url} reads its caller but is declared public`);
  return request.fhirCaller;
}

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};

/**
 * Deny by default, as under /api: a FHIR route without a declaration stops
 * the server from starting. A declared route needs a live token (401 with
 * the Bearer challenge otherwise) whose scopes grant the interaction (403),
 * within the client's allowance of calls (429).
 */
export function enforceFhirAccess(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.fhir) throw new Error(`FHIR route ${String(route.method)} ${route.url} declares no access (fhirPublic or fhirAllows(...))`);
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.fhir;
    if (!access) throw new FhirError(403, 'forbidden', 'This call is not allowed');
    if (access === 'public') return;
    const token = bearer(request);
    const found: Omit<FhirCaller, 'viewer'> & { viewer?: Viewer } | undefined = token ? ((await clientOfToken(db, token)) ?? (await appCaller(db, token, access))) : undefined;
    if (!found) {
      throw new FhirError(401, 'login', token ? 'The access token is not valid or has expired' : 'An access token is required (SMART Backend Services or App Launch)', undefined, {
        'www-authenticate': token ? 'Bearer error="invalid_token"' : 'Bearer',
      });
    }
    if (!scopesPermit(found.scopes, access.resource, access.interaction)) {
      throw new FhirError(403, 'forbidden', `The token's scopes do not allow this call on ${access.resource}`, undefined, { 'www-authenticate': 'Bearer error="insufficient_scope"' });
    }
    const { limit, windowSeconds } = FHIR_CALLS_PER_CLIENT;
    // A system client is counted as one caller; an app (which serves many users) per user.
    const caller = found.viewer ? `${found.client.clientId}:${found.client.userUid}` : found.client.clientId;
    if (!(await reserve(db, [{ bucket: bucketKey('fhir', 'client', caller), limit }], windowSeconds)).allowed) {
      throw tooMany(windowSeconds, `This client made more than ${limit} FHIR calls in ${windowSeconds} seconds; wait and try again`);
    }
    request.fhirCaller = { ...found, viewer: found.viewer ?? outsideSystemViewer(found.client.divisionUids) };
  });
}

/**
 * A user-facing app's token (server/smart-apps): it reads as its user, and
 * only the chosen patient unless a `user/` scope grants this call.
 */
async function appCaller(db: Db, token: string, access: { resource: string; interaction: Interaction }) {
  const app = await appTokenCaller(db, token);
  if (!app) return undefined;
  const asUser = scopesPermit(app.scopes.filter((s) => s.startsWith('user/')), access.resource, access.interaction);
  // Patient scopes without a chosen patient read nothing: the consent page always asks for one.
  const patientUid = asUser ? undefined : (app.patientUid ?? '00000000-0000-0000-0000-000000000000');
  return { client: app.client, scopes: app.scopes, viewer: { ...app.viewer, patientUid } };
}
