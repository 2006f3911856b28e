/**
 * Every flag and permission that section 6 of the three spec documents reads,
 * plus `handleWithCare` (Handle with Care staff: the /hwc/{id} detail page),
 * kept apart from `hasHwc`, spec 001's health-and-wellness mode, and issue
 * 38's `breakGlass` (emergency access) and `privacyOfficer` (its reviewer).
 * Stored per user and division on the server; the session exposes the ones of
 * the current division. The browser only hides what the server already refuses.
 */
export const FLAGS = [
  'hasAppNavigator',
  'twoOh',
  'hasAppIdentity',
  'hasIdentityViewFull',
  'identityViewAdopt',
  'identityViewRestricted',
  'isIdentityHealthcareUser',
  'hasAppCommunity',
  'hasAppCit',
  'hasAppSponsor',
  'hasHwc',
  'handleWithCare',
  'hasDebugMode',
  'chat',
  'hasReports',
  'isDirector',
  'citSupervisoryApproval',
  'calendarAppointment',
  'calendarMedicalEvent',
  'calendarProcedure',
  'calendarSurgery',
  'calendarTesting',
  'medicalEvent',
  'admission',
  'navigatorAdmin',
  'breakGlass',
  'privacyOfficer',
  'ownCredentialService',
] as const;

export type Flag = (typeof FLAGS)[number];
export type Flags = Record<Flag, boolean>;

export function isFlag(name: string): name is Flag {
  return (FLAGS as readonly string[]).includes(name);
}

export function flagsFrom(names: readonly string[]): Flags {
  const flags = Object.fromEntries(FLAGS.map((f) => [f, false])) as Flags;
  for (const n of names) if (isFlag(n)) flags[n] = true;
  return flags;
}

/**
 * One term of a feature-flag expression: a flag, a negated flag ('!' first),
 * or a group of flags any one of which will do, as the server's
 * `allow(...flags)` guards read them.
 */
export type FlagTerm = Flag | `!${Flag}` | readonly Flag[];

/** A feature-flag expression as the shell's routes carry it: every term must hold. */
export function flagsAllow(flags: Partial<Flags>, required: readonly FlagTerm[] | undefined): boolean {
  if (!required?.length) return true;
  return required.every((r) => (typeof r !== 'string' ? hasAnyFlag(flags, r) : r.startsWith('!') ? !flags[r.slice(1) as Flag] : !!flags[r as Flag]));
}

/**
 * The modes whose work lists (queues, reminders, assignees) exist today:
 * navigator, community and sponsor homes. Identity, CIT and Handle with Care
 * users have their own lists and never need these.
 */
export const WORK_LIST_FLAGS: readonly Flag[] = ['hasAppNavigator', 'hasAppCommunity', 'hasAppSponsor'];

/**
 * Who has the top bar's quick patient search: navigators (spec 000), and
 * users with emergency access (issue 38), who find a hidden record there as
 * a stub and may break the glass on it.
 */
export const QUICK_SEARCH_FLAGS: readonly Flag[] = ['hasAppNavigator', 'breakGlass'];

/** Every mode that opens a patient record (spec 001 section 1: each mode has its own view of a patient). */
export const PATIENT_RECORD_FLAGS: readonly Flag[] = ['hasAppNavigator', 'hasAppIdentity', 'hasAppCommunity', 'hasAppCit', 'hasAppSponsor', 'hasHwc'];

/** The modes whose /patients page is the division's patient list (identity users search instead). */
export const PATIENT_LIST_FLAGS: readonly Flag[] = ['hasAppNavigator', 'hasAppCommunity', 'hasAppCit', 'hasAppSponsor', 'hasHwc'];

/**
 * The modes that may add a patient and edit its contact details: those whose
 * /patients page has the 'Add Patient' button (spec 001 section 2). Identity
 * views are read-only extracts.
 */
export const PATIENT_EDIT_FLAGS: readonly Flag[] = PATIENT_LIST_FLAGS;

export const hasAnyFlag = (flags: Partial<Flags> | undefined, anyOf: readonly Flag[]): boolean => anyOf.some((f) => !!flags?.[f]);

/**
 * The care-coordination modes, which keep a patient's record: its notes,
 * demographics, episode status, priority note and picture. Identity records
 * come from the state's systems and CIT staff work through their contact
 * sheets, so both read the record but do not change it.
 */
export const CARE_FLAGS: readonly Flag[] = ['hasAppNavigator', 'hasAppCommunity', 'hasAppSponsor', 'hasHwc'];

/**
 * Who reads a patient's outbound referrals: the care modes, and CIT staff,
 * whose face sheet links its top mental-health referrals to them (spec 001
 * "Patient overview"). Only the care modes refer (CARE_FLAGS).
 */
export const OUTBOUND_REFERRAL_READERS: readonly Flag[] = [...CARE_FLAGS, 'hasAppCit'];
