import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { enqueueMessage } from '../outbox/outbox.repository';

/**
 * What Handle with Care staff are told of a new entry: that it arrived, from
 * which district, and where to open it. Nothing about the child: the e-mail
 * leaves our system, and the link asks for a sign-in.
 */
export function staffNoticeMessage(entry: { agencyName: string; link: string }) {
  return {
    subject: 'New Handle with Care entry',
    body: [`A new Handle with Care entry has arrived from ${entry.agencyName}.`, '', 'Sign in to open it:', entry.link].join('\n'),
  };
}

/** Active users holding `handleWithCare` in the division, one address each. */
export async function hwcStaffAddresses(db: Db, divisionUid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .select('u.email_address')
    .distinct()
    .where('ud.division_uid', '=', divisionUid)
    .where(sql<boolean>`${'handleWithCare'} = any(ud.permissions)`)
    .where('u.is_active', '=', true)
    .where('u.email_address', 'is not', null)
    .where('u.email_address', '<>', '')
    .orderBy('u.email_address')
    .execute();
  return rows.map((r) => r.email_address!);
}

/**
 * Tells the division's Handle with Care staff of a new entry, through the
 * outbox in the caller's transaction, so the e-mail exists exactly when the
 * entry does. Returns how many were queued.
 */
export async function notifyHwcStaff(trx: Db, entry: { divisionUid: string; hwcPatientUid: string; agencyName: string; publicUrl: string }): Promise<number> {
  const message = staffNoticeMessage({ agencyName: entry.agencyName, link: `${entry.publicUrl}/hwc/${entry.hwcPatientUid}` });
  const addresses = await hwcStaffAddresses(trx, entry.divisionUid);
  for (const recipient of addresses) await enqueueMessage(trx, { channel: 'email', recipient, subject: message.subject, body: message.body });
  return addresses.length;
}
