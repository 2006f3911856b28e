import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/connect';
import { DEMO_USERS } from '../db/seed/demo-users';
import { writeDemoExtract } from './demo-extract';
import { importExtract } from './import';

/** The demo extract's seed: every demo install gets the same children. */
const DEMO_EXTRACT_SEED = 1;

/**
 * Issue 11: a demo install that has never run an import gets a small demo
 * extract in its first division (the identity users' division), so identity
 * users see real children at once. The demo identity user is the worker on
 * some of its restricted cases. Returns whether it imported.
 */
export async function importDemoExtract(db: Db, children: number): Promise<boolean> {
  if (children < 1) return false;
  if (await db.selectFrom('tbl_identity_source_status').select('run_uid').limit(1).executeTakeFirst()) return false;
  const division = await db.selectFrom('division').select('division_uid').orderBy('division_name').limit(1).executeTakeFirst();
  if (!division) return false;
  const identity = DEMO_USERS.find((u) => u.userName === 'identity')!;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-demo-extract-'));
  try {
    await writeDemoExtract({ children, seed: DEMO_EXTRACT_SEED, out: folder, caseWorker: { name: identity.displayName, email: identity.email } });
    const report = await importExtract(db, folder, division.division_uid);
    if (!report.ok) throw new Error(`The demo identity extract did not load: ${report.error}`);
    return true;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
