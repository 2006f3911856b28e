import { sql } from 'kysely';
import { object, optional, type Infer } from 'superstruct';
import { EHR_FIELDS, type EhrRegistrationInput } from '../../shared/schemas/ehr-registrations';
import { MAX_LENGTH, requiredText } from '../../shared/schemas/strings';
import type { Db } from '../db/connect';
import { normaliseIssuer } from '../smart/ehr-registrations.repository';
import { COMMAND_ACTOR } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { ehrRegistrationHelp } from './ehrs.routes';
import { createEhr, ehrProblems } from './ehrs.repository';
import { checkOptions, CommandError, optionName } from './first-user';

/** `npm run admin -- add-ehr`'s options, checked like the admin form's fields. */
export const AddEhrSchema = object({
  ...EHR_FIELDS,
  division: requiredText(MAX_LENGTH.name),
  name: optional(requiredText(MAX_LENGTH.name)),
  /** Only when divisions of several organisations share the name. */
  org: optional(requiredText(MAX_LENGTH.name)),
});
export type AddEhrOptions = Infer<typeof AddEhrSchema>;

export const checkAddEhr = (options: Record<string, unknown>): AddEhrOptions => checkOptions(AddEhrSchema, options);

/** The division the option names (its name, any case), narrowed by `--org`; none or several is an error saying so. */
async function divisionNamed(db: Db, name: string, org: string | undefined) {
  let query = db
    .selectFrom('division as d')
    .innerJoin('organization as o', 'o.org_uid', 'd.org_uid')
    .select(['d.division_uid', 'd.division_name', 'd.org_uid', 'o.org_name'])
    .where(sql<boolean>`lower(d.division_name) = lower(${name.trim()})`)
    .orderBy('o.org_name');
  if (org) query = query.where(sql<boolean>`lower(o.org_name) = lower(${org.trim()})`);
  const found = await query.execute();
  if (found.length === 0) throw new CommandError(`No division is named "${name.trim()}"${org ? ` in ${org.trim()}` : ''}: name one as the admin pages list it (Admin → Organization)`);
  if (found.length > 1) throw new CommandError(`Several divisions are named "${name.trim()}" (in ${found.map((d) => d.org_name).join(', ')}): add --org <organisation>`);
  return found[0];
}

/** A registration's default name when `--name` is not given: the EHR's host. */
const hostOf = (issuer: string) => new URL(issuer).host;

/**
 * Issue 34 section 1: registers an EHR as the admin page does (the same
 * checks, an audited row), by the command's actor, and returns what to
 * register in the EHR: the launch URL, the redirect URL and the scopes.
 */
export async function addEhr(db: Db, options: AddEhrOptions, publicUrl: string) {
  return db.transaction().execute(async (trx) => {
    const division = await divisionNamed(trx, options.division, options.org);
    await lockOrganization(trx, division.org_uid);
    const issuer = normaliseIssuer(options.issuer);
    const input: EhrRegistrationInput = {
      displayName: options.name?.trim() || hostOf(issuer),
      issuer,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      mrnSystem: options.mrnSystem,
      divisionUid: division.division_uid,
      isActive: true,
    };
    const problems = await ehrProblems(trx, division.org_uid, input);
    if (problems.length) throw new CommandError(problems.map((e) => `${e.field === 'division_uid' ? '--division' : optionName(e.field)}: ${e.message}`).join('\n'));
    const ehr = await createEhr(trx, COMMAND_ACTOR, division.org_uid, input);
    return { ehr, organisation: division.org_name, help: ehrRegistrationHelp({ publicUrl }) };
  });
}
