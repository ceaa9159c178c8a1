import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { stakes } from '../../db/schema.ts';
import { formatCents } from '../../../shared/money.ts';
import type { OddsHistory } from '../../../shared/schemas/odds-history.ts';
import type { UserRow } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { findVisibleBet } from '../bets/service.ts';

/**
 * A bet's odds over time, derived from its stakes: no table of its own. A stake's row is
 * written in the stake's transaction and never changes its option or amount, and an option's
 * pool is the sum of the amounts staked on it, so the running sums over the stakes in id order
 * (the order the bet's lock let them in) are exactly the pools after each stake.
 */
export async function oddsHistory(app: FastifyInstance, viewer: UserRow, betId: number): Promise<OddsHistory> {
  const bundle = await findVisibleBet(app.db, viewer, betId);
  if (!bundle) throw notFound('Bet not found', 'bet_not_found');
  const rows = await app.db
    .select({ at: stakes.createdAt, optionIdx: stakes.optionIdx, amountCents: stakes.amountCents })
    .from(stakes)
    .where(eq(stakes.betId, betId))
    .orderBy(asc(stakes.id));
  const pools = bundle.options.map(() => 0);
  const points = [{ at: bundle.bet.createdAt.toISOString(), optionAmounts: pools.map(formatCents) }];
  for (const row of rows) {
    pools[row.optionIdx] = (pools[row.optionIdx] ?? 0) + row.amountCents;
    points.push({ at: row.at.toISOString(), optionAmounts: pools.map(formatCents) });
  }
  return { points };
}
