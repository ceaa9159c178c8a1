import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { stakes } from '../bets/service.ts';
import type { UserRow } from '../users/service.ts';
import { formatCents } from '../../../shared/money.ts';
import type { OddsHistory } from '../../../shared/schemas/odds-history.ts';
import { notFound } from '../../errors.ts';
import { findVisibleBet } from '../bets/service.ts';

/** The most points a history holds: plenty for a chart, however many stakes a bet draws. */
export const MAX_HISTORY_POINTS = 200;

/**
 * Which of `count` points, oldest first, a history keeps: all of them up to `max`, else `max`
 * of them evenly spread, always with the first (the bet's creation) and the last (its pools now).
 */
function keptPointIndexes(count: number, max = MAX_HISTORY_POINTS): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  // With count > max the step is over 1, so the rounded indexes are distinct and ascending.
  return Array.from({ length: max }, (_, k) => Math.round((k * (count - 1)) / (max - 1)));
}

/**
 * A bet's odds over time, derived from its stakes: no table of its own. A stake's row is
 * written in the stake's transaction and never changes its option or amount, and an option's
 * pool is the sum of the amounts staked on it, so the running sums over the stakes in id order
 * (the order the bet's lock let them in) are exactly the pools after each stake. A bet with many
 * stakes answers a sample of those points (keptPointIndexes), each of them exact.
 */
export async function oddsHistory(app: FastifyInstance, viewer: UserRow, betId: number): Promise<OddsHistory> {
  const bundle = await findVisibleBet(app.db, viewer, betId);
  if (!bundle) throw notFound('Bet not found', 'bet_not_found');
  const rows = await app.db
    .select({ at: stakes.createdAt, optionIdx: stakes.optionIdx, amountCents: stakes.amountCents })
    .from(stakes)
    .where(eq(stakes.betId, betId))
    .orderBy(asc(stakes.id));
  const kept = keptPointIndexes(rows.length + 1);
  const pools = bundle.options.map(() => 0);
  const points = [{ at: bundle.bet.createdAt.toISOString(), optionAmounts: pools.map(formatCents) }];
  let next = 1;
  rows.forEach((row, i) => {
    pools[row.optionIdx] = (pools[row.optionIdx] ?? 0) + row.amountCents;
    // Point i + 1 is the pools after stake i.
    if (kept[next] !== i + 1) return;
    points.push({ at: row.at.toISOString(), optionAmounts: pools.map(formatCents) });
    next += 1;
  });
  return { points };
}
