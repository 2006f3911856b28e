import { FLAGS, type Flag } from './permissions';

/**
 * The flags an administrator sets per user and division. `ownCredentialService`
 * is not one: the server derives it from how the user signs in.
 */
export const ASSIGNABLE_FLAGS = FLAGS.filter((f) => f !== 'ownCredentialService');
export type AssignableFlag = Exclude<Flag, 'ownCredentialService'>;

/** What each flag opens, shown beside its checkbox on the admin user form (issue 14 section 2). */
export const FLAG_CATALOGUE: Record<AssignableFlag, { label: string; opens: string }> = {
  hasAppNavigator: { label: 'Navigator', opens: 'Navigator mode: work queues, reminders, patient search, /patients with Add Patient and the patient record' },
  twoOh: { label: 'Navigator home', opens: 'The navigator home page (spec 001: shown only with this flag)' },
  hasAppIdentity: { label: 'Identity', opens: 'Identity mode: child-welfare records, read-only' },
  hasIdentityViewFull: { label: 'Identity full view', opens: "The Case and Maltreatment panels of an identity record" },
  identityViewAdopt: { label: 'Adoption cases', opens: 'Patients with an adoption case' },
  identityViewRestricted: { label: 'Restricted cases', opens: 'Patients with a restricted case, without being their worker' },
  isIdentityHealthcareUser: { label: 'Identity healthcare', opens: 'Identity healthcare user: also opens adoption cases' },
  hasAppCommunity: { label: 'Community', opens: "Community mode: the division's work queues, /patients and the record (without admissions)" },
  hasAppCit: { label: 'CIT', opens: "Crisis intervention team: CIT submissions, the record's CIT face sheet" },
  hasAppSponsor: { label: 'Sponsor', opens: "Sponsor mode: the division's work queues" },
  hasHwc: { label: 'Health and wellness', opens: 'Health-and-wellness mode of the patient record (spec 001)' },
  handleWithCare: { label: 'Handle with Care staff', opens: 'Handle with Care entries on Home and /hwc/{id}' },
  hasDebugMode: { label: 'Debug mode', opens: 'Debug tools: ids, coordinates and the print plan' },
  chat: { label: 'Chat', opens: 'The Chat page' },
  hasReports: { label: 'Reports', opens: 'The Reports page' },
  isDirector: { label: 'Director', opens: 'The Program Dashboard' },
  citSupervisoryApproval: { label: 'CIT supervisor', opens: 'Approve, reject or edit pending CIT contact sheets' },
  calendarAppointment: { label: 'Calendar: appointments', opens: 'Appointments on the calendar' },
  calendarMedicalEvent: { label: 'Calendar: medical events', opens: 'Medical events on the calendar' },
  calendarProcedure: { label: 'Calendar: procedures', opens: 'Procedures on the calendar' },
  calendarSurgery: { label: 'Calendar: surgeries', opens: 'Surgeries on the calendar' },
  calendarTesting: { label: 'Calendar: testing', opens: 'Tests on the calendar' },
  medicalEvent: { label: 'Medical events', opens: "The record's medical events (overdoses, interactions, treatment referrals)" },
  admission: { label: 'Admissions', opens: "The record's admissions" },
  navigatorAdmin: { label: 'Administrator', opens: 'The Admin pages: users, permissions and the admin audit log' },
  breakGlass: { label: 'Emergency access', opens: 'Open a restricted or adoption record for a short, reviewed, read-only window, stating a reason' },
  privacyOfficer: { label: 'Privacy officer', opens: 'Told of every emergency access at once; reviews them on Admin → Emergency Access' },
};

const CALENDAR: AssignableFlag[] = ['calendarAppointment', 'calendarMedicalEvent', 'calendarProcedure', 'calendarSurgery', 'calendarTesting'];

/**
 * Named role templates (issue 14 section 2): each is the flag set of one demo
 * login (server/db/seed/demo-users.ts builds the demo users from them), so a
 * template gives a new user what the matching demo user can do.
 */
export const ROLE_TEMPLATES = {
  navigator: { label: 'Navigator', flags: ['hasAppNavigator', 'twoOh', 'chat', 'hasReports', 'medicalEvent', 'admission', ...CALENDAR] },
  identity: { label: 'Identity caseworker', flags: ['hasAppIdentity', 'hasIdentityViewFull'] },
  identityHealthcare: { label: 'Identity healthcare', flags: ['hasAppIdentity', 'isIdentityHealthcareUser'] },
  community: { label: 'Community provider', flags: ['hasAppCommunity', 'medicalEvent', 'chat'] },
  cit: { label: 'CIT officer staff', flags: ['hasAppCit', 'medicalEvent'] },
  citSupervisor: { label: 'CIT supervisor', flags: ['hasAppCit', 'citSupervisoryApproval', 'medicalEvent', 'hasReports'] },
  sponsor: { label: 'Sponsor', flags: ['hasAppSponsor'] },
  hwc: { label: 'Handle with Care staff', flags: ['handleWithCare'] },
  director: { label: 'Director', flags: ['hasAppNavigator', 'twoOh', 'isDirector', 'hasReports', ...CALENDAR] },
  // Emergency access and its review mail are given one user at a time, never with a template (issue 38: the default is nobody).
  administrator: { label: 'Administrator', flags: ASSIGNABLE_FLAGS.filter((f) => f !== 'breakGlass' && f !== 'privacyOfficer') },
} satisfies Record<string, { label: string; flags: AssignableFlag[] }>;

export type RoleTemplate = keyof typeof ROLE_TEMPLATES;
export const ROLE_TEMPLATE_NAMES = Object.keys(ROLE_TEMPLATES) as RoleTemplate[];

/** The template whose flags are exactly these, if any (the form names a user's role per division). */
export function templateOf(flags: readonly string[]): RoleTemplate | null {
  const set = new Set(flags);
  return ROLE_TEMPLATE_NAMES.find((name) => {
    const t: readonly string[] = ROLE_TEMPLATES[name].flags;
    return t.length === set.size && t.every((f) => set.has(f));
  }) ?? null;
}
