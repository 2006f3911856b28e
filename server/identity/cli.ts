/**
 * `npm run import -- <folder> [--division <name>]`
 *
 * Issue 11 section 1: loads an identity extract (one CSV file per source
 * table, docs/identity-import.md) into a division (default: the first by
 * name) of the database the server would use (DATABASE_URL or the embedded
 * PostgreSQL under DATA_DIR; stop the server first), migrating it first.
 * Prints each source's rows read, loaded and rejected, every rejected row
 * (file, line, reason) and the matching; exits 1 when the run failed (nothing
 * changed then).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { cliDivision, openCliDatabase } from '../db/cli-database';
import { importExtract } from './import';

const USAGE = 'Usage: npm run import -- <extract folder> [--division <division name>]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { division: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) fail('Name one extract folder');
const folder = positionals[0];
if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) fail(`No folder ${folder}`);

const log = (m: string) => console.log(`[import] ${m}`);
const { db, close } = await openCliDatabase(loadConfig(), log).catch((err: Error) => {
  console.error(`[import] failed: ${err.message}`);
  process.exit(1);
});
let code = 0;
try {
  const division = await cliDivision(db, values.division, 'No divisions yet: start Careweave once or create the organisation first (npm run admin)');
  log(`Importing ${folder} into ${division.division_name} ...`);
  const started = performance.now();
  const report = await importExtract(db, folder, division.division_uid, log);
  for (const s of report.sources) log(`  ${s.file.padEnd(22)} read ${s.read}, loaded ${s.loaded}, rejected ${s.rejected}: ${s.status}`);
  if (report.matches) {
    const m = report.matches;
    log(`  matching: ${m.kept} kept, ${m.deterministic} on SACWIS person id, ${m.fuzzy} fuzzy (waiting for approval), ${m.created} new patients`);
  }
  log(`${report.ok ? 'Done' : 'Failed, nothing changed'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (!report.ok) code = 1;
} catch (err) {
  console.error(`[import] failed: ${(err as Error).message}`);
  code = 1;
} finally {
  await close();
}
process.exit(code);
