import { CARE_FLAGS, PATIENT_EDIT_FLAGS, PATIENT_LIST_FLAGS, PATIENT_RECORD_FLAGS, WORK_LIST_FLAGS, type FlagTerm } from '../shared/permissions';
import { CALENDAR_EVENT_TYPE_FLAGS } from '../shared/schemas/calendar';
import { shellText as t } from './shell-text';

/**
 * Spec 000 section 2 and spec 002 section 6: which paths an unauthenticated
 * visitor may stay on. `/cit*` covers `/cit` and `/cit/{state}`; the private
 * `/cit-submission/{id}` (spec 002 routes table) and `/hwc/{id}` are not public.
 */
const PUBLIC_EXACT = ['/login', '/set-password', '/hwc', '/session-timeout', '/support', '/b2w', '/cit', '/ext'];
const PUBLIC_PREFIXES = ['/cit/', '/ext/', '/engagements/opt-out/', '/b2w/'];

export function isPublicPath(path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PUBLIC_EXACT.includes(p) || PUBLIC_PREFIXES.some((prefix) => p.startsWith(prefix));
}

/** `notice`: a toast that says why the visitor was moved. */
export type RouteDecision = { redirect: string; rememberAttempt: boolean; notice?: string } | null;

/** Where the guard sends a visitor; null means stay. */
export function routeDecision(path: string, signedIn: boolean): RouteDecision {
  if (path === '/') return { redirect: signedIn ? '/home' : '/login', rememberAttempt: false };
  if (signedIn) return path === '/login' ? { redirect: '/home', rememberAttempt: false } : null;
  if (isPublicPath(path)) return null;
  return { redirect: '/', rememberAttempt: true };
}

export interface ShellRoute<P extends string = string> {
  path: P;
  /** What the server asks of the page's calls (server/security/access.ts); without them the page is not offered. */
  flags?: readonly FlagTerm[];
}

const ADMIN: readonly FlagTerm[] = ['navigatorAdmin'];
const PATIENT_RECORD: readonly FlagTerm[] = [PATIENT_RECORD_FLAGS];
const REPORTS: readonly FlagTerm[] = ['hasReports'];
const EMERGENCY_ACCESS_REVIEW: readonly FlagTerm[] = [['navigatorAdmin', 'privacyOfficer']];

/** The admin area's sections (widgets/admin): any other /admin/... is "Page not found", not the Users tab. */
const ADMIN_SECTIONS = ['users', 'organization', 'access-codes', 'reference', 'audit'] as const;

/**
 * Every page of the shell, in the order its `<Switch>` tries them (shell/pages.tsx
 * draws each), with the flags its calls need. A route whose flags a user lacks
 * is not offered: links and menu items to it are hidden, and a typed address
 * leads home with NO_ACCESS_MESSAGE, so no page is shown whose calls the server refuses.
 */
const ROUTES = [
  { path: '/login' },
  { path: '/session-timeout' },
  { path: '/set-password' },
  { path: '/support' },
  { path: '/b2w' },
  { path: '/engagements/opt-out/:token' },
  { path: '/hwc' },
  { path: '/cit' },
  { path: '/cit/:state' },
  { path: '/ext/:instance/:type?' },
  { path: '/hwc/:id', flags: ['handleWithCare'] },
  { path: '/cit-submission/:submissionId', flags: ['hasAppCit'] },
  { path: '/home' },
  { path: '/home/queues/:queueId', flags: [WORK_LIST_FLAGS] },
  // The assignee list (providers/mv) is for CARE_FLAGS, which hold every WORK_LIST_FLAGS mode.
  { path: '/home/reminders', flags: [WORK_LIST_FLAGS] },
  // Referrals other divisions sent here, waiting to be linked (server: incoming-referrals for CARE_FLAGS).
  { path: '/home/incoming-referrals', flags: [CARE_FLAGS] },
  { path: '/chat', flags: ['chat'] },
  { path: '/reports', flags: REPORTS },
  { path: '/reports/*', flags: REPORTS },
  { path: '/program-dashboard', flags: ['isDirector'] },
  { path: '/resource-library' },
  // Each event type's view refuses users without its flag, and the Provider filter's list (providers/mv) is for the care modes.
  { path: '/home/calendar', flags: [Object.values(CALENDAR_EVENT_TYPE_FLAGS), CARE_FLAGS] },
  // Before /patients/:patientId, which would take 'add' for a patient id.
  { path: '/patients/add', flags: [PATIENT_EDIT_FLAGS] },
  // The division's patient list, or the identity search for identity users.
  { path: '/patients', flags: [[...PATIENT_LIST_FLAGS, 'hasAppIdentity']] },
  // Issue 35: a SMART app's consent page, for the care modes (as its calls, server/smart-apps).
  { path: '/authorize-app/:uid', flags: [CARE_FLAGS] },
  // Issue 38: the division's break-glass events, for their reviewers.
  { path: '/emergency-access', flags: EMERGENCY_ACCESS_REVIEW },
  { path: '/emergency-access/:eventId', flags: EMERGENCY_ACCESS_REVIEW },
  { path: '/admin', flags: ADMIN },
  ...ADMIN_SECTIONS.map((section) => ({ path: `/admin/${section}/*?` as const, flags: ADMIN })),
  { path: '/patient/*', flags: PATIENT_RECORD },
  { path: '/patients/:patientId', flags: PATIENT_RECORD },
  { path: '/patients/:patientId/*', flags: PATIENT_RECORD },
] as const satisfies readonly ShellRoute[];

/** A route's path as SHELL_ROUTES writes it, parameters and all. */
export type ShellPath = (typeof ROUTES)[number]['path'];
/** ROUTES, whose `as const` keeps each path for ShellPath, widened so every route may be asked for its flags. */
export const SHELL_ROUTES: readonly ShellRoute<ShellPath>[] = ROUTES;

/** The toast of a typed address whose page the user may not open. */
export const NO_ACCESS_MESSAGE = t('noAccess');

/** The guard's answer to an address whose route the user's flags do not open. */
export const NO_ACCESS = { redirect: '/home', rememberAttempt: false, notice: NO_ACCESS_MESSAGE } satisfies RouteDecision;
