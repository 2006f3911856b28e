import type { FastifyRequest } from 'fastify';
import { PAGE_VIEW_HEADER } from '../../shared/api/page-view';
import { isUuid } from '../../shared/uuid';
import { requireAuth } from '../auth/context';
import { badRequest } from '../errors';
import type { AuditSource } from './audit.repository';

/** The call as an entry names it, e.g. 'GET /api/patients/:id/audit-messages'. */
export const serviceMethodOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

/** The patient page load a call comes from; null for a call from anywhere else. A malformed id is the page's bug: 400, not ignored. */
export function pageViewOf(request: FastifyRequest): string | null {
  const value = request.headers[PAGE_VIEW_HEADER];
  if (value === undefined) return null;
  if (!isUuid(value)) throw badRequest(`The ${PAGE_VIEW_HEADER} header must be a UUID`);
  return value;
}

/** The signed-in caller, in their current division, as the author of an entry. */
export function auditSourceOf(request: FastifyRequest): AuditSource {
  const auth = requireAuth(request);
  return { userUid: auth.userUid, userDisplayName: auth.displayName, divisionUid: auth.divisionUid, pageViewId: pageViewOf(request), serviceMethod: serviceMethodOf(request) };
}
