import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { boot, type Running } from '../boot';
import { loadConfig } from '../config';
import { schemaTemplate } from './schema-template';

export interface TestServer extends Running {
  dataDir: string;
}

/**
 * A real Careweave server for tests: its own embedded PostgreSQL in a temp
 * directory, or, when DATABASE_URL is set, a fresh database on that server,
 * copied from the migrated schema (schema-template.ts) and dropped again on stop. Migrated and demo-seeded. Given `DATABASE_URL`
 * in `env` (e.g. another test server's `connectionString`), it joins that
 * database instead: a second server process on the same data, left in place on stop.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-test-'));
  await fs.chmod(dataDir, 0o755);
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL && env.DATABASE_URL === undefined) {
    const name = `careweave_test_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${await schemaTemplate(admin, process.env.DATABASE_URL)}`);
    } finally {
      await admin.end();
    }
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    DEMO_SEED: '1',
    // Tests count the seeded patients and cases; a test that wants the demo extract asks for it.
    DEMO_EXTRACT_CHILDREN: '0',
    // Every answer a test sees is checked against its route's schema (issue 37 section 3).
    STRICT_ANSWERS: '1',
    ...env,
  });
  const running = await boot(config);
  return {
    ...running,
    dataDir,
    stop: async () => {
      try {
        await running.stop();
      } finally {
        await dropDatabase();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
