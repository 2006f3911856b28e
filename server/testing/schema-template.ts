import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createDb } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

const ROOT = resolve(import.meta.dirname, '../..');
/** What a migration's result depends on: the migrations, the reference lists they insert and the schemas those read. */
const SOURCES = ['server/db/migrations', 'server/db/migrate.ts', 'server/db/reference-lists', 'shared/schemas'];
const PREFIX = 'careweave_schema_';
/** One advisory lock for every test process on the server: the first builds the template, the others wait for it. */
const LOCK = 7_310_245;

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((f) => filesUnder(join(path, f)));
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => filesUnder(resolve(ROOT, s)))) hash.update(file.slice(ROOT.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database holding the migrated schema and reference lists, made once per version of the migrations, from which
 * each test server's database is copied (CREATE DATABASE ... TEMPLATE). The migrations cost about 2 s of
 * PostgreSQL a server, and a CI run starts some 200; the copy takes a tenth of that. Only the schema is shared:
 * the demo seed still runs on each copy, since its data is laid out around the moment it runs.
 * It is built under another name and renamed when complete, so a run killed half-way never leaves a template
 * that looks finished. Templates of older migrations are dropped when not in use.
 */
export async function schemaTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = `${PREFIX}${sourcesHash()}`;
  const building = `${name}_building`;
  await admin.query('select pg_advisory_lock($1)', [LOCK]);
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${PREFIX}%`]);
    if (!rows.some((r) => r.datname === name)) {
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const { db, pool } = createDb(url.toString(), { max: 1, acquireTimeoutMs: 30_000, statementTimeoutMs: 120_000 });
      try {
        await migrateToLatest(db);
      } finally {
        await pool.end();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    for (const old of rows.map((r) => r.datname).filter((d) => d !== name && d !== building)) {
      // In use by a test of another checkout: left for a later run to drop.
      await admin.query(`drop database if exists ${old}`).catch(() => {});
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [LOCK]);
  }
  return name;
}
