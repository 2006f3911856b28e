import { lazy, type ComponentType } from 'react';

/**
 * Pages not on the way to /home load when first visited, so a staff member's
 * first load does not carry every public form (and a public form's visitor
 * does not carry the dashboards).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function page<K extends string, P = any>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

export const B2wRoute = page(() => import('./b2w-route'), 'B2wRoute');
export const CalendarRoute = page(() => import('./calendar-route'), 'CalendarRoute');
export const CitRoute = page(() => import('./cit-route'), 'CitRoute');
export const CitSubmissionRoute = page(() => import('./cit-submission-route'), 'CitSubmissionRoute');
export const ExtRoute = page(() => import('./ext-route'), 'ExtRoute');
export const HwcDetailRoute = page(() => import('./hwc-detail-route'), 'HwcDetailRoute');
export const HwcRoute = page(() => import('./hwc-route'), 'HwcRoute');
export const OptOutRoute = page(() => import('./opt-out-route'), 'OptOutRoute');
export const ReminderFormRoute = page(() => import('./reminder-form-route'), 'ReminderFormRoute');
export const RemindersRoute = page(() => import('./reminders-route'), 'RemindersRoute');
export const SupportRoute = page(() => import('./support-route'), 'SupportRoute');
