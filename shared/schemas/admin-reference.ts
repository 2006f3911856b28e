import { array, boolean, define, enums, nullable, object, optional, refine, size, string, unknown, type Struct } from 'superstruct';
import { FLAGS } from '../permissions';
import { DOC_TYPE_EXTENSIONS } from './documents';
import { ReportDefinitionSchema } from './reports';
import { boundedText, email, isEmail, MAX_LENGTH, optionalText, requiredText } from './strings';
import { check } from './validate';

/**
 * The reference lists an administrator edits (issue 14 section 3), one
 * descriptor each: its fields, from which the one schema (server and form)
 * and the one editor (widgets/admin/admin-reference.component.tsx) are made,
 * and server/admin/reference-lists.ts maps each to its table.
 */
export type ReferenceFieldKind =
  /** One line of text; `max` characters. */
  | 'text'
  /** A stable code the product looks a row up by (always required). */
  | 'code'
  /** Several lines. */
  | 'textarea'
  /** An e-mail address (optional unless `required`). */
  | 'email'
  /** `#rrggbb`. */
  | 'color'
  | 'boolean'
  /** One of `options`. */
  | 'choice'
  /** A row of another reference list (`list`), by id. */
  | 'row'
  /** A row of a product reference model (`model`, e.g. reference-provider-role), by id. */
  | 'model'
  /** Feature flags of a nav item: `hasReports`, `!hasAppCit` (must not hold), `a|b` (either). */
  | 'flags'
  /** A JSON document checked by `schema` (a report definition). */
  | 'json'
  /** Rows of a child table (`fields`), edited with their parent. */
  | 'rows'
  /** A stored file, sent as the file of a multipart body; the value is its name ('' for none). */
  | 'file';

export interface ReferenceField {
  name: string;
  label: string;
  kind: ReferenceFieldKind;
  required?: boolean;
  max?: number;
  hint?: string;
  options?: readonly string[];
  list?: ReferenceListName;
  model?: string;
  schema?: Struct<any, any>;
  /** For 'rows': the child's fields; an `id` travels with each existing child. */
  fields?: ReferenceField[];
  /** Shown as a column of the list. */
  column?: boolean;
  /** For 'file': the file name endings the picker offers. */
  accept?: readonly string[];
  /** Not shown for a row that names a file (a file resource's link, which is its file's key). */
  notWithFile?: boolean;
  /** For 'boolean': may be left out of a body; a new row then gets the column's default and an edit keeps the row's value. */
  optional?: boolean;
}

export const REFERENCE_LIST_NAMES = ['statuses', 'reasons', 'facilities', 'providers', 'badge-groups', 'badges', 'nav-items', 'resources', 'report-configurations'] as const;
export type ReferenceListName = (typeof REFERENCE_LIST_NAMES)[number];
export const isReferenceList = (name: string): name is ReferenceListName => (REFERENCE_LIST_NAMES as readonly string[]).includes(name);

export interface ReferenceListDefinition {
  name: ReferenceListName;
  /** Title Case, plural: the page's heading. */
  label: string;
  singular: string;
  /** What the list is for, under the heading. */
  description: string;
  fields: ReferenceField[];
  /** The field whose value groups the rows (a status's type); the order is kept within a group. */
  groupBy?: string;
  /** Whether the admin orders the rows (else they are listed by their label). */
  ordered: boolean;
  /** The field that names a row in the list and the audit log. */
  labelField: string;
  /** A rule between fields, checked by the form and the server alike: the field to blame and why, or null. */
  rule?: (values: Record<string, any>) => { field: string; message: string } | null;
}

export const FLAG_TERM_RULE = 'Use known flags, each perhaps with a leading ! (must not hold) or joined by | (either)';
const CODE_RULE = 'Use letters, digits, spaces, dots, dashes, underscores or slashes only';
export const INVALID_JSON = 'Must be valid JSON';

const code = (max: number = MAX_LENGTH.code) => refine(requiredText(max), 'code', (v) => /^[A-Za-z0-9 ._/-]+$/.test(v.trim()) || CODE_RULE);
const flagTerm = refine(string(), 'flagTerm', (v) => v.split('|').every((f) => (FLAGS as readonly string[]).includes(f.replace(/^!/, ''))) || FLAG_TERM_RULE);
const color = () => optional(nullable(refine(boundedText(7), 'color', (v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v) || 'Use a colour like #0d6efd')));
const optionalEmail = () => optional(nullable(define<string>('email', (v) => v === '' || (typeof v === 'string' && isEmail(v)) || 'Must be a valid email address')));

const f = (name: string, label: string, kind: ReferenceFieldKind, more: Partial<ReferenceField> = {}): ReferenceField => ({ name, label, kind, ...more });

const RESOURCE_TARGETS = ['clinician', 'patient'] as const;
/** The endings of the files a resource may be (those a document may be). */
const RESOURCE_FILE_ENDINGS = Object.values(DOC_TYPE_EXTENSIONS).flat().map((e) => `.${e}`);
export const RESOURCE_LINK_OR_FILE = 'Give a link or a file, not both';

export const REFERENCE_LISTS: Record<ReferenceListName, ReferenceListDefinition> = {
  statuses: {
    name: 'statuses',
    label: 'Statuses',
    singular: 'Status',
    description: 'The statuses forms offer, by the type of record they belong to (Episode, Admission, outbound referral, medical events).',
    groupBy: 'refDataType',
    ordered: true,
    labelField: 'label',
    fields: [
      f('label', 'Label', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('name', 'Name', 'code', { hint: 'Stable code the product looks the status up by; keep it when relabeling.', column: true }),
      f('refDataType', 'Type', 'text', { required: true, max: MAX_LENGTH.code, hint: 'The kind of record: Episode, Admission, outbound referral, calendar, medical_event__<type>.', column: true }),
    ],
  },
  reasons: {
    name: 'reasons',
    label: 'Reasons',
    singular: 'Reason',
    description: 'Reasons offered on referrals and other forms, by type.',
    groupBy: 'refDataType',
    ordered: true,
    labelField: 'label',
    fields: [
      f('label', 'Label', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('name', 'Name', 'code', { column: true }),
      f('refDataType', 'Type', 'text', { max: MAX_LENGTH.code, hint: 'For example: inbound referral.', column: true }),
    ],
  },
  facilities: {
    name: 'facilities',
    label: 'Facilities',
    singular: 'Facility',
    description: "The organization's facilities (hospitals, schools) and who is e-mailed about them. A deactivated facility is no longer offered in forms.",
    ordered: false,
    labelField: 'facilityName',
    fields: [
      f('facilityName', 'Name', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('facilityType', 'Type', 'text', { max: MAX_LENGTH.code, hint: 'For example: Hospital, School.', column: true }),
      f('addr1', 'Address', 'text', { max: MAX_LENGTH.address }),
      f('city', 'City', 'text', { max: MAX_LENGTH.address, column: true }),
      f('provinceIso', 'State', 'text', { max: 2 }),
      f('postCode', 'ZIP Code', 'text', { max: 10 }),
      f('emailAddress', 'Email', 'email'),
      f('distributionLists', 'Distribution Lists', 'rows', {
        hint: 'Who receives the Handle with Care notices about this facility.',
        fields: [f('name', 'Name', 'text', { required: true, max: MAX_LENGTH.name }), f('emailAddress', 'Email', 'email', { required: true })],
      }),
    ],
  },
  providers: {
    name: 'providers',
    label: 'Providers',
    singular: 'Provider',
    description: "The organization's providers and their locations, offered on care teams, reminders and referrals. A deactivated provider is no longer offered; the public referral forms offer only those marked Offered on Public Forms.",
    ordered: false,
    labelField: 'displayName',
    fields: [
      f('displayName', 'Display Name', 'text', { required: true, max: MAX_LENGTH.fullName, column: true }),
      f('firstName', 'First Name', 'text', { max: MAX_LENGTH.name }),
      f('lastName', 'Last Name', 'text', { max: MAX_LENGTH.name }),
      f('providerRoleUid', 'Role', 'model', { model: 'reference-provider-role' }),
      f('npiNumber', 'NPI Number', 'text', { max: 10, column: true }),
      f('workPhone', 'Work Phone', 'text', { max: MAX_LENGTH.phone }),
      f('mobileNumber', 'Mobile Number', 'text', { max: MAX_LENGTH.phone }),
      f('emailAddress', 'Email', 'email', { column: true }),
      f('publicFormOffered', 'Offered on Public Forms', 'boolean', {
        column: true,
        optional: true,
        hint: 'Listed under Provider name and Refer to on the external referral forms, which anyone with a link can open. Staff, and providers visitors add there, are not listed until chosen here.',
      }),
      f('locations', 'Locations', 'rows', {
        fields: [
          f('providerLocationLabel', 'Label', 'text', { required: true, max: MAX_LENGTH.name }),
          f('addr1', 'Address', 'text', { max: MAX_LENGTH.address }),
          f('addr2', 'Address Line 2', 'text', { max: MAX_LENGTH.address }),
          f('city', 'City', 'text', { max: MAX_LENGTH.address }),
          f('provinceIso', 'State', 'text', { max: 2 }),
          f('postCode', 'ZIP Code', 'text', { max: 10 }),
        ],
      }),
    ],
  },
  'badge-groups': {
    name: 'badge-groups',
    label: 'Badge Groups',
    singular: 'Badge Group',
    description: 'The groups of badges a patient may carry; an exclusive group allows one badge at a time.',
    ordered: true,
    labelField: 'badgeGroupLabel',
    fields: [
      f('badgeGroupLabel', 'Label', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('badgeGroupName', 'Name', 'code', { column: true }),
      f('badgeGroupColor', 'Color', 'color', { column: true }),
      f('isExclusive', 'One badge at a time', 'boolean', { column: true }),
    ],
  },
  badges: {
    name: 'badges',
    label: 'Badges',
    singular: 'Badge',
    description: 'The badges of each group; a badge without its own color wears its group’s.',
    groupBy: 'badgeGroupUid',
    ordered: true,
    labelField: 'badgeLabel',
    fields: [
      f('badgeGroupUid', 'Group', 'row', { required: true, list: 'badge-groups', column: true }),
      f('badgeLabel', 'Label', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('badgeName', 'Name', 'code', { column: true }),
      f('color', 'Color', 'color', { column: true }),
    ],
  },
  'nav-items': {
    name: 'nav-items',
    label: 'Nav Items',
    singular: 'Nav Item',
    description: "Menu items: the patient record's left menu (type patient) and the Reports menu (type reports). An item shows only to users holding all its flags.",
    groupBy: 'refDataType',
    ordered: true,
    labelField: 'navItemLabel',
    fields: [
      f('navItemLabel', 'Label', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('refDataType', 'Menu', 'text', { required: true, max: MAX_LENGTH.code, hint: 'patient or reports.', column: true }),
      f('route', 'Route', 'text', { required: true, max: MAX_LENGTH.code, hint: 'The page under the menu: for example notes, or configured/<report name>.', column: true }),
      f('appModule', 'Module', 'text', { max: MAX_LENGTH.code }),
      f('featureFlag', 'Feature Flags', 'flags', { hint: 'Comma-separated: hasReports, !hasAppCit (must not hold), hasAppNavigator|hasAppCommunity (either).', column: true }),
    ],
  },
  resources: {
    name: 'resources',
    label: 'Resources',
    singular: 'Resource',
    description: 'The resource library: links and files handed to patients or read by clinicians.',
    groupBy: 'category',
    ordered: true,
    labelField: 'title',
    fields: [
      f('title', 'Title', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('category', 'Category', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('resourceTarget', 'For', 'choice', { required: true, options: RESOURCE_TARGETS, column: true }),
      f('resourceLink', 'Link', 'text', { max: 2000, notWithFile: true, hint: 'An https:// address; leave it empty for a file.' }),
      f('fileName', 'File', 'file', { max: 255, accept: RESOURCE_FILE_ENDINGS, hint: 'A PDF, image or text file of at most 20 MB, opened instead of a link.' }),
    ],
    rule: (v) => {
      const link = String(v.resourceLink ?? '').trim();
      const file = String(v.fileName ?? '');
      if (link && file) return { field: 'resourceLink', message: RESOURCE_LINK_OR_FILE };
      if (!link && !file) return { field: 'resourceLink', message: 'Required' };
      return null;
    },
  },
  'report-configurations': {
    name: 'report-configurations',
    label: 'Report Configurations',
    singular: 'Report Configuration',
    description: 'The reports of the Reports area: a report view, its filters, charts, tables and their layout. A definition is checked against the report view before it is saved.',
    ordered: true,
    labelField: 'label',
    fields: [
      f('label', 'Label', 'text', { required: true, max: MAX_LENGTH.name, column: true }),
      f('name', 'Name', 'code', { hint: 'Its address: /reports/configured/<name>.', column: true }),
      f('description', 'Description', 'textarea', { max: 1000 }),
      f('definition', 'Definition', 'json', { required: true, schema: ReportDefinitionSchema, hint: 'JSON: reportView, layout, filters, charts and tables.' }),
    ],
  },
};

/**
 * A JSON document checked by its own schema. A refinement's failures carry
 * paths relative to the document (the report definition's do), so they are
 * put under the field here: `definition.charts.0.xAxisColumn`.
 */
const jsonDocument = (schema: Struct<any, any>) =>
  refine(unknown(), 'json', (value, context) => {
    if (value === undefined || value === null) return 'Required';
    const result = check(schema, value);
    return result.errors ? result.errors.map((e) => ({ path: [...context.path, ...(e.field ? e.field.split('.') : [])], message: e.message })) : true;
  });

/** The wire schema of one field. */
function fieldSchema(field: ReferenceField): Struct<any, any> {
  const max = field.max ?? MAX_LENGTH.name;
  switch (field.kind) {
    case 'text':
      return field.required ? requiredText(max) : optionalText(max);
    case 'code':
      return code(max);
    case 'textarea':
      return field.required ? requiredText(max) : optionalText(max);
    case 'email':
      return field.required ? email() : optionalEmail();
    case 'color':
      return color();
    case 'boolean':
      return field.optional ? optional(boolean()) : boolean();
    case 'choice':
      return field.required ? enums(field.options ?? []) : optional(nullable(enums(field.options ?? [])));
    case 'row':
    case 'model':
      return field.required ? requiredText(MAX_LENGTH.code) : optionalText(MAX_LENGTH.code);
    case 'flags':
      return size(array(flagTerm), 0, 10);
    case 'json':
      return jsonDocument(field.schema!);
    case 'rows':
      return size(array(object({ id: optional(nullable(boundedText(MAX_LENGTH.code))), ...Object.fromEntries(field.fields!.map((c) => [c.name, fieldSchema(c)])) })), 0, 50);
    case 'file':
      return optionalText(max);
  }
}

/** The list's rule between fields, put on the field it names. */
function withRule(list: ReferenceListName, fields: Struct<Record<string, any>, any>): Struct<Record<string, any>, any> {
  const rule = REFERENCE_LISTS[list].rule;
  if (!rule) return fields;
  return refine(fields, 'rule', (values, context) => {
    const broken = rule(values);
    return broken ? { path: [...context.path, broken.field], message: broken.message } : true;
  });
}

/** The body of an add or edit of a row of `list`, checked the same way by the form and the server. */
export function referenceSchema(list: ReferenceListName): Struct<Record<string, any>, any> {
  return withRule(list, object(Object.fromEntries(REFERENCE_LISTS[list].fields.map((field) => [field.name, fieldSchema(field)]))));
}

/**
 * The same schema as the form edits it: feature flags as one comma-separated
 * line and a JSON document as text; `fromForm` turns the values into the body.
 * A JSON document the schema refuses names the path of the bad member.
 */
export function referenceFormSchema(list: ReferenceListName): Struct<Record<string, any>, any> {
  return withRule(
    list,
    object(
    Object.fromEntries(
      REFERENCE_LISTS[list].fields.map((field) => {
        if (field.kind === 'flags') return [field.name, refine(boundedText(500), 'flags', (v) => splitFlags(v).every((t) => flagTerm.is(t)) || FLAG_TERM_RULE)];
        if (field.kind === 'json') {
          return [
            field.name,
            refine(string(), 'json', (v) => {
              let parsed: unknown;
              try {
                parsed = JSON.parse(v);
              } catch {
                return INVALID_JSON;
              }
              const result = check(field.schema!, parsed);
              return result.errors ? result.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ') : true;
            }),
          ];
        }
        return [field.name, fieldSchema(field)];
      }),
      ),
    ),
  );
}

export const splitFlags = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);

/** Form values to the body: flags split, JSON parsed, empty optional texts as null. */
export function fromForm(list: ReferenceListName, values: Record<string, any>): Record<string, unknown> {
  return Object.fromEntries(
    REFERENCE_LISTS[list].fields.map((field) => {
      const v = values[field.name];
      if (field.kind === 'flags') return [field.name, splitFlags(String(v ?? ''))];
      if (field.kind === 'json') return [field.name, JSON.parse(String(v))];
      return [field.name, v];
    }),
  );
}

/** A row's values as the form edits them. */
export function toForm(list: ReferenceListName, values: Record<string, any> | null): Record<string, unknown> {
  return Object.fromEntries(
    REFERENCE_LISTS[list].fields.map((field) => {
      const v = values?.[field.name];
      switch (field.kind) {
        case 'flags':
          return [field.name, ((v as string[] | undefined) ?? []).join(', ')];
        case 'json':
          return [field.name, v === undefined || v === null ? '' : JSON.stringify(v, null, 2)];
        case 'boolean':
          return [field.name, Boolean(v)];
        case 'rows':
          return [field.name, ((v as Record<string, unknown>[] | undefined) ?? []).map((r) => ({ ...r }))];
        case 'color':
          return [field.name, v ?? ''];
        default:
          return [field.name, v ?? ''];
      }
    }),
  );
}

/** A row as `GET /api/admin/reference/<list>` answers it: its values by field name, whether it is active, its place. */
export interface ReferenceRow {
  id: string;
  isActive: boolean;
  sortOrder: number | null;
  /** Whether the row ships with the install (every organisation reads it) rather than belonging to the organisation. */
  shared: boolean;
  values: Record<string, any>;
}

/** `PUT /api/admin/reference/<list>/order`: the ids of the list (or of one group) in their new order. */
export const ReferenceOrderSchema = object({ ids: size(array(requiredText(MAX_LENGTH.code)), 1, 500) });
