/**
 * `npm run seed -- --patients N [--medical-events M] [--division <name>]`
 *
 * Adds N synthetic patients (batches of 20,000 in one transaction), then M
 * medical events of the form types over the division's patients, to a division
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
import { addMedicalEvents } from './bulk-medical-events';
import { addPatients } from './patients';

const USAGE = 'Usage: npm run seed -- [--patients <count>] [--medical-events <count>] [--division <division name>] (at least one count)';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { patients: { type: 'string' }, 'medical-events': { type: 'string' }, division: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
/** A count option's value; 0 when it is not given. */
function countOf(name: 'patients' | 'medical-events', max: number): number {
  const raw = values[name];
  if (raw === undefined) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) fail(`--${name} must be a whole number from 1 to ${max.toLocaleString('en-US')}`);
  return n;
}
const count = countOf('patients', 10_000_000);
const events = countOf('medical-events', 100_000_000);
if (!count && !events) fail('Give --patients, --medical-events or both');

const config = loadConfig();
const log = (m: string) => console.log(`[seed] ${m}`);
const progress = (total: number, started: number) => (n: number) =>
  log(`  ${n.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
function done(total: number, what: string, started: number) {
  const seconds = (performance.now() - started) / 1000;
  log(`Done: ${total.toLocaleString('en-US')} ${what} in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en-US')}/s), committed and analysed.`);
}
const { db, close } = await openCliDatabase(config, log).catch((err: Error) => {
  console.error(`[seed] failed: ${err.message}`);
  process.exit(1);
});
let code = 0;
try {
  if (config.demoSeed && (await seedDemo(db, await fileStore(config)))) log('Seeded demo data.');
  const division = await cliDivision(db, values.division, 'No divisions yet: run with DEMO_SEED on (the default) or create the organisation first');
  if (count) {
    const before = await db.selectFrom('patient').select((eb) => eb.fn.countAll<number>().as('n')).where('division_uid', '=', division.division_uid).executeTakeFirstOrThrow();
    log(`Adding ${count.toLocaleString('en-US')} patients to ${division.division_name} (has ${Number(before.n).toLocaleString('en-US')}) ...`);
    const started = performance.now();
    await addPatients(db, division.division_uid, count, progress(count, started));
    done(count, 'patients', started);
  }
  if (events) {
    log(`Adding ${events.toLocaleString('en-US')} medical events to the patients of ${division.division_name} ...`);
    const started = performance.now();
    await addMedicalEvents(db, division.division_uid, events, progress(events, started));
    done(events, 'medical events', started);
  }
} catch (err) {
  console.error(`[seed] failed: ${(err as Error).message}`);
  code = 1;
} finally {
  await close();
}
process.exit(code);
