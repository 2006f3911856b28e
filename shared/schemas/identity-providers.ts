import { array, boolean, object, optional, refine, size, string, type Infer } from 'superstruct';
import { ROLE_TEMPLATE_NAMES, ROLE_TEMPLATES, type RoleTemplate } from '../role-templates';
import { withFieldRules } from './field-rules';
import { isAcceptableIssuer } from './issuers';
import { MAX_LENGTH, noneIfBlank, NOT_LISTED, optionalText, requiredText } from './strings';

/**
 * Issue 34 section 2, the administrator's side: an organisation's OpenID
 * Connect identity providers, and whether its staff may still sign in with a
 * password. The client secret goes to the server and never comes back: the
 * pages learn only `hasClientSecret`.
 */

/** Lifted to ./issuers and ./strings (shared with the EHR registrations); still exported here for those who import them from here. */
export { isAcceptableIssuer, noneIfBlank };

/** Longest value of each provider field. */
export const IDP_LENGTH = { url: 500, clientId: 255, clientSecret: 1000, scopes: 500, claim: 200, group: 200 } as const;
/** Group → role template rows a provider may carry. */
export const MAX_GROUP_ROLES = 50;
export const DEFAULT_SCOPES = 'openid email profile';
export const DEFAULT_USER_CLAIM = 'email';
/** Claims the user claim is usually: `email` matches a user's e-mail, any other claim their user name. */
export const SUGGESTED_USER_CLAIMS = ['email', 'preferred_username'] as const;

export const ISSUER_RULE = 'Use the https:// address of the provider (http:// only on this machine: localhost or 127.0.0.1)';
export const SCOPES_RULE = 'Use scope names separated by spaces';
export const SCOPES_NEED_OPENID = 'Must include openid';
export const CLAIM_RULE = 'Use a claim name without spaces, such as email or groups';
export const GROUP_TWICE = 'A group is listed twice';
export const JIT_NEEDS_EMAIL = 'New users are made only from a verified e-mail: use the email claim, or choose no role template';

/**
 * The templates a first sign-in may give (server/sso/provision.ts
 * PROVISIONABLE_TEMPLATES, which a server test holds equal): every template
 * but those with the Administrator flag, which only an administrator gives.
 */
export const PROVISIONABLE_ROLE_TEMPLATES: RoleTemplate[] = ROLE_TEMPLATE_NAMES.filter((t) => !(ROLE_TEMPLATES[t].flags as readonly string[]).includes('navigatorAdmin'));
const isProvisionable = (v: string) => (PROVISIONABLE_ROLE_TEMPLATES as string[]).includes(v);

/** RFC 6749 section 3.3 scope-token: printable ASCII but space, '"' and '\'. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** A claim name: a word, or a URI as some providers name theirs (`https://example.org/claims/groups`). */
const CLAIM_NAME = /^[A-Za-z0-9_.:/#-]+$/;

const issuer = () => refine(requiredText(IDP_LENGTH.url), 'issuer', (v) => isAcceptableIssuer(v.trim()) || ISSUER_RULE);

const scopes = () =>
  refine(requiredText(IDP_LENGTH.scopes), 'scopes', (v) => {
    const tokens = v.trim().split(/\s+/);
    return !tokens.every((t) => SCOPE_TOKEN.test(t)) ? SCOPES_RULE : tokens.includes('openid') || SCOPES_NEED_OPENID;
  });

const claimName = () => refine(requiredText(IDP_LENGTH.claim), 'claim', (v) => CLAIM_NAME.test(v.trim()) || CLAIM_RULE);
/** A claim that may be left out: '' or null is none. */
const optionalClaim = () => optionalText(IDP_LENGTH.claim);

/** A role template a first sign-in may give; '' or null is none. */
const optionalTemplate = () => optionalText(MAX_LENGTH.code);

/** One group of the provider's group claim and the role template it gives a new user. */
export const GroupRoleSchema = object({
  group: requiredText(IDP_LENGTH.group),
  roleTemplate: refine(string(), 'roleTemplate', (v) => isProvisionable(v) || NOT_LISTED),
});
export type GroupRole = Infer<typeof GroupRoleSchema>;

const fields = {
  displayName: requiredText(MAX_LENGTH.name),
  issuer: issuer(),
  clientId: requiredText(IDP_LENGTH.clientId),
  /** Sent, never answered. On an edit, empty keeps the stored one. */
  clientSecret: optionalText(IDP_LENGTH.clientSecret),
  scopes: scopes(),
  userClaim: claimName(),
  groupClaim: optionalClaim(),
  /**
   * A list of rows, not an object keyed by group: the wire converts an
   * object's keys between snake_case and camelCase, and a group name is
   * not a key to convert.
   */
  groupRoles: refine(size(array(GroupRoleSchema), 0, MAX_GROUP_ROLES), 'groupRoles', (v) => new Set(v.map((r) => r.group.trim())).size === v.length || GROUP_TWICE),
  /** Just-in-time users: made at their first sign-in with this template (or their group's), in `jitDivisionUid`. None: nobody is made. */
  jitRoleTemplate: optionalTemplate(),
  jitDivisionUid: optionalText(MAX_LENGTH.code),
  isActive: boolean(),
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The rules across fields, each on the field it names (shared by the form and
 * the server). A blank field's failure always reads 'Required' (validate.ts),
 * so the form's hints say when a field becomes required: the group claim and
 * a role template for new users once groups are mapped (groups give templates
 * only to users made at their first sign-in), a division with a template.
 */
function providerRules(secretRequired: boolean) {
  return (value: Record<string, unknown>) => {
    const failures = new Map<string, string>();
    const template = value.jitRoleTemplate;
    const groups = Array.isArray(value.groupRoles) ? value.groupRoles : [];
    if (secretRequired && blank(value.clientSecret)) failures.set('clientSecret', 'Required');
    if (typeof template === 'string' && template !== '' && !isProvisionable(template)) failures.set('jitRoleTemplate', NOT_LISTED);
    if (!blank(template) && blank(value.jitDivisionUid)) failures.set('jitDivisionUid', 'Required');
    if (!blank(template) && typeof value.userClaim === 'string' && value.userClaim.trim() !== 'email') failures.set('userClaim', JIT_NEEDS_EMAIL);
    if (!blank(value.groupClaim) && typeof value.groupClaim === 'string' && !CLAIM_NAME.test(value.groupClaim.trim())) failures.set('groupClaim', CLAIM_RULE);
    if (groups.length > 0 && blank(value.groupClaim)) failures.set('groupClaim', 'Required');
    if (groups.length > 0 && blank(template)) failures.set('jitRoleTemplate', 'Required');
    return failures;
  };
}

/** A new provider: its client secret is required. */
export const IdentityProviderCreateSchema = withFieldRules(object(fields), providerRules(true));
/** An edit: an empty client secret keeps the stored one. */
export const IdentityProviderUpdateSchema = withFieldRules(object(fields), providerRules(false));
export type IdentityProviderInput = Infer<typeof IdentityProviderUpdateSchema>;

/** A provider as `GET /api/admin/identity-providers` answers it: never its secret. */
export interface IdentityProviderView {
  idpUid: string;
  displayName: string;
  issuer: string;
  clientId: string;
  /** Whether a client secret is stored (the secret itself never leaves the server). */
  hasClientSecret: boolean;
  scopes: string;
  userClaim: string;
  groupClaim: string | null;
  groupRoles: GroupRole[];
  jitRoleTemplate: RoleTemplate | null;
  jitDivisionUid: string | null;
  jitDivisionName: string | null;
  isActive: boolean;
}

/** `PUT /api/admin/organization/password-login`. */
export const PasswordLoginSchema = object({ passwordLogin: boolean() });
export type PasswordLoginInput = Infer<typeof PasswordLoginSchema>;

/** Whether the organisation's staff may use a password, and who keeps it when they may not. */
export interface PasswordLoginState {
  passwordLogin: boolean;
  /** Active administrators of the organisation who keep password sign-in (`password_fallback`), by name. */
  fallbackAdministrators: string[];
  /** The organisation's active identity providers. */
  activeProviders: number;
}

export const NO_FALLBACK_ADMIN =
  'Password sign-in cannot be turned off while no active administrator keeps it: mark one "Keeps password sign-in" on their user page first, so someone can still sign in if the identity provider fails';
export const NO_ACTIVE_PROVIDER = 'Password sign-in cannot be turned off without an active identity provider: staff would have no way to sign in';
export const LAST_ACTIVE_PROVIDER = 'This is the only active identity provider and password sign-in is off: turn password sign-in on first, or add another provider';
export const LAST_FALLBACK_ADMIN =
  'Password sign-in is off and this is the last active administrator who keeps it: mark another administrator "Keeps password sign-in" first, so someone can still sign in if the identity provider fails';

