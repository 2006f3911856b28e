/** Spec 000 section 2: a failed private-route visit is remembered until the next sign-in. */
const KEY = 'careweave.attemptedRoute';

export function rememberAttemptedRoute(path: string): void {
  localStorage.setItem(KEY, path);
}

export function takeAttemptedRoute(): string | null {
  const path = localStorage.getItem(KEY);
  localStorage.removeItem(KEY);
  return path;
}

/** The remembered route, left in place (a single sign-on carries it through the provider and back). */
export function peekAttemptedRoute(): string | null {
  return localStorage.getItem(KEY);
}
