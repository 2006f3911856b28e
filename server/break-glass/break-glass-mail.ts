import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { enqueueMessage } from '../outbox/outbox.repository';
import { breakGlassReasonText, type BreakGlassWindow } from '../../shared/schemas/break-glass';
import type { GlassTarget } from './break-glass.repository';

/**
 * Who is told at once of an emergency access: the worker and supervisor of
 * each of the child's cases (patient_case: the identity import's and those
 * recorded in Careweave) and the division's privacy officers, each address once.
 */
async function recipients(trx: Db, target: GlassTarget): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`
    select lower(trim(e)) as email from patient_case c, unnest(array[c.wkr_email, c.sup_email]) e
     where c.patient_uid = ${target.patient_uid} and e is not null and trim(e) <> ''
    union
    select lower(trim(u.email_address)) from user_division ud join app_user u on u.user_uid = ud.user_uid
     where ud.division_uid = ${target.division_uid} and 'privacyOfficer' = any(ud.permissions) and u.is_active and u.email_address is not null
    order by 1`.execute(trx);
  return rows.map((r) => r.email);
}

/**
 * Queues the review e-mails in the transaction that opened the window, so
 * they exist exactly when the event does (once, whatever the retries). The
 * message names the record by name only: the reviewer opens the link.
 */
export async function queueBreakGlassMail(trx: Db, target: GlassTarget, window: BreakGlassWindow, userDisplayName: string, link: string): Promise<string[]> {
  const to = await recipients(trx, target);
  const body = [
    `${userDisplayName} used emergency access (break the glass) to open a restricted record.`,
    '',
    `Record: ${target.last_name}, ${target.first_name}`,
    `When: ${window.startedAt} (UTC), until ${window.expiresAt}`,
    `Reason: ${breakGlassReasonText(window.reason, window.reasonText)}`,
    '',
    `Review it: ${link}`,
  ].join('\n');
  for (const recipient of to) await enqueueMessage(trx, { channel: 'email', recipient, subject: 'Emergency access to a restricted record', body });
  return to;
}
