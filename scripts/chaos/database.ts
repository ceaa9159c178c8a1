import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/server/config.ts';

/** The run's own database: a fresh one on the PostgreSQL server of DATABASE_URL, or a fresh PGlite folder. */
export interface ChaosDatabase {
  /** What the log calls it. */
  label: string;
  /** The setting that points a server at it: DATABASE_URL or DATA_DIR. */
  env: { DATABASE_URL: string } | { DATA_DIR: string };
  /** The configuration of an app built in this process (the setup, the checks) on `port`, without background jobs. */
  configFor(port: number): Config;
  /** Drops the database, or removes the folder. */
  remove(): Promise<void>;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

/** Creates the database, on `adminUrl`'s server when given, and named after the seed. */
export async function createChaosDatabase(adminUrl: string | undefined, seed: number): Promise<ChaosDatabase> {
  const dbName = `betbro_chaos_${seed}_${Date.now() % 100000}`;
  let env: ChaosDatabase['env'];
  let dataDir: string | undefined;
  if (adminUrl) {
    await onServer(adminUrl, `create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env = { DATABASE_URL: url.toString() };
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-chaos-'));
    env = { DATA_DIR: dataDir };
  }
  return {
    label: adminUrl ? `PostgreSQL database ${dbName}` : 'PGlite',
    env,
    configFor: (port) => ({
      ...loadConfig({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env, LOG_LEVEL: 'warn' }),
      backgroundJobs: false,
    }),
    async remove() {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl) await onServer(adminUrl, `drop database if exists ${dbName} with (force)`);
    },
  };
}
