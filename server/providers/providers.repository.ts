import { sql } from 'kysely';
import type { Db } from '../db/connect';

/** Spec 002 "Navigator provider": what the reassign list and the reminder form show. */
export interface ProviderListItem {
  provider_uid: string;
  display_name: string;
  user_uid: string | null;
  provider_role_uid: string | null;
  provider_role_label: string | null;
}

export interface ProviderQuery {
  orgUid: string;
  /** Matches the role's type (reference-provider-role `ref_data_type`), case-insensitively. */
  roleType?: string;
  /** Only providers of this role (reference-provider-role uid). */
  roleUid?: string;
  /** Only providers who are also users of the product. */
  orgUsersOnly?: boolean;
  /** Only users who review (approve or reject) CIT contact sheets in a division of the organisation. */
  reviewerOnly?: boolean;
  /** Name search: every word must appear in the display, first or last name. */
  q?: string;
  limit: number;
}

/** The product's one reviewing role: the CIT supervisor, who approves or rejects contact sheets. */
export const REVIEWER_FLAG = 'citSupervisoryApproval';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function providersOf(db: Db, orgUid: string) {
  return db
    .selectFrom('provider as p')
    .leftJoin('reference_data as role', 'role.uid', 'p.provider_role_uid')
    .select(['p.provider_uid', 'p.display_name', 'p.user_uid', 'p.provider_role_uid', 'role.label as provider_role_label'])
    .where('p.org_uid', '=', orgUid);
}

export async function listProviders(db: Db, query: ProviderQuery): Promise<ProviderListItem[]> {
  // A deactivated provider (migration 041) is no longer offered; records keep pointing to it.
  let select = providersOf(db, query.orgUid).where('p.is_active', '=', true);
  if (query.roleType) select = select.where(sql<boolean>`lower(role.ref_data_type) = lower(${query.roleType})`);
  if (query.roleUid) select = select.where('p.provider_role_uid', '=', query.roleUid);
  if (query.orgUsersOnly) select = select.where('p.user_uid', 'is not', null);
  if (query.reviewerOnly) {
    select = select.where(sql<boolean>`exists (select 1 from user_division ud join division d on d.division_uid = ud.division_uid
                                                where ud.user_uid = p.user_uid and d.org_uid = ${query.orgUid} and ${REVIEWER_FLAG} = any (ud.permissions))`);
  }
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${escapeLike(word)}%`;
    select = select.where(sql<boolean>`(p.display_name ilike ${like} or p.first_name ilike ${like} or p.last_name ilike ${like})`);
  }
  return select.orderBy('p.display_name').orderBy('p.provider_uid').limit(query.limit).execute();
}

/** A reassign target must be a provider with role type Navigator in the caller's organisation (spec 000 section 6). */
export async function findNavigator(db: Db, orgUid: string, providerUid: string): Promise<ProviderListItem | undefined> {
  return providersOf(db, orgUid).where('p.provider_uid', '=', providerUid).where('p.is_active', '=', true).where('role.ref_data_type', '=', 'Navigator').executeTakeFirst();
}

/** The caller's own navigator provider record: what "assigned to me" means. */
export async function ownNavigator(db: Db, orgUid: string, userUid: string): Promise<ProviderListItem | undefined> {
  return providersOf(db, orgUid).where('p.user_uid', '=', userUid).where('role.ref_data_type', '=', 'Navigator').orderBy('p.provider_uid').executeTakeFirst();
}

/** A provider of the caller's organisation with its role and locations (what the member form reads). */
export async function findProvider(db: Db, orgUid: string, providerUid: string) {
  const provider = await db
    .selectFrom('provider as p')
    .leftJoin('reference_data as role', 'role.uid', 'p.provider_role_uid')
    .select(['p.provider_uid', 'p.display_name', 'p.npi_number', 'p.provider_role_uid', 'role.label as provider_role_label', 'p.work_phone', 'p.mobile_number', 'p.email_address'])
    .where('p.provider_uid', '=', providerUid)
    .where('p.org_uid', '=', orgUid)
    .executeTakeFirst();
  if (!provider) return undefined;
  const locations = await db
    .selectFrom('provider_location')
    .select(['provider_location_uid', 'provider_location_label', 'addr1', 'addr2', 'city', 'province_iso', 'post_code'])
    .where('provider_uid', '=', providerUid)
    .orderBy('provider_location_label')
    .orderBy('provider_location_uid')
    .execute();
  return { ...provider, locations };
}
