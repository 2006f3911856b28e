import assert from 'node:assert/strict';

/** Polls until `condition` holds; fails the test past the deadline. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  for (const stop = Date.now() + ms; !(await condition()); await sleep(20)) {
    if (Date.now() > stop) assert.fail(`${what}: not within ${ms} ms`);
  }
}

/** Where time itself has to pass (each use is listed in tests/server/test-tree.test.ts with its reason). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
