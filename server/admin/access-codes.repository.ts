import { sql } from 'kysely';
import type { CodeHolder, CodeHolderInput, CodeHolderKind } from '../../shared/schemas/admin';
import { isUuid } from '../../shared/uuid';
import type { Db } from '../db/connect';

/** Where each kind lives: CIT agencies and HWC districts send to a division, vendors belong to the organisation. */
const TABLES = {
  'cit-agencies': { table: 'cit_agency', id: 'agency_uid', name: 'agency_name' },
  'hwc-agencies': { table: 'hwc_agency', id: 'agency_uid', name: 'agency_name' },
  'b2w-vendors': { table: 'b2w_vendor', id: 'vendor_uid', name: 'vendor_name' },
} as const;

async function read(db: Db, kind: CodeHolderKind, orgUid: string, holderUid?: string): Promise<CodeHolder[]> {
  const t = TABLES[kind];
  const ref = (c: string) => sql.ref(`h.${c}`);
  const division = kind === 'b2w-vendors' ? sql`null::uuid as division_uid, null::text as division_name` : sql`h.division_uid, d.division_name`;
  const join = kind === 'b2w-vendors' ? sql`` : sql`join division d on d.division_uid = h.division_uid`;
  const cit = kind === 'cit-agencies'
    ? sql`h.state_iso, (select coalesce(array_agg(o.officer_name order by o.officer_name), '{}') from cit_officer o where o.agency_uid = h.agency_uid) as officers`
    : sql`null::text as state_iso, null::text[] as officers`;
  const rows = await sql<{ holder_uid: string; name: string; division_uid: string | null; division_name: string | null; state_iso: string | null; officers: string[] | null; is_active: boolean }>`
    select ${ref(t.id)} as holder_uid, ${ref(t.name)} as name, ${division}, ${cit}, h.is_active
      from ${sql.table(t.table)} h ${join}
     where h.org_uid = ${orgUid} ${holderUid ? sql`and ${ref(t.id)} = ${holderUid}` : sql``}
     order by h.is_active desc, lower(${ref(t.name)})`.execute(db);
  return rows.rows.map((r) => ({ holderUid: r.holder_uid, name: r.name, divisionUid: r.division_uid, divisionName: r.division_name, stateIso: r.state_iso, officers: r.officers, isActive: r.is_active }));
}

export const listHolders = (db: Db, kind: CodeHolderKind, orgUid: string) => read(db, kind, orgUid);

/** A holder of the organisation; undefined for another organisation's and for a malformed id. */
export async function findHolder(db: Db, kind: CodeHolderKind, orgUid: string, holderUid: string): Promise<CodeHolder | undefined> {
  if (!isUuid(holderUid)) return undefined;
  return (await read(db, kind, orgUid, holderUid))[0];
}

const officerName = (name: string) => name.trim().replace(/\s+/g, ' ');

async function setOfficers(db: Db, agencyUid: string, officers: string[]): Promise<void> {
  await db.deleteFrom('cit_officer').where('agency_uid', '=', agencyUid).execute();
  await db.insertInto('cit_officer').values(officers.map((o) => ({ agency_uid: agencyUid, officer_name: officerName(o) }))).execute();
}

export async function insertHolder(db: Db, kind: CodeHolderKind, orgUid: string, input: CodeHolderInput, codeHash: string): Promise<string> {
  const name = input.name.trim();
  if (kind === 'b2w-vendors') {
    return (await db.insertInto('b2w_vendor').values({ vendor_name: name, code_hash: codeHash, org_uid: orgUid }).returning('vendor_uid').executeTakeFirstOrThrow()).vendor_uid;
  }
  if (kind === 'hwc-agencies') {
    return (await db.insertInto('hwc_agency').values({ agency_name: name, code_hash: codeHash, org_uid: orgUid, division_uid: input.divisionUid! }).returning('agency_uid').executeTakeFirstOrThrow()).agency_uid;
  }
  const row = await db
    .insertInto('cit_agency')
    .values({ agency_name: name, code_hash: codeHash, org_uid: orgUid, division_uid: input.divisionUid!, state_iso: input.stateIso!.toLowerCase() })
    .returning('agency_uid')
    .executeTakeFirstOrThrow();
  await setOfficers(db, row.agency_uid, input.officers!);
  return row.agency_uid;
}

export async function updateHolder(db: Db, kind: CodeHolderKind, holderUid: string, input: CodeHolderInput): Promise<void> {
  const name = input.name.trim();
  if (kind === 'b2w-vendors') await db.updateTable('b2w_vendor').set({ vendor_name: name }).where('vendor_uid', '=', holderUid).execute();
  else if (kind === 'hwc-agencies') await db.updateTable('hwc_agency').set({ agency_name: name, division_uid: input.divisionUid! }).where('agency_uid', '=', holderUid).execute();
  else {
    await db.updateTable('cit_agency').set({ agency_name: name, division_uid: input.divisionUid!, state_iso: input.stateIso!.toLowerCase() }).where('agency_uid', '=', holderUid).execute();
    await setOfficers(db, holderUid, input.officers!);
  }
}

/** A new code (its hash) makes the holder active again; revoking keeps the hash, so the old code stays dead after a rotation. */
export async function setCode(db: Db, kind: CodeHolderKind, holderUid: string, change: { codeHash: string } | { revoke: true }): Promise<void> {
  const t = TABLES[kind];
  const set = 'codeHash' in change ? sql`code_hash = ${change.codeHash}, is_active = true` : sql`is_active = false`;
  await sql`update ${sql.table(t.table)} set ${set} where ${sql.ref(t.id)} = ${holderUid}`.execute(db);
}
