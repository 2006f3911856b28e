/**
 * Several processes (issue 36 section 5), on the bench's database:
 * - throughput of the patient list with `npm run cluster -- --workers 1`
 *   and `--workers 2` (on 2 cores, mainly a check that nothing serialises
 *   across processes: two should not answer fewer than one);
 * - the soak: BENCH_SOAK_STAFF simulated staff (200) with think time, each
 *   reading a patient's notes and adding one, for BENCH_SOAK_SECONDS (300)
 *   across three processes, with a rolling restart (SIGHUP) half-way:
 *   errors, acknowledged writes missing from the database, and the p95.
 *
 * Needs REDIS_URL (otherwise reports itself skipped). `npm run bench` runs
 * it; `node --import tsx bench/cluster.ts` runs it alone.
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BrowserLikeClient } from '../tests/cluster/support/client';
import { startCluster } from '../tests/cluster/support/processes';
import { p95, signIn, startLoad, type Load } from '../tests/cluster/support/staff';
import { BENCH_DIR, log, login, median, RUNS, SECONDS, spread, startServer, stopServer } from './servers';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SOAK_STAFF = Number(process.env.BENCH_SOAK_STAFF ?? 200);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
/** A person reads, then writes, about every few seconds: this is the pause between their calls (0.5x to 1.5x). */
const THINK_MS = 2000;
const SOAK_PATIENTS = 20;
/**
 * Sign-ins in flight at once: each holds one of the user name's 5 attempts until it succeeds
 * (LOGIN_LIMITS, counted before the password is checked), so 5 at once for one name is already refused.
 */
const SIGN_IN_BATCH = 4;
const MARKER = 'soak note';

async function throughput(connectionString: string, workers: number): Promise<number[]> {
  const cluster = await startCluster(connectionString, workers);
  try {
    const token = await login(cluster.url);
    const url = `${cluster.url}/api/data/public/patient-list?page-size=25`;
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${token}` } });
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: `Bearer ${token}` } });
      if (result.non2xx || result.errors) throw new Error(`${result.non2xx} answers not 2xx, ${result.errors} errors with ${workers} processes`);
      runs.push(result.requests.average);
    }
    return runs;
  } finally {
    await cluster.stop();
  }
}

async function soak(connectionString: string): Promise<string[]> {
  const cluster = await startCluster(connectionString, 3);
  const client = new BrowserLikeClient(cluster.url);
  const database = new pg.Client({ connectionString });
  await database.connect();
  try {
    // The bench's own database: an earlier, interrupted run's failed sign-ins must not lock this one out for 15 minutes.
    await database.query('delete from rate_limit');
    const tokens: string[] = [];
    for (let i = 0; i < SOAK_STAFF; i += SIGN_IN_BATCH) tokens.push(...(await Promise.all(Array.from({ length: Math.min(SIGN_IN_BATCH, SOAK_STAFF - i) }, () => signIn(client, 'navigator')))));
    const list = await client.request(`/api/data/public/patient-list?page-size=${SOAK_PATIENTS}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    const patients = (JSON.parse(list.text).data as { id: string }[]).map((p) => p.id);
    log(`soak: ${SOAK_STAFF} staff for ${SOAK_SECONDS} s on 3 processes, a rolling restart at ${SOAK_SECONDS / 2} s`);
    const marker = `${MARKER} ${Date.now().toString(36)}`;
    const loads: Load[] = tokens.map((token, i) => startLoad(client, token, patients[i % patients.length], 1, `${marker} ${i}`, THINK_MS));
    await new Promise((r) => setTimeout(r, (SOAK_SECONDS / 2) * 1000));
    const rolled = cluster.printed(/rolling restart done/, SOAK_SECONDS * 1000);
    cluster.child.kill('SIGHUP');
    await new Promise((r) => setTimeout(r, (SOAK_SECONDS / 2) * 1000));
    const restarted = await rolled.then(() => 'done', () => 'NOT DONE');
    await Promise.all(loads.map((l) => l.stop()));
    const failures = loads.flatMap((l) => l.failures);
    const acknowledged = new Map(loads.flatMap((l) => [...l.acknowledged]));
    const { rows } = await database.query<{ note_uid: string }>('select note_uid from patient_note where note like $1', [`${marker} %`]);
    const stored = new Set(rows.map((r) => r.note_uid));
    const lost = [...acknowledged.keys()].filter((id) => !stored.has(id)).length;
    const answers = loads.reduce((sum, l) => sum + l.answers, 0);
    return [
      `soak, ${SOAK_STAFF} staff, ${SOAK_SECONDS} s, 3 processes, rolling restart half-way (${restarted}): ${answers.toLocaleString('en-US')} requests (${(answers / SOAK_SECONDS).toFixed(0)}/s), ${failures.length} errors, ${acknowledged.size.toLocaleString('en-US')} writes acknowledged, ${lost} lost, ${rows.length - acknowledged.size} stored beyond them; p95 ${p95(loads.flatMap((l) => l.latencies)).toFixed(0)} ms; ${client.resent} sent again on a new connection`,
      ...failures.slice(0, 5).map((f) => `  error: ${f}`),
    ];
  } finally {
    client.close();
    await database.end();
    await cluster.stop();
  }
}

/** The lines `npm run bench` prints for several processes. */
export async function clusterLines(): Promise<string[]> {
  if (!process.env.REDIS_URL) return ['several processes: skipped (set REDIS_URL)'];
  const { child, connectionString } = await startServer({ DATA_DIR: BENCH_DIR, DATABASE_URL: '' });
  try {
    const lines: string[] = [];
    const one = await throughput(connectionString, 1);
    const two = await throughput(connectionString, 2);
    lines.push(
      `patient list, ${CONNECTIONS} connections, ${SECONDS} s, median of ${RUNS}: 1 process ${median(one).toFixed(0)} requests/s${spread(one, 0)}, 2 processes ${median(two).toFixed(0)}${spread(two, 0)} (${(median(two) / median(one)).toFixed(2)}x)`,
    );
    lines.push(...(await soak(connectionString).catch((err: Error) => [`soak: failed (${err.message})`])));
    return lines;
  } finally {
    await stopServer(child);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await clusterLines()) console.log(line);
}
