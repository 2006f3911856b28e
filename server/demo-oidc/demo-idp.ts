import type Provider from 'oidc-provider';
import type { Db } from '../db/connect';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo-users';
import { SSO_CALLBACK_PATH } from '../sso/sso.routes';
import { createDemoProvider, type DemoAccount } from './demo-provider';

/**
 * Issue 34 section 2 on a demo install: "Demo County Sign-In", the county's
 * identity provider, at /demo/idp. Its staff are the demo users (same
 * e-mail, same password) and one new hire Careweave does not know yet.
 */
export const DEMO_IDP = { path: '/demo/idp', name: 'Demo County Sign-In', clientId: 'careweave-demo', clientSecret: 'demo-county-client-secret' };

export const DEMO_IDP_ACCOUNTS: DemoAccount[] = [
  ...DEMO_USERS.map((u) => ({
    id: u.userName,
    password: DEMO_PASSWORD,
    label: `${u.displayName} (${u.role})`,
    claims: { email: u.email, email_verified: true, name: u.displayName, groups: [u.role] },
  })),
  {
    id: 'new-hire',
    password: DEMO_PASSWORD,
    label: 'Nico New-Hire (not in Careweave)',
    claims: { email: 'new-hire@careweave.test', email_verified: true, name: 'Nico New-Hire', groups: ['Navigator'] },
  },
];

export function createDemoIdp(publicUrl: string): Promise<Provider> {
  return createDemoProvider({
    issuer: `${publicUrl}${DEMO_IDP.path}`,
    clients: [
      {
        client_id: DEMO_IDP.clientId,
        client_secret: DEMO_IDP.clientSecret,
        redirect_uris: [`${publicUrl}${SSO_CALLBACK_PATH}`],
        post_logout_redirect_uris: [`${publicUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    title: DEMO_IDP.name,
    accounts: async () => DEMO_IDP_ACCOUNTS,
    claims: { email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['groups'],
  });
}

/**
 * The demo organisation's provider row names this server's own address,
 * known only once it listens: written (or corrected) then.
 */
export async function registerDemoIdp(db: Db, publicUrl: string): Promise<void> {
  const org = await db.selectFrom('organization').select('org_uid').where('org_name', '=', 'Careweave Demo Health').executeTakeFirst();
  if (!org) return;
  const issuer = `${publicUrl}${DEMO_IDP.path}`;
  const existing = await db.selectFrom('identity_provider').select('idp_uid').where('org_uid', '=', org.org_uid).where('client_id', '=', DEMO_IDP.clientId).executeTakeFirst();
  if (existing) await db.updateTable('identity_provider').set({ issuer }).where('idp_uid', '=', existing.idp_uid).execute();
  else await db.insertInto('identity_provider').values({ org_uid: org.org_uid, display_name: DEMO_IDP.name, issuer, client_id: DEMO_IDP.clientId, client_secret: DEMO_IDP.clientSecret, scopes: 'openid email profile groups' }).execute();
}
