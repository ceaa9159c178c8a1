import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { notFound, unauthorized } from '../errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at /metrics, for the bearer of METRICS_TOKEN: a request latency histogram by
 * route and status, the process metrics prom-client collects, and what features add to
 * `app.metrics` of their own (the bets' feed cache and stake batches: registerBetMetrics in
 * features/bets). Each app has its own registry, so tests can build many.
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

  app.decorate('metrics', registry);

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
