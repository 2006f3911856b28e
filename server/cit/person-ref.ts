import crypto from 'node:crypto';
import { nowMs } from '../../shared/clock';
import { isUuid } from '../../shared/uuid';

/**
 * The `{id}` of `GET /api/data/public/person/{id}/incidents` (spec 002 "CIT"
 * calls): what the person-match gives an identified officer for the person it
 * matched. It names no record: the patient is sealed inside and the agency
 * bound to it (AES-256-GCM, so the officer can neither read the patient's id
 * nor make a reference to anyone else, and another agency's officer cannot
 * use it), and it stops working after a quarter of an hour.
 * The incidents route still checks the officer's identity and that the patient
 * is one the agency's division may show an outsider.
 */
export const CIT_PERSON_REF_SECONDS = 15 * 60;

/** Its own key, derived from the link key (security/signed-token.ts), so no other token opens it. */
const keyOf = (secret: Buffer) => crypto.createHmac('sha256', secret).update('cit-person-ref').digest();
const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * `<iv 12><patient 16 + expiry 4, encrypted><tag 16>` as base64url (64
 * characters, within a path parameter's length): the agency is the
 * authenticated data, so a reference opens only for the agency it was made for.
 */
export function sealPersonRef(secret: Buffer, patientUid: string, agencyUid: string, now = nowMs()): string {
  const expiry = Buffer.alloc(4);
  expiry.writeUInt32BE(Math.floor(now / 1000) + CIT_PERSON_REF_SECONDS);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(uuidBytes(agencyUid));
  const sealed = Buffer.concat([cipher.update(Buffer.concat([uuidBytes(patientUid), expiry])), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The patient of a good, unexpired reference made for this agency; null for anything else. */
export function openPersonRef(secret: Buffer, ref: string, agencyUid: string, now = nowMs()): string | null {
  if (!/^[A-Za-z0-9_-]{64}$/.test(ref) || !isUuid(agencyUid)) return null;
  const bytes = Buffer.from(ref, 'base64url');
  if (bytes.length !== 12 + 20 + 16) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
    decipher.setAAD(uuidBytes(agencyUid));
    decipher.setAuthTag(bytes.subarray(32));
    const plain = Buffer.concat([decipher.update(bytes.subarray(12, 32)), decipher.final()]);
    if (plain.readUInt32BE(16) * 1000 < now) return null;
    return uuidText(plain.subarray(0, 16));
  } catch {
    return null;
  }
}
