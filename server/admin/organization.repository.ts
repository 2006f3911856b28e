import type { DivisionInput, QueueInput } from '../../shared/schemas/admin';
import type { Db } from '../db/connect';
import { isUuid } from '../../shared/uuid';
import { breakGlassSettingsOf, saveBreakGlassSettings } from '../break-glass/break-glass-settings';

export const APPROVAL_SETTING = 'requires-supervisory-approval';
/** Read by the visit list view (migration 067): that source's emergency-department visit notes are left out. */
export const ED_NOTES_SETTING = 'ed-notes-hidden-source';

/** The admin's organisation and its market. */
export async function findOrganization(db: Db, orgUid: string) {
  return db
    .selectFrom('organization as o')
    .leftJoin('market as m', 'm.market_uid', 'o.market_uid')
    .select(['o.org_uid', 'o.name as org_name', 'm.market_name', 'o.support_phone'])
    .where('o.org_uid', '=', orgUid)
    .executeTakeFirstOrThrow();
}

export async function renameOrganization(db: Db, orgUid: string, name: string): Promise<void> {
  await db.updateTable('organization').set({ org_name: name, name }).where('org_uid', '=', orgUid).execute();
}

/** The urgent line the organisation's Customer Support page shows: digits, or null for none. */
export async function setSupportPhone(db: Db, orgUid: string, phone: string | null): Promise<void> {
  await db.updateTable('organization').set({ support_phone: phone || null }).where('org_uid', '=', orgUid).execute();
}

/**
 * The urgent line for /support (docs/decisions.md, issue 33): the caller's
 * organisation's when signed in; otherwise the one number set on the
 * install, and none when no organisation or more than one has set one.
 */
export async function findSupportPhone(db: Db, orgUid: string | null): Promise<string | null> {
  if (orgUid) return (await db.selectFrom('organization').select('support_phone').where('org_uid', '=', orgUid).executeTakeFirst())?.support_phone ?? null;
  const set = await db.selectFrom('organization').select('support_phone').where('support_phone', 'is not', null).limit(2).execute();
  return set.length === 1 ? set[0].support_phone : null;
}

/**
 * Names the organisation's market: its own market (one no other organisation
 * is in) is renamed; otherwise it joins the market of that name, made when
 * there is none. An empty name leaves it without a market.
 */
export async function setMarket(db: Db, orgUid: string, name: string): Promise<void> {
  const org = await db.selectFrom('organization').select('market_uid').where('org_uid', '=', orgUid).executeTakeFirstOrThrow();
  if (!name) {
    await db.updateTable('organization').set({ market_uid: null }).where('org_uid', '=', orgUid).execute();
    return;
  }
  const same = await db.selectFrom('market').select('market_uid').where((eb) => eb(eb.fn('lower', ['market_name']), '=', name.toLowerCase())).executeTakeFirst();
  if (same) {
    await db.updateTable('organization').set({ market_uid: same.market_uid }).where('org_uid', '=', orgUid).execute();
    return;
  }
  const shared = org.market_uid && (await db.selectFrom('organization').select('org_uid').where('market_uid', '=', org.market_uid).where('org_uid', '<>', orgUid).executeTakeFirst());
  if (org.market_uid && !shared) {
    await db.updateTable('market').set({ market_name: name }).where('market_uid', '=', org.market_uid).execute();
    return;
  }
  const made = await db.insertInto('market').values({ market_name: name }).returning('market_uid').executeTakeFirstOrThrow();
  await db.updateTable('organization').set({ market_uid: made.market_uid }).where('org_uid', '=', orgUid).execute();
}

/** A division as the admin pages show it and the audit log records it (the logo as whether there is one). */
export interface OrgDivision {
  divisionUid: string;
  divisionName: string;
  themeColor: string | null;
  logoUrl: string | null;
  requiresSupervisoryApproval: boolean;
  edNotesHiddenSource: string | null;
  /** Issue 38: emergency access's window, daily limit per user and whether it allows changes. */
  breakGlassMinutes: number;
  breakGlassDailyLimit: number;
  breakGlassWrites: boolean;
}

export const divisionSnapshot = (d: OrgDivision) => ({
  divisionName: d.divisionName,
  themeColor: d.themeColor,
  hasLogo: d.logoUrl !== null,
  requiresSupervisoryApproval: d.requiresSupervisoryApproval,
  edNotesHiddenSource: d.edNotesHiddenSource,
  breakGlassMinutes: d.breakGlassMinutes,
  breakGlassDailyLimit: d.breakGlassDailyLimit,
  breakGlassWrites: d.breakGlassWrites,
});

function divisionsQuery(db: Db, orgUid: string) {
  return db
    .selectFrom('division as d')
    .leftJoin('division_setting as s', (join) => join.onRef('s.division_uid', '=', 'd.division_uid').on('s.setting_name', '=', APPROVAL_SETTING))
    .leftJoin('division_setting as ed', (join) => join.onRef('ed.division_uid', '=', 'd.division_uid').on('ed.setting_name', '=', ED_NOTES_SETTING))
    .select(['d.division_uid', 'd.division_name', 'd.theme_color', 'd.logo_url', 's.setting_value', 'ed.setting_value as ed_notes_hidden_source'])
    .where('d.org_uid', '=', orgUid)
    .orderBy('d.division_name');
}

type DivisionRow = Awaited<ReturnType<ReturnType<typeof divisionsQuery>['execute']>>[number];

async function toDivisions(db: Db, rows: DivisionRow[]): Promise<OrgDivision[]> {
  const glass = await breakGlassSettingsOf(db, rows.map((r) => r.division_uid));
  return rows.map((r) => {
    const g = glass.get(r.division_uid)!;
    return {
      divisionUid: r.division_uid,
      divisionName: r.division_name,
      themeColor: r.theme_color,
      logoUrl: r.logo_url,
      requiresSupervisoryApproval: r.setting_value === 'true',
      edNotesHiddenSource: r.ed_notes_hidden_source,
      breakGlassMinutes: g.minutes,
      breakGlassDailyLimit: g.dailyLimit,
      breakGlassWrites: g.writes,
    };
  });
}

export async function listDivisions(db: Db, orgUid: string): Promise<OrgDivision[]> {
  return toDivisions(db, await divisionsQuery(db, orgUid).execute());
}

/** A division of the organisation; undefined for another organisation's and for a malformed id. */
export async function findDivision(db: Db, orgUid: string, divisionUid: string): Promise<OrgDivision | undefined> {
  if (!isUuid(divisionUid)) return undefined;
  const row = await divisionsQuery(db, orgUid).where('d.division_uid', '=', divisionUid).executeTakeFirst();
  return row && (await toDivisions(db, [row]))[0];
}

const divisionColumns = (d: DivisionInput) => ({ division_name: d.divisionName.trim(), theme_color: d.themeColor.toLowerCase(), logo_url: d.logoUrl ?? null });

async function setApproval(db: Db, divisionUid: string, on: boolean): Promise<void> {
  await db
    .insertInto('division_setting')
    .values({ division_uid: divisionUid, setting_name: APPROVAL_SETTING, setting_value: String(on) })
    .onConflict((oc) => oc.columns(['division_uid', 'setting_name']).doUpdateSet({ setting_value: String(on) }))
    .execute();
}

/** Left out of a save: unchanged. Empty: no row, and the view hides no notes. */
async function setEdNotesSource(db: Db, divisionUid: string, source: string | null | undefined): Promise<void> {
  if (source === undefined) return;
  const name = source?.trim() || null;
  if (!name) {
    await db.deleteFrom('division_setting').where('division_uid', '=', divisionUid).where('setting_name', '=', ED_NOTES_SETTING).execute();
    return;
  }
  await db
    .insertInto('division_setting')
    .values({ division_uid: divisionUid, setting_name: ED_NOTES_SETTING, setting_value: name })
    .onConflict((oc) => oc.columns(['division_uid', 'setting_name']).doUpdateSet({ setting_value: name }))
    .execute();
}

const glassOf = (d: DivisionInput) => ({ minutes: d.breakGlassMinutes, dailyLimit: d.breakGlassDailyLimit, writes: d.breakGlassWrites });

export async function insertDivision(db: Db, orgUid: string, d: DivisionInput): Promise<string> {
  const row = await db.insertInto('division').values({ ...divisionColumns(d), org_uid: orgUid }).returning('division_uid').executeTakeFirstOrThrow();
  await setApproval(db, row.division_uid, d.requiresSupervisoryApproval);
  await setEdNotesSource(db, row.division_uid, d.edNotesHiddenSource);
  await saveBreakGlassSettings(db, row.division_uid, glassOf(d));
  return row.division_uid;
}

export async function updateDivision(db: Db, divisionUid: string, d: DivisionInput): Promise<void> {
  await db.updateTable('division').set(divisionColumns(d)).where('division_uid', '=', divisionUid).execute();
  await setApproval(db, divisionUid, d.requiresSupervisoryApproval);
  await setEdNotesSource(db, divisionUid, d.edNotesHiddenSource);
  await saveBreakGlassSettings(db, divisionUid, glassOf(d));
}

export async function divisionNameTaken(db: Db, orgUid: string, name: string, except?: string): Promise<boolean> {
  let query = db.selectFrom('division').select('division_uid').where('org_uid', '=', orgUid).where((eb) => eb(eb.fn('lower', ['division_name']), '=', name.trim().toLowerCase()));
  if (except) query = query.where('division_uid', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The list view every admin-made queue reads (the only one queues read today). */
export const QUEUE_VIEW = 'queue-patient-view';

/** A queue of one of the organisation's divisions; undefined for anyone else's and for a malformed id. */
export async function findOrgQueue(db: Db, orgUid: string, queueUid: string) {
  if (!isUuid(queueUid)) return undefined;
  return db
    .selectFrom('queue as q')
    .innerJoin('division as d', 'd.division_uid', 'q.division_uid')
    .selectAll('q')
    .where('q.queue_uid', '=', queueUid)
    .where('d.org_uid', '=', orgUid)
    .executeTakeFirst();
}
export type OrgQueue = NonNullable<Awaited<ReturnType<typeof findOrgQueue>>>;

const queueColumns = (q: QueueInput, rule: Record<string, string>) => ({
  queue_label: q.queueLabel.trim(),
  rule: JSON.stringify(rule),
  default_sort: q.defaultSort?.trim() || null,
  column_map: JSON.stringify(q.columns.map((c) => ({ column_name: c.columnName, display_header: c.displayHeader.trim(), is_hidden: c.isHidden }))),
  sort_order: q.sortOrder,
});

export async function insertQueue(db: Db, divisionUid: string, q: QueueInput, rule: Record<string, string>): Promise<string> {
  const row = await db
    .insertInto('queue')
    .values({ division_uid: divisionUid, view_name: QUEUE_VIEW, ...queueColumns(q, rule) })
    .returning('queue_uid')
    .executeTakeFirstOrThrow();
  return row.queue_uid;
}

export async function updateQueue(db: Db, queueUid: string, q: QueueInput, rule: Record<string, string>): Promise<void> {
  await db.updateTable('queue').set(queueColumns(q, rule)).where('queue_uid', '=', queueUid).execute();
}
