import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { hashToken } from './sessions.repository';
import { sqlNow } from '../db/clock';

/** How long a first sign-in or password-reset link works (issue 14: 24 hours). */
export const SIGN_IN_LINK_HOURS = 24;

export type SignInLinkPurpose = 'first-sign-in' | 'password-reset';

/** The page that takes the link: the token travels in the fragment, which browsers never send to a server or in a Referer. */
export const signInLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/set-password#token=${token}`;

/**
 * A new one-time link for the user; only its hash is stored. Any earlier
 * unused link of the user stops working, so only the newest one counts.
 */
export async function issueSignInLink(db: Db, userUid: string, purpose: SignInLinkPurpose): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.updateTable('sign_in_link').set({ used_at: sqlNow() }).where('user_uid', '=', userUid).where('used_at', 'is', null).execute();
  await db
    .insertInto('sign_in_link')
    .values({ token_hash: hashToken(token), user_uid: userUid, purpose, expires_at: sql<Date>`${sqlNow()} + make_interval(hours => ${SIGN_IN_LINK_HOURS})` as unknown as Date })
    .execute();
  return token;
}

/**
 * Uses up a link: one statement marks it used only while it is unused and
 * unexpired, so two concurrent uses cannot both succeed. The user must still
 * be active. Returns the user, or undefined for an unknown, used or expired link.
 */
export async function consumeSignInLink(db: Db, token: string): Promise<string | undefined> {
  const row = await db
    .updateTable('sign_in_link')
    .set({ used_at: sqlNow() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sqlNow())
    .where('user_uid', 'in', (eb) => eb.selectFrom('app_user').select('user_uid').where('is_active', '=', true))
    .returning('user_uid')
    .executeTakeFirst();
  return row?.user_uid;
}
