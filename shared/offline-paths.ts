/**
 * What the service worker (shell/offline/sw.ts) may serve from the device, by path (issue 39).
 * Only the public forms: a staff page or staff data never comes from a cache.
 */

/** The public forms' pages (shell/routes.ts); /hwc/{id} is a staff page, /login and the opt-out need the server. */
const OFFLINE_PAGE = /^\/(cit(\/[^/]+)?|hwc|support|b2w(\/[^/]+)?|ext\/[^/]+(\/[^/]+)?)\/?$/;

/** The reference lists a public form loads: the same for everyone who may see the form. */
const PUBLIC_LISTS = [
  /^\/api\/cit\/[^/]+\/context$/,
  /^\/api\/reference-data\/reference-geo-data$/,
  /^\/api\/handle_with_care\/config\/reference-gender$/,
  /^\/api\/handle_with_care\/public\/facility$/,
  /^\/api\/ext\/[^/]+(\/index|\/providers|\/reference\/[^/]+)?$/,
  /^\/api\/support\/contact$/,
  /^\/api\/b2w\/vendor$/,
];

/** The submissions a public form may send later: each carries its Idempotency-Key, so a second send is answered, not stored twice. */
const PUBLIC_SUBMISSIONS = [/^\/api\/cit\/[^/]+\/submit$/, /^\/api\/handle_with_care\/submit$/, /^\/api\/ext\/[^/]+$/, /^\/api\/support-request\/submit$/, /^\/api\/b2w\/status$/];

export const isOfflinePage = (path: string) => OFFLINE_PAGE.test(path);
export const isPublicList = (path: string) => PUBLIC_LISTS.some((list) => list.test(path));
export const isPublicSubmission = (path: string) => PUBLIC_SUBMISSIONS.some((submission) => submission.test(path));

/**
 * The public lists this page loaded, with the headers they went with (a
 * district code, a registration token: in memory only). The service worker
 * installs during a form's first visit, after the form loaded its lists; once
 * it is in control, the lists are asked for again through it, so they are on
 * the device for the next visit with no connection (shell/offline/register.ts).
 */
const loadedLists = new Map<string, Record<string, string>>();
const LOADED_LISTS_MAX = 50;

export function noteLoadedList(url: string, headers: Record<string, string>): void {
  if (typeof location === 'undefined' || !isPublicList(new URL(url, location.href).pathname)) return;
  loadedLists.delete(url);
  loadedLists.set(url, headers);
  if (loadedLists.size > LOADED_LISTS_MAX) loadedLists.delete(loadedLists.keys().next().value!);
}

export const takeLoadedLists = (): [string, Record<string, string>][] => {
  const lists = [...loadedLists];
  loadedLists.clear();
  return lists;
};
