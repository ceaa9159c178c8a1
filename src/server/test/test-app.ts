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
import { BACKFILLS, functionsTag, listMigrations, migrate } from '../db/migrate.ts';
import { PROJECT_DIR } from '../project-dir.ts';

/**
 * Test apps. Each call gets a database of its own: a fresh in-memory PGlite, or, in the
 * server-postgres project (TEST_DATABASE_URL set), a fresh PostgreSQL database that is dropped
 * when the app closes. With TEST_REDIS_URL set the app uses that Redis as well.
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
    plainPaths: new Set(),
    mail: { smtpUrl: null, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [20, 40, 80], pollIntervalMs: 50 },
    push: { vapidKeys: TEST_VAPID_KEYS, vapidSubject: 'mailto:push@betbro.test', endpointAllow: [], retryDelayMs: 20, perUserPerMinute: 10 },
    ...overrides,
  };
}

/**
 * A migrated in-memory PGlite, dumped once for every test process: each test app starts from a
 * copy (about 0.3 s) instead of PostgreSQL's initdb and every migration (about 1.9 s). Kept in
 * the system's temporary directory under a hash of what makes it (PGlite's version, the
 * migrations, the functions, the backfills), so a change to any makes a new one. Writing it is
 * best-effort, and a process never reads half a file (written beside, then renamed).
 */
let migratedPglite: Promise<Blob> | null = null;

function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const pgliteVersion = (JSON.parse(readFileSync(path.join(PROJECT_DIR, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    const hash = createHash('sha256').update(`${pgliteVersion}\0`);
    for (const { tag, statements } of listMigrations()) hash.update(`${tag}\0${statements.join('\0')}\0`);
    hash.update(`${functionsTag()}\0`);
    for (const [tag, backfill] of Object.entries(BACKFILLS).sort()) hash.update(`${tag}\0${backfill.toString()}\0`);
    const file = path.join(tmpdir(), `betbro-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(database);
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

/** Creates an empty database on the test PostgreSQL server and returns its config and a dropper. */
export async function createTestDatabase(): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
  if (testDbKind !== 'postgres') return { database: { kind: 'pglite', dataDir: null }, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('BETBRO_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `betbro_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { database: empty, drop } = await createTestDatabase();
  const database: DatabaseConfig = empty.kind === 'pglite' ? { ...empty, from: await migratedPgliteDump() } : empty;
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
