import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, exchangeResponseSchema, logoutResponseSchema } from '../../../shared/schemas/auth.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { EMBEDDED_IDENTITY_ISSUER } from '../../oidc/provider.ts';
import { createUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { verifyEmailOf } from '../../test/mail.ts';
import { authorize, exchange, randomHexState, signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const error = (body: string) => errorBodySchema.parse(JSON.parse(body));

describe(`sign-in on ${testDbKind}`, () => {
  let app: FastifyInstance;
  const publicUrl = 'http://localhost:3000';

  beforeAll(async () => {
    app = await createTestApp({ adminEmails: ['boss@betbro.test'] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('runs the whole code flow against the embedded provider and creates the user once', async () => {
    const { agent, body } = await signIn(app, 'Ann@Betbro.test', 'ann-password-1');
    expect(body.user.username).toMatch(/^user_[0-9a-f]{10}$/);
    expect(body.user.balance).toBe('1000.00');
    expect(body.user.email).toBe('ann@betbro.test');
    expect(body.user.role).toBe('user');
    expect(body.tokens.expires_at).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
    // Started without a page to come back to: the dashboard.
    expect(body.returnTo).toBeNull();

    const sessionCookie = agent.cookie('betbro_session');
    expect(sessionCookie).toBeTruthy();
    const me = await agent.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(currentUserSchema.parse(me.json()).id).toBe(body.user.id);

    // Only a hash of the session id is stored.
    const stored = await app.database.withConnection((q) => q<{ id_hash: string }>('select id_hash from sessions'));
    expect(stored.map((r) => r.id_hash)).not.toContain(sessionCookie);

    // Identities of the built-in provider carry a stable issuer, so a new PUBLIC_URL keeps accounts.
    const recorded = await app.database.withConnection((q) =>
      q<{ issuer: string }>('select issuer from identities where user_id = $1', [body.user.id]),
    );
    expect(recorded).toEqual([{ issuer: EMBEDDED_IDENTITY_ISSUER }]);

    const again = await signIn(app, 'ann@betbro.test', 'ann-password-1');
    expect(again.body.user.id).toBe(body.user.id);
    const ledger = await app.database.withConnection((q) =>
      q<{ kind: string; amount_cents: number; balance_after_cents: number }>(
        'select kind, amount_cents, balance_after_cents from ledger_entries where user_id = $1',
        [body.user.id],
      ),
    );
    expect(ledger).toEqual([{ kind: 'grant', amount_cents: 100_000, balance_after_cents: 100_000 }]);
  });

  it('comes back to the page sign-in started from, path and query, and to no other site', async () => {
    // From an address of its own, so the file's other sign-ins keep their share of the per-address limit.
    const agent = new HttpAgent(app, {}, '203.0.113.52');
    // Read as a browser reads it: the dots go, the page and its query stay.
    const { callback } = await authorize(agent, { email: 'returner@betbro.test', password: 'returner-pass-1' }, randomHexState(), '/crews/../bets/12?from=chat&tab=odds');
    const exchanged = await exchange(agent, callback, app.config.publicUrl);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchangeResponseSchema.parse(exchanged.json()).returnTo).toBe('/bets/12?from=chat&tab=odds');

    const anon = new HttpAgent(app, {}, '203.0.113.53');
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '/a/..//evil.example', '/api/auth/user', '/oidc/auth', '/auth-callback?code=x', 'bets/1', '/bets/1 x']) {
      const refused = await anon.get(`/api/login?${new URLSearchParams({ state: randomHexState(), returnTo: elsewhere })}`);
      expect(refused.statusCode, elsewhere).toBe(400);
      expect(errorBodySchema.parse(refused.json()).code).toBe('invalid_input');
      expect(refused.headers.location).toBeUndefined();
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
  });

  it('makes admins of ADMIN_EMAILS once the email is verified', async () => {
    const { agent, body } = await signIn(app, 'boss@betbro.test');
    expect(body.user.role).toBe('user');
    await verifyEmailOf(app, 'boss@betbro.test', agent);
    expect(currentUserSchema.parse((await agent.get('/api/auth/user')).json()).role).toBe('admin');
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'cookie@betbro.test', password: 'cookie-pass-1' });
    const response = await exchange(agent, callback, publicUrl);
    const setCookie = [response.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/betbro_session=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/betbro_session=[^;]+;.*SameSite=Lax/i);
  });

  it('refuses a tampered state', async () => {
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'tamper@betbro.test', password: 'tamper-pass-1' });
    const response = await exchange(agent, { ...callback, state: randomHexState() }, publicUrl);
    expect(response.statusCode).toBe(400);
    expect(error(response.body)).toEqual({ error: 'Invalid state parameter', code: 'invalid_state' });
    expect(agent.cookie('betbro_session')).toBeUndefined();
  });

  it('refuses an exchange without the flow cookie', async () => {
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'nocookie@betbro.test', password: 'nocookie-pass' });
    agent.dropCookie('betbro_oidc');
    const response = await exchange(agent, callback, publicUrl);
    expect(response.statusCode).toBe(400);
    expect(error(response.body).error).toBe('Invalid state parameter');
  });

  it('refuses a forged flow cookie', async () => {
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'forged@betbro.test', password: 'forged-pass-1' });
    const forged = JSON.stringify({ state: callback.state, nonce: 'n', codeVerifier: 'v', issuedAt: Date.now() });
    agent.dropCookie('betbro_oidc');
    agent.setCookie('betbro_oidc', `${encodeURIComponent(forged)}.c2lnbmF0dXJl`, '/api');
    const response = await exchange(agent, callback, publicUrl);
    expect(response.statusCode).toBe(400);
    expect(error(response.body).code).toBe('invalid_state');
  });

  it('refuses a missing code', async () => {
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'nocode@betbro.test', password: 'nocode-pass-1' });
    const response = await agent.post('/api/oauth/exchange', { state: callback.state, redirect_uri: `${publicUrl}/auth-callback` });
    expect(response.statusCode).toBe(400);
    expect(error(response.body).error).toBe('No authorization code received');
    const empty = await agent.post('/api/oauth/exchange', { code: '', state: callback.state });
    expect(error(empty.body).error).toBe('No authorization code received');
  });

  it('refuses a replayed code, even with the original flow cookie', async () => {
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'replay@betbro.test', password: 'replay-pass-1' });
    const flowCookie = agent.cookie('betbro_oidc')!;
    expect((await exchange(agent, callback, publicUrl)).statusCode).toBe(200);

    const attacker = new HttpAgent(app);
    attacker.setCookie('betbro_oidc', flowCookie, '/api');
    const replay = await exchange(attacker, callback, publicUrl);
    expect(replay.statusCode).toBe(400);
    expect(error(replay.body).code).toBe('invalid_grant');
    expect(attacker.cookie('betbro_session')).toBeUndefined();
  });

  it('refuses a foreign redirect_uri', async () => {
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'redirect@betbro.test', password: 'redirect-pass' });
    const response = await agent.post('/api/oauth/exchange', { ...callback, redirect_uri: 'https://evil.example/cb' });
    expect(response.statusCode).toBe(400);
    expect(error(response.body).code).toBe('invalid_redirect_uri');
  });

  it('refuses /api/login with a malformed state', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/login?state=not-hex' });
    expect(response.statusCode).toBe(400);
    expect(error(response.body).error).toBe('Invalid state parameter');
  });

  it('answers 401 when signed out, for an expired session and for a revoked one', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(error(anonymous.body).code).toBe('unauthorized');

    const expired = await signIn(app, 'expired@betbro.test');
    await app.database.withConnection((q) =>
      q("update sessions set expires_at = now() - interval '1 second' where user_id = $1", [expired.body.user.id]),
    );
    expect((await expired.agent.get('/api/auth/user')).statusCode).toBe(401);

    const revoked = await signIn(app, 'revoked@betbro.test');
    const token = revoked.agent.cookie('betbro_session')!;
    const logout = await revoked.agent.post('/api/logout');
    expect(logout.statusCode).toBe(200);
    const { logoutUrl } = logoutResponseSchema.parse(logout.json());
    expect(logoutUrl).toContain('/oidc/session/end');
    expect(new URL(logoutUrl).searchParams.get('post_logout_redirect_uri')).toBe(publicUrl);
    // RP-initiated logout by client_id: the answer carries no token.
    expect(new URL(logoutUrl).searchParams.get('client_id')).toBe('betbro');
    expect(new URL(logoutUrl).searchParams.get('id_token_hint')).toBeNull();
    expect(logoutUrl).not.toMatch(/eyJ/);
    expect(revoked.agent.cookie('betbro_session')).toBeUndefined();
    // The old cookie value is dead on the server, not just forgotten by the browser.
    const reuse = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: { betbro_session: token } });
    expect(reuse.statusCode).toBe(401);
  });

  it('answers many requests arriving together each with its own session, and none with a dead one', async () => {
    // Lookups of requests arriving together go to the database as one query (db/read-batches.ts).
    const live = await Promise.all(Array.from({ length: 30 }, (_, i) => createUser(app, `Together${i}`)));
    const expired = await signIn(app, 'together-expired@betbro.test');
    await app.database.withConnection((q) =>
      q("update sessions set expires_at = now() - interval '1 second' where user_id = $1", [expired.body.user.id]),
    );
    const revoked = await signIn(app, 'together-revoked@betbro.test');
    const revokedToken = revoked.agent.cookie('betbro_session')!;
    expect((await revoked.agent.post('/api/logout')).statusCode).toBe(200);
    const answers = await Promise.all([
      ...live.map((user) => user.agent.get('/api/auth/user')),
      expired.agent.get('/api/auth/user'),
      app.inject({ method: 'GET', url: '/api/auth/user', cookies: { betbro_session: revokedToken } }),
      app.inject({ method: 'GET', url: '/api/auth/user', cookies: { betbro_session: 'x'.repeat(43) } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([...live.map(() => 200), 401, 401, 401]);
    expect(answers.slice(0, live.length).map((a) => currentUserSchema.parse(a.json()).id)).toEqual(live.map((u) => u.id));
  });

  it('slides the session expiry forward when it is used', async () => {
    const { agent, body } = await signIn(app, 'slide@betbro.test');
    await app.database.withConnection((q) =>
      q("update sessions set expires_at = now() + interval '2 days' where user_id = $1", [body.user.id]),
    );
    const me = await agent.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(currentUserSchema.parse(me.json()).sessionExpiresAt).toBeGreaterThan(Date.now() / 1000 + 6.9 * 24 * 3600);
    expect([me.headers['set-cookie']].flat().join()).toContain('betbro_session=');
  });

  it("refuses a deactivated user's session that was left open", async () => {
    // Deactivation revokes sessions; the lookup refuses a deactivated user's session even so.
    const { agent, body } = await signIn(app, 'left-open@betbro.test');
    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
    await app.database.withConnection((q) => q('update users set deactivated_at = now() where id = $1', [body.user.id]));
    expect((await agent.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a deactivated user at sign-in', async () => {
    const { body } = await signIn(app, 'gone@betbro.test');
    await app.database.withConnection((q) => q('update users set deactivated_at = now() where id = $1', [body.user.id]));
    const agent = new HttpAgent(app);
    const { callback } = await authorize(agent, { email: 'gone@betbro.test', password: 'correct horse battery' });
    const response = await exchange(agent, callback, publicUrl);
    expect(response.statusCode).toBe(403);
    expect(error(response.body).code).toBe('account_deactivated');
  });

  describe('the provider login page', () => {
    it('shows an error for a wrong password and keeps the email', async () => {
      await signIn(app, 'pat@betbro.test', 'pats-password');
      const agent = new HttpAgent(app);
      const { loginResponse } = await authorize(agent, { email: 'pat@betbro.test', password: 'not-pats-password' });
      expect(loginResponse.statusCode).toBe(401);
      expect(loginResponse.headers['content-type']).toMatch(/text\/html/);
      expect(loginResponse.body).toContain('Wrong email or password.');
      expect(loginResponse.body).toContain('value="pat@betbro.test"');
    });

    it('asks for a longer password before creating an account', async () => {
      const agent = new HttpAgent(app);
      const { loginResponse } = await authorize(agent, { email: 'short@betbro.test', password: 'short' });
      expect(loginResponse.statusCode).toBe(400);
      expect(loginResponse.body).toContain('at least 8 characters');
    });

    it.each([
      ['password', 'This password is too common; choose one that is harder to guess'],
      ['12345678', 'This password is too common; choose one that is harder to guess'],
      [' '.repeat(8), 'Password must not be only spaces'],
      ['weak@betbro.test', 'Password must not be your email address'],
    ])('refuses to create an account with the password %j', async (password, message) => {
      const agent = new HttpAgent(app);
      const { loginResponse } = await authorize(agent, { email: 'weak@betbro.test', password });
      expect(loginResponse.statusCode).toBe(400);
      expect(loginResponse.body).toContain(`Wrong email or password. To create an account, choose another password: ${message}.`);
      const accounts = await app.database.withConnection((q) => q("select id from local_accounts where email = 'weak@betbro.test'"));
      expect(accounts).toEqual([]);
    });

    it('serves the pages with a strict CSP and no dev interactions', async () => {
      const agent = new HttpAgent(app);
      const start = await agent.get(`/api/login?state=${randomHexState()}`);
      const auth = await agent.get(String(start.headers.location));
      const page = await agent.get(String(auth.headers.location));
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).not.toContain('<script');
      const formInputs = page.body.match(/<input[^>]+name="(\w+)"/g) ?? [];
      expect(formInputs.map((i) => /name="(\w+)"/.exec(i)?.[1])).toEqual(['email', 'password']);
      expect(page.body.match(/<button/g)).toHaveLength(1);
    });
  });

  describe('username', () => {
    let agent: HttpAgent;

    beforeAll(async () => {
      ({ agent } = await signIn(app, 'chooser@betbro.test'));
      const other = await signIn(app, 'taken@betbro.test');
      expect((await other.agent.post('/api/complete-profile', { username: 'TakenName' })).statusCode).toBe(200);
    });

    it.each([
      ['ab', 'Username must be at least 3 characters long'],
      ['  a ', 'Username must be at least 3 characters long'],
      ['a'.repeat(21), 'Username must be at most 20 characters long'],
      ['bad name!', 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores'],
      ['user_me', 'Username cannot start with "user_"'],
      ['USER_me', 'Username cannot start with "user_"'],
    ])('refuses %j', async (username, message) => {
      const response = await agent.post('/api/complete-profile', { username });
      expect(response.statusCode).toBe(400);
      expect(error(response.body)).toEqual({ error: message, code: 'invalid_input' });
    });

    it.each([
      ['admin', 'This username is reserved'],
      ['Support', 'This username is reserved'],
      ['ROOT', 'This username is reserved'],
      ['Adm_In', 'This username is reserved'],
      ['Adm1n', 'This username is reserved'],
      ['\u0430lice', 'Username must not mix letters of different alphabets'], // a Cyrillic а
      ['b\u043eb_\u0440', 'Username must not mix letters of different alphabets'],
      ['\u0430\u043b\u0438\u0441\u0430', 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores'],
    ])('refuses %j', async (username, message) => {
      const response = await agent.post('/api/complete-profile', { username });
      expect(response.statusCode).toBe(400);
      expect(error(response.body)).toEqual({ error: message, code: 'invalid_input' });
    });

    it('refuses look-alikes of a taken name, and lets the first comer keep it', async () => {
      const alice = await signIn(app, 'alice@betbro.test');
      expect((await alice.agent.post('/api/complete-profile', { username: 'alice' })).statusCode).toBe(200);
      for (const lookAlike of ['aIice', 'AL1CE', 'a1ice', 'ALlCE']) {
        const response = await agent.post('/api/complete-profile', { username: lookAlike });
        expect(response.statusCode, lookAlike).toBe(409);
        expect(error(response.body)).toEqual({ error: 'Username is already taken', code: 'username_taken' });
      }
      const other = await signIn(app, 'olive@betbro.test');
      expect((await other.agent.post('/api/complete-profile', { username: 'Olive_0' })).statusCode).toBe(200);
      expect((await agent.post('/api/complete-profile', { username: 'O1ive_O' })).statusCode).toBe(409);
    });

    it('refuses a name taken in another case', async () => {
      const response = await agent.post('/api/complete-profile', { username: 'takenname' });
      expect(response.statusCode).toBe(409);
      expect(error(response.body).error).toBe('Username is already taken');
    });

    it('sets a free name once, and only once', async () => {
      const first = await agent.post('/api/complete-profile', { username: 'Chooser_1' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ username: 'Chooser_1', balance: '1000.00' });
      const second = await agent.post('/api/complete-profile', { username: 'Chooser_2' });
      expect(second.statusCode).toBe(409);
      expect(error(second.body).code).toBe('username_already_set');
    });

    it('needs a session', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/complete-profile', payload: { username: 'nobody' } });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('cross-site requests', () => {
    it('refuses state-changing requests from another origin', async () => {
      const { agent } = await signIn(app, 'csrf@betbro.test');
      const evil = await agent.request('POST', '/api/complete-profile', {
        json: { username: 'Evil_Name' },
        headers: { origin: 'https://evil.example' },
      });
      expect(evil.statusCode).toBe(403);
      expect(error(evil.body).code).toBe('cross_site_request');
      const fetchSite = await agent.request('POST', '/api/logout', { json: {}, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(fetchSite.statusCode).toBe(403);
      // Nothing changed: the session still works.
      expect((await agent.get('/api/auth/user')).statusCode).toBe(200);

      const own = await agent.request('POST', '/api/complete-profile', {
        json: { username: 'Csrf_Ok' },
        headers: { origin: publicUrl, 'sec-fetch-site': 'same-origin' },
      });
      expect(own.statusCode).toBe(200);
    });
  });
});

describe(`sign-in limits on ${testDbKind}`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({
      openSignup: false,
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 4, loginPerEmailAndIp: 2, loginWindowSeconds: 60, writesPerMinute: 1000 },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('does not create accounts when open sign-up is off', async () => {
    const agent = new HttpAgent(app);
    const { loginResponse } = await authorize(agent, { email: 'stranger@betbro.test', password: 'long-enough-1' });
    expect(loginResponse.statusCode).toBe(401);
    expect(loginResponse.body).toContain('Wrong email or password.');
    const accounts = await app.database.withConnection((q) => q('select id from local_accounts'));
    expect(accounts).toHaveLength(0);
  });

  it('limits failed attempts per email, then attempts per IP', async () => {
    // The IP already made one attempt in the test above; the email allows two failures.
    const agent = new HttpAgent(app);
    for (const password of ['guess-number-1', 'guess-number-2']) {
      const failed = await authorize(agent, { email: 'victim@betbro.test', password });
      expect(failed.loginResponse.statusCode).toBe(401);
    }
    const third = await authorize(agent, { email: 'victim@betbro.test', password: 'guess-number-3' });
    expect(third.loginResponse.statusCode).toBe(429);
    expect(third.loginResponse.body).toContain('Too many failed attempts for this email');

    const fourth = await authorize(agent, { email: 'other@betbro.test', password: 'guess-number-4' });
    expect(fourth.loginResponse.statusCode).toBe(429);
    expect(fourth.loginResponse.body).toContain('Too many sign-in attempts');
    expect(fourth.loginResponse.headers['retry-after']).toBeDefined();
  });
});
