import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * A crew season's money (docs/product.md §6.7): its own account space, apart from the players'
 * own. Each member of the crew in that season has a balance here, granted the crew's starting
 * balance when they first join in the season; crew stakes, payouts and refunds move it, each with
 * a row of crew_ledger_entries, written by move_crew_money (money.sql) in the statement that
 * changes it. A balance always equals the sum of its rows.
 */
export const crewBalances = pgTable(
  'crew_balances',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(idOf('crew_seasons')),
    userId: integer('user_id')
      .notNull()
      .references(idOf('users')),
    balanceCents: cents('balance_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId] }), check('crew_balances_non_negative', sql`${t.balanceCents} >= 0`)],
);

export const CREW_LEDGER_KINDS = ['grant', 'stake', 'payout', 'refund'] as const;

export const crewLedgerEntries = pgTable(
  'crew_ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(idOf('crew_seasons')),
    userId: integer('user_id')
      .notNull()
      .references(idOf('users')),
    betId: integer('bet_id').references(idOf('bets')),
    kind: text('kind', { enum: CREW_LEDGER_KINDS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('crew_ledger_entries_season_user_idx').on(t.seasonId, t.userId, t.id),
    // A player's rows in every crew, for their data export.
    index('crew_ledger_entries_user_idx').on(t.userId, t.id),
    check('crew_ledger_entries_kind_known', sql`${t.kind} in ('grant', 'stake', 'payout', 'refund')`),
    check('crew_ledger_entries_balance_after_non_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);
