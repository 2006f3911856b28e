import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../db/connect';

export const ALG = 'ES384';
/** A client assertion Careweave signs lives this long (SMART Backend Services: at most five minutes; server/fhir/remote-fhir.ts). */
export const ASSERTION_SECONDS = 240;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The same key as a private JWK: Careweave's authorization server signs its id_tokens with it (server/smart-apps). */
  jwk: JWK;
}

const loaded = new WeakMap<Db, Promise<SigningKey>>();
// Any constant every process agrees on.
const SIGNING_KEY_LOCK = 727_081;

/**
 * Careweave's key for SMART Backend Services, made the first time it calls
 * another FHIR server and kept in the database, so every process signs with
 * the same key and a restart keeps it (the receiver registered its JWKS URL).
 */
export function signingKey(db: Db): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = (async () => {
      const newest = (q: Db) => q.selectFrom('signing_key').select(['kid', 'private_jwk']).orderBy('created_at', 'desc').executeTakeFirst();
      // Made once under a lock: two processes starting together must not each make one (the authorization server's cookie keys come from it).
      const row =
        (await newest(db)) ??
        (await db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`.execute(trx);
          const made = await newest(trx);
          if (made) return made;
          const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
          const kid = crypto.randomUUID();
          return trx
            .insertInto('signing_key')
            .values({ kid, private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: ALG }), public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }) })
            .returning(['kid', 'private_jwk'])
            .executeTakeFirstOrThrow();
        }));
      return { kid: row.kid, privateKey: (await importJWK(row.private_jwk as JWK, ALG)) as CryptoKey, jwk: row.private_jwk as JWK };
    })();
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

/** `GET /.well-known/jwks.json`: the public keys a receiver checks Careweave's assertions with. */
export async function publicJwks(db: Db): Promise<{ keys: JWK[] }> {
  await signingKey(db);
  const rows = await db.selectFrom('signing_key').select('public_jwk').orderBy('created_at', 'desc').execute();
  return { keys: rows.map((r) => r.public_jwk as JWK) };
}
