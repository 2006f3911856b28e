import { sql, type Kysely } from 'kysely';
import { REFERENCE_LISTS, type ReferenceListDefinition, type ReferenceListName, type ReferenceRow } from '../../shared/schemas/admin-reference';
import { isUuid } from '../../shared/uuid';
import type { FieldError } from '../../shared/api/errors';
import type { Db } from '../db/connect';

/** A child table edited with its parent row (a facility's distribution lists, a provider's locations). */
interface ChildTable {
  table: string;
  id: string;
  parent: string;
  /** Child field name to column. */
  columns: Record<string, string>;
  order: string;
  /** Records that point to a child: such a child is never removed (422 on the row). */
  usedBy?: { table: string; column: string };
}

/**
 * How one reference list is stored: its table, id, the column that says
 * whether it is offered, the order column, the fixed columns that pick its
 * rows out of a shared table (reference_data's model), each field's column
 * (`attributes.<key>` for reference_data's JSON attributes) and its children.
 * Everything else (reads, writes, audit, order, activation) is the same code.
 */
export interface StoredList {
  def: ReferenceListDefinition;
  table: string;
  id: string;
  active: string;
  order?: string;
  /** 'shared': the install's rows (no organisation) and the organisation's own; 'own': only its own. */
  scope: 'shared' | 'own';
  fixed?: Record<string, string>;
  columns: Record<string, string>;
  children?: Record<string, ChildTable>;
  /** Columns a new row also gets. */
  insertExtra?: Record<string, unknown>;
  /** Field values that must not change on an existing row, given its stored columns (a file resource's link). */
  keep?: (before: Record<string, any>) => string[];
  /** For a list with a 'file' field: the columns that make a row name an uploaded file, and the stored file a row names. */
  file?: { columns: (file: StoredFileFacts) => Record<string, unknown>; keyOf: (stored: Record<string, any>) => string | null };
}

/** An upload as a row records it. */
export interface StoredFileFacts {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

const referenceData = (list: ReferenceListName, model: string, columns: Record<string, string>): StoredList => ({
  def: REFERENCE_LISTS[list],
  table: 'reference_data',
  id: 'uid',
  active: 'is_active',
  order: 'default_sort_order',
  scope: 'shared',
  fixed: { model },
  columns,
});

export const STORED_LISTS: Record<ReferenceListName, StoredList> = {
  statuses: referenceData('statuses', 'reference-status', { label: 'label', name: 'name', refDataType: 'ref_data_type' }),
  reasons: referenceData('reasons', 'reference-reason', { label: 'label', name: 'name', refDataType: 'ref_data_type' }),
  'report-configurations': referenceData('report-configurations', 'reference-report-configuration', {
    label: 'label',
    name: 'name',
    description: 'attributes.reportConfigurationDescription',
    definition: 'attributes.reportConfigurationDefinition',
  }),
  facilities: {
    def: REFERENCE_LISTS.facilities,
    table: 'facility',
    id: 'facility_uid',
    active: 'is_in_selections',
    scope: 'shared',
    columns: { facilityName: 'facility_name', facilityType: 'facility_type', addr1: 'addr1', city: 'city', provinceIso: 'province_iso', postCode: 'post_code', emailAddress: 'email_address' },
    children: { distributionLists: { table: 'facility_distribution_list', id: 'id', parent: 'facility_uid', columns: { name: 'name', emailAddress: 'email_address' }, order: 'created_at' } },
  },
  providers: {
    def: REFERENCE_LISTS.providers,
    table: 'provider',
    id: 'provider_uid',
    active: 'is_active',
    scope: 'own',
    columns: {
      displayName: 'display_name',
      firstName: 'first_name',
      lastName: 'last_name',
      providerRoleUid: 'provider_role_uid',
      npiNumber: 'npi_number',
      workPhone: 'work_phone',
      mobileNumber: 'mobile_number',
      emailAddress: 'email_address',
      publicFormOffered: 'public_form_offered',
    },
    children: {
      locations: {
        table: 'provider_location',
        id: 'provider_location_uid',
        parent: 'provider_uid',
        columns: { providerLocationLabel: 'provider_location_label', addr1: 'addr1', addr2: 'addr2', city: 'city', provinceIso: 'province_iso', postCode: 'post_code' },
        order: 'provider_location_label',
        usedBy: { table: 'provider_patient', column: 'preferred_location_uid' },
      },
    },
  },
  'badge-groups': {
    def: REFERENCE_LISTS['badge-groups'],
    table: 'reference_badge_group',
    id: 'badge_group_uid',
    active: 'is_active',
    order: 'default_sort_order',
    scope: 'shared',
    columns: { badgeGroupLabel: 'badge_group_label', badgeGroupName: 'badge_group_name', badgeGroupColor: 'badge_group_color', isExclusive: 'is_exclusive' },
  },
  badges: {
    def: REFERENCE_LISTS.badges,
    table: 'reference_badge',
    id: 'badge_uid',
    active: 'is_active',
    order: 'default_sort_order',
    scope: 'shared',
    columns: { badgeGroupUid: 'badge_group_uid', badgeLabel: 'badge_label', badgeName: 'badge_name', color: 'color' },
  },
  'nav-items': {
    def: REFERENCE_LISTS['nav-items'],
    table: 'nav_item',
    id: 'nav_item_uid',
    active: 'is_active',
    order: 'default_sort_order',
    scope: 'shared',
    columns: { navItemLabel: 'nav_item_label', refDataType: 'ref_data_type', route: 'route', appModule: 'app_module', featureFlag: 'feature_flag' },
  },
  resources: {
    def: REFERENCE_LISTS.resources,
    table: 'reference_resource',
    id: 'resource_uid',
    active: 'is_active',
    order: 'sort_order',
    scope: 'shared',
    columns: { title: 'title', category: 'category', resourceTarget: 'resource_target', resourceLink: 'resource_link', fileName: 'file_name' },
    insertExtra: { resource_type: 'Link' },
    keep: (before) => (before.resource_type === 'File' ? ['resourceLink'] : []),
    file: {
      columns: (file) => ({ resource_type: 'File', resource_link: file.key, file_name: file.fileName, content_type: file.contentType, file_size: file.size }),
      keyOf: (stored) => (stored.resource_type === 'File' ? (stored.resource_link as string) : null),
    },
  },
};

// The lists are named by descriptor, so the table is a string here: the query builder cannot type it.
const anyDb = (db: Db) => db as unknown as Kysely<any>;

export const ROW_NOT_FOUND = 'Not found in this organisation';
export const LOCATION_IN_USE = 'A care team member prefers this location; it cannot be removed';
export const NOT_A_LINK = 'Must be an https:// or http:// address';
export const UNKNOWN_ROW = 'Must be one of the listed options';
export const FILE_NOT_SENT = 'The file did not come with the form; choose it again';

/** The rows of a list the organisation may see and edit, with the filter that picks the list out of its table. */
function rowsOf(db: Db, list: StoredList, orgUid: string) {
  return fromList(db, list, orgUid).selectAll('t');
}

function fromList(db: Db, list: StoredList, orgUid: string) {
  let query = anyDb(db).selectFrom(`${list.table} as t`);
  for (const [column, value] of Object.entries(list.fixed ?? {})) query = query.where(`t.${column}`, '=', value);
  return query.where(list.scope === 'own' ? sql<boolean>`t.org_uid = ${orgUid}` : sql<boolean>`(t.org_uid is null or t.org_uid = ${orgUid})`);
}

function valueOf(row: Record<string, any>, column: string): unknown {
  if (column.startsWith('attributes.')) return (row.attributes as Record<string, unknown> | null)?.[column.slice('attributes.'.length)] ?? null;
  return row[column];
}

async function childrenOf(db: Db, list: StoredList, parentIds: string[]): Promise<Record<string, Map<string, Record<string, unknown>[]>>> {
  const out: Record<string, Map<string, Record<string, unknown>[]>> = {};
  for (const [field, child] of Object.entries(list.children ?? {})) {
    const byParent = new Map<string, Record<string, unknown>[]>();
    if (parentIds.length) {
      const rows = await anyDb(db).selectFrom(child.table).selectAll().where(child.parent, 'in', parentIds).orderBy(child.order).orderBy(child.id).execute();
      for (const r of rows) {
        const values = { id: r[child.id], ...Object.fromEntries(Object.entries(child.columns).map(([name, column]) => [name, r[column]])) };
        byParent.set(r[child.parent], [...(byParent.get(r[child.parent]) ?? []), values]);
      }
    }
    out[field] = byParent;
  }
  return out;
}

function toRow(list: StoredList, row: Record<string, any>, children: Record<string, Map<string, Record<string, unknown>[]>>): ReferenceRow {
  const id = row[list.id] as string;
  // A kept value is not the admin's to see or change (a file resource's link is its file's key).
  const kept = list.keep?.(row) ?? [];
  return {
    id,
    isActive: Boolean(row[list.active]),
    sortOrder: list.order ? (row[list.order] as number) : null,
    shared: row.org_uid === null,
    values: {
      ...Object.fromEntries(Object.entries(list.columns).map(([field, column]) => [field, kept.includes(field) ? null : valueOf(row, column)])),
      ...Object.fromEntries(Object.entries(children).map(([field, byParent]) => [field, byParent.get(id) ?? []])),
    },
  };
}

/** Every row of the list the organisation sees, inactive ones too, in their order (or by label). */
export async function listRows(db: Db, list: StoredList, orgUid: string): Promise<ReferenceRow[]> {
  let query = rowsOf(db, list, orgUid);
  const groupColumn = list.def.groupBy ? list.columns[list.def.groupBy] : undefined;
  if (groupColumn && !groupColumn.startsWith('attributes.')) query = query.orderBy(`t.${groupColumn}`);
  if (list.order) query = query.orderBy(`t.${list.order}`);
  query = query.orderBy(`t.${list.columns[list.def.labelField]}`).orderBy(`t.${list.id}`);
  const rows = await query.execute();
  const children = await childrenOf(db, list, rows.map((r) => r[list.id] as string));
  return rows.map((r) => toRow(list, r, children));
}

/** One row the organisation may edit; undefined for another organisation's and a malformed id. `lock` holds it for the change. */
export async function findRow(db: Db, list: StoredList, orgUid: string, id: string, lock = false): Promise<{ row: ReferenceRow; stored: Record<string, any> } | undefined> {
  if (!isUuid(id)) return undefined;
  let query = rowsOf(db, list, orgUid).where(`t.${list.id}`, '=', id);
  if (lock) query = query.forUpdate();
  const stored = await query.executeTakeFirst();
  if (!stored) return undefined;
  return { row: toRow(list, stored, await childrenOf(db, list, [id])), stored };
}

/**
 * The checks the schema cannot make: rows and models named exist for the
 * organisation, links are links, kept children are the row's, a file named is
 * the one `uploaded` now or the one the row has.
 */
export async function checkValues(db: Db, list: StoredList, orgUid: string, values: Record<string, any>, found?: { row: ReferenceRow; stored: Record<string, any> }, uploaded = false): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const before = found?.row;
  const kept = found ? (list.keep?.(found.stored) ?? []) : [];
  for (const field of list.def.fields) {
    const value = values[field.name];
    if (field.kind === 'row' && value) {
      if (!(await findRow(db, STORED_LISTS[field.list!], orgUid, String(value)))) errors.push({ field: field.name, message: UNKNOWN_ROW });
    }
    if (field.kind === 'model' && value) {
      // Any reference_data model is stored as the statuses are, under its own model name.
      const known = isUuid(String(value)) && (await rowsOf(db, { ...STORED_LISTS.statuses, fixed: { model: field.model! } }, orgUid).where('t.uid', '=', String(value)).executeTakeFirst());
      if (!known) errors.push({ field: field.name, message: UNKNOWN_ROW });
    }
    if (field.kind === 'file' && value && !uploaded && value !== before?.values[field.name]) errors.push({ field: field.name, message: FILE_NOT_SENT });
    if (field.kind === 'rows') {
      const existing = new Set(((before?.values[field.name] as { id: string }[] | undefined) ?? []).map((c) => c.id));
      (value as { id?: string | null }[]).forEach((child, i) => {
        if (child.id && !existing.has(child.id)) errors.push({ field: `${field.name}.${i}.id`, message: UNKNOWN_ROW });
      });
    }
  }
  if (list.def.name === 'resources' && !kept.includes('resourceLink') && values.resourceLink && !/^https?:\/\/\S+$/.test(String(values.resourceLink))) errors.push({ field: 'resourceLink', message: NOT_A_LINK });
  return errors;
}

const blankToNull = (v: unknown) => (typeof v === 'string' ? v.trim() || null : v);

/** The row's columns from the checked values; JSON attributes merged into what the row had. */
function columnsOf(list: StoredList, values: Record<string, any>, stored?: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const kept = stored ? (list.keep?.(stored) ?? []) : [];
  let attributes: Record<string, unknown> | undefined;
  for (const [field, column] of Object.entries(list.columns)) {
    const def = list.def.fields.find((f) => f.name === field)!;
    // A file's columns come from its upload (StoredList.file), never from the values.
    if (kept.includes(field) || def.kind === 'file') continue;
    const value = def.kind === 'json' || def.kind === 'flags' || def.kind === 'boolean' ? values[field] : blankToNull(values[field]);
    if (column.startsWith('attributes.')) {
      attributes ??= { ...((stored?.attributes as Record<string, unknown> | undefined) ?? {}) };
      attributes[column.slice('attributes.'.length)] = value ?? (def.kind === 'textarea' ? '' : null);
    } else if (def.kind === 'color' && typeof value === 'string') out[column] = value.toLowerCase();
    else if (def.kind === 'flags') out[column] = sql`${value as string[]}::text[]`;
    else out[column] = value;
  }
  if (attributes) out.attributes = JSON.stringify(attributes);
  return out;
}

/** A row's children as sent: kept ones updated, new ones added, missing ones removed unless records point to them. */
async function saveChildren(trx: Db, list: StoredList, parentId: string, values: Record<string, any>, before?: ReferenceRow): Promise<FieldError[]> {
  for (const [field, child] of Object.entries(list.children ?? {})) {
    const sent = values[field] as ({ id?: string | null } & Record<string, unknown>)[];
    const kept = new Set(sent.map((c) => c.id).filter(Boolean));
    const gone = ((before?.values[field] as { id: string }[] | undefined) ?? []).filter((c) => !kept.has(c.id)).map((c) => c.id);
    if (gone.length && child.usedBy) {
      const used = await anyDb(trx).selectFrom(child.usedBy.table).select(child.usedBy.column).where(child.usedBy.column, 'in', gone).executeTakeFirst();
      if (used) return [{ field, message: LOCATION_IN_USE }];
    }
    if (gone.length) await anyDb(trx).deleteFrom(child.table).where(child.id, 'in', gone).execute();
    for (const c of sent) {
      const columns = Object.fromEntries(Object.entries(child.columns).map(([name, column]) => [column, blankToNull(c[name])]));
      if (c.id) await anyDb(trx).updateTable(child.table).set(columns).where(child.id, '=', c.id).where(child.parent, '=', parentId).execute();
      else await anyDb(trx).insertInto(child.table).values({ ...columns, [child.parent]: parentId }).execute();
    }
  }
  return [];
}

const fileColumns = (list: StoredList, file: StoredFileFacts | null) => (file && list.file ? list.file.columns(file) : {});

/** Adds a row for the organisation, last in its list (or its group); `file` is its upload, placed by the caller. */
export async function insertRow(trx: Db, list: StoredList, orgUid: string, values: Record<string, any>, file: StoredFileFacts | null = null): Promise<{ id: string } | { errors: FieldError[] }> {
  const columns: Record<string, unknown> = { ...columnsOf(list, values), ...list.fixed, ...list.insertExtra, ...fileColumns(list, file), org_uid: orgUid };
  if (list.order) {
    const last = await fromList(trx, list, orgUid)
      .select(sql<number>`coalesce(max(${sql.ref(`t.${list.order}`)}), -1)`.as('last'))
      .executeTakeFirst();
    columns[list.order] = Number(last?.last ?? -1) + 1;
  }
  if (columns.attributes === undefined && list.table === 'reference_data') columns.attributes = '{}';
  const inserted = await anyDb(trx).insertInto(list.table).values(columns).returning(list.id).executeTakeFirstOrThrow();
  const id = inserted[list.id] as string;
  const errors = await saveChildren(trx, list, id, values);
  return errors.length ? { errors } : { id };
}

/** Changes a row; `file` replaces the file it names (or makes it name one). */
export async function updateRow(trx: Db, list: StoredList, before: { row: ReferenceRow; stored: Record<string, any> }, values: Record<string, any>, file: StoredFileFacts | null = null): Promise<FieldError[]> {
  await anyDb(trx)
    .updateTable(list.table)
    .set({ ...columnsOf(list, values, before.stored), ...fileColumns(list, file) })
    .where(list.id, '=', before.row.id)
    .execute();
  return saveChildren(trx, list, before.row.id, values, before.row);
}

export async function setActive(trx: Db, list: StoredList, id: string, active: boolean): Promise<void> {
  await anyDb(trx).updateTable(list.table).set({ [list.active]: active }).where(list.id, '=', id).execute();
}

/** Numbers the rows named 0, 1, 2 ... in the order named (the whole list, or one group of it). */
export async function reorder(trx: Db, list: StoredList, ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries()) await anyDb(trx).updateTable(list.table).set({ [list.order!]: index }).where(list.id, '=', id).execute();
}
