import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { betCacheOf } from '../features/bets/bet-cache.ts';
import { stakeBatchesOf } from '../features/bets/stakes.ts';
import { notFound, unauthorized } from '../errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at /metrics, for the bearer of METRICS_TOKEN: a request latency histogram by route and status, how often the
 * feeds found a bet already presented (bet-cache.ts), how stakes were placed (stake-batches.ts), and the process metrics prom-client collects. Each app has its own registry, so tests can build many.
 */
export function registerMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  new Counter({
    name: 'betbro_bet_cache_lookups_total',
    help: 'Bets of feed pages found presented at their current version (hit) or read anew (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
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
    registers: [registry],
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
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stakeBatchesOf(app).counts.batches);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (/api/bets/:id), not the raw URL, keeps the label set small.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  // Only the scraper that holds METRICS_TOKEN reads the metrics; without a token they do not exist.
  const expected = app.config.metricsToken === null ? null : digest(`Bearer ${app.config.metricsToken}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected === null) throw notFound();
    // Hashes of equal length, compared in constant time: the answer's timing says nothing of the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthorized('A valid metrics token is required');
    }
    void reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
