import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, withAdminClient } from '../test/test-app.ts';
import { openDatabase, rowsOf } from './client.ts';

const settled = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve(`still pending after ${ms} ms`), ms))]);

describe(`a connection lost on ${testDbKind}`, () => {
  it('fails the transaction that held it, crashes nothing, and leaves the pool serving', async () => {
    const { database, drop } = await createTestDatabase();
    const opened = await openDatabase(database);
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', hear);
    try {
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      const transaction = opened.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await paused;
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (testDbKind === 'postgres') {
        // The server ends the connection the transaction holds, as a restart or an admin would.
        const [ended] = rowsOf<{ n: number }>(
          await opened.db.execute(sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state = 'idle in transaction'`),
        );
        expect(ended?.n).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      resume();
      // The embedded database has no connection to lose: there the transaction commits.
      expect(await transaction).toBe(testDbKind === 'postgres' ? 'failed' : 'committed');
      expect(uncaught).toEqual([]);
      const [row] = rowsOf<{ one: number }>(await opened.db.execute(sql`select 1 as one`));
      expect(row?.one).toBe(1);
    } finally {
      process.off('uncaughtException', hear);
      await opened.close();
      await drop();
    }
  });

  it('gives the pool back a connection lost as a transaction begins, so the pool still ends', async () => {
    const { database, drop } = await createTestDatabase();
    const opened = await openDatabase(database);
    try {
      if (testDbKind === 'postgres') {
        const pool = (opened.db as unknown as { $client: pg.Pool }).$client;
        // One idle connection, which stops reading what the server sends.
        const client = await pool.connect();
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        client.release();
        (client as unknown as { connection: { stream: { pause(): void; resume(): void } } }).connection.stream.pause();
        // The server ends it, and the next transaction's BEGIN goes out on it before the
        // connection hears.
        await withAdminClient((admin) => admin.query('select pg_terminate_backend($1, 5000)', [rows[0]!.pid]));
        const transaction = opened.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(
          () => 'committed',
          () => 'failed',
        );
        await new Promise((resolve) => setImmediate(resolve));
        (client as unknown as { connection: { stream: { resume(): void } } }).connection.stream.resume();
        expect(await transaction).toBe('failed');
      } else {
        expect(await opened.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(() => 'committed')).toBe('committed');
      }
      expect(await settled(opened.close(), 5_000)).toBe('settled');
    } finally {
      await opened.close();
      await drop();
    }
  });
});
