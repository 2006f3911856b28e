import crypto from 'node:crypto';
import type { ClientMetadata } from 'oidc-provider';
import { splitScopes } from '../../shared/schemas/fhir-clients';
import type { SmartAppFormInput, SmartAppView } from '../../shared/schemas/smart-apps';
import { isUuid } from '../../shared/uuid';
import { recordAdminChange, type AdminActor } from '../admin/admin-audit';
import type { Db } from '../db/connect';

/** An app as the authorization needs it: its organisation (only that organisation's users may grant it) and its allowance. */
export interface SmartApp {
  clientId: string;
  orgUid: string;
  name: string;
  scopes: string[];
}

/**
 * What oidc-provider knows of an active app: a public client (PKCE, no
 * secret) that gets codes and refresh tokens at its registered addresses.
 */
export async function smartAppMetadata(db: Db, clientId: string): Promise<ClientMetadata | undefined> {
  if (!isUuid(clientId)) return undefined;
  const row = await db.selectFrom('smart_app').select(['client_id', 'app_name', 'redirect_uris']).where('client_id', '=', clientId).where('is_active', '=', true).executeTakeFirst();
  return (
    row && {
      client_id: row.client_id,
      client_name: row.app_name,
      redirect_uris: row.redirect_uris,
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
      // Careweave's signing key is an EC key (server/fhir/signing-key.ts).
      id_token_signed_response_alg: 'ES384',
    }
  );
}

export async function findActiveSmartApp(db: Db, clientId: string): Promise<SmartApp | undefined> {
  if (!isUuid(clientId)) return undefined;
  const row = await db.selectFrom('smart_app').select(['client_id', 'org_uid', 'app_name', 'scopes']).where('client_id', '=', clientId).where('is_active', '=', true).executeTakeFirst();
  return row && { clientId: row.client_id, orgUid: row.org_uid, name: row.app_name, scopes: row.scopes };
}

/** What a user granted: kept by the grant's id, which every code and token of the authorization carries. */
export async function recordLaunch(db: Db, launch: { grantId: string; clientId: string; userUid: string; divisionUid: string; patientUid: string | null }): Promise<void> {
  await db
    .insertInto('smart_launch')
    .values({ grant_id: launch.grantId, client_id: launch.clientId, user_uid: launch.userUid, division_uid: launch.divisionUid, patient_uid: launch.patientUid })
    .execute();
}

/** The patient a grant's tokens are for (the token response's `patient`), if the user chose one. */
export async function launchPatient(db: Db, grantId: string): Promise<string | null> {
  const row = await db.selectFrom('smart_launch').select('patient_uid').where('grant_id', '=', grantId).executeTakeFirst();
  return row?.patient_uid ?? null;
}

/**
 * Who a grant's token reads as, now: the user while still active and still
 * granted the division they authorized the app in, with their permissions
 * there; undefined once any of that has ended, or the app was turned off.
 */
export async function launchAccess(db: Db, grantId: string) {
  return db
    .selectFrom('smart_launch as l')
    .innerJoin('smart_app as a', 'a.client_id', 'l.client_id')
    .innerJoin('app_user as u', 'u.user_uid', 'l.user_uid')
    .innerJoin('user_division as ud', (j) => j.onRef('ud.user_uid', '=', 'l.user_uid').onRef('ud.division_uid', '=', 'l.division_uid'))
    .innerJoin('division as d', 'd.division_uid', 'l.division_uid')
    .select(['l.client_id', 'l.user_uid', 'l.division_uid', 'l.patient_uid', 'a.app_name', 'd.org_uid', 'u.user_name', 'u.display_name', 'u.email_address', 'ud.permissions'])
    .where('l.grant_id', '=', grantId)
    .where('a.is_active', '=', true)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
}
export type LaunchAccess = NonNullable<Awaited<ReturnType<typeof launchAccess>>>;

// ---- The admin page (server/admin/smart-apps.routes.ts) and `npm run admin -- add-smart-app` ----

const columns = (input: SmartAppFormInput) => ({
  app_name: input.name.trim(),
  redirect_uris: splitScopes(input.redirectUris),
  scopes: splitScopes(input.scopes),
  is_active: input.isActive,
});

const toView = (r: { client_id: string; app_name: string; redirect_uris: string[]; scopes: string[]; is_active: boolean }): SmartAppView => ({
  clientId: r.client_id,
  name: r.app_name,
  redirectUris: r.redirect_uris,
  scopes: r.scopes,
  isActive: r.is_active,
});

const VIEW_COLUMNS = ['client_id', 'app_name', 'redirect_uris', 'scopes', 'is_active'] as const;

/** The organisation's apps, by name; another organisation's are never read. */
export async function listSmartApps(db: Db, orgUid: string): Promise<SmartAppView[]> {
  return (await db.selectFrom('smart_app').select(VIEW_COLUMNS).where('org_uid', '=', orgUid).orderBy('app_name').orderBy('created_at').execute()).map(toView);
}

/** An app of the organisation; undefined for another organisation's and for a malformed id. */
export async function findOrgSmartApp(db: Db, orgUid: string, clientId: string): Promise<SmartAppView | undefined> {
  if (!isUuid(clientId)) return undefined;
  const row = await db.selectFrom('smart_app').select(VIEW_COLUMNS).where('org_uid', '=', orgUid).where('client_id', '=', clientId).executeTakeFirst();
  return row && toView(row);
}

const snapshot = (a: SmartAppView) => ({ name: a.name, redirectUris: a.redirectUris, scopes: a.scopes, isActive: a.isActive });

/** Registers an app (its client id is new), with the admin audit row, in the caller's transaction. */
export async function createSmartApp(trx: Db, actor: AdminActor, orgUid: string, input: SmartAppFormInput): Promise<SmartAppView> {
  const row = await trx
    .insertInto('smart_app')
    .values({ client_id: crypto.randomUUID(), org_uid: orgUid, ...columns(input) })
    .returning(VIEW_COLUMNS)
    .executeTakeFirstOrThrow();
  const app = toView(row);
  await recordAdminChange(trx, actor, { orgUid, action: 'CreatedSmartApp', targetType: 'smart-app', targetUid: app.clientId, targetLabel: app.name, after: snapshot(app) });
  return app;
}

/**
 * Edits an app, audited. An edit that takes something away ends what users
 * granted it at once (every code, token and refresh token of its grants):
 * turned off, a scope removed, or an address removed.
 */
export async function updateSmartApp(trx: Db, actor: AdminActor, orgUid: string, before: SmartAppView, input: SmartAppFormInput): Promise<SmartAppView> {
  const row = await trx.updateTable('smart_app').set(columns(input)).where('client_id', '=', before.clientId).returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
  const after = toView(row);
  const removed = (was: string[], now: string[]) => was.some((s) => !now.includes(s));
  if (!after.isActive || removed(before.scopes, after.scopes) || removed(before.redirectUris, after.redirectUris)) {
    await trx
      .deleteFrom('oidc_model')
      .where('grant_id', 'in', trx.selectFrom('smart_launch').select('grant_id').where('client_id', '=', before.clientId))
      .execute();
  }
  await recordAdminChange(trx, actor, { orgUid, action: 'UpdatedSmartApp', targetType: 'smart-app', targetUid: after.clientId, targetLabel: after.name, before: snapshot(before), after: snapshot(after) });
  return after;
}
