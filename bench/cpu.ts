import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux almost everywhere). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * CPU time (user and system, ms) that process `pid` and, apart, its
 * descendants (the embedded PostgreSQL: postmaster and backends) have used,
 * read from /proc. A route's server and database cost per request then reads
 * the same whatever the concurrency does to its latency. The descendants'
 * count includes what their children that have exited used (cutime and
 * cstime): a parallel query's workers live for one statement, and without
 * them the PostgreSQL figure of a route whose SQL runs in parallel would be
 * a fraction of its cost. Nulls where /proc is missing (not Linux).
 */
export function processTreeCpuMs(pid: number): { own: number; descendants: number } | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const parentOf = new Map<number, number>();
  const cpuOf = new Map<number, number>();
  /** The CPU time of its children that have exited and been waited for. */
  const exitedOf = new Map<number, number>();
  for (const e of entries) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the command (which may hold spaces and parentheses): state ppid ... utime(14) stime(15) cutime(16) cstime(17).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (...at: number[]) => (at.reduce((sum, i) => sum + Number(fields[i]), 0) * 1000) / TICKS_PER_SECOND;
    parentOf.set(Number(e), Number(fields[1]));
    cpuOf.set(Number(e), ms(11, 12));
    exitedOf.set(Number(e), ms(13, 14));
  }
  if (!cpuOf.has(pid)) return null;
  const isDescendant = (p: number): boolean => {
    for (let up = parentOf.get(p); up !== undefined && up > 1; up = parentOf.get(up)) if (up === pid) return true;
    return false;
  };
  let descendants = 0;
  for (const [p, ms] of cpuOf) if (isDescendant(p)) descendants += ms + exitedOf.get(p)!;
  return { own: cpuOf.get(pid)!, descendants };
}

/** All CPU time and the share the hypervisor gave to other machines (Linux /proc/stat; zeros elsewhere). */
export function cpuTicks(): { all: number; steal: number } {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { all: f.slice(0, 8).reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
  } catch {
    return { all: 0, steal: 0 };
  }
}

/** A fixed document for speedProbe: records of text and numbers, as the server's answers hold. */
const PROBE_DOCUMENT = Array.from({ length: 2_000 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Patient ${i} García-Nguyễn`,
  born: `20${String(i % 25).padStart(2, '0')}-0${(i % 9) + 1}-1${i % 10}`,
  flags: [i % 2 === 0, i % 3 === 0],
  scores: [i, i * 2.5, i % 7],
}));

/**
 * Milliseconds a fixed piece of CPU work takes now (JSON out and back of
 * PROBE_DOCUMENT, the best of five): the same code on the same machine reads
 * higher when the machine has become slower (a neighbour on the host, a
 * lower clock), which the load average and the steal time do not show.
 */
export function speedProbe(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < 10; i++) JSON.parse(JSON.stringify(PROBE_DOCUMENT));
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
