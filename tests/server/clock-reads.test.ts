import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { filesUnder } from './support/files-under';

/**
 * Issue 40 §1, "One clock, injected": the server and the widgets read now
 * through shared/clock (and server/db/clock in SQL), so a test that moves it
 * moves every lifetime, window and "today" with it. This reads the source
 * tree and fails on any other reading of the time outside the list below.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['server', 'shared', 'widgets', 'shell'];

const READS = {
  'Date.now()': /\bDate\.now\(\)/g,
  'new Date()': /\bnew Date\(\)/g,
  'dayjs()': /\bdayjs\(\)/g,
  /** PostgreSQL's own clock, in the text of an sql`…` template (its ${…} parts left out). */
  'SQL now()': /(?<![\w.$])(?:now\(\)|current_date|current_timestamp|localtimestamp|clock_timestamp\(\)|statement_timestamp\(\)|transaction_timestamp\(\))/gi,
} as const;
type Read = keyof typeof READS;

/** Whole folders and files that read the time themselves, and why. */
const ALLOWED: { prefix: string; reason: string }[] = [
  { prefix: 'shared/clock.ts', reason: 'the clock itself' },
  {
    prefix: 'server/db/migrations/',
    reason:
      'a migration runs once: its column defaults stamp rows at insert. Two report views (038, 042) still read the database day for an age ' +
      'and "Overdue"; a moved clock does not reach them, which no test needs yet',
  },
  { prefix: 'server/db/seed/', reason: 'the demo is laid out once, around the day it is installed on' },
  { prefix: 'server/cache/ttl-cache.ts', reason: 'a cache entry lives a span of real time: moving the clock must not keep a stale row' },
  { prefix: 'server/testing/', reason: 'names a throwaway test database' },
  {
    prefix: 'server/smart-apps/oidc-adapter.ts',
    reason: 'oidc-provider stamps and checks what it keeps by its own clock (Date.now): its rows expire by the same one',
  },
];

/** The literal text of each sql`…` template, its ${…} parts blanked so a clock value passed in is not counted. */
function sqlText(source: string): string {
  return [...source.matchAll(/\bsql(?:<[^`>]*(?:<[^`>]*>)?[^`>]*>)?`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1].replace(/\$\{[^}]*\}/g, ' ')).join('\n');
}

function reads(source: string): Read[] {
  return (Object.entries(READS) as [Read, RegExp][]).flatMap(([read, pattern]) => [...(read === 'SQL now()' ? sqlText(source) : source).matchAll(pattern)].map(() => read));
}

describe('one clock (issue 40 §1)', () => {
  it('finds the readings it looks for', () => {
    assert.deepEqual(reads('const t = Date.now();'), ['Date.now()']);
    assert.deepEqual(reads('const d = new Date();'), ['new Date()']);
    assert.deepEqual(reads('const d = dayjs().format();'), ['dayjs()']);
    assert.deepEqual(reads("sql<Date>`now() - interval '1 day'`"), ['SQL now()']);
    assert.deepEqual(reads('sql`select 1 where d >= current_date`'), ['SQL now()']);
    // Not readings: a date from a value, the clock's own SQL value, performance timing, the clock's now() in code.
    assert.deepEqual(reads('new Date(value); dayjs(birth); performance.now(); const at = now();'), []);
    assert.deepEqual(reads("sql<Date>`${sqlNow()} - interval '1 day'`"), []);
  });

  it('the server and the widgets read the time only through shared/clock', () => {
    const problems = SOURCES.flatMap((top) => filesUnder(path.join(ROOT, top), (name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)))
      .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
      .filter((file) => !ALLOWED.some((a) => file.startsWith(a.prefix)))
      .flatMap((file) => reads(readFileSync(path.join(ROOT, file), 'utf8')).map((read) => `${file}: ${read}`));
    assert.deepEqual(problems, [], 'read now(), nowMs() or today() from shared/clock, and sqlNow() or sqlToday() from server/db/clock in SQL');
  });
});
