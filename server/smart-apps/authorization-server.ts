import crypto from 'node:crypto';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../app-context';
import { signingKey } from '../fhir/signing-key';
import { FHIR_PATH, OAUTH_PATH } from '../fhir/paths';
import { APP_OIDC_SCOPES } from '../../shared/schemas/smart-apps';
import { appDataScopes } from './app-scopes';
import { authorizationErrorPage } from './error-page';
import { postgresAdapter } from './oidc-adapter';
import { launchPatient } from './smart-apps.repository';

/** The shell's consent page, where every authorization stops (widgets/smart-apps). */
export const CONSENT_PATH = '/authorize-app';

/** A shift's length: a user's grant, its refresh tokens and an app's provider session end with it. */
const SHIFT_SECONDS = 8 * 3600;

const servers = new WeakMap<AppContext['config'], Promise<Provider>>();

/**
 * Careweave as the authorization server of user-facing SMART apps (issue 35
 * section 2, standalone launch): oidc-provider, a certified OpenID provider,
 * with PKCE required, public clients (the registered apps), its state in
 * PostgreSQL (any process finishes what another began) and the signing key
 * Careweave already publishes. Tokens are opaque and bound to the FHIR
 * base; each FHIR call reads them with the user's access as it stands then
 * (server/fhir/fhir-access.ts). Built when first asked: its issuer is the
 * public address, known once the server listens.
 */
export function authorizationServer({ db, config }: AppContext): Promise<Provider> {
  let server = servers.get(config);
  if (!server) {
    server = build({ db, config });
    server.catch(() => servers.delete(config));
    servers.set(config, server);
  }
  return server;
}

async function build({ db, config }: AppContext): Promise<Provider> {
  const key = await signingKey(db);
  const fhirBase = `${config.publicUrl}${FHIR_PATH}`;
  // Every process derives the same cookie keys from the shared signing key: a cookie set by one is read by another.
  const cookieKey = crypto.createHmac('sha256', String(key.jwk.d)).update('careweave-oauth-cookies').digest('base64url');
  const provider = new Provider(`${config.publicUrl}${OAUTH_PATH}`, {
    adapter: postgresAdapter(db),
    jwks: { keys: [{ ...key.jwk, use: 'sig' } as never] },
    enabledJWA: { idTokenSigningAlgValues: ['ES384'] },
    cookies: { keys: [cookieKey] },
    routes: { authorization: '/authorize', token: '/token', jwks: '/jwks', userinfo: '/userinfo', revocation: '/revoke', end_session: '/logout' },
    scopes: [...APP_OIDC_SCOPES],
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    async findAccount(_ctx, sub) {
      const user = await db.selectFrom('app_user').select(['user_uid', 'display_name', 'email_address']).where('user_uid', '=', sub).where('is_active', '=', true).executeTakeFirst();
      return user && { accountId: sub, claims: async () => ({ sub, name: user.display_name, ...(user.email_address && { email: user.email_address }) }) };
    },
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Grant: SHIFT_SECONDS, Session: SHIFT_SECONDS, RefreshToken: SHIFT_SECONDS },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => fhirBase,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== fhirBase) throw new errors.InvalidTarget('The only resource is Careweave\'s FHIR base');
          return { scope: [...appDataScopes()].join(' '), audience: fhirBase, accessTokenFormat: 'opaque', accessTokenTTL: 3600 };
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = authorizationErrorPage(String(out.error_description ?? out.error ?? 'The request was not valid'));
    },
    interactions: { url: (_ctx, interaction) => `${CONSENT_PATH}/${interaction.uid}` },
    // Only what the user decides on the consent page is granted: every authorization passes through it, and a signed-out user signs in first.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
  });
  provider.proxy = true;
  provider.use(async (ctx, next) => {
    // OpenID gives offline_access only with prompt=consent, which SMART apps do not send; every authorization here shows the consent page anyway.
    if (ctx.method === 'GET' && ctx.path === '/authorize') {
      const query = new URLSearchParams(ctx.querystring);
      // SMART App Launch: an app names the FHIR server it wants a token for (aud); a token for another server is never issued here.
      const aud = query.get('aud');
      if (aud !== null && aud.replace(/\/+$/, '') !== fhirBase) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = authorizationErrorPage(`The app asked for access to ${aud}, which is not this Careweave server's FHIR address (${fhirBase}).`);
        return;
      }
      if (query.get('scope')?.split(' ').includes('offline_access') && !query.has('prompt')) {
        query.set('prompt', 'consent');
        ctx.querystring = query.toString();
        // The provider finds its mount by the request's original address: that one is changed alike.
        (ctx.req as { originalUrl?: string }).originalUrl = `${OAUTH_PATH}${ctx.url}`;
      }
    }
    await next();
  });
  // SMART's token response names the patient the user chose (App Launch 2.0, "launch context").
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200 || !ctx.body || typeof ctx.body !== 'object') return;
    const grant = ctx.oidc.entities.Grant;
    if (!grant) return;
    const body = ctx.body as { scope?: string };
    // The token is bound to the FHIR base, so the provider lists its data scopes only; SMART apps read the OpenID ones there too (offline_access, launch/patient).
    body.scope = [...new Set([...(body.scope ?? '').split(' '), ...grant.getOIDCScope().split(' ')])].filter(Boolean).join(' ');
    const patient = await launchPatient(db, grant.jti);
    if (patient) Object.assign(body, { patient, need_patient_banner: true });
  });
  return provider;
}
