import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FhirClientInput } from '../../shared/schemas/fhir-clients';
import { isUuid } from '../../shared/uuid';
import { recordAdminChange, type AdminActor } from '../admin/admin-audit';
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

/**
 * Registers a client with a service user of its own: never able to sign in
 * (no password, no division), named in the audit entries of its reads.
 * Written with the admin audit row, in the caller's transaction.
 */
export async function createFhirClient(trx: Db, actor: AdminActor, orgUid: string, input: FhirClientInput): Promise<FhirClient> {
  const clientId = crypto.randomUUID();
  const user = await trx
    .insertInto('app_user')
    .values({ user_name: `fhir-client:${clientId}`, display_name: input.name.trim(), authentication_service: 'fhir-client' })
    .returning('user_uid')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('fhir_client')
    .values({
      client_id: clientId,
      org_uid: orgUid,
      user_uid: user.user_uid,
      display_name: input.name.trim(),
      jwks: input.jwks ? JSON.stringify(JSON.parse(input.jwks)) : null,
      jwks_url: input.jwksUrl?.trim() ?? null,
      scopes: [...new Set(input.scopes)],
      division_uids: [...new Set(input.divisionUids)],
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  const client = toClient(row);
  await recordAdminChange(trx, actor, {
    orgUid,
    action: 'CreatedFhirClient',
    targetType: 'fhir-client',
    targetUid: client.clientId,
    targetLabel: client.displayName,
    after: { name: client.displayName, keys: client.jwksUrl ?? 'JWKS', scopes: client.scopes, divisions: client.divisionUids },
  });
  return client;
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
