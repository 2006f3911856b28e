import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { nowMs } from '../../shared/clock';

/**
 * The HMAC key for short-lived links (CIT PDFs, stored files): 32 random bytes
 * kept in DATA_DIR/pdf-link.key (mode 600, written on first start, like the
 * embedded PostgreSQL password; the name predates file links and is kept so an
 * install's key survives the upgrade). When DATA_DIR cannot be written, a key
 * for this process only: links then stop working at a restart, which a
 * minutes-long link can live with.
 */
const secrets = new Map<string, Promise<Buffer>>();
export function linkSecret(dataDir: string): Promise<Buffer> {
  let found = secrets.get(dataDir);
  if (!found) {
    found = (async () => {
      const file = path.join(dataDir, 'pdf-link.key');
      try {
        const saved = await fs.readFile(file, 'utf8');
        if (saved.trim().length >= 43) return Buffer.from(saved.trim(), 'base64url');
      } catch {
        // not there yet
      }
      const fresh = crypto.randomBytes(32);
      try {
        await fs.mkdir(dataDir, { recursive: true });
        await fs.writeFile(file, fresh.toString('base64url'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        // Another start wrote it first: use theirs. Otherwise (read-only DATA_DIR) keep the process key.
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64url');
      }
      return fresh;
    })();
    secrets.set(dataDir, found);
  }
  return found;
}

/** Every signed link carries its expiry, seconds since the epoch. */
export interface Expiring {
  x: number;
}

/** The purpose is in the MAC, so a token made for one kind of link never opens another. */
const mac = (secret: Buffer, purpose: string, payload: string) => crypto.createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');

/** `<claims as base64url JSON>.<HMAC>`: the link carries what it opens; nothing is stored. */
export function signToken(secret: Buffer, purpose: string, claims: Expiring & object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, purpose, payload)}`;
}

/** The claims of a good, unexpired token for `purpose`; null for anything else (the caller checks the claims' shape). */
export function verifyToken(secret: Buffer, purpose: string, token: string, now = nowMs()): (Expiring & Record<string, unknown>) | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
    const x = (claims as { x?: unknown }).x;
    if (typeof x !== 'number' || x * 1000 < now) return null;
    return claims as Expiring & Record<string, unknown>;
  } catch {
    return null;
  }
}
