import { sql, type RawBuilder } from 'kysely';
import type { AuthContext } from '../auth/context';

/** Adoption cases need the healthcare role or adopt-view (spec 000 section 6). */
export const canSeeAdoption = (auth: AuthContext) => auth.flags.isIdentityHealthcareUser || auth.flags.identityViewAdopt;

/**
 * Rows about patients: only the caller's current division, and restricted or
 * adoption cases only for those the spec lets see them. A restricted case is
 * also visible when the caller's e-mail or user name is the worker, chief or
 * supervisor on one of the patient's cases.
 */
export function patientVisibility(alias: string, auth: AuthContext): RawBuilder<unknown> {
  const t = sql.ref(alias);
  const parts: RawBuilder<unknown>[] = [];
  if (!auth.flags.identityViewRestricted) {
    const who = [auth.email?.toLowerCase() ?? '', auth.userName.toLowerCase()];
    parts.push(sql`(${t}.restricted_flag <> '1' or exists (
      select 1 from patient_case pc where pc.patient_uid = ${t}.patient_uid
        and (lower(pc.wkr_email) in (${sql.join(who)}) or lower(pc.chf_email) in (${sql.join(who)}) or lower(pc.sup_email) in (${sql.join(who)}))))`);
  }
  if (!canSeeAdoption(auth)) {
    parts.push(sql`not exists (select 1 from patient_case pc where pc.patient_uid = ${t}.patient_uid and pc.case_category = 'Adoption')`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

/** Rows of the caller's current division only (data views are never scoped to all accessible divisions). */
export const currentDivisionScope = (alias: string) => (auth: AuthContext) => sql`${sql.ref(alias)}.division_uid = ${auth.divisionUid}`;

export const patientScope = (alias: string) => (auth: AuthContext) =>
  sql`${sql.ref(alias)}.division_uid = ${auth.divisionUid} and ${patientVisibility(alias, auth)}`;

export const divisionScope = (alias: string) => (auth: AuthContext) =>
  sql`${sql.ref(alias)}.division_uid in (select division_uid from user_division where user_uid = ${auth.userUid})`;

export const organizationScope = (alias: string) => (auth: AuthContext) => sql`(${sql.ref(alias)}.org_uid = ${auth.orgUid} or ${sql.ref(alias)}.org_uid is null)`;

const userOrganizations = (auth: AuthContext) =>
  sql`select d.org_uid from user_division ud join division d on d.division_uid = ud.division_uid where ud.user_uid = ${auth.userUid}`;

export const ownOrganizations = (alias: string) => (auth: AuthContext) => sql`${sql.ref(alias)}.org_uid in (${userOrganizations(auth)})`;

export const ownMarkets = (alias: string) => (auth: AuthContext) =>
  sql`${sql.ref(alias)}.market_uid in (select o.market_uid from organization o where o.org_uid in (${userOrganizations(auth)}))`;

/** Reference lists are shared by every organisation. */
export const referenceScope = () => sql`true`;
