import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBetAs, createUser, makeFriends } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const METRICS_TOKEN = 'metrics-token-for-the-bets';

describe(`the bets' figures on /metrics on ${testDbKind}`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ metricsToken: METRICS_TOKEN });
  });

  afterAll(async () => {
    await app?.close();
  });

  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('counts the stakes as they were placed and the feed cache as it was read', async () => {
    const ann = await createUser(app, 'MetricsAnn');
    const bob = await createUser(app, 'MetricsBob');
    await makeFriends(app, ann, bob);
    const bet = await createBetAs(ann);
    expect((await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: '5.00' })).statusCode).toBe(200);
    // The first read presents the bet, the second finds it kept at the same version.
    for (let read = 0; read < 2; read += 1) expect((await bob.agent.get('/api/bets/friends')).statusCode).toBe(200);

    const body = await scrape();
    expect(body).toContain('betbro_stakes_placed_total{how="alone"} 1');
    expect(body).toContain('betbro_stake_batches_total 0');
    // Where the stake's time went: its wait for a batch (none, it went out alone) and the database's answer.
    expect(body).toContain('betbro_stake_wait_seconds_count 1');
    expect(body).toContain('betbro_stake_wait_seconds_bucket{le="0.001"} 1');
    expect(body).toContain('betbro_stake_database_seconds_count 1');
    expect(body).toContain('betbro_bet_cache_lookups_total{result="miss"} 1');
    expect(body).toContain('betbro_bet_cache_lookups_total{result="hit"} 1');
  });
});
