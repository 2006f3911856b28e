import fs from 'node:fs/promises';
import { array, object, optional, size, type Infer } from 'superstruct';
import { FHIR_CLIENT_FIELDS, FhirClientSchema, type FhirClientInput } from '../../shared/schemas/fhir-clients';
import { MAX_LENGTH, requiredText } from '../../shared/schemas/strings';
import { check } from '../../shared/schemas/validate';
import type { Db } from '../db/connect';
import { createFhirClient } from '../fhir/fhir-clients.repository';
import { COMMAND_ACTOR } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { divisionNamed } from './division-named';
import { fhirClientHelp } from './fhir-clients.routes';
import { checkOptions, CommandError } from './first-user';

/** `npm run admin -- add-fhir-client`'s options: the admin form's fields, with divisions and the JWKS given by name and by file. */
export const AddFhirClientSchema = object({
  name: FHIR_CLIENT_FIELDS.name,
  jwksUrl: FHIR_CLIENT_FIELDS.jwksUrl,
  jwksFile: optional(requiredText(4096)),
  scopes: FHIR_CLIENT_FIELDS.scopes,
  division: size(array(requiredText(MAX_LENGTH.name)), 1, 50),
  org: optional(requiredText(MAX_LENGTH.name)),
});
export type AddFhirClientOptions = Infer<typeof AddFhirClientSchema>;

export const checkAddFhirClient = (options: Record<string, unknown>): AddFhirClientOptions => checkOptions(AddFhirClientSchema, options);

/** The form's field as the command spells it. */
const OPTION_OF: Record<string, string> = { jwks: '--jwks-file', jwksUrl: '--jwks-url', divisionUids: '--division', scopes: '--scopes', name: '--name' };

/**
 * Issue 35 section 2: registers a SMART Backend Services client as the admin
 * page does (the same checks, an audited row, a service user of its own), by
 * the command's actor, and returns its id and the addresses it calls.
 */
export async function addFhirClient(db: Db, options: AddFhirClientOptions, publicUrl: string) {
  let jwks: string | undefined;
  if (options.jwksFile) {
    jwks = await fs.readFile(options.jwksFile, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new CommandError(`--jwks-file: cannot read ${options.jwksFile} (${err.code ?? err.message})`);
    });
  }
  return db.transaction().execute(async (trx) => {
    const divisions = [];
    for (const name of options.division) divisions.push(await divisionNamed(trx, name, options.org));
    const orgs = new Set(divisions.map((d) => d.org_uid));
    if (orgs.size > 1) throw new CommandError('--division: the divisions belong to different organisations; a client is registered in one (add --org <organisation>)');
    const orgUid = divisions[0].org_uid;
    await lockOrganization(trx, orgUid);
    const result = check(FhirClientSchema, { name: options.name, jwksUrl: options.jwksUrl, jwks, scopes: options.scopes, divisionUids: divisions.map((d) => d.division_uid) });
    if (result.errors) throw new CommandError(result.errors.map((e) => `${OPTION_OF[e.field ?? ''] ?? e.field}: ${e.message}`).join('\n'));
    const input: FhirClientInput = result.value;
    const client = await createFhirClient(trx, COMMAND_ACTOR, orgUid, input);
    return {
      client,
      organisation: divisions[0].org_name,
      divisionNames: divisions.map((d) => d.division_name),
      ...fhirClientHelp({ publicUrl }),
    };
  });
}
