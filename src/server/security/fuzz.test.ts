import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { users } from '../db/schema.ts';
import { auditLedger } from '../features/wallet/audit.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { buildWorld, type World } from './world.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';

/**
 * Malformed input at every write route, sent by an admin (who reaches the deepest code): huge
 * and unicode strings, wrong types, negative / fractional / enormous amounts, forged ids. Never
 * a 5xx, always DESIGN §8's error shape, and a refused request never moves money.
 */

const FIELDS = [
  'amount', 'option', 'winningOption', 'title', 'description', 'options', 'category', 'expirationType', 'expirationValue',
  'addresseeId', 'userId', 'text', 'username', 'email', 'password', 'role', 'reason', 'kind', 'id', 'bio', 'location',
  'favoriteCategory', 'theme', 'notifications', 'privacy', 'code', 'state', 'redirect_uri', 'currentPassword', 'newPassword', 'note',
];

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constant('x'.repeat(20_000)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.001, 0.5, 1.005, -0.01, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 64, '1e400', 'NaN', '-5', '1,000.00', null, true, false, [], {}, '💸🎲', '\u0000', '<script>alert(1)</script>', "'; drop table users; --"),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 12 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), weird, { maxKeys: 6 }),
  fc.anything({ maxDepth: 2 }),
);
const forgedId = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('2147483648', '99999999999999999999', 'abc', '1.5', '%20', '-0', '0x10'));

describe(`fuzzing every write route on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let world: World;

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 1000, loginPerEmailAndIp: 1000, writesPerMinute: 1_000_000, readsPerMinute: 1_000_000 } });
    world = await buildWorld(app);
    // Money in play: a friend's stake on the matrix bet.
    await world.users.friend.agent.post(`/api/bets/${world.betId}/participate`, { option: 0, amount: 25 });
  });
  afterAll(async () => {
    await app?.close();
  });

  const balances = async () =>
    Object.fromEntries((await app.db.select({ id: users.id, balance: users.balanceCents }).from(users)).map((u) => [u.id, u.balance]));

  it('never answers 5xx, always with the error shape, never moving money on a refusal', async () => {
    const routes = app.apiRoutes.filter((r) => r.method !== 'GET');
    expect(routes.length).toBeGreaterThan(30);
    const realIds = [world.betId, world.conversationId, world.users.user.id, world.users.creator.id];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(forgedId, fc.constantFrom(...realIds)), body, fc.boolean(), async (id, payload, raw) => {
          const url = route.url.replace(':id', encodeURIComponent(String(id)));
          const agent = await world.agentFor('admin');
          const before = await balances();
          const response = raw
            ? await app.inject({
                method: route.method as 'POST',
                url,
                headers: { 'content-type': 'application/json', cookie: `betbro_session=${agent.cookie('betbro_session')}` },
                payload: '{"amount": 1, "option": ',
              })
            : await agent.request(route.method as 'POST', url, { json: payload });
          const label = `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(errorBodySchema.safeParse(response.json()).success, label).toBe(true);
            expect(response.body, label).not.toMatch(/\bat .+\.ts:\d+/);
            expect(await balances(), label).toEqual(before);
          }
        }),
        { numRuns: 12 },
      );
    }
    expect((await auditLedger(app.db)).violations).toEqual([]);
  }, 300_000);
});

describe(`cookies and headers on ${testDbKind}`, () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ publicUrl: 'https://betbro.example', trustProxy: 1 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('marks cookies Secure behind https and sends HSTS and a strict CSP', async () => {
    const login = await app.inject({
      method: 'GET',
      url: '/api/login',
      headers: { host: 'betbro.example', 'x-forwarded-proto': 'https' },
    });
    expect(login.statusCode).toBe(302);
    const flow = [login.headers['set-cookie']].flat().join('\n');
    expect(flow).toMatch(/betbro_oidc=[^;]+;.*Secure/i);
    expect(flow).toMatch(/HttpOnly/i);
    expect(String(login.headers.location)).toMatch(/^https:\/\/betbro\.example\/oidc\/auth\?/);

    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { host: 'betbro.example', 'x-forwarded-proto': 'https' } });
    expect([logout.headers['set-cookie']].flat().join('\n')).toMatch(/betbro_session=;.*Secure/i);
    expect(logout.headers['strict-transport-security']).toContain('max-age=');
    const csp = String(logout.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(logout.headers['x-content-type-options']).toBe('nosniff');
    expect(logout.headers['referrer-policy']).toBe('no-referrer');
  });
});
