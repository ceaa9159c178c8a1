import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/transaction.ts';
import type { SeasonBets } from '../crews/service.ts';
import { announce } from './settlement.ts';
import { voidSeasonBets } from './voiding.ts';
import { bets, stakes } from './tables.ts';

/**
 * What a crew season's bets add to it (docs/product.md §6.7), for the crews feature, which app.ts
 * hands it to as `app.seasonBets`: bets depend on crews (a crew bet's season, its members), so
 * crews reach the bets only through this.
 */
export function seasonBetsOf(app: FastifyInstance): SeasonBets {
  return {
    /**
     * Each member's stakes in the season: bets (open and settled stakes, refunds left out), wins,
     * the stakes still in play (on its open bets), and profit over its settled bets.
     */
    stakeFigures: (seasonId: number): SQL => sql`select s.user_id,
        count(*) filter (where s.outcome is distinct from 'refunded') as bets,
        count(*) filter (where s.outcome = 'won') as wins,
        sum(s.amount_cents) filter (where s.outcome is null) as in_play,
        sum(s.settled_cents - s.amount_cents) filter (where s.outcome in ('won', 'lost')) as profit
      from ${stakes} s join ${bets} t on t.id = s.bet_id
      where t.season_id = ${seasonId}
      group by s.user_id`,
    async voidOpen(tx: Tx, seasonId: number) {
      const settled = await voidSeasonBets(tx, seasonId);
      return { announce: () => settled.forEach((one) => announce(app, one)) };
    },
  };
}
