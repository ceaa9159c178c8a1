import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { openDatabase, type Database } from './client.ts';
import { BACKFILLS } from '../backfills.ts';
import { functionsTag, migrate } from './migrate.ts';

/**
 * A rolling deploy: a new instance starts with changed SQL functions while an old one serves
 * requests. Replacing the views and triggers locks their tables; a request holding a lock on one
 * table and then reading a view already replaced waits on the new instance, which waits on it.
 * PostgreSQL breaks the deadlock by rolling one side back; the new instance must then try again
 * rather than fail to start.
 */
describe('migrations during a rolling deploy', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    if (created.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
    url = created.database.url;
    database = await openDatabase(created.database);
    await migrate(database, BACKFILLS);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('applies changed functions again after PostgreSQL rolled them back to break a deadlock', async () => {
    // As if a function file had changed since the last start.
    await database.withConnection((query) => query(`delete from schema_migrations where tag like 'functions:%'`));
    const request = new pg.Client({ connectionString: url });
    await request.connect();
    try {
      // An old instance's request: it has written to bets (a stake moves its pot) ...
      await request.query('begin');
      await request.query('update bets set updated_at = updated_at where false');
      const starting = migrate(database, BACKFILLS);
      // ... the new instance has replaced the views and now waits to replace a trigger on bets ...
      for (let waited = 0; ; waited += 50) {
        const [row] = (
          await request.query<{ n: string }>(
            `select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation where not l.granted and c.relname = 'bets'`,
          )
        ).rows;
        if (Number(row?.n) > 0) break;
        if (waited > 10_000) throw new Error('the new instance never waited on bets');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // ... and the request reads a view the new instance holds: each waits on the other.
      const reading = request.query('select count(*) from bet_viewers').then(
        () => 'read',
        (error: { code?: string }) => error.code,
      );
      const outcome = await reading;
      await request.query(outcome === 'read' ? 'commit' : 'rollback');
      // Whichever side PostgreSQL rolled back, the new instance starts.
      expect((await starting).applied).toEqual([functionsTag()]);
      expect(['read', '40P01']).toContain(outcome);
    } finally {
      await request.end();
    }
    const rows = await database.withConnection((query) => query<{ tag: string }>(`select tag from schema_migrations where tag like 'functions:%'`));
    expect(rows.map((r) => r.tag)).toEqual([functionsTag()]);
  }, 30_000);
});
