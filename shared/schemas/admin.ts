import { array, boolean, enums, integer, max, min, nullable, object, optional, refine, size, string, type Infer } from 'superstruct';
import { ASSIGNABLE_FLAGS } from '../role-templates';
import { EXT_ACTION_TYPES, EXT_REQUIRABLE_FIELDS } from './ext-referral';
import { BREAK_GLASS_SETTINGS } from './break-glass';
import { boundedText, email, MAX_LENGTH, NOT_LISTED, optionalText, phoneDigits, requiredText } from './strings';

/** A whole number of a division setting's range, with the range in its message. */
const wholeIn = (range: { min: number; max: number }) =>
  refine(integer(), 'range', (v) => (v >= range.min && v <= range.max) || `Must be a whole number from ${range.min} to ${range.max}`);

export const USER_NAME_RULE = 'Use letters, digits, dots, dashes, underscores or @ only';

/** A user name as people type it at sign-in: no spaces, matched without regard to case. */
export const userName = () => refine(requiredText(MAX_LENGTH.code), 'userName', (v) => /^[A-Za-z0-9._@-]+$/.test(v.trim()) || USER_NAME_RULE);

/** One division a user may work in and their flags there. */
export const DivisionAccessSchema = object({
  divisionUid: requiredText(MAX_LENGTH.code),
  flags: refine(array(enums(ASSIGNABLE_FLAGS)), 'flags', (v) => v.length > 0 || 'Choose at least one permission'),
});
export type DivisionAccess = Infer<typeof DivisionAccessSchema>;

/** The admin user form (issue 14 section 2): create and edit. */
export const AdminUserSchema = object({
  displayName: requiredText(MAX_LENGTH.fullName),
  userName: userName(),
  email: email(),
  divisions: refine(array(DivisionAccessSchema), 'divisions', (v) =>
    v.length === 0 ? 'Choose at least one division' : new Set(v.map((d) => d.divisionUid)).size === v.length || 'A division is listed twice',
  ),
  /**
   * Issue 34: keeps the password sign-in when the organisation turns it off
   * (a break-glass administrator). Left out: unchanged (false for a new user).
   */
  passwordFallback: optional(boolean()),
});
export type AdminUser = Infer<typeof AdminUserSchema>;

/**
 * The admin's organisation (issue 14 sections 1 and 3): its name as staff and
 * the external pages show it, and its market's name (left out: unchanged;
 * empty: no market); the urgent line its Customer Support page shows (issue
 * 33), digits as every phone of the product (left out: unchanged; empty or
 * null: none).
 */
export const OrganizationSchema = object({
  orgName: requiredText(MAX_LENGTH.name),
  marketName: optionalText(MAX_LENGTH.name),
  supportPhone: optional(nullable(phoneDigits())),
});
export type OrganizationInput = Infer<typeof OrganizationSchema>;

export const THEME_COLOR_RULE = 'Use a colour like #0d6efd';
export const LOGO_RULE = 'Use a PNG, JPEG or SVG image of at most 100 KB';
/** A logo travels as a data URL (no file store for it): about 100 KB of image once decoded. */
export const MAX_LOGO_LENGTH = 140_000;

/** A division: its name, its theme colour and logo for the external pages, the CIT approval setting, and the source whose ED visit notes stay hidden. */
export const DivisionSchema = object({
  divisionName: requiredText(MAX_LENGTH.name),
  themeColor: refine(boundedText(7), 'themeColor', (v) => /^#[0-9a-fA-F]{6}$/.test(v) || THEME_COLOR_RULE),
  logoUrl: optional(nullable(refine(boundedText(MAX_LOGO_LENGTH), 'logoUrl', (v) => /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/.test(v) || LOGO_RULE))),
  requiresSupervisoryApproval: boolean(),
  /** Spec 001 section 7: "Notes are hidden for emergency-department visits from one named source" (the spec does not name it). */
  edNotesHiddenSource: optionalText(MAX_LENGTH.name),
  // Issue 38: emergency access (left out of a save: unchanged).
  breakGlassMinutes: optional(wholeIn(BREAK_GLASS_SETTINGS.minutes)),
  breakGlassDailyLimit: optional(wholeIn(BREAK_GLASS_SETTINGS.dailyLimit)),
  breakGlassWrites: optional(boolean()),
});
export type DivisionInput = Infer<typeof DivisionSchema>;

/** A queue's rule as an admin types it: list-call filters, `episode_status_label=Active&referral_date__>>=2026-01-01`. */
export const queueRule = () => boundedText(1000);

/** One column of a queue's list: the view's column, its header, and whether it is hidden. */
export const QueueColumnSchema = object({
  columnName: requiredText(MAX_LENGTH.code),
  displayHeader: requiredText(MAX_LENGTH.name),
  isHidden: boolean(),
});

/** A work queue of a division (issue 14 section 3); the columns are listed in the order the list shows them. */
export const QueueSchema = object({
  queueLabel: requiredText(MAX_LENGTH.name),
  rule: queueRule(),
  defaultSort: optional(nullable(boundedText(MAX_LENGTH.code))),
  columns: refine(size(array(QueueColumnSchema), 0, 40), 'columns', (v) =>
    !v.some((c) => !c.isHidden) ? 'Show at least one column' : new Set(v.map((c) => c.columnName)).size === v.length || 'A column is listed twice',
  ),
  sortOrder: max(min(integer(), 0), 1000),
});
export type QueueInput = Infer<typeof QueueSchema>;

/** The live count before saving: the rule, and the division it would be run in. */
export const QueuePreviewSchema = object({ divisionUid: requiredText(MAX_LENGTH.code), rule: queueRule() });

export const STATE_RULE = 'Use a two-letter state code';
export const OFFICER_TWICE = 'An officer is listed twice';
const officerKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Who holds a public-form access code (issue 14 section 5): a CIT agency and its officers, a Handle with Care district, a Back to Work vendor. */
export const CitAgencySchema = object({
  name: requiredText(MAX_LENGTH.name),
  divisionUid: requiredText(MAX_LENGTH.code),
  stateIso: refine(string(), 'stateIso', (v) => /^[A-Za-z]{2}$/.test(v) || STATE_RULE),
  officers: refine(size(array(requiredText(120)), 0, 200), 'officers', (v) =>
    v.length === 0 ? 'Add at least one officer' : new Set(v.map(officerKey)).size === v.length || OFFICER_TWICE,
  ),
});
export const HwcAgencySchema = object({ name: requiredText(MAX_LENGTH.name), divisionUid: requiredText(MAX_LENGTH.code) });
export const B2wVendorSchema = object({ name: requiredText(MAX_LENGTH.name) });
export type CitAgencyInput = Infer<typeof CitAgencySchema>;
export type CodeHolderInput = Partial<CitAgencyInput> & { name: string };

/** The kinds of code holders, as the admin routes name them (`/api/admin/{kind}`). */
export const CODE_HOLDER_KINDS = ['cit-agencies', 'hwc-agencies', 'b2w-vendors'] as const;
export type CodeHolderKind = (typeof CODE_HOLDER_KINDS)[number];

/** A holder of a public-form access code (CIT agency, HWC district, B2W vendor) as the admin pages show it: never the code or its hash (a new code comes back once, in `meta.code`). */
export interface CodeHolder {
  holderUid: string;
  name: string;
  divisionUid: string | null;
  divisionName: string | null;
  stateIso: string | null;
  officers: string[] | null;
  isActive: boolean;
}

const isOneOf = (list: readonly string[], v: string) => list.includes(v);

/**
 * An external-action link (spec 000 "External referral pages") as an
 * administrator makes it: a label, the division its referrals go to, the
 * form it opens and which of the form's optional fields it requires.
 */
export const ExtInstanceSchema = object({
  label: requiredText(MAX_LENGTH.name),
  divisionUid: requiredText(MAX_LENGTH.code),
  actionType: refine(requiredText(MAX_LENGTH.code), 'actionType', (v) => isOneOf(EXT_ACTION_TYPES, v) || NOT_LISTED),
  requiredFields: refine(size(array(boundedText(MAX_LENGTH.code)), 0, EXT_REQUIRABLE_FIELDS.length), 'requiredFields', (v) =>
    !v.every((f) => isOneOf(EXT_REQUIRABLE_FIELDS, f)) ? NOT_LISTED : new Set(v).size === v.length || 'A field is listed twice',
  ),
});
export type ExtInstanceInput = Infer<typeof ExtInstanceSchema>;

/** Active, revoked by an administrator, or replaced by a rotation (`replacedBy`). */
export type ExtInstanceState = 'active' | 'revoked' | 'replaced';

/** An external-action link as the admin pages list it; its slug is public (the link itself), so it is not a secret to show once. */
export interface ExtInstance extends ExtInstanceInput {
  instanceId: string;
  divisionName: string;
  state: ExtInstanceState;
  replacedBy: string | null;
  /** The public form's address: PUBLIC_URL + /ext/{instanceId}/{actionType}. */
  url: string;
  createdAt: string;
}
