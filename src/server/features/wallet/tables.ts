import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cents, createdAt, idOf } from '../../db/columns.ts';

export const LEDGER_KINDS = ['grant', 'stake', 'payout', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every cent that moves is a row here, written by move_money (money.sql) in the same statement
 * as the balance change. A user's balance always equals the sum of their rows.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(idOf('users')),
    betId: integer('bet_id').references(idOf('bets')),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    index('ledger_entries_bet_idx').on(t.betId),
    check('ledger_entries_kind_known', sql`${t.kind} in ('grant', 'stake', 'payout', 'refund', 'adjustment')`),
    check('ledger_entries_balance_after_non_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);
