import { sql, type RawBuilder } from 'kysely';
import { flagsFrom } from '../../shared/permissions';
import type { AuthContext } from '../auth/context';
import type { ViewCounts } from './types';

/**
 * What decides which patients someone sees: the caller of a request, or a
 * chat participant a message is delivered to (server/chat).
 */
export type Viewer = Pick<AuthContext, 'divisionUid' | 'userName' | 'email' | 'flags'> &
  Partial<Pick<AuthContext, 'glass'>> & {
    /** An outside system registered for several divisions (a FHIR client, issue 35): their patients, in place of divisionUid's. */
    divisionUids?: readonly string[];
    /** A SMART app a user launched for one patient (`patient/` scopes, issue 35): that patient only, within the user's own access. */
    patientUid?: string;
  };

/**
 * Someone outside Careweave acting on a division's records (an officer's CIT
 * sheet, an external referral): no flags and no case links, so no restricted
 * or adoption case is theirs to find or attach to.
 */
export const outsideViewer = (divisionUid: string): Viewer => ({ divisionUid, userName: '', email: null, flags: flagsFrom([]) });

/** An outside system registered for several divisions (a FHIR client): the same as outsideViewer, in each of them. */
export const outsideSystemViewer = (divisionUids: readonly string[]): Viewer => ({ ...outsideViewer(divisionUids[0]), divisionUids });

/**
 * A user's access as a SMART app they launched reads it (issue 35): their division and patients, but no
 * restricted or adoption case, which are invisible to every FHIR client as to a user without those flags.
 * No case link or break-the-glass window either: a case's worker sees a restricted case in the shell, never
 * through an app.
 */
export const withoutCaseAccess = (viewer: Viewer): Viewer => ({
  ...viewer,
  userName: '',
  email: null,
  glass: undefined,
  flags: { ...viewer.flags, identityViewRestricted: false, identityViewAdopt: false, isIdentityHealthcareUser: false },
});

/** Adoption cases need the healthcare role or adopt-view (spec 000 section 6). */
export const canSeeAdoption = (auth: Viewer) => auth.flags.isIdentityHealthcareUser || auth.flags.identityViewAdopt;

/**
 * Rows about patients: only the caller's current division, and restricted or
 * adoption cases only for those the spec lets see them. A restricted case is
 * also visible when the caller's e-mail or user name is the worker, chief or
 * supervisor on one of the patient's cases. Reads the case facts kept on the
 * patient row (migration 025: case_emails, adoption_case), which every view
 * scoped this way carries, so the check costs no sub-plan per row.
 */
export function patientVisibility(alias: string, auth: Viewer): RawBuilder<unknown> {
  return visibility(alias, auth, true);
}

/**
 * Whether the caller may open a restricted case of a patient whose cases name
 * these (lower-cased) e-mails: the restricted-view permission or a case link,
 * the rule patientVisibility applies in SQL (spec 001 "userCanSeeRestrictedCase").
 */
export const maySeeRestrictedCase = (auth: Viewer, caseEmails: readonly string[] | null): boolean =>
  !!auth.flags.identityViewRestricted || (caseEmails ?? []).some((e) => caseWorkerNames(auth).includes(e));

const caseWorkerNames = (auth: Viewer) => [...new Set([auth.email?.toLowerCase() ?? '', auth.userName.toLowerCase()])].filter(Boolean);

function visibility(alias: string, auth: Viewer, asCaseWorker: boolean): RawBuilder<unknown> {
  const t = sql.ref(alias);
  const parts: RawBuilder<unknown>[] = [];
  if (!auth.flags.identityViewRestricted) {
    parts.push(asCaseWorker ? sql`(${t}.restricted_flag <> '1' or ${t}.case_emails && ${caseWorkerNames(auth)}::text[])` : sql`${t}.restricted_flag <> '1'`);
  }
  if (!canSeeAdoption(auth)) parts.push(sql`not ${t}.adoption_case`);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

/**
 * patientVisibility in two parts that never overlap, for counts kept per
 * restricted_flag and adoption_case (ViewCounts): `byClass`, the rows the
 * caller sees whatever the patient's cases; `asCaseWorker`, the rows of
 * restricted patients the caller sees only as a case's worker, chief or
 * supervisor (null when there are none to see).
 */
export function patientVisibilityParts(alias: string, auth: Viewer): { byClass: RawBuilder<unknown>; asCaseWorker: RawBuilder<unknown> | null } {
  const byClass = visibility(alias, auth, false);
  const names = caseWorkerNames(auth);
  if (auth.flags.identityViewRestricted || !names.length) return { byClass, asCaseWorker: null };
  const t = sql.ref(alias);
  const adoption = canSeeAdoption(auth) ? sql`` : sql` and not ${t}.adoption_case`;
  return { byClass, asCaseWorker: sql`(${t}.restricted_flag = '1' and ${t}.case_emails && ${names}::text[]${adoption})` };
}

/**
 * Counts kept per access class (restricted_flag, adoption_case) in `source`:
 * the classes the caller sees whole are summed, the restricted patients the
 * caller sees as a case worker counted row by row. `within` narrows both
 * parts (the caller's division, for a list scoped to it).
 */
export function accessClassCounts(source: string, columns: readonly string[], within?: (auth: AuthContext) => RawBuilder<unknown>): ViewCounts {
  const narrowed = (auth: AuthContext, part: RawBuilder<unknown>) => (within ? sql`${within(auth)} and ${part}` : part);
  return {
    source,
    columns,
    scope: (auth) => narrowed(auth, patientVisibilityParts('v', auth).byClass),
    rest: (auth) => {
      const { asCaseWorker } = patientVisibilityParts('v', auth);
      return asCaseWorker && narrowed(auth, asCaseWorker);
    },
  };
}

/** Rows of the caller's current division only (data views are never scoped to all accessible divisions). */
export const currentDivisionScope = (alias: string) => (auth: AuthContext) => sql`${sql.ref(alias)}.division_uid = ${auth.divisionUid}`;

/**
 * One patient's record and the rows about it: the caller's division, and the
 * visibility rules, or a record the caller opened by breaking the glass
 * (issue 38) while its window lasts. Reports and the identity search use
 * patientVisibility alone: emergency access opens that record, and counts
 * or finds nothing more.
 */
export const patientScope = (alias: string) => (auth: Viewer) =>
  sql`${divisionOf(alias, auth)} and ${withGlass(alias, auth, patientVisibility(alias, auth))}${auth.patientUid ? sql` and ${sql.ref(`${alias}.patient_uid`)} = ${auth.patientUid}::uuid` : sql``}`;

const divisionOf = (alias: string, auth: Viewer) =>
  auth.divisionUids ? sql`${sql.ref(alias)}.division_uid = any(${auth.divisionUids}::uuid[])` : sql`${sql.ref(alias)}.division_uid = ${auth.divisionUid}`;

/** `visible`, or one of the records the caller's open break-glass windows name. */
export function withGlass(alias: string, auth: Viewer, visible: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!auth.glass?.length) return visible;
  return sql`(${visible} or ${sql.ref(`${alias}.patient_uid`)} = any(${auth.glass.map((g) => g.patientUid)}::uuid[]))`;
}

export const divisionScope = (alias: string) => (auth: AuthContext) =>
  sql`${sql.ref(alias)}.division_uid in (select division_uid from user_division where user_uid = ${auth.userUid})`;

export const organizationScope = (alias: string) => (auth: AuthContext) => sql`(${sql.ref(alias)}.org_uid = ${auth.orgUid} or ${sql.ref(alias)}.org_uid is null)`;

const userOrganizations = (auth: AuthContext) =>
  sql`select d.org_uid from user_division ud join division d on d.division_uid = ud.division_uid where ud.user_uid = ${auth.userUid}`;

export const ownOrganizations = (alias: string) => (auth: AuthContext) => sql`${sql.ref(alias)}.org_uid in (${userOrganizations(auth)})`;

export const ownMarkets = (alias: string) => (auth: AuthContext) =>
  sql`${sql.ref(alias)}.market_uid in (select o.market_uid from organization o where o.org_uid in (${userOrganizations(auth)}))`;

/**
 * Reference lists: the install's rows (no organisation) are shared by every
 * organisation; a row an administrator added (migration 041) only by theirs.
 */
export const sharedOrOwn = (column: string, orgUid: string) => sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} = ${orgUid})`;
export const referenceScope = (alias: string) => (auth: Pick<AuthContext, 'orgUid'>) => sharedOrOwn(`${alias}.org_uid`, auth.orgUid);
