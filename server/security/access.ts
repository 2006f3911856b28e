import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasAnyFlag, type Flag, type Flags } from '../../shared/permissions';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { forbidden } from '../errors';
import { requirePatient, type Patient } from '../patients/patient-access';

/**
 * Who may call a route or read a data view: anyone, any signed-in user, or a
 * user holding at least one of the listed flags in the current division.
 */
export type Access = 'public' | 'signed-in' | { readonly anyFlag: readonly Flag[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The path parameter holding a patient id: the patient access guard runs before the handler. */
    patient?: string;
    /**
     * A POST that changes no record (an audit entry of a page view): a
     * read-only break-glass window (issue 38) covers it as it covers a GET.
     */
    readsOnly?: boolean;
  }
  interface FastifyRequest {
    /** The route's patient, when it declares one and the caller may see it. */
    patient?: Patient;
  }
}

/** Route options: no session needed (public forms, sign-in, health). */
export const publicRoute = { config: { access: 'public' as Access } };
/** Route options: any signed-in user (session, reference lists, organisation data). */
export const signedIn = { config: { access: 'signed-in' as Access } };
/** Route options: a signed-in user with any one of these flags. */
export const allow = (...flags: readonly Flag[]) => ({ config: { access: { anyFlag: flags } as Access } });

/**
 * A route about one patient: the access guard reads the patient named by the
 * path parameter (`:id` unless said otherwise) before the handler runs, and
 * answers 404 for one the caller may not see.
 */
export const forPatient = (options: { config: { access: Access } }, param = 'id') => ({ config: { ...options.config, patient: param } });

/** The patient the guard let through (routes declared with forPatient). */
export function patientOf(request: FastifyRequest): Patient {
  if (!request.patient) throw new Error(`${request.method} ${request.routeOptions.url} reads a patient but is not declared with forPatient()`);
  return request.patient;
}

/** A path that names one patient: it must be declared with forPatient (checked when the route is registered). */
const PATIENT_PATH = /\/patients?\/:([A-Za-z]+)/;

export { CARE_FLAGS, PATIENT_RECORD_FLAGS, WORK_LIST_FLAGS } from '../../shared/permissions';

export function permits(access: Access, flags: Partial<Flags>): boolean {
  return access === 'public' || access === 'signed-in' || hasAnyFlag(flags, access.anyFlag);
}

/** Throws 401/403 unless the request may use something declared with `access`. */
export function checkAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const auth = requireAuth(request);
  if (!permits(access, auth.flags)) throw forbidden();
}

/** Every route registered under the API, with its declaration (for the access tests and docs). */
export const declaredRoutes: { method: string; url: string; access: Access; patient?: string }[] = [];

/**
 * Deny by default: a route registered without an `access` declaration stops
 * the server from starting, and so does a route whose path names a patient
 * without declaring it for the patient access guard. Every request is checked
 * against its route's declaration before the body is read; a patient route's
 * patient is then read through the guard (404 when the caller may not see it).
 */
export function enforceAccess(api: FastifyInstance, db: Db): void {
  api.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (publicRoute, signedIn or allow(...))`);
    const named = PATIENT_PATH.exec(route.url)?.[1];
    if (named && route.config?.patient !== named) throw new Error(`Route ${String(route.method)} ${route.url} names a patient: declare it with forPatient(..., '${named}')`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!declaredRoutes.some((r) => r.method === method && r.url === route.url)) declaredRoutes.push({ method, url: route.url, access, patient: route.config?.patient });
    }
  });
  api.addHook('onRequest', async (request) => {
    // Unknown paths reach the not-found handler, which answers 404 for everyone.
    if (request.is404) return;
    const { access, patient } = request.routeOptions.config;
    if (!access) throw forbidden();
    checkAccess(request, access);
    if (patient) request.patient = await requirePatient(db, request, (request.params as Record<string, string>)[patient] ?? '');
  });
}
