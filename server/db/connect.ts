import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { CompiledQuery, Kysely, PostgresDialect, PostgresDriver, sql, type DatabaseConnection, type PostgresDialectConfig, type RawBuilder, type TransactionSettings } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { unreachableOr } from './unreachable';

// Dates stay 'YYYY-MM-DD' strings: a birth date has no time zone.
pg.types.setTypeParser(1082, (v: string) => v);
// Timestamps without zone (a calendar event's wall-clock time where it happens) stay ISO strings
// without an offset; as Dates they would be read as server-local and sent as UTC.
pg.types.setTypeParser(1114, (v: string) => v.replace(' ', 'T'));
// bigint counts (count(*)) fit in a JS number for our sizes.
pg.types.setTypeParser(20, (v: string) => Number(v));

export type Db = Kysely<Database>;

export interface PoolOptions {
  max: number;
  /** How long a caller waits for a free connection before DatabaseBusyError. */
  acquireTimeoutMs: number;
  /** statement_timeout of every connection. */
  statementTimeoutMs: number;
}

/** How many waits for a connection ended in DatabaseBusyError in this process (GET /metrics). */
export const poolTimeouts = { count: 0 };

/** Every connection is busy and none came free in time: the caller answers 503. */
export class DatabaseBusyError extends Error {
  constructor() {
    super('No database connection came free in time');
  }
}

/**
 * Code inside a transaction asked the pool for another connection. With a
 * small pool, enough such requests at once wait on each other forever (every
 * connection held by a transaction that waits for a connection), so this is
 * refused at once: pass the transaction down instead.
 */
export class SecondConnectionError extends Error {
  constructor() {
    super('A database connection was requested while this code already holds one in a transaction; pass the transaction down');
  }
}

const holdingConnection = new AsyncLocalStorage<true>();

interface Builder<R> {
  execute(callback: (executor: R) => Promise<unknown>): Promise<unknown>;
}

/** Marks everything a transaction's (or pinned connection's) callback runs as holding a connection. */
function holding<R, B extends Builder<R>>(builder: B): B {
  const execute = builder.execute.bind(builder);
  builder.execute = (callback) => execute((executor) => holdingConnection.run(true, () => callback(executor)));
  return builder;
}

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  /** Cuts every connection, busy or not (shutdown past its deadline). */
  destroyConnections(): void;
}

/** The pool settings of a loaded configuration. */
export const poolOptions = (config: { pgPoolMax: number; pgAcquireTimeoutMs: number; pgStatementTimeoutMs: number }): PoolOptions => ({
  max: config.pgPoolMax,
  acquireTimeoutMs: config.pgAcquireTimeoutMs,
  statementTimeoutMs: config.pgStatementTimeoutMs,
});

/** How every connection plans (why: in createDb); the bench's raw-SQL baseline plans the same way. */
export const PLANNER_SETTINGS = ['jit=off', 'plan_cache_mode=auto'];
/** Quoting in `literal` doubles quotes only, which is the whole escape only when this is on. */
const STRING_SETTINGS = ['standard_conforming_strings=on'];

export function createDb(connectionString: string, options: PoolOptions): DatabaseHandle {
  // JIT compiling pays off for long analytic queries; for short list calls it costs more than
  // the query. Plans are custom (made for the values) except for statements marked planOnce
  // (prepareStatements): a generic plan for a name search ignored the order index and was 12x
  // slower on PostgreSQL 15 (npm run bench on DATABASE_URL: p99 124 ms before, 28 after).
  // A session left idle inside a transaction (a handler that died half-way) is ended by the server.
  const settings = [
    ...PLANNER_SETTINGS,
    ...STRING_SETTINGS,
    `statement_timeout=${options.statementTimeoutMs}`,
    `idle_in_transaction_session_timeout=${Math.max(options.statementTimeoutMs, 10_000) * 2}`,
  ];
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    connectionTimeoutMillis: options.acquireTimeoutMs,
    options: settings.map((s) => `-c ${s}`).join(' '),
  });
  const clients = new Set<pg.PoolClient>();
  pool.on('error', () => {
    // An idle client lost its connection (database restart); the pool replaces it.
  });
  pool.on('connect', (client) => {
    clients.add(client);
    // A connection cut while checked out (database restart, shutdown past its deadline) fails
    // its query; without a listener the 'error' event would also take the whole process down.
    client.on('error', () => {});
    prepareStatements(client);
    reportLostConnections(client);
  });
  pool.on('remove', (client) => clients.delete(client as pg.PoolClient));

  const guardedPool = {
    connect: async () => {
      if (holdingConnection.getStore()) throw new SecondConnectionError();
      try {
        return await pool.connect();
      } catch (err) {
        if (!/timeout exceeded when trying to connect/.test((err as Error).message)) throw unreachableOr(err);
        poolTimeouts.count += 1;
        throw new DatabaseBusyError();
      }
    },
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({ dialect: new FoldingDialect({ pool: guardedPool }) });
  const transaction = db.transaction.bind(db);
  const connection = db.connection.bind(db);
  db.transaction = () => holding(transaction());
  db.connection = () => holding(connection());
  return {
    db,
    pool,
    destroyConnections: () => {
      for (const client of clients) void client.end().catch(() => {});
    },
  };
}

interface Fold {
  /** Sent with BEGIN; its rows are kept in `firstRows`. */
  first?: string;
  firstRows?: unknown[];
  /** Sent with COMMIT. */
  last?: string;
}

const folds = new AsyncLocalStorage<Fold>();

/**
 * Sends the statements of a folded transaction (foldedTransaction) in the
 * same message as its BEGIN and COMMIT. Every other transaction begins and
 * commits as PostgresDriver does.
 */
class FoldingDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const fold = folds.getStore();
    const first = fold?.first;
    if (!fold || first === undefined || settings.isolationLevel || settings.accessMode) return super.beginTransaction(connection, settings);
    fold.first = undefined;
    try {
      fold.firstRows = (await connection.executeQuery(CompiledQuery.raw(`begin; ${first}`))).rows as unknown[];
    } catch (err) {
      // The statement failed inside the transaction BEGIN opened: close it before the connection goes back to the pool.
      await connection.executeQuery(CompiledQuery.raw('rollback'));
      throw err;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const fold = folds.getStore();
    const last = fold?.last;
    if (!fold || last === undefined) return super.commitTransaction(connection);
    fold.last = undefined;
    // A failing statement skips the COMMIT after it; the transaction then rolls back as any failed one does.
    await connection.executeQuery(CompiledQuery.raw(`${last}; commit`));
  }
}

class FoldingDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;

  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new FoldingDriver(this.#config);
  }
}

/** A string as an SQL literal, for the statements a folded transaction sends (they take no parameters). */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * A transaction whose first and last statements travel with its BEGIN and
 * COMMIT: two round trips fewer for a short write, each a network round trip
 * where the database is on another host (on loopback the saving is within
 * the bench's noise). Both are plain SQL without parameters (write values with
 * `literal`). `body` gets the first statement's rows and returns its result
 * and the last statement, if any.
 */
export function foldedTransaction<T>(db: Db, first: string, body: (trx: Db, firstRows: unknown[]) => Promise<{ result: T; last?: string }>): Promise<T> {
  const fold: Fold = { first };
  return folds.run(fold, () =>
    db.transaction().execute(async (trx) => {
      const { result, last } = await body(trx as unknown as Db, fold.firstRows ?? []);
      fold.last = last;
      return result;
    }),
  );
}

/** Runs `fn` in the caller's transaction, or in a new one when the caller holds none. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute((trx) => fn(trx as unknown as Db));
}

type StatementListener = (text: string, values: unknown[]) => void;
let statementListener: StatementListener | null = null;

/**
 * Hears every statement any connection sends, or stops with null. Only
 * `npm run bench` listens: its raw-SQL baseline replays what a route sent.
 */
export function listenToStatements(listener: StatementListener | null): void {
  statementListener = listener;
}

const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 5000;

/** How a statement marked planOnce starts (the bench's raw-SQL baseline sends these named too). */
export const PLAN_ONCE = '/* plan once */';

/**
 * Marks a statement whose best plan is the same whatever its values (one
 * patient's rows by the patient's id, a page of a short list, a create that
 * finds its patient by id): PostgreSQL may then keep
 * one generic plan per connection instead of planning at every call, which
 * cost more than running it (the identity summary: 5.4 ms planning for
 * 1.8 ms of work; with the plan kept, 0.3 ms in all). Never for a statement
 * whose plan turns on its values: a name search, a date range, the latest of
 * every kind of a patient's events (the face sheet's card: for a patient with
 * 22,701 events the generic plan sorted them all).
 */
export function planOnce<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(PLAN_ONCE)} ${statement}`;
}

/** Pages past this are planned for their values at each call: each page planned once is a statement kept per connection. */
export const PAGES_PLANNED_ONCE = 5;

/**
 * A page's limit or offset in a statement planned once. A generic plan cannot
 * know bounds given as parameters and guesses a tenth of the matches, which at
 * 1,000,000 patients cost it more than a plan for the call's own values, so
 * PostgreSQL never kept it and planned every call (the quick search: 2 ms of
 * planning a call). Written into the statement they are known; only for the
 * first pages (`planned`), so a connection keeps few statements.
 */
export const pageBound = (planned: boolean, n: number): RawBuilder<unknown> => (planned ? sql.lit(n) : sql`${n}`);

/** planOnce for a query made with the query builder: runs it and answers its rows. */
export async function rowsPlannedOnce<O>(db: Db, query: { compile(): CompiledQuery<O> }): Promise<O[]> {
  const compiled = query.compile();
  return (await db.executeQuery<O>({ ...compiled, sql: `${PLAN_ONCE} ${compiled.sql}` })).rows;
}

/**
 * Sends the statements marked planOnce as named prepared statements: each
 * connection parses them once, and after five custom plans PostgreSQL keeps a
 * generic plan when it costs no more (plan_cache_mode=auto). Every other
 * statement goes unnamed, so it is planned for its values each time. DDL and
 * unmarked writes never go named; a marked one names its result columns (no
 * top-level `returning *`), so a column a migration adds cannot change the
 * result type of a statement prepared before it.
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (statementListener && typeof text === 'string') statementListener(text, Array.isArray(values) ? values : []);
    if (typeof text === 'string' && (!Array.isArray(values) || values.length === 0) && typeof callback !== 'function') {
      // Several statements in one simple query answer with one result each: the caller reads the last.
      return (query(text, values) as Promise<pg.QueryResult | pg.QueryResult[]>).then((result) => (Array.isArray(result) ? result[result.length - 1] : result));
    }
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || !text.startsWith(PLAN_ONCE)) {
      return query(text, values, callback);
    }
    let name = statementNames.get(text);
    if (!name) {
      name = `cw_${crypto.createHash('sha1').update(text).digest('base64url')}`;
      if (statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(text, name);
    }
    return query({ name, text, values }, callback);
  };
}

/**
 * A statement cut off by a lost connection (a database restart) fails as
 * DatabaseUnreachableError: the caller's 503 with a retry hint, not a 500, so
 * no write is ever answered as done without its COMMIT's answer. A write whose
 * COMMIT was sent but not answered may have landed: a retry with the same
 * Idempotency-Key then replays it.
 */
function reportLostConnections(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const answer = query(...args);
    return answer instanceof Promise ? answer.catch((err: unknown) => Promise.reject(unreachableOr(err))) : answer;
  };
}
