import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import webPush from 'web-push';
import { buildApp, type BuildOptions } from '../app.ts';
import { DEFAULT_RATE_LIMITS, type Config, type DatabaseConfig } from '../config.ts';

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
  const { database, drop } = await createTestDatabase();
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
