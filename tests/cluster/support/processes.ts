import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Careweave processes for the multi-process suite (issue 36 section 5), on
 * one database and Redis: `npm run cluster` (one port, the primary hands
 * connections to its workers) or single servers (`server/main.ts`, a port
 * each, for a test that must choose which process it asks).
 */

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
export const METRICS_TOKEN = 'multi-process-metrics-token';

export interface Started {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the output matches (it may already). */
  printed(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

function startProcess(args: string[], env: Record<string, string>, what: string): Promise<Started> {
  return (async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-multi-'));
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, REDIS_URL, DEMO_SEED: '0', METRICS_TOKEN, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const waiters = new Set<() => void>();
    const take = (chunk: Buffer) => {
      output += chunk;
      for (const wake of waiters) wake();
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    const printed = (pattern: RegExp, ms = 90_000) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(output);
          if (!m) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(m);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${what} did not print ${pattern} in ${ms} ms:\n${output}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const started = printed(/running at (http\S+)\//);
    const url = (await Promise.race([started, exited.then(() => Promise.reject(new Error(`${what} exited:\n${output}`)))]))[1].replace('localhost', '127.0.0.1');
    return {
      url,
      child,
      output: () => output,
      printed,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await exited;
        }
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  })();
}

/** `npm run cluster -- --workers N` on the database. */
export const startCluster = (databaseUrl: string, workers: number, env: Record<string, string> = {}) =>
  startProcess(['server/cluster.ts', '--workers', String(workers)], { DATABASE_URL: databaseUrl, ...env }, `a cluster of ${workers}`);

/** One more server process on the database (which another has prepared). */
export const startServerProcess = (databaseUrl: string, env: Record<string, string> = {}) => startProcess(['server/main.ts'], { DATABASE_URL: databaseUrl, ...env }, 'a server process');

/** The processes a scrape of GET /metrics reports (every worker's, through the primary). */
export async function processesReporting(url: string): Promise<Set<string>> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return new Set([...(await response.text()).matchAll(/^careweave_process_cpu_seconds_total\{[^}]*process="(\d+)"/gm)].map((m) => m[1]));
}
