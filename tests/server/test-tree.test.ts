import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesUnder } from './support/files-under';

/**
 * Issue 40 §2, "No sleeping instead of waiting": a test waits for the event
 * that shows what it is about (an element, a request and its count, an
 * answer), never for time to pass in the hope that it has happened, and a
 * wait that times out fails the test. This reads the whole test tree and
 * fails on any wait by the clock (or swallowed wait) outside the list below;
 * each entry says why time itself has to pass there (or what the wait should
 * become). A new one fails here, and so does an entry that no longer matches
 * what the file holds (fewer than listed: lower the count).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const TESTS = path.join(ROOT, 'tests');
const SELF = path.relative(ROOT, import.meta.filename);

/** The ways a test can wait by the clock. */
const WAITS = {
  /** The browser helper (tests/browser/support/dom.tsx) or any other by that name; not pg_sleep(). */
  'sleep(': /\bsleep\(/g,
  /** Playwright's fixed pause. */
  'waitForTimeout(': /\bwaitForTimeout\(/g,
  /** The same by hand: `new Promise((r) => setTimeout(r, ms))`. */
  'setTimeout promise': /new Promise(?:<[^>]*>)?\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*(?:\{\s*)?setTimeout\(\s*\1\s*,/g,
  /** Node's promise timers (`await setTimeout(ms)` from node:timers/promises). */
  'timers/promises': /['"](?:node:)?timers\/promises['"]/g,
  /** A wait whose timeout is swallowed (`.waitFor(…).catch(() => undefined)`): a spinner that stays would pass. */
  'swallowed waitFor': /\.waitFor\([^;]*?\)\s*\.catch\(\s*\(\)\s*=>\s*(?:undefined|null|\{\s*\})\s*\)/g,
} as const;
type Wait = keyof typeof WAITS;

interface Allowed {
  file: string;
  wait: Wait;
  count: number;
  reason: string;
}

const ALLOWED: Allowed[] = [
  // Browser tests.
  {
    file: 'tests/browser/support/dom.tsx',
    wait: 'setTimeout promise',
    count: 1,
    reason: 'the definition of sleep() itself; each use of it is listed on its own',
  },
  {
    file: 'tests/browser/support/dom.tsx',
    wait: 'sleep(',
    count: 2,
    reason: 'the poll intervals of waitFor() and waitForAsync(), which wait for a condition and end at a deadline',
  },

  // Server tests.
  {
    file: 'tests/server/caches.test.ts',
    wait: 'setTimeout promise',
    count: 5,
    reason:
      "TtlCache runs on the real clock (it takes no clock to inject): its TTL passing (60 ms of 50; 1050 ms of 1500) is what the tests are about; " +
      'the two of 0 ms are one task turn for a released load to land',
  },
  {
    file: 'tests/server/session.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason: 'the session cache\'s 1 s lifetime is what the test is about ("stops working within the session cache time"): it has to pass',
  },
  {
    file: 'tests/server/identity-import.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason: 'the poll interval of until(), which waits for the import\'s state in the database and ends at a 60 s deadline',
  },
  {
    file: 'tests/server/outbox-restart.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason: 'the poll interval of a wait for the outbox row to be delivered by the restarted server\'s worker (a loop with a 10 s deadline)',
  },
  {
    file: 'tests/server/documents.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason:
      "the poll interval of until(), which ends at a deadline: it waits for the cut-off upload's temporary file to appear (the upload has reached " +
      'the server) and then to be removed (5 s deadline each)',
  },
  {
    file: 'tests/server/cluster-notices.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason: "the poll interval of until(), which ends at a 5 s deadline: it waits for another process's notice to reach the second server",
  },
  {
    file: 'tests/server/connections.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason:
      "the poll interval of until(), which ends at a deadline: it waits for the pool at rest and then a request in its waiting count, for the " +
      'child server printing its address (60 s) and for the sign-in waiting on a table lock in pg_stat_activity (10 s otherwise)',
  },
  {
    file: 'tests/server/admin-resource-files.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason: "the poll interval of temporaryFiles(), which ends at a deadline (1 s): an upload's staged file is removed just after its answer is sent",
  },
  {
    file: 'tests/server/db-restart.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason:
      'the poll interval of until(), which ends at a deadline: it waits for the stream of requests to reach each stage of the outage, for ' +
      'requests to be served again after PostgreSQL restarts (10 s) and for the listener to connect again (10 s)',
  },
  {
    file: 'tests/server/redis-down.test.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason:
      "the poll interval of until(), which ends at a deadline: it waits for a chat message to reach a socket (5 s) and for the servers' " +
      'log lines about Redis leaving and answering again (10 s, as its clients retry at most 2 s apart)',
  },

  // Multi-process tests (issue 36).
  {
    file: 'tests/cluster/support/wait.ts',
    wait: 'setTimeout promise',
    count: 1,
    reason: 'the definition of sleep() itself; each use of it is listed on its own',
  },
  {
    file: 'tests/cluster/support/wait.ts',
    wait: 'sleep(',
    count: 1,
    reason: 'the poll interval of until(), which waits for a condition and ends at a deadline',
  },
  {
    file: 'tests/cluster/support/staff.ts',
    wait: 'sleep(',
    count: 1,
    reason: "simulated staff's think time between calls: the soak's load is people, not a tight loop",
  },
  {
    file: 'tests/cluster/chaos.test.ts',
    wait: 'sleep(',
    count: 2,
    reason: "a writer's back-off before it sends the same key again, and PostgreSQL kept down long enough for every writer to meet the outage",
  },
];

/** Every wait by the clock in the test tree: file (from the repository root), kind and line. */
function clockWaits(): { file: string; wait: Wait; line: number }[] {
  return filesUnder(TESTS, (name) => /\.(ts|tsx|js|mjs|cjs)$/.test(name))
    .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
    .filter((file) => file !== SELF)
    .flatMap((file) => {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      return (Object.entries(WAITS) as [Wait, RegExp][]).flatMap(([wait, pattern]) =>
        [...source.matchAll(pattern)].map((m) => ({ file, wait, line: source.slice(0, m.index).split('\n').length })),
      );
    });
}

describe('the test tree (issue 40 §2: no sleeping instead of waiting)', () => {
  it('finds the waits it looks for (the patterns match what they are meant to)', () => {
    const probe = (text: string) => (Object.entries(WAITS) as [Wait, RegExp][]).filter(([, re]) => text.match(re)).map(([wait]) => wait);
    assert.deepEqual(probe('await sleep(100);'), ['sleep(']);
    assert.deepEqual(probe('await page.waitForTimeout(300);'), ['waitForTimeout(']);
    assert.deepEqual(probe('await new Promise((r) => setTimeout(r, 50));'), ['setTimeout promise']);
    assert.deepEqual(probe('await new Promise((resolve) => setTimeout(resolve, ms));'), ['setTimeout promise']);
    assert.deepEqual(probe('await new Promise<void>(r => setTimeout(r, 10));'), ['setTimeout promise']);
    assert.deepEqual(probe("import { setTimeout } from 'node:timers/promises';"), ['timers/promises']);
    assert.deepEqual(probe("await spinner.first().waitFor({ state: 'detached' }).catch(() => undefined);"), ['swallowed waitFor']);
    // Not waits: the database's own sleep, a timer that is not awaited, a helper named otherwise.
    assert.deepEqual(probe("sql`select pg_sleep(2)`"), []);
    assert.deepEqual(probe('setTimeout(() => controller.abort(), 50);'), []);
    assert.deepEqual(probe('const sleepless = 1;'), []);
    // A fallback wait is a wait: either the group or the text, and neither fails the test.
    assert.deepEqual(probe('await group.first().waitFor().catch(async () => { await text.waitFor(); });'), []);
  });

  it('every list entry has a reason, and names a file and wait once', () => {
    const seen = new Set<string>();
    for (const entry of ALLOWED) {
      assert.ok(entry.reason.trim().length > 20, `${entry.file} (${entry.wait}): say why time itself has to pass there`);
      assert.ok(entry.count > 0, `${entry.file} (${entry.wait}): a count of at least 1`);
      const key = `${entry.file} ${entry.wait}`;
      assert.ok(!seen.has(key), `${key} is listed twice`);
      seen.add(key);
    }
  });

  it('waits by the clock only where the list says why', () => {
    const found = clockWaits();
    const problems: string[] = [];
    const keys = new Set([...found.map((f) => `${f.file}\u0000${f.wait}`), ...ALLOWED.map((a) => `${a.file}\u0000${a.wait}`)]);
    for (const key of keys) {
      const [file, wait] = key.split('\u0000') as [string, Wait];
      const here = found.filter((f) => f.file === file && f.wait === wait);
      const allowed = ALLOWED.find((a) => a.file === file && a.wait === wait)?.count ?? 0;
      const lines = here.map((f) => f.line).join(', ');
      if (here.length > allowed) {
        problems.push(
          `${file}: ${here.length} × ${wait} (line ${lines}), ${allowed} allowed. Wait for the event that shows it (waitFor, a request and its count, ` +
            "settle(), a locator's waitFor, page.waitForResponse / waitForFunction), or, where time itself has to pass, list it in " +
            `${SELF} with the reason.`,
        );
      } else if (here.length < allowed) {
        problems.push(`${file}: ${allowed} × ${wait} listed in ${SELF}, ${here.length} found${lines ? ` (line ${lines})` : ''}: lower the count or remove the entry.`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
