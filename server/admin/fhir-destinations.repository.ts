import type { FieldError } from '../../shared/api/errors';
import { camelKeys } from '../../shared/casing';
import { DESTINATION_TAKEN, DESTINATION_TAKEN_ELSEWHERE, normaliseFhirBase, type FhirDestinationInput, type FhirDestinationView } from '../../shared/schemas/fhir-destinations';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { isUuid } from '../../shared/uuid';
import type { Db } from '../db/connect';
import { recordAdminChange, type AdminActor } from './admin-audit';

/**
 * Issue 35 section 3, the administrator's side: an organisation's FHIR
 * destinations (facilities whose FHIR server takes Careweave's referrals),
 * written by the admin page and `npm run admin -- add-fhir-destination`
 * alike. Sending and reading back are server/fhir.
 */

function destinationsQuery(db: Db, orgUid: string) {
  return db
    .selectFrom('fhir_destination as d')
    .innerJoin('facility as f', 'f.facility_uid', 'd.facility_uid')
    .select(['d.destination_uid', 'd.facility_uid', 'f.facility_name', 'd.fhir_base', 'd.client_id', 'd.owner_reference', 'd.is_active'])
    .where('d.org_uid', '=', orgUid);
}

/** A row as the page shows it: its columns, camel-cased (the query selects exactly `FhirDestinationView`'s). */
const toView = (r: object) => camelKeys<FhirDestinationView>(r);

/** The organisation's destinations, by facility; another organisation's are never read. */
export async function listFhirDestinations(db: Db, orgUid: string): Promise<FhirDestinationView[]> {
  return (await destinationsQuery(db, orgUid).orderBy('f.facility_name').orderBy('d.created_at').execute()).map(toView);
}

/** The organisation's destination with this id or for this facility; undefined for another organisation's and for a malformed id. */
async function findBy(db: Db, orgUid: string, column: 'd.destination_uid' | 'd.facility_uid', uid: string): Promise<FhirDestinationView | undefined> {
  if (!isUuid(uid)) return undefined;
  const row = await destinationsQuery(db, orgUid).where(column, '=', uid).executeTakeFirst();
  return row && toView(row);
}

export const findOrgFhirDestination = (db: Db, orgUid: string, destinationUid: string) => findBy(db, orgUid, 'd.destination_uid', destinationUid);

/** The organisation's destination for a facility, if it has one (the command registers a facility again by editing it). */
export const findFacilityFhirDestination = (db: Db, orgUid: string, facilityUid: string) => findBy(db, orgUid, 'd.facility_uid', facilityUid);

/**
 * The checks the schema cannot make, run in the transaction that writes: the
 * facility is the organisation's or a shared one (as an outbound referral's
 * target is), and no other destination has it (each facility has one, of
 * one organisation). The facility row is locked, so two organisations
 * registering a shared facility at once cannot both pass.
 */
export async function fhirDestinationProblems(trx: Db, orgUid: string, input: Pick<FhirDestinationInput, 'facilityUid'>, except?: string): Promise<FieldError[]> {
  const facilityUid = input.facilityUid.trim();
  const facility =
    isUuid(facilityUid) &&
    (await trx
      .selectFrom('facility')
      .select('facility_uid')
      .where('facility_uid', '=', facilityUid)
      .where((eb) => eb.or([eb('org_uid', '=', orgUid), eb('org_uid', 'is', null)]))
      .forUpdate()
      .executeTakeFirst());
  if (!facility) return [{ field: 'facility_uid', message: NOT_LISTED }];
  const taken = await trx.selectFrom('fhir_destination').select(['destination_uid', 'org_uid']).where('facility_uid', '=', facilityUid).executeTakeFirst();
  if (!taken || taken.destination_uid === except) return [];
  return [{ field: 'facility_uid', message: taken.org_uid === orgUid ? DESTINATION_TAKEN : DESTINATION_TAKEN_ELSEWHERE }];
}

/** The columns an input sets: trimmed, the FHIR base with no trailing slash. */
const columns = (input: FhirDestinationInput) => ({
  facility_uid: input.facilityUid.trim(),
  fhir_base: normaliseFhirBase(input.fhirBase),
  client_id: input.clientId.trim(),
  owner_reference: input.ownerReference.trim(),
  is_active: input.isActive,
});

/** What the admin audit log keeps of a destination: what the page shows, the facility by name. */
export const fhirDestinationSnapshot = ({ destinationUid, facilityUid, ...rest }: FhirDestinationView) => rest;

/** The admin audit row of a change, named by the destination's facility. */
const recordChange = (trx: Db, actor: AdminActor, orgUid: string, action: 'CreatedFhirDestination' | 'UpdatedFhirDestination', after: FhirDestinationView, before?: FhirDestinationView) =>
  recordAdminChange(trx, actor, {
    orgUid,
    action,
    targetType: 'fhir-destination',
    targetUid: after.destinationUid,
    targetLabel: after.facilityName,
    before: before && fhirDestinationSnapshot(before),
    after: fhirDestinationSnapshot(after),
  });

/** A new destination and its audit entry, in the caller's transaction (checked first with `fhirDestinationProblems`). */
export async function createFhirDestination(trx: Db, actor: AdminActor, orgUid: string, input: FhirDestinationInput): Promise<FhirDestinationView> {
  const { destination_uid } = await trx
    .insertInto('fhir_destination')
    .values({ ...columns(input), org_uid: orgUid })
    .returning('destination_uid')
    .executeTakeFirstOrThrow();
  const created = (await findOrgFhirDestination(trx, orgUid, destination_uid))!;
  await recordChange(trx, actor, orgUid, 'CreatedFhirDestination', created);
  return created;
}

/**
 * Edits a destination (checked first with `fhirDestinationProblems`) with its
 * audit entry, in the caller's transaction. Referrals sent before stay with
 * it: their Tasks are read back from its FHIR base, as it is now, while it
 * is active.
 */
export async function updateFhirDestination(trx: Db, actor: AdminActor, orgUid: string, before: FhirDestinationView, input: FhirDestinationInput): Promise<FhirDestinationView> {
  await trx.updateTable('fhir_destination').set(columns(input)).where('destination_uid', '=', before.destinationUid).execute();
  const after = (await findOrgFhirDestination(trx, orgUid, before.destinationUid))!;
  await recordChange(trx, actor, orgUid, 'UpdatedFhirDestination', after, before);
  return after;
}
