import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { listMigrations, migrate } from './migrate.ts';
import { createTestDatabase, testDbKind } from '../test/test-app.ts';

describe(`migrations on ${testDbKind}`, () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    first = await openDatabase(created.database);
    // On PostgreSQL a second pool stands in for a second instance; PGlite has one connection.
    second = created.database.kind === 'postgres' ? await openDatabase(created.database) : first;
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await drop?.();
  });

  it('applies every migration exactly once when two instances start together', async () => {
    const [a, b] = await Promise.all([migrate(first), migrate(second)]);
    const all = listMigrations().map((m) => m.tag);
    expect([...a.applied, ...b.applied].sort()).toEqual([...all].sort());
    const rows = await first.withConnection((query) => query<{ tag: string }>('select tag from schema_migrations'));
    expect(rows.map((r) => r.tag).sort()).toEqual([...all].sort());
    expect((await migrate(first)).applied).toEqual([]);
  });
});
