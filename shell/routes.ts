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

export type RouteDecision = { redirect: string; rememberAttempt: boolean } | null;

/** Where the guard sends a visitor; null means stay. */
export function routeDecision(path: string, signedIn: boolean): RouteDecision {
  if (path === '/') return { redirect: signedIn ? '/home' : '/login', rememberAttempt: false };
  if (signedIn) return path === '/login' ? { redirect: '/home', rememberAttempt: false } : null;
  if (isPublicPath(path)) return null;
  return { redirect: '/', rememberAttempt: true };
}
