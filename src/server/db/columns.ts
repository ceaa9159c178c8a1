import { bigint, integer, pgTable, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Column shapes every feature's tables.ts uses. Money columns are integer cents (`bigint`, read
 * as JS numbers: every amount Betbro can hold is far below 2^53).
 */

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const cents = (name: string) => bigint(name, { mode: 'number' });

const keys = new Map<string, PgColumn>();

/**
 * The `id` column of another feature's table, for a foreign key: `.references(idOf('bets'))`.
 * A feature's tables name another feature's by their SQL name, as its .sql files do, instead of
 * importing them: the features a bet uses (the wallet, the activity feed, the notifications)
 * keep rows that name a bet, and an import each way would tie the features in a loop.
 * drizzle-kit writes the same constraint (`ledger_entries_bet_id_bets_id_fk`) from the name as
 * from the table itself; the table is declared once, in its own feature's tables.ts.
 */
export function idOf(table: string): () => PgColumn {
  let key = keys.get(table);
  if (!key) keys.set(table, (key = pgTable(table, { id: integer('id') }).id));
  return () => key;
}
