import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';
import { createUser } from '../test/fixtures.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

const READS_PER_MINUTE = 6;

/** Ways of writing /api that the router reads as /api. */
const ENCODED_API = ['/%61pi', '/%61%70%69', '/ap%69'];

describe(`the API's checks on percent-encoded paths on ${testDbKind}`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, readsPerMinute: READS_PER_MINUTE } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(ENCODED_API)('refuses a cross-site POST %s/logout like /api/logout, and the session survives', async (prefix) => {
    const user = await createUser(app, `Victim_${ENCODED_API.indexOf(prefix)}`);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const response = await user.agent.request('POST', `${prefix}/logout`, { json: {}, headers });
      expect(response.statusCode, response.body).toBe(403);
      expect(errorBodySchema.parse(response.json()).code).toBe('cross_site_request');
    }
    expect((await user.agent.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('counts anonymous reads of encoded paths under the read limit, with those of /api', async () => {
    const address = '198.51.100.77';
    const paths = [...ENCODED_API, '/api', ...ENCODED_API, '/api'].map((prefix) => `${prefix}/auth/user`);
    const statuses: number[] = [];
    for (const url of paths) statuses.push((await app.inject({ method: 'GET', url, remoteAddress: address })).statusCode);
    expect(statuses).toEqual([...Array<number>(READS_PER_MINUTE).fill(401), ...Array<number>(paths.length - READS_PER_MINUTE).fill(429)]);
  });
});
