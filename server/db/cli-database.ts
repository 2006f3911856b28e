import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { createDb, poolOptions, type Db } from './connect';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { migrateToLatest } from './migrate';
import { seedBase } from './seed/demo';

/** Whether a live PostgreSQL (a running Careweave's) holds the embedded cluster under `dataDir`. */
async function clusterRunning(dataDir: string): Promise<boolean> {
  const pid = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database a command-line tool (npm run seed, npm run admin) works on:
 * DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, which it starts and
 * stops itself (refused while a server runs on it: that server owns the
 * cluster). Migrated, with the base data every install needs.
 */
export async function openCliDatabase(config: Config, log: (m: string) => void): Promise<{ db: Db; close: () => Promise<void> }> {
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    if (await clusterRunning(config.dataDir)) throw new Error(`Careweave is running on ${config.dataDir}: stop it first (Ctrl-C), or set DATABASE_URL`);
    log(`Starting embedded PostgreSQL in ${config.dataDir}/pg ...`);
    embedded = await startEmbeddedPostgres(config.dataDir);
    connectionString = embedded.connectionString;
  } else {
    log(`Using DATABASE_URL (${new URL(connectionString).host}${new URL(connectionString).pathname})`);
  }
  const { db } = createDb(connectionString, poolOptions(config));
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
  };
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    await seedBase(db);
  } catch (err) {
    await close();
    throw err;
  }
  return { db, close };
}

/**
 * The division a command works on: the one named (any case), or the first by
 * name. Throws, naming the divisions there are, or `whenNone` on an empty install.
 */
export async function cliDivision(db: Db, name: string | undefined, whenNone: string): Promise<{ division_uid: string; division_name: string }> {
  const divisions = await db.selectFrom('division').select(['division_uid', 'division_name']).orderBy('division_name').execute();
  const division = name ? divisions.find((d) => d.division_name.toLowerCase() === name.toLowerCase()) : divisions[0];
  if (division) return division;
  throw new Error(divisions.length ? `No division named '${name}'. Divisions: ${divisions.map((d) => d.division_name).join(', ')}` : whenNone);
}
