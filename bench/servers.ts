/** What the bench's parts share: bench/serve.ts child processes, sign-in, and median with spread. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_PASSWORD } from '../server/db/seed/demo-users';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Where bench/serve.ts keeps the identity import's throughput, in the cached cluster's folder. */
export const IMPORT_FIGURES = 'identity-import.json';
/** The division the bench imports its identity children into (the demo identity user's only one there). */
export const IDENTITY_DIVISION = 'Bench Identity County';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
/** Each size keeps its own cached cluster, so a 1,000,000-patient run leaves the usual one as it was. */
export const benchDir = (patients: number) => path.join(ROOT, patients === 100_000 ? '.bench-data' : `.bench-data-${patients}`);
export const BENCH_DIR = benchDir(PATIENTS);
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The median of CPU figures read per run; undefined when a run could not read them (no /proc, or nothing counted). */
export const cpuMedian = (xs: (number | undefined)[]) => (xs.length && xs.every((x) => x !== undefined && x > 0) ? median(xs as number[]) : undefined);
export const spread = (xs: number[], digits = 1) => (xs.length > 1 ? ` (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})` : '');
/** The value at quantile q (0..1) of unsorted samples. */
export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

export const log = (m: string) => console.log(`[bench] ${m}`);

/** Starts bench/serve.ts in a child process; resolves once it prints its URL (and its database). */
export async function startServer(env: Record<string, string>): Promise<{ url: string; connectionString: string; child: ChildProcess }> {
  // BENCH_PROFILE=<dir>: the server writes its CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'bench/serve.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, LOG_LEVEL: 'warn', BENCH_PATIENTS: String(PATIENTS), ...env },
  });
  let connectionString = '';
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^BENCH_URL=(\S+)/.exec(line);
      const db = /^BENCH_DB=(\S+)/.exec(line);
      if (m) resolve(m[1]);
      else if (db) connectionString = db[1];
      else console.log(line);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
  });
  return { url, connectionString, child };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  const timer = setTimeout(() => child.kill('SIGTERM'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A demo user's bearer token. */
export async function login(url: string, userName = 'navigator'): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}
