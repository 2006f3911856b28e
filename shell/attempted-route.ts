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
