import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { PLANNER_SETTINGS } from '../server/db/connect';
import { readsOf, type Statement } from './raw-sql';

/** Asked of the bench server over IPC: serve these statements at `/bare/<key>`. */
export interface BareAsked {
  bare: { key: string; statements: Statement[] };
}
export interface BareAnswer {
  bareUrl: string;
}

/**
 * Issue 37 section 2: the floor for a Node server doing a route's work. In
 * the bench server's own process (so its CPU is read the same way), a plain
 * `node:http` server answers `/bare/<key>` by sending the route's captured
 * reads with `pg` (planned as the server plans them) and returning their
 * rows with `JSON.stringify`: no auth, no engine, no Kysely, no Fastify.
 */
export async function startBareServer(connectionString: string, poolMax: number) {
  const pool = new pg.Pool({ connectionString, max: poolMax, options: PLANNER_SETTINGS.map((s) => `-c ${s}`).join(' ') });
  const routes = new Map<string, ReturnType<typeof readsOf>>();
  const server = http.createServer(async (req, res) => {
    const reads = routes.get((req.url ?? '').slice('/bare/'.length));
    if (!reads) {
      res.writeHead(404).end();
      return;
    }
    try {
      const data = [];
      for (const q of reads) data.push((await pool.query(q.values.length ? q : q.text)).rows);
      const body = JSON.stringify({ data });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    } catch (error) {
      res.writeHead(500).end((error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare/`;
  return {
    /** Serves the route's reads at the address answered. */
    serve(key: string, statements: Statement[]): string {
      routes.set(key, readsOf(statements));
      return base + key;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
