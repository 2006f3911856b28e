import crypto from 'node:crypto';

/**
 * Public-form access codes (CIT agency, Handle with Care district, Back to
 * Work vendor): shared secrets compared without case and stored only as a hash.
 */
export const hashAccessCode = (code: string) => crypto.createHash('sha256').update(code.trim().toUpperCase()).digest('base64url');

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new code, `XXXX-XXXX` (about 40 bits): shown once to the administrator who made it, then only its hash is kept. */
export function newAccessCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
