import type { FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import { betCacheOf } from './bet-cache.ts';
import { stakeBatchesOf } from './stakes.ts';

/**
 * The bets' own figures on /metrics (plugins/metrics.ts): how often the feeds found a bet already
 * presented (bet-cache.ts), and how stakes were placed (StakeBatches, stakes.ts). The counts are read
 * from the machinery when the metrics are scraped; the stakes' times are observed as they happen.
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
  // Where a stake's time goes between the route and its answer (docs/performance.md, "stakes").
  const buckets = [0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.25, 0.5, 1];
  const waited = new Histogram({
    name: 'betbro_stake_wait_seconds',
    help: 'How long a stake waited for a batch to take it to the database',
    buckets,
    registers,
  });
  const placing = new Histogram({
    name: 'betbro_stake_database_seconds',
    help: "How long the database took to answer a stake's batch (or the stake alone): its call and its commit",
    buckets,
    registers,
  });
  stakeBatchesOf(app).onTimings((timings) => {
    for (const seconds of timings.waited) {
      waited.observe(seconds);
      placing.observe(timings.placing);
    }
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
