import { lazy, type ComponentType } from 'react';
import { widget } from './lazy-widget';

/**
 * A public form that works with no connection (issue 39): with it comes the service worker's
 * registration (shell/offline/register.ts), so neither is in the staff shell's first load.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function offlineForm<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy<M[K]>(() =>
    // The form opens even where the worker's code does not load.
    Promise.all([load(), import('./offline/register').catch(() => null)]).then(([m, offline]) => {
      offline?.registerOfflineForms(window.location.pathname);
      return { default: m[name] };
    }),
  );
}

/** The public forms' widgets, apart from the staff pages' (lazy-routes.ts): the public entry (public-main.tsx) names no staff page. */
export const BackToWork = offlineForm(() => import('../widgets/b2w/b2w.component'), 'BackToWork');
export const CitForm = offlineForm(() => import('../widgets/cit/cit-form.component'), 'CitForm');
export const ReferralFormWidget = offlineForm(() => import('../widgets/ext/referral-form.component'), 'ReferralFormWidget');
export const HwcForm = offlineForm(() => import('../widgets/hwc/hwc-form.component'), 'HwcForm');
export const SupportForm = offlineForm(() => import('../widgets/support/support.component'), 'SupportForm');
export const OptOut = widget(() => import('../widgets/opt-out/opt-out.component'), 'OptOut');
