import assert from 'node:assert/strict';
import { it } from 'node:test';
import { call, errorsOf, type LoggedIn } from './http';

/** A route as the access tests list it: method, path, and a body for a write. */
export type RouteCase = [method: string, path: string, body?: unknown];

/**
 * One test a route: an administrator's route answers 401 signed out and 403
 * to a navigator. `context` is read when the tests run (after `before` has
 * started the server and signed the navigator in).
 */
export function itRefusesAllButAdmins(routes: RouteCase[], context: () => { url: string; navigator: LoggedIn }): void {
  for (const [method, path, body] of routes) {
    it(`${method} ${path}: 401 signed out, 403 for a navigator`, async () => {
      const { url, navigator } = context();
      const headers = () => ({ 'idempotency-key': `refused-${crypto.randomUUID()}` });
      errorsOf(await call(url, path, { method, body, headers: headers() }), 401);
      assert.deepEqual(errorsOf(await call(url, path, { method, body, token: navigator.token, headers: headers() }), 403), [{ message: 'You do not have access to this resource' }]);
    });
  }
}
