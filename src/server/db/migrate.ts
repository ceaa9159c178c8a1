import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawQuery } from './client.ts';

/**
 * Brings the database up to date at start-up, in three steps, from what the features declare
 * (db/ holds no rule of its own):
 * 1. the SQL migrations drizzle-kit generated from the features' tables.ts (./migrations, in the
 *    order of its journal), each once, in a transaction of its own;
 * 2. the features' SQL functions, views and triggers: every .sql file of a feature's folder
 *    (`CREATE OR REPLACE`), applied again whenever a file changed or a migration ran, so a
 *    function is changed by editing its file, never by copying it into a migration; the run
 *    records them as `functions:<hash of the files>`;
 * 3. the backfills some migrations need, handed in by the caller (BACKFILLS, src/server/backfills.ts,
 *    gathers what the features export): code that fills new tables or columns from existing rows,
 *    once, after the functions they rely on exist.
 * A start with nothing to do costs one query: every tag it would record is already there.
 * Otherwise two instances starting together are safe: the run holds a Postgres advisory lock on
 * one connection, so the second waits and then finds nothing left to do.
 */

/**
 * The server's folder: src/server, or its copy beside the compiled programs, dist/server, where
 * the build copies the migrations and the features' .sql files (scripts/lib/build.ts). It is the
 * nearest folder at or above this module's that holds db/migrations.
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'db/migrations/meta/_journal.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const SERVER_DIR = findServerDir();
const MIGRATIONS_DIR = path.join(SERVER_DIR, 'db/migrations');
const FEATURES_DIR = path.join(SERVER_DIR, 'features');
// Any fixed 64-bit number works; it only has to be the same for every instance.
const MIGRATION_LOCK_ID = 4_242_001;
const STATEMENT_BREAK = '--> statement-breakpoint';

/** Each migration's backfill, by the migration's tag. */
export type Backfills = Readonly<Record<string, (query: RawQuery) => Promise<void>>>;

interface JournalEntry {
  idx: number;
  tag: string;
}

const statementsOf = (text: string) =>
  text
    .split(STATEMENT_BREAK)
    .map((s) => s.trim())
    .filter(Boolean);

export function listMigrations(): { tag: string; statements: string[] }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map((entry) => ({ tag: entry.tag, statements: statementsOf(readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8')) }));
}

/**
 * The features' .sql files (`bets/stake.sql`, ...) in path order, each as its statements. A
 * function may name one that a later file defines (each is checked when it first runs); a view
 * or trigger that names one waits until it is made (applyInOrder).
 */
export function listFunctions(): { file: string; statements: string[] }[] {
  return readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((feature) =>
      readdirSync(path.join(FEATURES_DIR, feature))
        .filter((file) => file.endsWith('.sql'))
        .sort()
        .map((file) => ({
          file: `${feature}/${file}`,
          statements: statementsOf(readFileSync(path.join(FEATURES_DIR, feature, file), 'utf8')),
        })),
    );
}

/** The tag of the functions as the files are now: changing any file changes it. */
export function functionsTag(functions = listFunctions()): string {
  const hash = createHash('sha256');
  for (const { file, statements } of functions) hash.update(`${file}\0${statements.join('\0')}\0`);
  return `functions:${hash.digest('hex').slice(0, 16)}`;
}

const backfillTag = (tag: string) => `${tag}:backfill`;

const DEADLOCK_DETECTED = '40P01';

/**
 * Runs `work` in a transaction. Replacing a trigger or a view locks its table against every
 * request another instance is serving, so during a rolling deploy PostgreSQL may find the two
 * waiting on each other and roll this transaction back: it is run again, a few times.
 */
async function inTransaction(query: RawQuery, work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await query('begin');
    try {
      await work();
      await query('commit');
      return;
    } catch (error) {
      await query('rollback');
      if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

// A view or trigger that names a relation or function another file makes, not made yet.
const NOT_MADE_YET = new Set(['42P01', '42883']); // undefined_table, undefined_function

/**
 * Applies the features' statements in path order, except that one naming what a later file makes
 * (a view of bets/visibility.sql reading a view of crews/crews.sql, each feature offering its
 * public face) waits, and is applied again after the rest, until nothing waits. A statement that
 * still cannot be applied when no other succeeds fails the run with its own error.
 */
async function applyInOrder(query: RawQuery, statements: string[]): Promise<void> {
  let pending = statements;
  while (pending.length > 0) {
    const waiting: string[] = [];
    let lastError: unknown = null;
    for (const statement of pending) {
      await query('savepoint feature_statement');
      try {
        await query(statement);
        await query('release savepoint feature_statement');
      } catch (error) {
        await query('rollback to savepoint feature_statement');
        if (!NOT_MADE_YET.has(String((error as { code?: unknown }).code))) throw error;
        waiting.push(statement);
        lastError = error;
      }
    }
    if (waiting.length === pending.length) throw lastError;
    pending = waiting;
  }
}

/** The tags already recorded, or null before the first run made the table. */
async function recordedTags(query: RawQuery): Promise<Set<string> | null> {
  try {
    return new Set((await query<{ tag: string }>('select tag from schema_migrations')).map((r) => r.tag));
  } catch (error) {
    if ((error as { code?: unknown }).code === '42P01') return null; // undefined_table
    throw error;
  }
}

export async function migrate(database: Database, backfills: Backfills): Promise<{ applied: string[] }> {
  const migrations = listMigrations();
  const functions = listFunctions();
  const functionsDone = functionsTag(functions);
  const expected = [...migrations.map((m) => m.tag), functionsDone, ...Object.keys(backfills).map(backfillTag)];
  return database.withConnection(async (query) => {
    const recorded = await recordedTags(query);
    if (recorded && expected.every((tag) => recorded.has(tag))) return { applied: [] };

    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await query(`create table if not exists schema_migrations (
        tag text primary key,
        applied_at timestamptz not null default now()
      )`);
      // Read again under the lock: another instance may have finished meanwhile.
      const done = (await recordedTags(query))!;
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.tag)) continue;
        await inTransaction(query, async () => {
          for (const statement of migration.statements) await query(statement);
          await query('insert into schema_migrations (tag) values ($1)', [migration.tag]);
        });
        applied.push(migration.tag);
      }
      if (applied.length > 0 || !done.has(functionsDone)) {
        await inTransaction(query, async () => {
          // A function may name another that a later file defines; each is checked when it first runs.
          await query('set local check_function_bodies = off');
          await applyInOrder(query, functions.flatMap((f) => f.statements));
          await query(`delete from schema_migrations where tag like 'functions:%'`);
          await query('insert into schema_migrations (tag) values ($1)', [functionsDone]);
        });
        applied.push(functionsDone);
      }
      // In the order of their migrations.
      for (const tag of Object.keys(backfills).sort()) {
        if (done.has(backfillTag(tag))) continue;
        await inTransaction(query, async () => {
          await backfills[tag]!(query);
          await query('insert into schema_migrations (tag) values ($1)', [backfillTag(tag)]);
        });
        applied.push(backfillTag(tag));
      }
      return { applied };
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
