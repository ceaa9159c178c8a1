import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { betCacheOf } from './bet-cache.ts';
import { stakeBatchesOf } from './stakes.ts';

/**
 * The bets' own figures on /metrics (plugins/metrics.ts): how often the feeds found a bet already
 * presented (bet-cache.ts), and how stakes were placed (StakeBatches, stakes.ts). Each is read from the
 * machinery's counts when the metrics are scraped.
 */
export function registerBetMetrics(app: FastifyInstance): void {
  const registers = [app.metrics];
  new Counter({
    name: 'betbro_bet_cache_lookups_total',
    help: 'Bets of feed pages found presented at their current version (hit) or read anew (miss)',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const cache = betCacheOf(app.db);
      this.reset();
      this.inc({ result: 'hit' }, cache.hits);
      this.inc({ result: 'miss' }, cache.misses);
    },
  });

  new Counter({
    name: 'betbro_stakes_placed_total',
    help: 'Stakes sent to the database alone, in a batch, or alone again after their batch failed',
    labelNames: ['how'] as const,
    registers,
    collect() {
      const { counts } = stakeBatchesOf(app);
      this.reset();
      this.inc({ how: 'alone' }, counts.alone);
      this.inc({ how: 'batched' }, counts.batched);
      this.inc({ how: 'again_alone' }, counts.againAlone);
    },
  });
  new Counter({
    name: 'betbro_stake_batches_total',
    help: 'Batches of stakes placed in one transaction',
    registers,
    collect() {
      this.reset();
      this.inc(stakeBatchesOf(app).counts.batches);
    },
  });
}
