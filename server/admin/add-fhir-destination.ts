import { sql } from 'kysely';
import { object, optional, type Infer } from 'superstruct';
import { FHIR_DESTINATION_FIELDS, type FhirDestinationInput } from '../../shared/schemas/fhir-destinations';
import { MAX_LENGTH, requiredText } from '../../shared/schemas/strings';
import type { Db } from '../db/connect';
import { publicJwks } from '../fhir/signing-key';
import { COMMAND_ACTOR } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { fhirDestinationHelp } from './fhir-destinations.routes';
import { createFhirDestination, fhirDestinationProblems, findFacilityFhirDestination, updateFhirDestination } from './fhir-destinations.repository';
import { checkOptions, CommandError } from './first-user';

/** `npm run admin -- add-fhir-destination`'s options: the admin form's fields, with the facility (and its organisation) by name. */
export const AddFhirDestinationSchema = object({
  facility: requiredText(MAX_LENGTH.name),
  fhirBase: FHIR_DESTINATION_FIELDS.fhirBase,
  clientId: FHIR_DESTINATION_FIELDS.clientId,
  owner: FHIR_DESTINATION_FIELDS.ownerReference,
  org: optional(requiredText(MAX_LENGTH.name)),
});
export type AddFhirDestinationOptions = Infer<typeof AddFhirDestinationSchema>;

export const checkAddFhirDestination = (options: Record<string, unknown>): AddFhirDestinationOptions => checkOptions(AddFhirDestinationSchema, options);

/**
 * Issue 35 section 3, outbound: a facility that takes referrals by FHIR (the
 * Gravity loop with Careweave as the source). Its FHIR server registered
 * Careweave as a Backend Services client (the client id, with Careweave's
 * JWKS URL); from now on a referral to the facility is sent there and its
 * Task read back. Registered as the admin page does (the same checks, an
 * audited row) by the command's actor; registering the facility again edits
 * the organisation's destination for it (turned on).
 */
export async function addFhirDestination(db: Db, o: AddFhirDestinationOptions, publicUrl: string) {
  const facilities = await db
    .selectFrom('facility as f')
    .innerJoin('organization as org', (join) => join.on(sql<boolean>`org.org_uid = coalesce(f.org_uid, org.org_uid)`))
    .select(['f.facility_uid', 'f.facility_name', 'org.org_uid', 'org.org_name'])
    .where(sql<boolean>`lower(f.facility_name) = lower(${o.facility.trim()})`)
    .$if(!!o.org, (q) => q.where(sql<boolean>`lower(org.org_name) = lower(${o.org!.trim()})`))
    .execute();
  if (!facilities.length) throw new CommandError(`--facility: no facility is named "${o.facility.trim()}"${o.org ? ` for ${o.org.trim()}` : ''}`);
  if (facilities.length > 1) throw new CommandError(`--facility: "${o.facility.trim()}" names several (${facilities.map((f) => f.org_name).join(', ')}): add --org <organisation>`);
  const [facility] = facilities;
  await db.transaction().execute(async (trx) => {
    await lockOrganization(trx, facility.org_uid);
    const input: FhirDestinationInput = { facilityUid: facility.facility_uid, fhirBase: o.fhirBase, clientId: o.clientId, ownerReference: o.owner, isActive: true };
    const existing = await findFacilityFhirDestination(trx, facility.org_uid, facility.facility_uid);
    const problems = await fhirDestinationProblems(trx, facility.org_uid, input, existing?.destinationUid);
    if (problems.length) throw new CommandError(problems.map((e) => `--facility: ${e.message}`).join('\n'));
    if (existing) await updateFhirDestination(trx, COMMAND_ACTOR, facility.org_uid, existing, input);
    else await createFhirDestination(trx, COMMAND_ACTOR, facility.org_uid, input);
  });
  await publicJwks(db);
  return { facility: facility.facility_name, organisation: facility.org_name, ...fhirDestinationHelp({ publicUrl }) };
}
