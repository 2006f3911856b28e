/**
 * `npm run admin -- create-user --name <name> --email <address> --org <organisation> [--division <name>] [--user-name <name>]`
 * `npm run admin -- add-ehr --issuer <url> --client-id <id> --mrn-system <uri> --division <name> [--name <text>] [--client-secret <secret>] [--org <organisation>]`
 *
 * Issue 14 section 1: on an empty install (DEMO_SEED=0) creates the first
 * organisation, a division and an administrator, and prints a one-time
 * sign-in link (24 hours) where they set their password.
 *
 * Issue 34 section 1: registers an EHR that may open Careweave by a SMART
 * launch, for the division named (its organisation's), as the admin page
 * does, and prints the launch URL, redirect URL and scopes to register in
 * the EHR.
 *
 * Works on the database the server would use (DATABASE_URL or the embedded
 * PostgreSQL under DATA_DIR; stop the server first) and migrates it first.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig } from '../config';
import { openCliDatabase } from '../db/cli-database';
import type { Db } from '../db/connect';
import { SIGN_IN_LINK_HOURS } from '../auth/sign-in-links';
import { addEhr, checkAddEhr } from './add-ehr';
import { checkFirstUser, CommandError, createFirstAdministrator } from './first-user';

const USAGE = [
  'Usage: npm run admin -- create-user --name <full name> --email <address> --org <organisation> [--division <division name>] [--user-name <user name>]',
  '       npm run admin -- add-ehr --issuer <FHIR base URL> --client-id <client id> --mrn-system <identifier system URI> --division <division name> [--name <EHR name>] [--client-secret <secret>] [--org <organisation>]',
].join('\n');

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

const text = { type: 'string' } as const;
const help = { type: 'boolean', short: 'h' } as const;
/** Each command's options; another command's option is an error. */
const OPTIONS = {
  'create-user': { name: text, email: text, org: text, division: text, 'user-name': text, help },
  'add-ehr': { issuer: text, 'client-id': text, 'client-secret': text, 'mrn-system': text, division: text, name: text, org: text, help },
} satisfies Record<string, ParseArgsConfig['options']>;
type Command = keyof typeof OPTIONS;

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { ...OPTIONS['create-user'], ...OPTIONS['add-ehr'] } });
  } catch (err) {
    return fail((err as Error).message);
  }
})() as { values: Record<string, string | boolean | undefined>; positionals: string[] };
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const command = positionals[0] as Command;
if (positionals.length !== 1 || !(command in OPTIONS)) fail(positionals.length ? `Unknown command: ${positionals.join(' ')}` : 'Name a command');
const foreign = Object.keys(values).filter((name) => !(name in OPTIONS[command]));
if (foreign.length) fail(`${command} takes no ${foreign.map((name) => `--${name}`).join(', ')}`);
const option = (name: string) => values[name] as string | undefined;

/** The command's work on the opened database: lines to print, or a CommandError to report. */
let run: (db: Db, publicUrl: string) => Promise<string[]>;
try {
  if (command === 'create-user') {
    const options = checkFirstUser({ name: option('name') ?? '', email: option('email') ?? '', org: option('org') ?? '', division: option('division'), userName: option('user-name') });
    run = async (db, publicUrl) => {
      const { user, link } = await createFirstAdministrator(db, options, publicUrl);
      return [
        `Created organisation ${options.org.trim()}, its division and the administrator ${user.displayName} (user name ${user.userName}).`,
        `Sign-in link (works once, within ${SIGN_IN_LINK_HOURS} hours); open it to set the password:`,
        link,
      ];
    };
  } else {
    const options = checkAddEhr({
      issuer: option('issuer') ?? '',
      clientId: option('client-id') ?? '',
      clientSecret: option('client-secret'),
      mrnSystem: option('mrn-system') ?? '',
      division: option('division') ?? '',
      name: option('name'),
      org: option('org'),
    });
    run = async (db, publicUrl) => {
      const { ehr, organisation, help: register } = await addEhr(db, options, publicUrl);
      return [
        `Registered the EHR ${ehr.displayName} (${ehr.issuer}, ${ehr.hasClientSecret ? 'confidential client' : 'public client'}) for ${ehr.divisionName}, ${organisation}.`,
        'Register Careweave in the EHR as a SMART app with:',
        `  Launch URL:   ${register.launchUrl}`,
        `  Redirect URL: ${register.redirectUrl}`,
        `  Scopes:       ${register.scopes}`,
        'Approve its users at /admin/organization (EHR User Links) after their first launch.',
      ];
    };
  }
} catch (err) {
  fail((err as Error).message);
}

const config = loadConfig();
const log = (m: string) => console.error(`[admin] ${m}`);
const { db, close } = await openCliDatabase(config, log).catch((err: Error) => fail(err.message, 1));
let code = 0;
try {
  for (const line of await run(db, config.publicUrl || `http://localhost:${config.port}`)) console.log(line);
} catch (err) {
  console.error(`[admin] ${err instanceof CommandError ? '' : 'failed: '}${(err as Error).message}`);
  code = 1;
} finally {
  await close();
}
process.exit(code);
