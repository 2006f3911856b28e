import { sql } from 'kysely';
import type { CareGiverValues, CareTeamMemberValues } from '../../shared/schemas/care-team';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { patientScope } from '../dataviews/scopes';
import { sqlNow } from '../db/clock';

// Named, not `*`: a column added later must not change what a prepared statement returns.
const MEMBER_COLUMNS = [
  'pp.provider_patient_uid', 'pp.patient_uid', 'pp.provider_uid', 'pp.preferred_location_uid', 'pp.care_team', 'pp.is_pcp', 'pp.is_primary', 'pp.created_at', 'pp.updated_at',
  'p.display_name', 'p.npi_number', 'role.label as provider_role_label', 'p.work_phone', 'p.mobile_number', 'p.email_address',
  'l.provider_location_label', 'l.addr1', 'l.addr2', 'l.city', 'l.province_iso', 'l.post_code',
] as const;

const members = (db: Db) =>
  db
    .selectFrom('provider_patient as pp')
    .innerJoin('provider as p', 'p.provider_uid', 'pp.provider_uid')
    .leftJoin('reference_data as role', 'role.uid', 'p.provider_role_uid')
    .leftJoin('provider_location as l', 'l.provider_location_uid', 'pp.preferred_location_uid')
    .select(MEMBER_COLUMNS);

export type CareTeamMember = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** Spec 001 "Care team member": the patient's PCP and primary members first, then by name. */
export function listMembers(db: Db, patientUid: string) {
  return members(db).where('pp.patient_uid', '=', patientUid).orderBy('pp.is_pcp', 'desc').orderBy('pp.is_primary', 'desc').orderBy('p.display_name').orderBy('pp.provider_patient_uid').execute();
}

export interface MemberQuery {
  patientUid?: string;
  providerUid?: string;
  careTeam?: boolean;
  limit: number;
}

/** `GET /api/provider-patients`: care-team rows of the patients the caller may see, narrowed by patient, provider or current. */
export function findMembers(db: Db, auth: AuthContext, query: MemberQuery) {
  let select = members(db).innerJoin('patient as pt', 'pt.patient_uid', 'pp.patient_uid').where(sql<boolean>`${patientScope('pt')(auth)}`);
  if (query.patientUid) select = select.where('pp.patient_uid', '=', query.patientUid);
  if (query.providerUid) select = select.where('pp.provider_uid', '=', query.providerUid);
  if (query.careTeam !== undefined) select = select.where('pp.care_team', '=', query.careTeam);
  return select.orderBy('pp.updated_at', 'desc').orderBy('pp.provider_patient_uid').limit(query.limit).execute();
}

/** One member; the caller checks that its patient is visible. */
export function findMember(db: Db, providerPatientUid: string) {
  return members(db).where('pp.provider_patient_uid', '=', providerPatientUid).executeTakeFirst();
}

/** Whether the provider is one of the caller's organisation and the location one of that provider's. */
export async function memberChoicesExist(db: Db, orgUid: string, m: CareTeamMemberValues): Promise<{ provider: boolean; location: boolean }> {
  const provider = await db.selectFrom('provider').select('provider_uid').where('provider_uid', '=', m.providerUid).where('org_uid', '=', orgUid).executeTakeFirst();
  const location = m.preferredLocationUid
    ? await db.selectFrom('provider_location').select('provider_location_uid').where('provider_location_uid', '=', m.preferredLocationUid).where('provider_uid', '=', m.providerUid).executeTakeFirst()
    : true;
  return { provider: !!provider, location: !!provider && !!location };
}

/** The provider's other membership on the patient's team, if any (one provider is on a team once). */
export function otherMembership(db: Db, patientUid: string, providerUid: string, except: string | null) {
  let select = db.selectFrom('provider_patient').select('provider_patient_uid').where('patient_uid', '=', patientUid).where('provider_uid', '=', providerUid);
  if (except) select = select.where('provider_patient_uid', '<>', except);
  return select.executeTakeFirst();
}

const memberColumns = (m: CareTeamMemberValues) => ({
  provider_uid: m.providerUid,
  preferred_location_uid: m.preferredLocationUid || null,
  care_team: m.careTeam,
  is_pcp: m.isPcp,
  is_primary: m.isPrimary,
});

export async function insertMember(db: Db, patientUid: string, m: CareTeamMemberValues): Promise<string> {
  const row = await db.insertInto('provider_patient').values({ patient_uid: patientUid, ...memberColumns(m) }).returning('provider_patient_uid').executeTakeFirstOrThrow();
  return row.provider_patient_uid;
}

export async function updateMember(db: Db, providerPatientUid: string, m: CareTeamMemberValues): Promise<void> {
  await db.updateTable('provider_patient').set({ ...memberColumns(m), updated_at: sqlNow() }).where('provider_patient_uid', '=', providerPatientUid).execute();
}

const GIVER_COLUMNS = [
  'care_giver_uid', 'patient_uid', 'first_name', 'last_name', 'relationship', 'preferred_phone_type', 'home_phone', 'mobile_phone', 'email', 'is_primary', 'is_current',
  'roles', 'other_roles', 'interpreter_id', 'interpreter_language', 'comment', 'patient_consents', 'created_at', 'updated_at',
] as const;

type GiverRow = { roles: string | null } & Record<string, unknown>;

/** Roles are stored comma-joined (spec 001 section 3) and travel as a list. */
const withRoleList = <T extends GiverRow>(row: T) => ({ ...row, roles: row.roles ? row.roles.split(',') : [] });

/** The patient's care givers: primary first, then by name. */
export async function listCareGivers(db: Db, patientUid: string) {
  const rows = await db.selectFrom('care_giver').select(GIVER_COLUMNS).where('patient_uid', '=', patientUid).orderBy('is_primary', 'desc').orderBy('last_name').orderBy('first_name').orderBy('care_giver_uid').execute();
  return rows.map(withRoleList);
}

export async function findCareGiver(db: Db, patientUid: string, careGiverUid: string) {
  const row = await db.selectFrom('care_giver').select(GIVER_COLUMNS).where('patient_uid', '=', patientUid).where('care_giver_uid', '=', careGiverUid).executeTakeFirst();
  return row && withRoleList(row);
}
export type CareGiver = NonNullable<Awaited<ReturnType<typeof findCareGiver>>>;

const blankToNull = (v: string) => v || null;

/** The values as tidied by `tidyCareGiver`: hidden fields are already ''. */
const giverColumns = (g: CareGiverValues) => ({
  first_name: g.firstName,
  last_name: g.lastName,
  relationship: g.relationship,
  preferred_phone_type: g.preferredPhoneType || 'N/A',
  home_phone: blankToNull(g.homePhone),
  mobile_phone: blankToNull(g.mobilePhone),
  email: blankToNull(g.email),
  is_primary: g.isPrimary,
  is_current: g.isCurrent,
  roles: blankToNull(g.roles.join(',')),
  other_roles: blankToNull(g.otherRoles),
  interpreter_id: blankToNull(g.interpreterId),
  interpreter_language: blankToNull(g.interpreterLanguage),
  comment: blankToNull(g.comment),
  patient_consents: g.patientConsents,
});

export async function insertCareGiver(db: Db, patientUid: string, g: CareGiverValues): Promise<string> {
  const row = await db.insertInto('care_giver').values({ patient_uid: patientUid, ...giverColumns(g) }).returning('care_giver_uid').executeTakeFirstOrThrow();
  return row.care_giver_uid;
}

export async function updateCareGiver(db: Db, careGiverUid: string, g: CareGiverValues): Promise<void> {
  await db.updateTable('care_giver').set({ ...giverColumns(g), updated_at: sqlNow() }).where('care_giver_uid', '=', careGiverUid).execute();
}
