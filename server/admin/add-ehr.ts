import { object, optional, type Infer } from 'superstruct';
import { EHR_FIELDS, type EhrRegistrationInput } from '../../shared/schemas/ehr-registrations';
import { MAX_LENGTH, requiredText } from '../../shared/schemas/strings';
import type { Db } from '../db/connect';
import { normaliseIssuer } from '../smart/ehr-registrations.repository';
import { COMMAND_ACTOR } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { ehrRegistrationHelp } from './ehrs.routes';
import { divisionNamed } from './division-named';
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
