import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '../db/connect';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** A command-line tool (`server/<path>`) run as an operator would, against a test server's database; never throws. */
export async function runCliCommand(
  script: string,
  env: { databaseUrl: string; publicUrl?: string },
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', script), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: env.databaseUrl, PUBLIC_URL: env.publicUrl ?? '', DEMO_SEED: '0' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** `npm run admin -- <args>` against a test server's database; never throws. */
export const runAdminCommand = (env: { databaseUrl: string; publicUrl: string }, args: string[]) => runCliCommand('admin/cli.ts', env, args);

/** The one-time sign-in link in a text (the command's output, an e-mail). */
export function signInLinkIn(text: string): { url: string; token: string } {
  const match = /(https?:\/\/\S+\/set-password#token=([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error(`no sign-in link in: ${text}`);
  return { url: match[1], token: match[2] };
}

/** The newest e-mail the outbox holds for `recipient`. */
export async function lastEmailTo(db: Db, recipient: string): Promise<{ subject: string | null; body: string }> {
  return db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', recipient).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
}
