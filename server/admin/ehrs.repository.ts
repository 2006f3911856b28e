import { sql } from 'kysely';
import type { FieldError } from '../../shared/api/errors';
import { now } from '../../shared/clock';
import {
  LINK_USER_UNKNOWN,
  linkUserLacksDivision,
  EHR_ISSUER_RULE,
  type EhrRegistrationInput,
  type EhrRegistrationView,
  type EhrUserLinkView,
  type LinkableUser,
  type LinkStatus,
} from '../../shared/schemas/ehr-registrations';
import { noneIfBlank, NOT_LISTED } from '../../shared/schemas/strings';
import { isUuid } from '../../shared/uuid';
import type { Db } from '../db/connect';
import { normaliseIssuer } from '../smart/ehr-registrations.repository';
import { acceptableIssuer } from '../sso/oidc-client';
import { recordAdminChange, type AdminActor } from './admin-audit';
import { orgDivisions } from './admin.repository';

/**
 * Issue 34 section 1, the administrator's side: an organisation's EHR
 * registrations as the admin pages show them (never the client secret), and
 * the EHR users waiting for, or given, an administrator's decision. The
 * launch itself reads them through server/smart.
 */

export const EHR_ISSUER_TAKEN = 'An EHR with this issuer is already registered: each issuer is registered once';

function ehrsQuery(db: Db, orgUid: string) {
  return db
    .selectFrom('ehr_registration as e')
    .innerJoin('division as d', 'd.division_uid', 'e.division_uid')
    .select([
      'e.ehr_uid',
      'e.display_name',
      'e.issuer',
      'e.client_id',
      sql<boolean>`e.client_secret is not null and e.client_secret <> ''`.as('has_client_secret'),
      'e.mrn_system',
      'e.division_uid',
      'd.division_name',
      'e.is_active',
    ])
    .where('e.org_uid', '=', orgUid);
}

type EhrRow = Awaited<ReturnType<ReturnType<typeof ehrsQuery>['executeTakeFirstOrThrow']>>;

const toView = (r: EhrRow): EhrRegistrationView => ({
  ehrUid: r.ehr_uid,
  displayName: r.display_name,
  issuer: r.issuer,
  clientId: r.client_id,
  hasClientSecret: r.has_client_secret,
  mrnSystem: r.mrn_system,
  divisionUid: r.division_uid,
  divisionName: r.division_name,
  isActive: r.is_active,
});

/** The organisation's EHRs, by name; another organisation's are never read. */
export async function listEhrs(db: Db, orgUid: string): Promise<EhrRegistrationView[]> {
  return (await ehrsQuery(db, orgUid).orderBy('e.display_name').orderBy('e.created_at').execute()).map(toView);
}

/** An EHR of the organisation; undefined for another organisation's and for a malformed id. */
export async function findOrgEhr(db: Db, orgUid: string, ehrUid: string): Promise<EhrRegistrationView | undefined> {
  if (!isUuid(ehrUid)) return undefined;
  const row = await ehrsQuery(db, orgUid).where('e.ehr_uid', '=', ehrUid).executeTakeFirst();
  return row && toView(row);
}

/** The stored secret, to tell whether an edit changes it; read only on the server. */
export async function storedEhrSecret(db: Db, ehrUid: string): Promise<string | null> {
  return (await db.selectFrom('ehr_registration').select('client_secret').where('ehr_uid', '=', ehrUid).executeTakeFirst())?.client_secret ?? null;
}

/** The columns an input sets, but the secret: trimmed, the issuer as registered (no trailing slash). */
const columns = (input: EhrRegistrationInput) => ({
  display_name: input.displayName.trim(),
  issuer: normaliseIssuer(input.issuer),
  client_id: input.clientId.trim(),
  mrn_system: input.mrnSystem.trim(),
  division_uid: input.divisionUid.trim(),
  is_active: input.isActive,
});

async function insertEhr(db: Db, orgUid: string, input: EhrRegistrationInput): Promise<string> {
  const row = await db
    .insertInto('ehr_registration')
    .values({ ...columns(input), org_uid: orgUid, client_secret: noneIfBlank(input.clientSecret) })
    .returning('ehr_uid')
    .executeTakeFirstOrThrow();
  return row.ehr_uid;
}

/** An empty secret keeps the stored one, unless the edit removes it. */
export async function updateEhr(db: Db, ehrUid: string, input: EhrRegistrationInput): Promise<void> {
  const secret = noneIfBlank(input.clientSecret);
  await db
    .updateTable('ehr_registration')
    .set({ ...columns(input), ...(secret !== null ? { client_secret: secret } : input.removeClientSecret ? { client_secret: null } : {}) })
    .where('ehr_uid', '=', ehrUid)
    .execute();
}

/** Another registration (of any organisation: the issuer is what a launch names) with this issuer. */
async function issuerTaken(db: Db, issuer: string, except?: string): Promise<boolean> {
  let query = db.selectFrom('ehr_registration').select('ehr_uid').where('issuer', '=', normaliseIssuer(issuer));
  if (except) query = query.where('ehr_uid', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The checks the schema cannot make, shared by the admin routes and
 * `npm run admin -- add-ehr`: the issuer as the launch judges it, the
 * division is the organisation's, the issuer is not registered already.
 * Run in the transaction that writes.
 */
export async function ehrProblems(trx: Db, orgUid: string, input: EhrRegistrationInput, except?: string): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (!acceptableIssuer(normaliseIssuer(input.issuer))) errors.push({ field: 'issuer', message: EHR_ISSUER_RULE });
  else if (await issuerTaken(trx, input.issuer, except)) errors.push({ field: 'issuer', message: EHR_ISSUER_TAKEN });
  if (!(await orgDivisions(trx, orgUid)).some((d) => d.division_uid === input.divisionUid.trim())) errors.push({ field: 'division_uid', message: NOT_LISTED });
  return errors;
}

/** What the admin audit log keeps of a registration: everything the page shows, never the secret. */
export const ehrSnapshot = ({ ehrUid, hasClientSecret, divisionUid, ...rest }: EhrRegistrationView) => rest;

/** A new registration and its audit entry, in the caller's transaction (checked first with `ehrProblems`). */
export async function createEhr(trx: Db, actor: AdminActor, orgUid: string, input: EhrRegistrationInput): Promise<EhrRegistrationView> {
  const created = (await findOrgEhr(trx, orgUid, await insertEhr(trx, orgUid, input)))!;
  await recordAdminChange(trx, actor, {
    orgUid,
    action: 'CreatedEhr',
    targetType: 'ehr',
    targetUid: created.ehrUid,
    targetLabel: created.displayName,
    after: { ...ehrSnapshot(created), clientSecret: created.hasClientSecret ? 'set' : 'none' },
  });
  return created;
}

// ---- EHR user links ----

function linksQuery(db: Db, orgUid: string) {
  return db
    .selectFrom('external_user_link as l')
    .innerJoin('ehr_registration as e', (j) => j.on(sql<boolean>`e.ehr_uid::text = l.source`))
    .innerJoin('division as d', 'd.division_uid', 'e.division_uid')
    .leftJoin('app_user as u', 'u.user_uid', 'l.user_uid')
    .leftJoin('app_user as b', 'b.user_uid', 'l.decided_by')
    .select([
      'l.link_uid',
      'e.ehr_uid',
      'e.display_name as ehr_name',
      'e.division_uid',
      'd.division_name',
      'l.subject',
      'l.display_name',
      'l.status',
      'l.user_uid',
      'u.display_name as user_display_name',
      'l.first_seen_at',
      'l.decided_at',
      'b.display_name as decided_by_name',
    ])
    .where('l.org_uid', '=', orgUid)
    .where('e.org_uid', '=', orgUid);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof linksQuery>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : d);

const toLinkView = (r: LinkRow): EhrUserLinkView => ({
  linkUid: r.link_uid,
  ehrUid: r.ehr_uid,
  ehrName: r.ehr_name,
  divisionUid: r.division_uid,
  divisionName: r.division_name,
  subject: r.subject,
  displayName: r.display_name,
  status: r.status as LinkStatus,
  userUid: r.user_uid,
  userDisplayName: r.user_display_name,
  firstSeenAt: iso(r.first_seen_at),
  decidedAt: r.decided_at && iso(r.decided_at),
  decidedByName: r.decided_by_name,
});

/** The organisation's EHR users: those waiting for a decision first (oldest first), then the decided ones (latest first). */
export async function listLinks(db: Db, orgUid: string): Promise<EhrUserLinkView[]> {
  const rows = await linksQuery(db, orgUid)
    .orderBy(sql`l.status = 'pending'`, 'desc')
    .orderBy(sql`case when l.status = 'pending' then l.first_seen_at end`, 'asc')
    .orderBy('l.decided_at', 'desc')
    .orderBy('l.link_uid')
    .execute();
  return rows.map(toLinkView);
}

/** A link of the organisation (to one of its EHRs); undefined for another organisation's and for a malformed id. */
export async function findLink(db: Db, orgUid: string, linkUid: string): Promise<EhrUserLinkView | undefined> {
  if (!isUuid(linkUid)) return undefined;
  const row = await linksQuery(db, orgUid).where('l.link_uid', '=', linkUid).executeTakeFirst();
  return row && toLinkView(row);
}

/** A link is locked while it is decided: two administrators deciding at once take turns. */
export async function lockLink(trx: Db, linkUid: string): Promise<void> {
  if (isUuid(linkUid)) await sql`select 1 from external_user_link where link_uid = ${linkUid} for update`.execute(trx);
}

/** The active users of the organisation, by name, with the divisions of it they have access to: who an EHR user may be linked to. */
export async function linkableUsers(db: Db, orgUid: string, only?: string): Promise<LinkableUser[]> {
  let query = db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .innerJoin('division as d', 'd.division_uid', 'ud.division_uid')
    .select(['u.user_uid', 'u.display_name', 'u.user_name', sql<string[]>`array_agg(d.division_uid::text order by d.division_name)`.as('division_uids')])
    .where('d.org_uid', '=', orgUid)
    .where('u.is_active', '=', true)
    .groupBy(['u.user_uid', 'u.display_name', 'u.user_name'])
    .orderBy('u.display_name')
    .orderBy('u.user_name');
  if (only !== undefined) query = query.where('u.user_uid', '=', only);
  const rows = await query.execute();
  return rows.map((r) => ({ userUid: r.user_uid, displayName: r.display_name, userName: r.user_name, divisionUids: r.division_uids }));
}

/**
 * Why `userUid` cannot be approved for a link to an EHR of `divisionUid`
 * (not an active user of the organisation, or without access to the EHR's
 * division, where the launch signs them in), or null when they can.
 */
export async function linkUserProblem(db: Db, orgUid: string, userUid: string, link: EhrUserLinkView): Promise<string | null> {
  const [user] = isUuid(userUid.trim()) ? await linkableUsers(db, orgUid, userUid.trim()) : [];
  if (!user) return LINK_USER_UNKNOWN;
  return user.divisionUids.includes(link.divisionUid) ? null : linkUserLacksDivision(link.divisionName);
}

export async function decideLink(db: Db, linkUid: string, status: Exclude<LinkStatus, 'pending'>, userUid: string | null, decidedBy: string): Promise<void> {
  await db
    .updateTable('external_user_link')
    .set({ status, user_uid: status === 'approved' ? userUid : null, decided_at: now(), decided_by: decidedBy })
    .where('link_uid', '=', linkUid)
    .execute();
}
