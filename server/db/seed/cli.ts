/**
 * `npm run seed -- --patients N [--division <name>]`
 *
 * Adds N synthetic patients (batches of 20,000 in one transaction) to a division
 * (default: the first by name) of the database the server would use: DATABASE_URL,
 * or the embedded PostgreSQL under DATA_DIR (default ./data). Migrates and seeds
 * the base and demo data first, as the server does; starts no HTTP server.
 * Stop a server using the same DATA_DIR first: its PostgreSQL owns that cluster.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { cliDivision, openCliDatabase } from '../cli-database';
import { fileStore } from '../../files/file-store';
import { seedDemo } from './demo';
import { addPatients } from './patients';

const USAGE = 'Usage: npm run seed -- --patients <count> [--division <division name>]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { patients: { type: 'string' }, division: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = Number(values.patients);
if (!values.patients || !Number.isInteger(count) || count < 1 || count > 10_000_000) fail('--patients must be a whole number from 1 to 10,000,000');

const config = loadConfig();
const log = (m: string) => console.log(`[seed] ${m}`);
const { db, close } = await openCliDatabase(config, log).catch((err: Error) => {
  console.error(`[seed] failed: ${err.message}`);
  process.exit(1);
});
let code = 0;
try {
  if (config.demoSeed && (await seedDemo(db, await fileStore(config)))) log('Seeded demo data.');
  const division = await cliDivision(db, values.division, 'No divisions yet: run with DEMO_SEED on (the default) or create the organisation first');
  const before = await db.selectFrom('patient').select((eb) => eb.fn.countAll<number>().as('n')).where('division_uid', '=', division.division_uid).executeTakeFirstOrThrow();
  log(`Adding ${count.toLocaleString('en-US')} patients to ${division.division_name} (has ${Number(before.n).toLocaleString('en-US')}) ...`);
  const started = performance.now();
  await addPatients(db, division.division_uid, count, (done) => {
    log(`  ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  });
  const seconds = (performance.now() - started) / 1000;
  log(`Done: ${count.toLocaleString('en-US')} patients in ${seconds.toFixed(1)} s (${Math.round(count / seconds).toLocaleString('en-US')}/s), committed and analysed.`);
} catch (err) {
  console.error(`[seed] failed: ${(err as Error).message}`);
  code = 1;
} finally {
  await close();
}
process.exit(code);
