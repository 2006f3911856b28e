import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { FieldError } from '../../shared/api/errors';
import type { FhirClientInput, FhirClientView } from '../../shared/schemas/fhir-clients';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { isUuid } from '../../shared/uuid';
import { recordAdminChange, type AdminActor } from '../admin/admin-audit';
import { orgDivisions } from '../admin/admin.repository';
import type { Db } from '../db/connect';
import { sqlNow } from '../db/clock';

/** What the token endpoint and every FHIR call know of a client. */
export interface FhirClient {
  clientId: string;
  orgUid: string;
  /** Its service user: the author of the audit entries of its reads. */
  userUid: string;
  displayName: string;
  jwks: unknown;
  jwksUrl: string | null;
  scopes: string[];
  divisionUids: string[];
}

const COLUMNS = ['client_id', 'org_uid', 'user_uid', 'display_name', 'jwks', 'jwks_url', 'scopes', 'division_uids'] as const;
type Row = { client_id: string; org_uid: string; user_uid: string; display_name: string; jwks: unknown; jwks_url: string | null; scopes: string[]; division_uids: string[] };

const toClient = (r: Row): FhirClient => ({
  clientId: r.client_id,
  orgUid: r.org_uid,
  userUid: r.user_uid,
  displayName: r.display_name,
  jwks: r.jwks,
  jwksUrl: r.jwks_url,
  scopes: r.scopes,
  divisionUids: r.division_uids,
});

/** An active client by its id (an assertion's `iss`); a malformed id is none, never a database error. */
export async function findActiveClient(db: Db, clientId: string): Promise<FhirClient | undefined> {
  if (!isUuid(clientId)) return undefined;
  const row = await db.selectFrom('fhir_client').select(COLUMNS).where('client_id', '=', clientId).where('is_active', '=', true).executeTakeFirst();
  return row && toClient(row);
}

/** What a registration sets: trimmed, one source of keys (the JWKS stored as JSON), each scope and division once. */
const columns = (input: FhirClientInput) => ({
  display_name: input.name.trim(),
  jwks: input.jwks ? JSON.stringify(JSON.parse(input.jwks)) : null,
  jwks_url: input.jwks ? null : (input.jwksUrl?.trim() ?? null),
  scopes: [...new Set(input.scopes)],
  division_uids: [...new Set(input.divisionUids)],
});

/**
 * Registers a client with a service user of its own: never able to sign in
 * (no password, no division), named in the audit entries of its reads.
 * Written with the admin audit row, in the caller's transaction. Active
 * unless `isActive` is false (the admin page may register one turned off).
 */
export async function createFhirClient(trx: Db, actor: AdminActor, orgUid: string, input: FhirClientInput & { isActive?: boolean }): Promise<FhirClient> {
  const clientId = crypto.randomUUID();
  const user = await trx
    .insertInto('app_user')
    .values({ user_name: `fhir-client:${clientId}`, display_name: input.name.trim(), authentication_service: 'fhir-client' })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('fhir_client')
    .values({ ...columns(input), client_id: clientId, org_uid: orgUid, user_uid: user.user_uid, is_active: input.isActive ?? true })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  const client = toClient(row);
  const view = (await findOrgFhirClient(trx, orgUid, client.clientId))!;
  await recordAdminChange(trx, actor, {
    orgUid,
    action: 'CreatedFhirClient',
    targetType: 'fhir-client',
    targetUid: client.clientId,
    targetLabel: client.displayName,
    after: fhirClientSnapshot(view),
  });
  return client;
}

// ---- The admin page (server/admin/fhir-clients.routes.ts) ----

function viewsQuery(db: Db, orgUid: string) {
  const divisions = (column: RawBuilder<unknown>) =>
    sql<string[]>`array(select ${column} from division d where d.division_uid = any(c.division_uids) order by d.division_name, d.division_uid)`;
  return db
    .selectFrom('fhir_client as c')
    .select(['c.client_id', 'c.display_name', 'c.jwks', 'c.jwks_url', 'c.scopes', 'c.is_active'])
    .select(divisions(sql`d.division_uid::text`).as('division_uids'))
    .select(divisions(sql`d.division_name`).as('division_names'))
    .where('c.org_uid', '=', orgUid);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewsQuery>['executeTakeFirstOrThrow']>>;

const toView = (r: ViewRow): FhirClientView => ({
  clientId: r.client_id,
  displayName: r.display_name,
  jwksUrl: r.jwks_url,
  jwks: r.jwks === null ? null : JSON.stringify(r.jwks, null, 2),
  scopes: r.scopes,
  divisionUids: r.division_uids,
  divisionNames: r.division_names,
  isActive: r.is_active,
});

/** The organisation's clients, by name; another organisation's are never read. */
export async function listFhirClients(db: Db, orgUid: string): Promise<FhirClientView[]> {
  return (await viewsQuery(db, orgUid).orderBy('c.display_name').orderBy('c.created_at').execute()).map(toView);
}

/** A client of the organisation; undefined for another organisation's and for a malformed id. */
export async function findOrgFhirClient(db: Db, orgUid: string, clientId: string): Promise<FhirClientView | undefined> {
  if (!isUuid(clientId)) return undefined;
  const row = await viewsQuery(db, orgUid).where('c.client_id', '=', clientId).executeTakeFirst();
  return row && toView(row);
}

/** The check the schema cannot make, run in the transaction that writes: every division is one of the organisation's. */
export async function fhirClientProblems(trx: Db, orgUid: string, input: Pick<FhirClientInput, 'divisionUids'>): Promise<FieldError[]> {
  const ours = new Set((await orgDivisions(trx, orgUid)).map((d) => d.division_uid));
  return input.divisionUids.every((uid) => ours.has(uid.trim())) ? [] : [{ field: 'division_uids', message: NOT_LISTED }];
}

/** What the admin audit log keeps of a client: what the page shows, the divisions by name (the JWKS itself is not repeated). */
export const fhirClientSnapshot = (c: FhirClientView) => ({ name: c.displayName, keys: c.jwksUrl ?? 'JWKS', scopes: c.scopes, divisions: c.divisionNames, isActive: c.isActive });

/**
 * Edits a client (checked first with `fhirClientProblems`) and renames its
 * service user with it. An edit that takes something away ends the tokens
 * the client holds at once: turned off (then on again, no old token comes
 * back), a scope removed, or its keys changed (a key may have leaked).
 * Divisions need no such step: every call reads the client's current ones.
 */
export async function updateFhirClient(trx: Db, before: FhirClientView, orgUid: string, input: FhirClientInput & { isActive: boolean }): Promise<FhirClientView> {
  const user = await trx
    .updateTable('fhir_client')
    .set({ ...columns(input), is_active: input.isActive })
    .where('client_id', '=', before.clientId)
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  await trx.updateTable('app_user').set({ display_name: input.name.trim() }).where('user_uid', '=', user.user_uid).execute();
  const after = (await findOrgFhirClient(trx, orgUid, before.clientId))!;
  const scopeRemoved = before.scopes.some((s) => !after.scopes.includes(s));
  const keysChanged = before.jwksUrl !== after.jwksUrl || before.jwks !== after.jwks;
  if (!after.isActive || scopeRemoved || keysChanged) await trx.deleteFrom('fhir_token').where('client_id', '=', before.clientId).execute();
  return after;
}

/**
 * Takes an assertion's `jti` once: false when the client used it before
 * (a replay). The insert decides, so two concurrent uses cannot both pass.
 * Expired ones are cleared on the way.
 */
export async function takeAssertion(db: Db, clientId: string, jti: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('fhir_assertion').where('expires_at', '<', sqlNow()).execute();
  const taken = await db
    .insertInto('fhir_assertion')
    .values({ client_id: clientId, jti, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['client_id', 'jti']).doNothing())
    .returning('jti')
    .executeTakeFirst();
  return !!taken;
}

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Issues an access token for these scopes; only its hash is kept. */
export async function issueToken(db: Db, clientId: string, scopes: readonly string[], lifetimeSeconds: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.deleteFrom('fhir_token').where('expires_at', '<', sqlNow()).execute();
  await db
    .insertInto('fhir_token')
    .values({ token_hash: hashOf(token), client_id: clientId, scopes: [...scopes], expires_at: sql<Date>`${sqlNow()} + make_interval(secs => ${lifetimeSeconds})` })
    .execute();
  return token;
}

/** The client and its granted scopes for a live token of an active client; undefined otherwise. */
export async function clientOfToken(db: Db, token: string): Promise<{ client: FhirClient; scopes: string[] } | undefined> {
  const row = await db
    .selectFrom('fhir_token as t')
    .innerJoin('fhir_client as c', 'c.client_id', 't.client_id')
    .select(COLUMNS.map((c) => `c.${c}` as const))
    .select('t.scopes as granted')
    .where('t.token_hash', '=', hashOf(token))
    .where('t.expires_at', '>', sqlNow())
    .where('c.is_active', '=', true)
    .executeTakeFirst();
  return row && { client: toClient(row), scopes: row.granted };
}
