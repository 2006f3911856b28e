import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { nowMs } from '../../shared/clock';
import type { Db } from '../db/connect';

export const ALG = 'ES384';
/** A client assertion lives this long (SMART Backend Services: at most five minutes). */
const ASSERTION_SECONDS = 240;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

const loaded = new WeakMap<Db, Promise<SigningKey>>();

/**
 * Careweave's key for SMART Backend Services, made the first time it calls
 * another FHIR server and kept in the database, so every process signs with
 * the same key and a restart keeps it (the receiver registered its JWKS URL).
 */
function signingKey(db: Db): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = (async () => {
      let row = await db.selectFrom('signing_key').select(['kid', 'private_jwk']).orderBy('created_at', 'desc').executeTakeFirst();
      if (!row) {
        const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
        const kid = crypto.randomUUID();
        await db
          .insertInto('signing_key')
          .values({ kid, private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: ALG }), public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }) })
          .execute();
        row = await db.selectFrom('signing_key').select(['kid', 'private_jwk']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      }
      return { kid: row.kid, privateKey: (await importJWK(row.private_jwk as JWK, ALG)) as CryptoKey };
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

/** A SMART Backend Services client assertion (RFC 7523): signed by `key`, for the client `clientId` at `tokenUrl`. */
export async function clientAssertion(key: SigningKey, clientId: string, tokenUrl: string): Promise<string> {
  const seconds = Math.floor(nowMs() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + ASSERTION_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
}

/** A client assertion for `tokenUrl` with Careweave's own key, as the client `clientId` that server gave Careweave. */
export const signedAssertion = async (db: Db, clientId: string, tokenUrl: string): Promise<string> => clientAssertion(await signingKey(db), clientId, tokenUrl);
