import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type Config } from '../config.ts';
import { HttpAgent } from '../test/http-agent.ts';
import { authorize, exchange } from '../test/sign-in.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { createLocalAccount } from '../oidc/provider.ts';

/** One attempt on the provider's login page, from `ip` as the server sees it. */
async function attempt(app: FastifyInstance, email: string, password: string, from: { ip?: string; forwardedFor?: string } = {}) {
  const agent = new HttpAgent(app, from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}, from.ip);
  const { loginResponse, callback } = await authorize(agent, { email, password });
  return { status: loginResponse.statusCode, body: loginResponse.body, retryAfter: loginResponse.headers['retry-after'], agent, callback };
}

const countBy = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe(`sign-in limits that guessing cannot outrun on ${testDbKind}`, () => {
  let app: FastifyInstance;
  const owner = { email: 'owner@betbro.test', password: 'the owners own secret' };

  beforeAll(async () => {
    app = await createTestApp({ openSignup: false });
    await createLocalAccount(app.db, owner.email, owner.password);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('evaluates only 10 of 40 simultaneous guesses from one IP, and still lets the owner in from another', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(app, owner.email, `wrong guess number ${i}`, { ip: '203.0.113.7' })),
    );
    // The per-IP limit (30) lets 30 through, the per-(email, IP) limit (10) lets 10 of those be checked.
    expect(countBy(guesses.map((g) => g.status))).toEqual({ 401: DEFAULT_RATE_LIMITS.loginPerEmailAndIp, 429: 30 });
    for (const refused of guesses.filter((g) => g.status === 429)) {
      expect(refused.body).toMatch(/Too many (failed|sign-in) attempts/);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }

    // The attacker stays limited, even with the right password...
    expect((await attempt(app, owner.email, owner.password, { ip: '203.0.113.7' })).status).toBe(429);
    // ...while the owner, from anywhere else, signs in.
    const ownerTry = await attempt(app, owner.email, owner.password, { ip: '198.51.100.20' });
    expect(ownerTry.status).toBe(303);
    expect((await exchange(ownerTry.agent, ownerTry.callback, app.config.publicUrl)).statusCode).toBe(200);
  });
});

describe(`the per-email ceiling across IPs on ${testDbKind}`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({
      openSignup: false,
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 100, loginPerEmailAndIp: 3, loginPerEmail: 5 },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts attempts from every IP, but only those the per-(email, IP) limit let through', async () => {
    const statuses = async (ip: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i += 1) out.push((await attempt(app, 'spread@betbro.test', `guess-${ip}-${i}`, { ip })).status);
      return out;
    };
    // Five from one IP: three checked, two refused by that IP's limit (and not counted for the email).
    expect(await statuses('192.0.2.1', 5)).toEqual([401, 401, 401, 429, 429]);
    // Another IP adds two more; the sixth counted attempt meets the email's ceiling.
    expect(await statuses('192.0.2.2', 3)).toEqual([401, 401, 429]);
  });
});

describe(`forwarded headers and TRUST_PROXY on ${testDbKind}`, () => {
  const limits = { ...DEFAULT_RATE_LIMITS, loginPerIp: 3 };
  const apps: FastifyInstance[] = [];
  const appWith = async (overrides: Partial<Config>) => {
    const app = await createTestApp({ openSignup: false, rateLimits: limits, ...overrides });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  /** Five attempts (different emails), each claiming another client address. */
  const rotating = async (app: FastifyInstance, ip?: string) => {
    const out: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      out.push((await attempt(app, `nobody${i}@betbro.test`, 'a wrong password', { ip, forwardedFor: `198.18.0.${i + 1}` })).status);
    }
    return out;
  };

  it('ignores X-Forwarded-For when TRUST_PROXY is unset: rotating it escapes no limit', async () => {
    expect(await rotating(await appWith({ trustProxy: false }))).toEqual([401, 401, 401, 429, 429]);
  });

  it('believes X-Forwarded-For from the proxies TRUST_PROXY names, and only from them', async () => {
    const hops = await appWith({ trustProxy: 1 });
    expect(await rotating(hops)).toEqual([401, 401, 401, 401, 401]);

    const listed = await appWith({ trustProxy: ['10.0.0.0/8'] });
    // From the listed proxy, each forwarded client counts apart...
    expect(await rotating(listed, '10.1.2.3')).toEqual([401, 401, 401, 401, 401]);
    // ...from anyone else the header is a claim like any other, and ignored.
    expect(await rotating(listed, '203.0.113.50')).toEqual([401, 401, 401, 429, 429]);
  });
});
