/**
 * `npm run admin -- create-user --name <name> --email <address> --org <organisation> [--division <name>] [--user-name <name>]`
 * `npm run admin -- add-ehr --issuer <url> --client-id <id> --mrn-system <uri> --division <name> [--name <text>] [--client-secret <secret>] [--org <organisation>]`
 * `npm run admin -- add-fhir-client --name <name> (--jwks-file <file> | --jwks-url <url>) --scopes "<scopes>" --division <name> [--division <name> ...] [--org <organisation>]`
 * `npm run admin -- add-fhir-destination --facility <name> --fhir-base <url> --client-id <id> --owner Organization/<id> [--org <organisation>]`
 * `npm run admin -- add-smart-app --name <name> --redirect-uri <url> [--redirect-uri <url> ...] --scopes "<scopes>" [--org <organisation>]`
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
 * Issue 35 section 2: registers a system that may call the FHIR API as a
 * SMART Backend Services client (its public keys, allowed system scopes and
 * divisions) and prints its client id, token URL and FHIR base URL.
 * `add-fhir-destination` registers a facility whose FHIR server takes
 * Careweave's referrals (Careweave as the Gravity referral source).
 * `add-smart-app` registers a user-facing SMART app that signs Careweave
 * users in (a public client with PKCE) and prints its client id and the
 * FHIR base, authorize and token URLs its developer configures.
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
import { addFhirClient, checkAddFhirClient } from './add-fhir-client';
import { addFhirDestination, checkAddFhirDestination } from './add-fhir-destination';
import { addSmartApp, checkAddSmartApp } from './add-smart-app';
import { checkFirstUser, CommandError, createFirstAdministrator } from './first-user';

const USAGE = [
  'Usage: npm run admin -- create-user --name <full name> --email <address> --org <organisation> [--division <division name>] [--user-name <user name>]',
  '       npm run admin -- add-ehr --issuer <FHIR base URL> --client-id <client id> --mrn-system <identifier system URI> --division <division name> [--name <EHR name>] [--client-secret <secret>] [--org <organisation>]',
  '       npm run admin -- add-fhir-client --name <client name> (--jwks-file <JWKS file> | --jwks-url <https URL>) --scopes "<system scopes>" --division <division name> [--division <another> ...] [--org <organisation>]',
  '       npm run admin -- add-fhir-destination --facility <facility name> --fhir-base <FHIR base URL> --client-id <its client id for Careweave> --owner Organization/<id> [--org <organisation>]',
  '       npm run admin -- add-smart-app --name <app name> --redirect-uri <https URL> [--redirect-uri <another> ...] --scopes "<patient/ and user/ scopes>" [--org <organisation>]',
].join('\n');

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

const text = { type: 'string' } as const;
/** Repeatable for add-fhir-client; the other commands take one (see `option`). */
const divisions = { type: 'string', multiple: true } as const;
/** Repeatable: an app may be sent back to several addresses. */
const redirectUris = { type: 'string', multiple: true } as const;
const help = { type: 'boolean', short: 'h' } as const;
/** Each command's options; another command's option is an error. */
const OPTIONS = {
  'create-user': { name: text, email: text, org: text, division: divisions, 'user-name': text, help },
  'add-ehr': { issuer: text, 'client-id': text, 'client-secret': text, 'mrn-system': text, division: divisions, name: text, org: text, help },
  'add-fhir-client': { name: text, 'jwks-file': text, 'jwks-url': text, scopes: text, division: divisions, org: text, help },
  'add-fhir-destination': { facility: text, 'fhir-base': text, 'client-id': text, owner: text, org: text, help },
  'add-smart-app': { name: text, 'redirect-uri': redirectUris, scopes: text, org: text, help },
} satisfies Record<string, ParseArgsConfig['options']>;
type Command = keyof typeof OPTIONS;

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { ...OPTIONS['create-user'], ...OPTIONS['add-ehr'], ...OPTIONS['add-fhir-client'], ...OPTIONS['add-fhir-destination'], ...OPTIONS['add-smart-app'] } });
  } catch (err) {
    return fail((err as Error).message);
  }
})() as { values: Record<string, string | string[] | boolean | undefined>; positionals: string[] };
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const command = positionals[0] as Command;
if (positionals.length !== 1 || !(command in OPTIONS)) fail(positionals.length ? `Unknown command: ${positionals.join(' ')}` : 'Name a command');
const foreign = Object.keys(values).filter((name) => !(name in OPTIONS[command]));
if (foreign.length) fail(`${command} takes no ${foreign.map((name) => `--${name}`).join(', ')}`);
const option = (name: string): string | undefined => {
  const value = values[name] as string | string[] | undefined;
  if (!Array.isArray(value)) return value;
  if (value.length > 1) fail(`${command} takes one --${name}`);
  return value[0];
};

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
  } else if (command === 'add-fhir-client') {
    const options = checkAddFhirClient({
      name: option('name') ?? '',
      jwksFile: option('jwks-file'),
      jwksUrl: option('jwks-url'),
      scopes: (option('scopes') ?? '').split(/\s+/).filter(Boolean),
      division: (values.division as string[] | undefined) ?? [],
      org: option('org'),
    });
    run = async (db, publicUrl) => {
      const { client, organisation, divisionNames, tokenUrl, fhirBase } = await addFhirClient(db, options, publicUrl);
      return [
        `Registered the FHIR client ${client.displayName} for ${divisionNames.join(', ')}, ${organisation}.`,
        `  Client id:     ${client.clientId}`,
        `  Token URL:     ${tokenUrl}`,
        `  FHIR base URL: ${fhirBase}`,
        `  Scopes:        ${client.scopes.join(' ')}`,
        'The client signs its assertions (RS384 or ES384) with a key of the JWKS it registered; iss and sub are the client id, aud the token URL.',
      ];
    };
  } else if (command === 'add-fhir-destination') {
    const options = checkAddFhirDestination({ facility: option('facility') ?? '', fhirBase: option('fhir-base') ?? '', clientId: option('client-id') ?? '', owner: option('owner') ?? '', org: option('org') });
    run = async (db, publicUrl) => {
      const { facility, organisation, jwksUrl, scopes } = await addFhirDestination(db, options, publicUrl);
      return [
        `Referrals to ${facility} (${organisation}) are now sent to ${options.fhirBase.trim()} as Gravity referral Bundles, and their Tasks read back.`,
        `That server must know Careweave as the Backend Services client ${options.clientId.trim()} with the keys at:`,
        `  JWKS URL: ${jwksUrl}`,
        `  Scopes:   ${scopes}`,
      ];
    };
  } else if (command === 'add-smart-app') {
    const options = checkAddSmartApp({ name: option('name') ?? '', redirectUri: (values['redirect-uri'] as string[] | undefined) ?? [], scopes: option('scopes') ?? '', org: option('org') });
    run = async (db, publicUrl) => {
      const { app, organisation, fhirBase, authorizeUrl, tokenUrl } = await addSmartApp(db, options, publicUrl);
      return [
        `Registered the SMART app ${app.name} for ${organisation}.`,
        `  Client id:     ${app.clientId}`,
        `  FHIR base URL: ${fhirBase} (the iss)`,
        `  Authorize URL: ${authorizeUrl}`,
        `  Token URL:     ${tokenUrl}`,
        `  Redirect URIs: ${app.redirectUris.join(' ')}`,
        `  Scopes:        ${app.scopes.join(' ')}`,
        'The app is a public client: no secret; it signs users in with the authorization code flow and PKCE (S256), sending them back only to its redirect URIs.',
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
