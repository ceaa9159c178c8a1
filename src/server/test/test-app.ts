import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import webPush from 'web-push';
import { buildApp, type BuildOptions } from '../app.ts';
import { DEFAULT_RATE_LIMITS, type Config, type DatabaseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { BACKFILLS } from '../backfills.ts';
import { functionsTag, listMigrations, migrate } from '../db/migrate.ts';
import { PROJECT_DIR } from '../project-dir.ts';

/**
 * Test apps. Each call gets a migrated database of its own: an in-memory PGlite started from the
 * migrated dump, or, in the server-postgres projects (TEST_DATABASE_URL set), a copy of the
 * migrated template on that PostgreSQL, dropped when the app closes. With TEST_REDIS_URL set the
 * app uses that Redis as well.
 */

export const testDbKind = process.env.BETBRO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** One VAPID key pair per test process, so that tests never write keys into a data directory. */
const TEST_VAPID_KEYS = webPush.generateVAPIDKeys();

export function baseTestConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    dataDir: './data-test-unused',
    database: { kind: 'pglite', dataDir: null },
    redisUrl: testDbKind === 'postgres' ? (process.env.TEST_REDIS_URL ?? null) : null,
    oidc: null,
    adminEmails: [],
    openSignup: true,
    voidAfterDays: 7,
    jury: { challengeWindowSeconds: 86_400, juryWindowSeconds: 259_200, quorum: 3 },
    logLevel: 'silent',
    trustProxy: false,
    metricsToken: null,
    redisPrefix: `betbro-test-${randomBytes(4).toString('hex')}:`,
    rateLimits: DEFAULT_RATE_LIMITS,
    shutdownDelayMs: 0,
    backgroundJobs: false,
    idleSweepMs: null,
    plainPaths: new Set(),
    mail: { smtpUrl: null, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [20, 40, 80], pollIntervalMs: 50 },
    push: { vapidKeys: TEST_VAPID_KEYS, vapidSubject: 'mailto:push@betbro.test', endpointAllow: [], retryDelayMs: 20, perUserPerMinute: 10 },
    ...overrides,
  };
}

/**
 * What a migrated database is made of (the migrations, the functions, the backfills, and PGlite's
 * version for PGlite): a change to any gives a new name, so a kept copy is never stale.
 */
function migratedDatabaseHash(kind: 'pglite' | 'postgres'): string {
  const hash = createHash('sha256').update(`${kind}\0`);
  if (kind === 'pglite') {
    const pgliteVersion = (JSON.parse(readFileSync(path.join(PROJECT_DIR, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    hash.update(`${pgliteVersion}\0`);
  }
  for (const { tag, statements } of listMigrations()) hash.update(`${tag}\0${statements.join('\0')}\0`);
  hash.update(`${functionsTag()}\0`);
  for (const [tag, backfill] of Object.entries(BACKFILLS).sort()) hash.update(`${tag}\0${backfill.toString()}\0`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated in-memory PGlite, dumped once for every test process: each test app starts from a
 * copy (about 0.3 s) instead of PostgreSQL's initdb and every migration (about 1.9 s). Kept in
 * the system's temporary directory under the hash of what makes it, so a change makes a new
 * one. Writing it is best-effort, and a process never reads half a file (written beside, then
 * renamed).
 */
let migratedPglite: Promise<Blob> | null = null;

function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const file = path.join(tmpdir(), `betbro-test-pglite-${migratedDatabaseHash('pglite')}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database, BACKFILLS);
      const dump = await database.dumpDataDir!();
      const copy = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(copy, Buffer.from(await dump.arrayBuffer()));
        renameSync(copy, file);
      } catch {
        // A full or read-only temporary directory: this process still has the dump.
        rmSync(copy, { force: true });
      }
      return dump;
    } finally {
      await database.close();
    }
  })();
  return migratedPglite;
}

const testPostgresUrl = (): string => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('BETBRO_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
};

const databaseUrl = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function withAdminClient<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

// Any fixed 64-bit number: it only has to be the same for every test process.
const TEMPLATE_LOCK_ID = 4_242_047;

/**
 * The PostgreSQL counterpart of the PGlite dump: one migrated database per server and hash,
 * made by the first test process that needs it (the others wait on an advisory lock, then find
 * it), and copied by `CREATE DATABASE ... TEMPLATE` for every test app: about 0.1 s instead of
 * every migration, the functions and the backfills (about 2 s). It is built under another name
 * and renamed when complete, so no process ever copies half a migration; nothing stays connected
 * to it, which a copy requires. `.ci/run` drops it with the other `betbro_test_` databases.
 */
let postgresTemplate: Promise<string> | null = null;

function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= withAdminClient(async (admin) => {
    const name = `betbro_test_template_${migratedDatabaseHash('postgres')}`;
    const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      if (await exists()) return name;
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(testPostgresUrl(), building) });
      try {
        await migrate(database, BACKFILLS);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  return postgresTemplate;
}

/**
 * Creates a database on the test PostgreSQL server and returns its config and a dropper: empty,
 * or with `{ migrated: true }` a copy of the migrated template. On PGlite, a fresh in-memory
 * database (migrated: started from the migrated dump).
 */
export async function createTestDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
  if (testDbKind !== 'postgres') {
    return { database: { kind: 'pglite', dataDir: null, ...(migrated ? { from: await migratedPgliteDump() } : {}) }, drop: async () => {} };
  }
  const template = migrated ? await migratedPostgresTemplate() : null;
  const name = `betbro_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((admin) => admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  return {
    database: { kind: 'postgres', url: databaseUrl(testPostgresUrl(), name) },
    drop: () => withAdminClient(async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`))),
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { database, drop } = await createTestDatabase({ migrated: true });
  const app = await buildApp(baseTestConfig({ database, ...overrides }), options);
  // onClose hooks run last-registered first, so this one runs before the app's own: let the
  // app's unfinished work use the database before it is dropped.
  app.addHook('onClose', async () => {
    await app.backgroundWork.drain(8_000);
    await drop();
  });
  return app;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
