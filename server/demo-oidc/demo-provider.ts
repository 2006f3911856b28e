import crypto from 'node:crypto';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';
import { interactions } from './interactions';

/**
 * Issue 34: the demo's and the tests' outside servers are oidc-provider (a
 * certified OpenID provider), never a mock of Careweave's own making. This
 * builds one: its own signing key and cookie keys per process, PKCE
 * required, id_tokens that carry the claims of the scopes asked for (so a
 * relying party reads the e-mail or fhirUser from the id_token), and consent
 * taken as given, as for an organisation's own apps.
 */

export interface DemoAccount {
  id: string;
  /** Who signs in with a password at the login form; none for an account signed in by other means (an EHR's launch). */
  password?: string;
  label: string;
  claims: Record<string, unknown>;
}

export interface DemoProviderOptions {
  issuer: string;
  /** The name its sign-in page shows. */
  title: string;
  clients: ClientMetadata[];
  accounts: () => Promise<DemoAccount[]>;
  claims: Record<string, string[]>;
  /** Scopes beyond the claims' (SMART's `launch`, `patient/Patient.rs`). */
  scopes?: string[];
  extraParams?: string[];
  /** Who is signing in when the provider already knows (an EHR's clinician who pressed "Open Careweave"): no sign-in form then. */
  signedInBy?: (params: Record<string, unknown>) => string | undefined;
  /** Told of each new grant with the authorization request's parameters (an EHR keeps its launch context by it); every authorization then gets a grant of its own. */
  onGrant?: (grantId: string, params: Record<string, unknown>) => void;
  /** The signing key (a private JWK); a new one per process when left out. Tests give theirs to sign what a bad provider would send. */
  signingKey?: Record<string, unknown>;
}

export async function newSigningKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
}

export async function createDemoProvider(options: DemoProviderOptions): Promise<Provider> {
  const signing = options.signingKey ?? (await newSigningKey());
  const mount = new URL(options.issuer).pathname.replace(/\/$/, '');
  const provider = new Provider(options.issuer, {
    clients: options.clients,
    jwks: { keys: [signing as never] },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    async findAccount(_ctx, id) {
      const account = (await options.accounts()).find((a) => a.id === id);
      return account ? { accountId: id, claims: async () => ({ sub: id, ...account.claims }) } : undefined;
    },
    claims: { openid: ['sub'], ...options.claims },
    scopes: ['openid', 'offline_access', ...(options.scopes ?? [])],
    extraParams: options.extraParams ?? [],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Short lives: a demo's sign-in is used at once.
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Grant: 8 * 3600, Session: 8 * 3600 },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${mount}/interaction/${interaction.uid}` },
    // The organisation's own apps: what they ask for is granted without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? (options.onGrant ? undefined : ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId));
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamScopes].join(' '));
      const saved = await grant.save();
      options.onGrant?.(saved, ctx.oidc.params as Record<string, unknown>);
      return grant;
    },
  });
  provider.use(interactions(provider, mount, options));
  // Behind Careweave's own server: the address the browser used is in the forwarded headers when there are any.
  provider.proxy = true;
  return provider;
}
