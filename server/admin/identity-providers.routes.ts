import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import {
  IdentityProviderCreateSchema,
  IdentityProviderUpdateSchema,
  ISSUER_RULE,
  LAST_ACTIVE_PROVIDER,
  NO_ACTIVE_PROVIDER,
  NO_FALLBACK_ADMIN,
  noneIfBlank,
  PasswordLoginSchema,
  type IdentityProviderInput,
  type IdentityProviderView,
  type PasswordLoginState,
} from '../../shared/schemas/identity-providers';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { acceptableIssuer } from '../sso/oidc-client';
import { SSO_CALLBACK_PATH } from '../sso/sso.routes';
import { actorOf, recordAdminChange } from './admin-audit';
import { lockOrganization, orgDivisions } from './admin.repository';
import {
  findProvider,
  insertProvider,
  issuerClientTaken,
  listProviders,
  passwordLoginOn,
  passwordLoginState,
  setPasswordLogin,
  storedSecret,
  updateProvider,
} from './identity-providers.repository';
import { IdentityProviderDocument, IdentityProviderList, PasswordLoginDocument } from './identity-providers.responses';
import { findOrganization } from './organization.repository';

export const PROVIDER_NOT_FOUND = 'Identity provider not found';
export const ISSUER_CLIENT_TAKEN = 'The organisation already has a provider with this issuer and client ID';

const resource = (p: IdentityProviderView) => ({ type: 'identity-providers', id: p.idpUid, attributes: snakeKeys(p) });
const passwordLoginResource = (orgUid: string, state: PasswordLoginState) => ({ type: 'password-login', id: orgUid, attributes: snakeKeys(state) });

/** What the admin audit log keeps of a provider: everything the page shows, never the secret. */
const snapshot = ({ idpUid, hasClientSecret, jitDivisionName, ...rest }: IdentityProviderView) => rest;

async function providerOr404(db: Db, auth: AuthContext, idpUid: string): Promise<IdentityProviderView> {
  const provider = await findProvider(db, auth.orgUid, idpUid);
  if (!provider) throw notFound(PROVIDER_NOT_FOUND);
  return provider;
}

/**
 * The checks the schema cannot make: the issuer as the sign-in flow judges
 * it, the division is the organisation's, the issuer and client id are not
 * another provider's. Run in the transaction that writes.
 */
async function checkProvider(trx: Db, auth: AuthContext, body: IdentityProviderInput, except?: string): Promise<void> {
  const errors: { field: string; message: string }[] = [];
  if (!acceptableIssuer(body.issuer.trim())) errors.push({ field: 'issuer', message: ISSUER_RULE });
  const division = noneIfBlank(body.jitDivisionUid);
  if (noneIfBlank(body.jitRoleTemplate) && division && !(await orgDivisions(trx, auth.orgUid)).some((d) => d.division_uid === division)) {
    errors.push({ field: 'jit_division_uid', message: NOT_LISTED });
  }
  if (await issuerClientTaken(trx, auth.orgUid, body.issuer, body.clientId, except)) errors.push({ field: 'client_id', message: ISSUER_CLIENT_TAKEN });
  if (errors.length) throw new HttpError(422, errors);
}

/**
 * Issue 34 section 2, the administrator's side: the organisation's OpenID
 * Connect providers (the sign-in flow itself is server/sso) and its password
 * sign-in switch. Same anatomy as the other admin routes: navigatorAdmin
 * only, another organisation's provider is a 404, each change locks the
 * organisation and writes the admin audit log in its transaction. The client
 * secret is written, never answered or logged.
 *
 * Password sign-in may be off only while the organisation has an active
 * provider and an active administrator who keeps their password
 * (`password_fallback`): the change that would break either is refused,
 * here and on the user routes.
 */
export const identityProviderRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');

  /** The providers, and in `meta` the password switch and what to register at the provider. */
  app.get('/admin/identity-providers', withSchemas(admin, { 200: IdentityProviderList }), async (request) => {
    const auth = requireAuth(request);
    return {
      data: (await listProviders(db, auth.orgUid)).map(resource),
      meta: { ...snakeKeys<Record<string, unknown>>(await passwordLoginState(db, auth.orgUid)), redirect_uri: `${config.publicUrl}${SSO_CALLBACK_PATH}` },
    };
  });

  app.post('/admin/identity-providers', withSchemas(admin, { 201: IdentityProviderDocument }, { body: IdentityProviderCreateSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(IdentityProviderCreateSchema, request.body);
    return onceOnly(db, request, reply, 'admin-identity-providers', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      await checkProvider(trx, auth, body);
      const created = (await findProvider(trx, auth.orgUid, await insertProvider(trx, auth.orgUid, body)))!;
      await recordAdminChange(trx, actorOf(auth), {
        orgUid: auth.orgUid,
        action: 'CreatedIdentityProvider',
        targetType: 'identity-provider',
        targetUid: created.idpUid,
        targetLabel: created.displayName,
        after: { ...snapshot(created), clientSecret: created.hasClientSecret ? 'set' : 'none' },
      });
      return { status: 201, body: { data: resource(created) } };
    });
  });

  app.put<{ Params: { id: string } }>('/admin/identity-providers/:id', withSchemas(admin, { 200: IdentityProviderDocument }, { body: IdentityProviderUpdateSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(IdentityProviderUpdateSchema, request.body);
    const provider = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await providerOr404(trx, auth, request.params.id);
      await checkProvider(trx, auth, body, before.idpUid);
      if (before.isActive && !body.isActive && !(await passwordLoginOn(trx, auth.orgUid)) && (await passwordLoginState(trx, auth.orgUid)).activeProviders <= 1) {
        throw new HttpError(422, [{ field: 'is_active', message: LAST_ACTIVE_PROVIDER }]);
      }
      const secret = noneIfBlank(body.clientSecret);
      const secretChanged = secret !== null && secret !== (await storedSecret(trx, before.idpUid));
      await updateProvider(trx, before.idpUid, body);
      const after = (await findProvider(trx, auth.orgUid, before.idpUid))!;
      await recordAdminChange(trx, actorOf(auth), {
        orgUid: auth.orgUid,
        action: 'UpdatedIdentityProvider',
        targetType: 'identity-provider',
        targetUid: after.idpUid,
        targetLabel: after.displayName,
        before: snapshot(before),
        after: { ...snapshot(after), ...(secretChanged && { clientSecret: 'changed' }) },
      });
      return after;
    });
    return { data: resource(provider) };
  });

  /**
   * Off: only active administrators marked `password_fallback` may use a
   * password (server/auth); refused unless one exists and a provider is
   * active, so nobody is locked out when the provider fails. Sessions
   * already open go on until they end.
   */
  app.put('/admin/organization/password-login', withSchemas(admin, { 200: PasswordLoginDocument }, { body: PasswordLoginSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(PasswordLoginSchema, request.body);
    const state = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await passwordLoginState(trx, auth.orgUid);
      if (before.passwordLogin === body.passwordLogin) return before;
      if (!body.passwordLogin) {
        const errors = [
          ...(before.fallbackAdministrators.length === 0 ? [{ field: 'password_login', message: NO_FALLBACK_ADMIN }] : []),
          ...(before.activeProviders === 0 ? [{ field: 'password_login', message: NO_ACTIVE_PROVIDER }] : []),
        ];
        if (errors.length) throw new HttpError(422, errors);
      }
      await setPasswordLogin(trx, auth.orgUid, body.passwordLogin);
      const org = await findOrganization(trx, auth.orgUid);
      await recordAdminChange(trx, actorOf(auth), {
        orgUid: auth.orgUid,
        action: 'UpdatedPasswordLogin',
        targetType: 'organization',
        targetUid: auth.orgUid,
        targetLabel: org.org_name,
        before: { passwordLogin: before.passwordLogin },
        after: { passwordLogin: body.passwordLogin, ...(!body.passwordLogin && { fallbackAdministrators: before.fallbackAdministrators }) },
      });
      return { ...before, passwordLogin: body.passwordLogin };
    });
    return { data: passwordLoginResource(auth.orgUid, state) };
  });
};
