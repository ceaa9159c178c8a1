import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

/**
 * Applies the SQL migrations drizzle-kit generated (./migrations, in the order of its journal).
 * Two instances starting together are safe: the whole run holds a Postgres advisory lock on one
 * connection, so the second waits and then finds nothing left to do.
 */

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed 64-bit number works; it only has to be the same for every instance.
const MIGRATION_LOCK_ID = 4_242_001;

interface JournalEntry {
  idx: number;
  tag: string;
}

export function listMigrations(): { tag: string; statements: string[] }[] {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}meta/_journal.json`, 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map((entry) => ({
      tag: entry.tag,
      statements: readFileSync(`${MIGRATIONS_DIR}${entry.tag}.sql`, 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

export async function migrate(database: Database): Promise<{ applied: string[] }> {
  const migrations = listMigrations();
  return database.withConnection(async (query) => {
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await query(`create table if not exists schema_migrations (
        tag text primary key,
        applied_at timestamptz not null default now()
      )`);
      const done = new Set((await query<{ tag: string }>('select tag from schema_migrations')).map((r) => r.tag));
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.tag)) continue;
        await query('begin');
        try {
          for (const statement of migration.statements) await query(statement);
          await query('insert into schema_migrations (tag) values ($1)', [migration.tag]);
          await query('commit');
        } catch (error) {
          await query('rollback');
          throw error;
        }
        applied.push(migration.tag);
      }
      return { applied };
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
