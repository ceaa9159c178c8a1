import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { bets, type BetRow } from './tables.ts';

/** A bet locked for a change of its state, and the answers for a bet that is gone or has moved on. */

/** The answer for a bet that does not exist or that the caller may not see: never reveal which. */
export const betNotFound = () => notFound('Bet not found', 'bet_not_found');
/** A bet settled by someone else first, and a bet that is voided or takes no more of a step. */
export const alreadyResolved = () => conflict('This bet has already been resolved', 'already_resolved');
export const betClosed = () => conflict('This bet is closed', 'bet_closed');

/**
 * Locks the bet row for the rest of the transaction, with whether it has expired by the database's
 * clock. With `seenBy`, only a bet that user may see (the view bet_viewers, visibility.sql): the
 * caller answers 404 for any other, never revealing that it exists.
 */
export interface LockedBet {
  bet: BetRow;
  expired: boolean;
  /** A jury bet's windows, by the database's clock: the time to dispute, the jury's time. */
  challengeOver: boolean;
  juryOver: boolean;
}

export async function lockBet(tx: Tx, betId: number, seenBy?: number): Promise<LockedBet | null> {
  // The bet row's id qualified by its table: in a select from `bets` alone the query builder
  // writes its columns bare, and a bare `id` would mean the subquery's own table's.
  const seen =
    seenBy === undefined ? undefined : sql`exists (select 1 from bet_viewers v where v.bet_id = ${bets}."id" and v.viewer_id = ${seenBy})`;
  const [row] = await tx
    .select({
      bet: bets,
      expired: sql<boolean>`coalesce(${bets.expiresAt} <= now(), false)`,
      challengeOver: sql<boolean>`coalesce(${bets.challengeEndsAt} <= now(), false)`,
      juryOver: sql<boolean>`coalesce(${bets.juryEndsAt} <= now(), false)`,
    })
    .from(bets)
    .where(and(eq(bets.id, betId), seen))
    .for('update', { of: bets });
  return row && !row.bet.deletedAt ? row : null;
}

