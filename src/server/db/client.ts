import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { PROJECT_DIR } from '../project-dir.ts';

export type Db = PgDatabase<PgQueryResultHKT>;

/** Runs plain SQL on one connection; used where a session-level lock must hold (migrations). */
export type RawQuery = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

export interface Database {
  kind: DatabaseConfig['kind'];
  db: Db;
  /** Gives `fn` one dedicated connection for its whole duration. */
  withConnection<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite: the whole data directory as one file, to start an in-memory database from (DatabaseConfig `from`). */
  dumpDataDir?(): Promise<Blob>;
}

// pg parses int8 as string by default; every bigint Betbro stores is cents, far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(config: DatabaseConfig, options: { prepareStatements: boolean } = { prepareStatements: true }): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url, options.prepareStatements) : openPglite(config.dataDir, config.from);
}

/**
 * PGlite starts PostgreSQL with PostgreSQL's own shared_buffers, 128 MB, which it zeroes at start:
 * a third of a second and 128 MB of resident memory for a cache the embedded database, one
 * process for a group of friends, never fills. 16 MB holds its hot pages many times over
 * (docs/startup-and-memory.md).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * V8 first compiles PGlite's WebAssembly with its baseline compiler and moves a function to its
 * optimising compiler once the function has run for a budget (13 million by default, roughly bytes
 * of code executed). PostgreSQL's start-up alone spends that budget on hundreds of functions that
 * an idle server never runs again; their optimised code and the compiler's leftovers held about
 * 45 MB. A budget a hundred times larger keeps start-up on the baseline code, while the functions
 * every request runs still reach the optimising compiler under load (the embedded stake benchmark,
 * docs/startup-and-memory.md). Set before PGlite compiles its module; it applies to this process.
 */
const WASM_TIERING_BUDGET = 1_300_000_000;

/** An empty database cluster made by `npm run build` (scripts/lib/build.ts), when there is one. */
export const PGLITE_TEMPLATE_DIR = path.join(PROJECT_DIR, 'dist/pglite-template');

/**
 * A first start on an empty DATA_DIR copies the cluster the build made instead of running
 * PostgreSQL's initdb, which takes seconds and leaves a second PostgreSQL's memory behind.
 * Copied beside, then renamed into place, so an interrupted copy is never taken for a database.
 */
export function createFromTemplate(dir: string, template = PGLITE_TEMPLATE_DIR): void {
  if (!existsSync(path.join(template, 'PG_VERSION'))) return;
  if (existsSync(dir) && readdirSync(dir).length > 0) return;
  const copy = `${dir}.${process.pid}.tmp`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(copy, dir);
}

async function openPglite(dataDir: string | null, from: Blob | undefined): Promise<Database> {
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  // Loaded only when used: a server on PostgreSQL never parses PGlite.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
  let client: PGlite;
  if (dataDir === null) {
    client = await PGlite.create({ startParams, ...(from ? { loadDataDir: from } : {}) });
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    createFromTemplate(dir);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { startParams });
  }
  // PGlite has a single connection and queues queries itself, so every caller shares it.
  const query: RawQuery = async <Row,>(text: string, params?: unknown[]) =>
    (await client.query<Row>(text, params)).rows;
  const db = drizzlePglite(client) as unknown as Db;
  let closed = false;
  // Callers of withConnection expect a connection of their own (a session lock, a BEGIN ...
  // COMMIT); on PGlite's one connection they take turns instead.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    db,
    withConnection: <T,>(fn: (q: RawQuery) => Promise<T>) => {
      const result = turn.then(() => fn(query));
      turn = result.catch(() => {});
      return result;
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** How many distinct statements one process prepares at most; later ones run unprepared. */
const MAX_PREPARED_STATEMENTS = 2_000;
const preparedNames = new Map<string, string>();

/** A stable name for a statement's text, or undefined once the process prepared enough. */
function statementName(text: string): string | undefined {
  const known = preparedNames.get(text);
  if (known || preparedNames.size >= MAX_PREPARED_STATEMENTS) return known;
  const name = `b_${createHash('sha1').update(text).digest('base64url')}`;
  preparedNames.set(text, name);
  return name;
}

/**
 * Sends every parameterised statement as a named prepared statement, so each connection parses
 * and plans a query shape once instead of on every request: planning was about half of
 * PostgreSQL's time on the feed and the stake (docs/decisions/007-stake-in-the-database.md).
 * Statements without parameters (BEGIN, COMMIT) go as they are. The plain way is unnamed
 * statements (PLAIN_PATHS=prepared-statements, and PGlite): every server test runs on PGlite
 * without them and, in the server-postgres project, on PostgreSQL with them.
 */
class PreparingClient extends pg.Client {
  // pg's query() has many overloads; this only adds a name to the one form the query builder uses.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    let sent = config;
    if (Array.isArray(values) && values.length > 0 && config && typeof config === 'object') {
      const { text, name } = config as { text?: unknown; name?: unknown };
      const prepared = typeof text === 'string' && !name ? statementName(text) : undefined;
      if (prepared) sent = { ...config, name: prepared };
    }
    return (super.query as (...args: unknown[]) => never)(sent, values, callback);
  }
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void;

/**
 * A pool whose lent client goes back to it (and is dropped) as soon as its connection is lost,
 * whatever its holder does next; the holder's own release afterwards does nothing. drizzle's
 * transaction sends BEGIN before the `try` that releases the client: a BEGIN that fails on a lost
 * connection (a restart, an admin ending it) would keep that client lent for good, and with it
 * one of the pool's places, and the pool would never end.
 */
export class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) {
      return new Promise((resolve, reject) => this.connect((err, client) => (client ? resolve(client) : reject(err))));
    }
    super.connect((err, client, done) => {
      if (!client) return callback(err, client, done);
      const release = client.release.bind(client);
      let released = false;
      const lost = (error?: Error) => client.release(error ?? true);
      client.release = (reason?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', lost).removeListener('end', lost);
        release(reason);
      };
      client.once('error', lost).once('end', lost);
      callback(undefined, client, client.release);
    });
  }
}

async function openPostgres(url: string, prepareStatements: boolean): Promise<Database> {
  const pool = new ReleasingPool({
    connectionString: url,
    max: 20,
    idleTimeoutMillis: 30_000,
    ...(prepareStatements ? { Client: PreparingClient } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it. A lent
  // one that loses it is heard by ReleasingPool, which gives it back (its next query fails).
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(async (text, params) => (await client.query(text, params)).rows);
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * A value built once per database on first use and kept as long as the database is: the
 * prepared queries of the hot paths (session lookup, feeds), whose building costs the server
 * more than PostgreSQL spends running them (docs/decisions/007-stake-in-the-database.md).
 */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}

/** The rows of a raw `db.execute(sql...)` result; PGlite and node-postgres both answer `{rows}`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
