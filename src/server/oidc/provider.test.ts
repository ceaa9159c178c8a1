import { connect } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutResponseSchema } from '../../shared/schemas/auth.ts';
import { HttpAgent } from '../test/http-agent.ts';
import { exchange, randomHexState } from '../test/sign-in.ts';
import { listeningConfig } from '../test/sockets.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { createLocalAccount } from './local-accounts.ts';

/** Headers that would name another site, were the provider to believe them. */
const FOREIGN_HEADERS = {
  host: 'evil.example:8443',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '8443',
};

const DISCOVERY = '/oidc/.well-known/openid-configuration';

/** Every URL in a JSON value, wherever it sits. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

const locationOf = (response: LightMyRequestResponse) => {
  expect([302, 303], `${response.statusCode}: ${response.body.slice(0, 300)}`).toContain(response.statusCode);
  return String(response.headers.location);
};

const formActionOf = (html: string) => /<form[^>]*action="([^"]+)"/.exec(html)?.[1];

/**
 * One sign-in attempt from `address`: the flow up to the login page, then the POST, with the
 * processor time this process spent on it (every thread's, the password check's included).
 */
async function attempt(app: FastifyInstance, credentials: { email: string; password: string }, address: string) {
  const agent = new HttpAgent(app, {}, address);
  const auth = await agent.get(locationOf(await agent.get(`/api/login?state=${randomHexState()}`)));
  const pageUrl = locationOf(auth);
  const uid = /\/interaction\/([\w-]+)$/.exec(pageUrl)?.[1] ?? '';
  const page = await agent.get(pageUrl);
  expect(page.statusCode).toBe(200);
  const started = process.cpuUsage();
  const response = await agent.request('POST', `/interaction/${uid}/login`, { form: credentials });
  const spent = process.cpuUsage(started);
  return { response, uid, cpuMs: (spent.user + spent.system) / 1000 };
}

/** What a failed sign-in tells: its status, the headers that matter and the page, less its own uid and email. */
const readable = ({ response, uid }: Awaited<ReturnType<typeof attempt>>, email: string) => ({
  status: response.statusCode,
  contentType: response.headers['content-type'],
  cacheControl: response.headers['cache-control'],
  retryAfter: response.headers['retry-after'],
  setCookie: response.headers['set-cookie'],
  body: response.body.replaceAll(uid, '<uid>').replaceAll(email, '<email>'),
});

describe(`the built-in provider's addresses on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let proxied: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp(await listeningConfig());
    await app.listen({ port: app.config.port, host: '127.0.0.1' });
    // Behind a proxy the app trusts: app.inject's requests come from 127.0.0.1.
    proxied = await createTestApp({ publicUrl: 'https://betbro.example', trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await Promise.all([app?.close(), proxied?.close()]);
  });

  it.each([
    ['without TRUST_PROXY', () => app],
    ['with TRUST_PROXY naming the sender', () => proxied],
  ])('names PUBLIC_URL everywhere in its discovery document, whatever Host or X-Forwarded-Host say, %s', async (_name, which) => {
    const target = which();
    const { publicUrl } = target.config;
    for (const headers of [{}, FOREIGN_HEADERS, { host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }]) {
      const response = await target.inject({ method: 'GET', url: DISCOVERY, headers });
      expect(response.statusCode).toBe(200);
      const document = response.json() as Record<string, unknown>;
      expect(document.issuer).toBe(`${publicUrl}/oidc`);
      const urls = urlsIn(document);
      expect(urls.length).toBeGreaterThan(4);
      for (const url of urls) expect(url.startsWith(`${publicUrl}/oidc`), url).toBe(true);
      expect(response.body).not.toContain('evil.example');
    }
  });

  it('names PUBLIC_URL for a request that names another site in its request line', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(app.config.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.write(`GET http://evil.example${DISCOVERY} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    });
    expect(answer).not.toContain('evil.example');
  });

  it('points its redirects, its login form and its logout form at PUBLIC_URL, whatever the headers say', async () => {
    const publicUrl = proxied.config.publicUrl;
    const agent = new HttpAgent(proxied, FOREIGN_HEADERS);
    const login = await agent.get(`/api/login?state=${randomHexState()}`);
    const pageUrl = locationOf(await agent.get(locationOf(login)));
    expect(pageUrl).toMatch(new RegExp(`^${publicUrl}/interaction/[\\w-]+$`));

    const page = await agent.get(pageUrl);
    expect(page.statusCode).toBe(200);
    expect(formActionOf(page.body)).toBe(`${pageUrl}/login`);
    expect(page.body).toContain(`href="${pageUrl}/abort"`);
    expect(page.body).not.toContain('evil.example');

    const signedIn = await agent.request('POST', `${new URL(pageUrl).pathname}/login`, {
      form: { email: 'addresses@betbro.test', password: 'correct horse battery' },
    });
    const resume = locationOf(signedIn);
    expect(resume.startsWith(`${publicUrl}/oidc/`), resume).toBe(true);
    const callback = new URL(locationOf(await agent.get(resume)));
    expect(callback.origin + callback.pathname).toBe(`${publicUrl}/auth-callback`);
    const exchanged = await exchange(
      agent,
      { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '', iss: null, error: null },
      publicUrl,
    );
    expect(exchanged.statusCode, exchanged.body).toBe(200);

    const { logoutUrl } = logoutResponseSchema.parse((await agent.post('/api/logout')).json());
    expect(logoutUrl.startsWith(`${publicUrl}/oidc/`), logoutUrl).toBe(true);
    const logoutPage = await agent.get(logoutUrl);
    expect(logoutPage.statusCode).toBe(200);
    expect(formActionOf(logoutPage.body)).toBe(`${publicUrl}/oidc/session/end/confirm`);
    expect(logoutPage.body).not.toContain('evil.example');
  });
});

describe(`the built-in provider's answer to a failed sign-in on ${testDbKind}`, () => {
  let openSignup: FastifyInstance;
  let closedSignup: FastifyInstance;
  // Two emails of one length: the pages differ by nothing but what the answer would reveal.
  const known = 'owner@betbro.test';
  const unknown = 'other@betbro.test';
  let nextAddress = 1;
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    [openSignup, closedSignup] = await Promise.all([createTestApp(), createTestApp({ openSignup: false })]);
    for (const app of [openSignup, closedSignup]) await createLocalAccount(app.db, known, 'the owners own secret');
  });
  afterAll(async () => {
    await Promise.all([openSignup?.close(), closedSignup?.close()]);
  });

  it.each([
    ['open sign-up, a password too weak to sign up with', () => openSignup, 'password'],
    ['open sign-up, a password too short to sign up with', () => openSignup, 'short'],
    ['open sign-up, the email as password', () => openSignup, known],
    ['closed sign-up', () => closedSignup, 'a strong wrong password'],
    ['closed sign-up, a weak password', () => closedSignup, 'password'],
  ])('answers an unknown email as it answers a wrong password: %s', async (_name, which, password) => {
    const app = which();
    // The email as password is the one case where the password names the email: same for both.
    const unknownPassword = password === known ? unknown : password;
    const wrong = await attempt(app, { email: known, password }, freshAddress());
    const nobody = await attempt(app, { email: unknown, password: unknownPassword }, freshAddress());
    expect(wrong.response.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.response.body).toContain('Wrong email or password.');
    expect(readable(nobody, unknown)).toEqual(readable(wrong, known));
    const accounts = await app.database.withConnection((q) => q('select id from local_accounts where email = $1', [unknown]));
    expect(accounts).toEqual([]);
  });

  it('takes as long to refuse an unknown email as a wrong password', async () => {
    const wrong: number[] = [];
    const nobody: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      wrong.push((await attempt(closedSignup, { email: known, password: `wrong guess ${i}` }, freshAddress())).cpuMs);
      nobody.push((await attempt(closedSignup, { email: unknown, password: `wrong guess ${i}` }, freshAddress())).cpuMs);
    }
    // Without a password check for the unknown email it answered in about a fifth of the time.
    // Measured as processor time, not on the clock: the time an answer takes is its work plus
    // the wait for a core, and the tests share two (a clock once read 26.5 ms for the unknown
    // email against 54.2 ms, each the quickest of seven, while other files ran). The work is
    // what gives an account away, and a busy machine does not change it.
    expect(Math.min(...nobody)).toBeGreaterThan(0.5 * Math.min(...wrong));
  });
});
