import { sql } from 'kysely';
import { object, optional } from 'superstruct';
import { SmartAppFormSchema, type SmartAppFormInput } from '../../shared/schemas/smart-apps';
import { MAX_LENGTH, requiredText } from '../../shared/schemas/strings';
import { check } from '../../shared/schemas/validate';
import type { Db } from '../db/connect';
import { createSmartApp } from '../smart-apps/smart-apps.repository';
import { COMMAND_ACTOR } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { CommandError } from './first-user';
import { smartAppHelp } from './smart-apps.routes';

/** `npm run admin -- add-smart-app`'s options: the admin form's fields (active from the start), the organisation by name. */
export interface AddSmartAppOptions {
  app: SmartAppFormInput;
  org?: string;
}

/** The form's fields as the command spells them. */
const OPTION_OF: Record<string, string> = { name: '--name', redirectUris: '--redirect-uri', scopes: '--scopes', org: '--org' };

const AddSmartAppSchema = object({ ...SmartAppFormSchema.schema, org: optional(requiredText(MAX_LENGTH.name)) });

/** The options checked as the admin page's dialog is (`--redirect-uri` repeated stands for its one address a line), all problems at once. */
export function checkAddSmartApp(options: { name: string; redirectUri: string[]; scopes: string; org?: string }): AddSmartAppOptions {
  const result = check(AddSmartAppSchema, { name: options.name, redirectUris: options.redirectUri.join('\n'), scopes: options.scopes, isActive: true, org: options.org });
  if (result.errors) throw new CommandError(result.errors.map((e) => `${OPTION_OF[e.field ?? ''] ?? e.field}: ${e.message}`).join('\n'));
  const { org, ...app } = result.value;
  return { app, org };
}

/** The organisation `--org` names (any case), or the only one there is when it is left out. */
async function organisationFor(db: Db, org: string | undefined) {
  const found = await db
    .selectFrom('organization')
    .select(['org_uid', 'org_name'])
    .$if(!!org, (q) => q.where(sql<boolean>`lower(org_name) = lower(${org!})`))
    .orderBy('org_name')
    .limit(2)
    .execute();
  if (!found.length) throw new CommandError(org ? `--org: no organisation is named "${org}"` : 'No organisation yet: create one first (npm run admin -- create-user)');
  if (found.length > 1) throw new CommandError(org ? `--org: several organisations are named "${org}"` : 'There are several organisations: add --org <organisation>');
  return found[0];
}

/**
 * Issue 35 section 2: registers a user-facing SMART app as the admin page
 * does (the same checks, an audited row), by the command's actor, and
 * returns its client id and the addresses its developer configures.
 */
export async function addSmartApp(db: Db, options: AddSmartAppOptions, publicUrl: string) {
  return db.transaction().execute(async (trx) => {
    const organisation = await organisationFor(trx, options.org);
    await lockOrganization(trx, organisation.org_uid);
    const app = await createSmartApp(trx, COMMAND_ACTOR, organisation.org_uid, options.app);
    return { app, organisation: organisation.org_name, ...smartAppHelp({ publicUrl }) };
  });
}
