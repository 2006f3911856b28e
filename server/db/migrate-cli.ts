/**
 * `npm run migrate`: the database's migrations (and base rows; demo data on a
 * demo install), apart from starting a server. Under the migrations' advisory
 * lock, so two at once run them once. A rolling restart runs it with the new
 * release's code before replacing any worker (server/cluster.ts).
 */
import { prepareDatabase } from '../boot';
import { loadConfig } from '../config';
import { openCliDatabase } from './cli-database';

const log = (m: string) => console.log(`[careweave migrate] ${m}`);
const config = loadConfig();
try {
  const { db, close } = await openCliDatabase(config, log);
  try {
    await prepareDatabase(db, config, log);
  } finally {
    await close();
  }
  log('The database is up to date.');
  // The app's modules it loads keep timers of their own (caches' sweeps): a finished command ends here.
  process.exit(0);
} catch (err) {
  console.error('[careweave migrate] failed:', (err as Error).message);
  process.exit(1);
}
