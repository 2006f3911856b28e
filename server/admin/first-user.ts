import { sql } from 'kysely';
import { object, optional, type Infer, type Struct } from 'superstruct';
import { ROLE_TEMPLATES } from '../../shared/role-templates';
import { AdminUserSchema, userName } from '../../shared/schemas/admin';
import { email, MAX_LENGTH, requiredText } from '../../shared/schemas/strings';
import { check } from '../../shared/schemas/validate';
import { issueSignInLink, signInLinkUrl } from '../auth/sign-in-links';
import type { Db } from '../db/connect';
import { COMMAND_ACTOR, recordAdminChange } from './admin-audit';
import { findOrgUser, insertOrganization, insertUser } from './admin.repository';

/** `npm run admin -- create-user`'s options, checked like the admin form's fields. */
export const FirstUserSchema = object({
  name: requiredText(MAX_LENGTH.fullName),
  email: email(),
  org: requiredText(MAX_LENGTH.name),
  division: optional(requiredText(MAX_LENGTH.name)),
  userName: optional(userName()),
});
export type FirstUser = Infer<typeof FirstUserSchema>;

export class CommandError extends Error {}

const FIRST_USER_LOCK = 727_014;

/** A field of a command's options as its option is spelt: `userName` → `--user-name`. */
export const optionName = (field: string | undefined) => `--${(field ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** A command's options checked with `schema`: their problems as lines (`--user-name: ...`), or the checked options. */
export function checkOptions<T, S>(schema: Struct<T, S>, options: Record<string, unknown>): T {
  const result = check(schema, options);
  if (result.errors) throw new CommandError(result.errors.map((e) => `${optionName(e.field)}: ${e.message}`).join('\n'));
  return result.value;
}

/** The option's problems as lines (`--user-name: ...`), or the checked options. */
export const checkFirstUser = (options: Record<string, unknown>): FirstUser => checkOptions(FirstUserSchema, options);

/** A user name from an e-mail address when none is given: its local part, in the characters user names allow. */
const userNameFrom = (address: string) => address.split('@')[0].toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'admin';

/**
 * Issue 14 section 1: on an install without any organisation, creates the
 * first organisation, a division (named after the organisation unless given)
 * and an administrator with the Administrator template there, and returns a
 * one-time sign-in link (24 h) instead of a password. All in one
 * transaction, written to the admin audit log.
 */
export async function createFirstAdministrator(db: Db, options: FirstUser, publicUrl: string) {
  return db.transaction().execute(async (trx) => {
    // Two commands at once: the second waits, then finds the first's organisation.
    await sql`select pg_advisory_xact_lock(${FIRST_USER_LOCK})`.execute(trx);
    const existing = await trx.selectFrom('organization').select('org_name').executeTakeFirst();
    if (existing) throw new CommandError(`Careweave already has an organisation (${existing.org_name}): its administrators add users at /admin/users`);
    const org = await insertOrganization(trx, options.org.trim(), (options.division ?? options.org).trim());
    const user = { displayName: options.name, userName: options.userName ?? userNameFrom(options.email), email: options.email, divisions: [{ divisionUid: org.divisionUid, flags: ROLE_TEMPLATES.administrator.flags }] };
    const checked = check(AdminUserSchema, user);
    if (checked.errors) throw new CommandError(checked.errors.map((e) => `${e.field}: ${e.message}`).join('\n'));
    const created = (await findOrgUser(trx, org.orgUid, await insertUser(trx, checked.value)))!;
    const token = await issueSignInLink(trx, created.userUid, 'first-sign-in');
    await recordAdminChange(trx, COMMAND_ACTOR, { orgUid: org.orgUid, action: 'CreatedOrganization', targetType: 'organization', targetUid: org.orgUid, targetLabel: options.org.trim(), after: { org: options.org.trim(), division: (options.division ?? options.org).trim() } });
    await recordAdminChange(trx, COMMAND_ACTOR, { orgUid: org.orgUid, action: 'CreatedUser', targetType: 'user', targetUid: created.userUid, targetLabel: created.userName, after: created });
    return { user: created, link: signInLinkUrl(publicUrl, token) };
  });
}
