import type { FastifyPluginAsync } from 'fastify';
import { NAVIGATOR_LIST_LIMIT } from '../../shared/constants';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import type { QueryParams } from '../dataviews/engine';
import { isUuid } from '../../shared/uuid';
import { badRequest, forbidden, notFound } from '../errors';
import { findProvider, listProviders } from './providers.repository';
import { ProviderDocument, ProviderList } from './providers.responses';
import { CARE_FLAGS, allow } from '../security/access';

const MAX_TEXT = 200;

/** The last value of a repeated parameter, as the data views read them. */
function single(query: QueryParams, key: string): string | undefined {
  const v = query[key];
  const value = Array.isArray(v) ? v[v.length - 1] : v;
  if (value !== undefined && value.length > MAX_TEXT) throw badRequest(`'${key}' is too long`, key);
  return value;
}

function limitOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return NAVIGATOR_LIST_LIMIT;
  const n = /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > NAVIGATOR_LIST_LIMIT) throw badRequest(`limit must be a whole number from 1 to ${NAVIGATOR_LIST_LIMIT}`, 'limit');
  return n;
}

function roleUidOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!isUuid(raw)) throw badRequest("'provider_role_uid' must be an id", 'provider_role_uid');
  return raw;
}

/**
 * `GET /api/providers/mv` (spec 000 "Navigator list", spec 002 "Others"):
 * providers of the caller's organisation only, for the work lists and for
 * every mode that edits the record (a diagnosis names its provider, a referral its target). Asking for another
 * organisation is a 403, not an empty list, so a wrong id is noticed.
 * `reviewer_only` narrows to the users who review CIT contact sheets (the product's one reviewing role).
 * `provider_role_uid` narrows to one role (the care-team member form).
 * The care modes read it: work lists pick assignees, the care team picks members.
 */
export const providersRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: QueryParams }>('/providers/mv', withSchemas(allow(...CARE_FLAGS), { 200: ProviderList }), async (request) => {
    const auth = requireAuth(request);
    const query = request.query;
    const orgId = single(query, 'organization-id');
    if (orgId !== undefined && orgId !== '') {
      if (!isUuid(orgId)) throw badRequest("'organization-id' must be an id", 'organization-id');
      if (orgId.toLowerCase() !== auth.orgUid) throw forbidden('You may only list providers of your own organization');
    }
    const providers = await listProviders(db, {
      orgUid: auth.orgUid,
      roleType: single(query, 'role_type') || undefined,
      roleUid: roleUidOf(single(query, 'provider_role_uid')),
      orgUsersOnly: ['true', '1'].includes(single(query, 'org_users_only') ?? ''),
      reviewerOnly: ['true', '1'].includes(single(query, 'reviewer_only') ?? ''),
      q: single(query, 'q')?.trim(),
      limit: limitOf(single(query, 'limit')),
    });
    return {
      data: providers.map((p) => ({ type: 'providers', id: p.provider_uid, attributes: p })),
      meta: { total: providers.length },
    };
  });

  /** Spec 001 section 7 "a single provider (reads locations)": the care-team member form's location choices. */
  app.get<{ Params: { id: string } }>('/providers/:id', withSchemas(allow(...CARE_FLAGS), { 200: ProviderDocument }), async (request) => {
    const provider = isUuid(request.params.id) ? await findProvider(db, requireAuth(request).orgUid, request.params.id) : undefined;
    if (!provider) throw notFound('Provider not found');
    return { data: { type: 'providers', id: provider.provider_uid, attributes: provider } };
  });
};
