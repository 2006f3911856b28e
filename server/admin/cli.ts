/**
 * `npm run admin -- create-user --name <name> --email <address> --org <organisation> [--division <name>] [--user-name <name>]`
 *
 * Issue 14 section 1: on an empty install (DEMO_SEED=0) creates the first
 * organisation, a division and an administrator, and prints a one-time
 * sign-in link (24 hours) where they set their password. Works on the
 * database the server would use (DATABASE_URL or the embedded PostgreSQL
 * under DATA_DIR; stop the server first) and migrates it first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openCliDatabase } from '../db/cli-database';
import { SIGN_IN_LINK_HOURS } from '../auth/sign-in-links';
import { checkFirstUser, CommandError, createFirstAdministrator } from './first-user';

const USAGE = 'Usage: npm run admin -- create-user --name <full name> --email <address> --org <organisation> [--division <division name>] [--user-name <user name>]';

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { name: { type: 'string' }, email: { type: 'string' }, org: { type: 'string' }, division: { type: 'string' }, 'user-name': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1 || positionals[0] !== 'create-user') fail(positionals.length ? `Unknown command: ${positionals.join(' ')}` : 'Name a command');

let options;
try {
  options = checkFirstUser({ name: values.name ?? '', email: values.email ?? '', org: values.org ?? '', division: values.division, userName: values['user-name'] });
} catch (err) {
  fail((err as Error).message);
}

const config = loadConfig();
const log = (m: string) => console.error(`[admin] ${m}`);
const { db, close } = await openCliDatabase(config, log).catch((err: Error) => fail(err.message, 1));
let code = 0;
try {
  const { user, link } = await createFirstAdministrator(db, options, config.publicUrl || `http://localhost:${config.port}`);
  console.log(`Created organisation ${options.org.trim()}, its division and the administrator ${user.displayName} (user name ${user.userName}).`);
  console.log(`Sign-in link (works once, within ${SIGN_IN_LINK_HOURS} hours); open it to set the password:`);
  console.log(link);
} catch (err) {
  console.error(`[admin] ${err instanceof CommandError ? '' : 'failed: '}${(err as Error).message}`);
  code = 1;
} finally {
  await close();
}
process.exit(code);
