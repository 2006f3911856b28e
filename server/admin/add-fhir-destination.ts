import { sql } from 'kysely';
import { object, optional, refine, type Infer } from 'superstruct';
import { MAX_LENGTH, requiredText } from '../../shared/schemas/strings';
import type { Db } from '../db/connect';
import { JWKS_PATH } from '../fhir/jwks.routes';
import { publicJwks } from '../fhir/signing-key';
import { checkOptions, CommandError } from './first-user';

const httpsUrl = refine(requiredText(2000), 'url', (v) => (URL.canParse(v.trim()) && /^https?:$/.test(new URL(v.trim()).protocol)) || 'Must be an https:// URL (http:// for a server on this machine)');

/** `npm run admin -- add-fhir-destination`'s options. */
export const AddFhirDestinationSchema = object({
  facility: requiredText(MAX_LENGTH.name),
  fhirBase: httpsUrl,
  clientId: requiredText(MAX_LENGTH.address),
  owner: refine(requiredText(MAX_LENGTH.address), 'owner', (v) => /^Organization\/[A-Za-z0-9\-.]{1,64}$/.test(v.trim()) || 'Must be Organization/<id>, the Organization that owns the Tasks there'),
  org: optional(requiredText(MAX_LENGTH.name)),
});
export type AddFhirDestinationOptions = Infer<typeof AddFhirDestinationSchema>;

export const checkAddFhirDestination = (options: Record<string, unknown>): AddFhirDestinationOptions => checkOptions(AddFhirDestinationSchema, options);

/**
 * Issue 35 section 3, outbound: a facility that takes referrals by FHIR (the
 * Gravity loop with Careweave as the source). Its FHIR server registered
 * Careweave as a Backend Services client (the client id, with Careweave's
 * JWKS URL); from now on a referral to the facility is sent there and its
 * Task read back. Registering the facility again replaces its destination.
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
  const values = { org_uid: facility.org_uid, facility_uid: facility.facility_uid, fhir_base: o.fhirBase.trim().replace(/\/+$/, ''), client_id: o.clientId.trim(), owner_reference: o.owner.trim(), is_active: true };
  await db
    .insertInto('fhir_destination')
    .values(values)
    .onConflict((oc) => oc.column('facility_uid').doUpdateSet(values))
    .execute();
  await publicJwks(db);
  return { facility: facility.facility_name, organisation: facility.org_name, jwksUrl: `${publicUrl}${JWKS_PATH}` };
}
