import { Bool, Int, Many, Nullable, Obj, One, Resource, Text, Type, Uuid } from '../api-docs/json-api';

/** A provider as the admin page shows it: whether a client secret is stored, never the secret. */
const IdentityProvider = Resource('identity-providers', {
  idp_uid: Uuid(),
  display_name: Text(),
  issuer: Text(),
  client_id: Text(),
  has_client_secret: Bool(),
  scopes: Text(),
  user_claim: Text(),
  group_claim: Nullable(Text()),
  group_roles: Type.Array(Obj({ group: Text(), role_template: Text() })),
  jit_role_template: Nullable(Text()),
  jit_division_uid: Nullable(Uuid()),
  jit_division_name: Nullable(Text()),
  is_active: Bool(),
});

/** Whether the organisation's staff may use a password, and who keeps it when they may not. */
const PASSWORD_LOGIN = { password_login: Bool(), fallback_administrators: Type.Array(Text()), active_providers: Int() };

/** The providers, the password sign-in switch, and the redirect URI to register at a provider. */
export const IdentityProviderList = Many(IdentityProvider, { meta: Obj({ ...PASSWORD_LOGIN, redirect_uri: Text() }) });
export const IdentityProviderDocument = One(IdentityProvider);
export const PasswordLoginDocument = One(Resource('password-login', PASSWORD_LOGIN));
