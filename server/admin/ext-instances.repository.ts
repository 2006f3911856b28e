import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { ExtInstance, ExtInstanceInput } from '../../shared/schemas/admin';
import type { Db } from '../db/connect';

/** The slug pattern external_action_instance checks (and the public routes test before reading). */
const SLUG = /^[a-z0-9][a-z0-9-]{2,62}$/;
const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A new link's slug: the action type and 26 random characters (130 bits), so
 * links cannot be guessed from one another or walked; the public form is the
 * only way in, and it still asks each visitor to register by phone.
 */
export function newInstanceId(actionType: string): string {
  return `${actionType.replace(/[^a-z0-9]+/g, '-').slice(0, 20)}-${Array.from({ length: 26 }, () => SLUG_ALPHABET[crypto.randomInt(SLUG_ALPHABET.length)]).join('')}`;
}

/** The organisation's links (through their division), the current ones first; one when `instanceId` is given. */
async function read(db: Db, orgUid: string, publicUrl: string, instanceId?: string): Promise<ExtInstance[]> {
  let query = db
    .selectFrom('external_action_instance as i')
    .innerJoin('division as d', 'd.division_uid', 'i.division_uid')
    .select(['i.instance_id', 'i.label', 'i.division_uid', 'd.division_name', 'i.action_type', 'i.payload_definition', 'i.is_active', 'i.replaced_by', sql<string>`to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at')])
    .where('d.org_uid', '=', orgUid);
  if (instanceId) query = query.where('i.instance_id', '=', instanceId);
  const rows = await query.orderBy('i.is_active', 'desc').orderBy(sql`i.replaced_by is null`, 'desc').orderBy('i.created_at', 'desc').orderBy('i.instance_id').execute();
  return rows.map((r) => ({
    instanceId: r.instance_id,
    label: r.label ?? r.instance_id,
    divisionUid: r.division_uid,
    divisionName: r.division_name,
    actionType: r.action_type,
    requiredFields: Array.isArray(r.payload_definition?.required_fields) ? r.payload_definition.required_fields : [],
    state: r.is_active ? 'active' : r.replaced_by ? 'replaced' : 'revoked',
    replacedBy: r.replaced_by,
    url: `${publicUrl}/ext/${r.instance_id}/${r.action_type}`,
    createdAt: r.created_at,
  }));
}

export const listInstances = (db: Db, orgUid: string, publicUrl: string) => read(db, orgUid, publicUrl);

/** A link of the organisation; undefined for another organisation's and for a malformed slug. */
export async function findInstance(db: Db, orgUid: string, publicUrl: string, instanceId: string): Promise<ExtInstance | undefined> {
  if (!SLUG.test(instanceId)) return undefined;
  return (await read(db, orgUid, publicUrl, instanceId))[0];
}

export async function insertInstance(db: Db, input: Pick<ExtInstanceInput, 'label' | 'divisionUid' | 'actionType' | 'requiredFields'>): Promise<string> {
  const instanceId = newInstanceId(input.actionType);
  await db
    .insertInto('external_action_instance')
    .values({
      instance_id: instanceId,
      label: input.label.trim(),
      division_uid: input.divisionUid,
      action_type: input.actionType,
      payload_definition: JSON.stringify({ required_fields: input.requiredFields }),
    })
    .execute();
  return instanceId;
}

/** Deactivates a link: its public form answers as for an unknown link. `replacedBy` records a rotation. */
export async function deactivateInstance(db: Db, instanceId: string, replacedBy: string | null = null): Promise<void> {
  await db.updateTable('external_action_instance').set({ is_active: false, replaced_by: replacedBy }).where('instance_id', '=', instanceId).execute();
}
