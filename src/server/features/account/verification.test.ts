import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, verifyEmailResponseSchema } from '../../../shared/schemas/account.ts';
import { currentUserSchema } from '../../../shared/schemas/auth.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { drainMail, startMailServer, tokenIn, type TestMailServer } from '../../test/mail.ts';
import { signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { signInWithIdentity } from '../auth/service.ts';
import { VERIFICATION_MAILS_PER_HOUR } from './service.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const addressedTo = (email: string) => (m: { to?: unknown }) => JSON.stringify(m.to ?? '').includes(email);

describe(`verified email on ${testDbKind}`, () => {
  let smtp: TestMailServer;
  let app: FastifyInstance;
  const BOSS = 'boss@betbro.test';

  beforeAll(async () => {
    smtp = await startMailServer();
    app = await createTestApp({
      adminEmails: [BOSS, 'listed@betbro.test'],
      mail: { smtpUrl: smtp.url, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [20], pollIntervalMs: 50 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** The latest verification link mailed to `email`, as its owner reads it. */
  async function mailedToken(email: string): Promise<string> {
    await drainMail(app);
    const mails = smtp.received.filter(addressedTo(email));
    expect(mails.length).toBeGreaterThan(0);
    return tokenIn(mails.at(-1)!.text, '/verify-email');
  }
  /** Follows a link in `agent`'s session: a verification counts only in the account's own. */
  const verify = (token: unknown, agent: HttpAgent) => agent.post('/api/account/verify-email', { token });
  /** Whether the account says its email is verified; the signed-in user's own flag always says the same. */
  const emailVerifiedOf = async (agent: HttpAgent) => {
    const { emailVerified } = accountSchema.parse((await agent.get('/api/account')).json());
    expect(currentUserSchema.parse((await agent.get('/api/auth/user')).json()).emailToVerify).toBe(!emailVerified);
    return emailVerified;
  };

  it('mails a new account a link, stored only as a hash, that verifies its email once, in its own session', async () => {
    const email = 'newcomer@betbro.test';
    const { agent } = await signIn(app, email, 'newcomer-pass-1');
    expect(await emailVerifiedOf(agent)).toBe(false);

    await drainMail(app);
    const mail = await smtp.waitFor(addressedTo(email));
    expect(mail.subject).toBe('Confirm your email address for Betbro');
    expect(mail.from?.value).toEqual([{ address: 'no-reply@betbro.test', name: 'Betbro' }]);
    // No player name yet at sign-up: a greeting that names nobody, never the start of the address.
    expect(mail.text).toMatch(/^Hi there,$/m);
    expect(mail.html).toContain('Hi there,');
    expect(mail.text).not.toContain('newcomer,');
    const token = tokenIn(mail.text, '/verify-email');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(mail.text).toContain(`http://localhost:3000/verify-email?token=${token}`);
    expect(mail.html).toContain(`href="http://localhost:3000/verify-email?token=${token}"`);

    const stored = await app.database.withConnection((q) =>
      q<{ token_hash: string; purpose: string; lifetime_seconds: number }>(
        `select token_hash, purpose, extract(epoch from expires_at - created_at)::int as lifetime_seconds
         from account_tokens where token_hash = $1`,
        [sha256(token)],
      ),
    );
    expect(stored).toEqual([{ token_hash: sha256(token), purpose: 'verify_email', lifetime_seconds: 24 * 3600 }]);
    const anywhere = await app.database.withConnection((q) => q<{ n: number }>(`select count(*)::int as n from account_tokens where token_hash = $1`, [token]));
    expect(anywhere[0]?.n).toBe(0);

    // Signed out, the link counts for nothing, and stays good for its holder.
    expect(refusal(await new HttpAgent(app).post('/api/account/verify-email', { token }))).toEqual({ status: 401, error: 'Not signed in', code: 'unauthorized' });
    expect(await emailVerifiedOf(agent)).toBe(false);
    const response = await verify(token, agent);
    expect(response.statusCode, response.body).toBe(200);
    expect(verifyEmailResponseSchema.parse(response.json())).toEqual({ emailVerified: true });
    expect(await emailVerifiedOf(agent)).toBe(true);

    expect(refusal(await verify(token, agent))).toEqual({ status: 400, error: 'This link is invalid or has expired', code: 'invalid_token' });

    // The provider now vouches for the email: signing in again keeps it verified.
    const again = await signIn(app, email, 'newcomer-pass-1');
    expect(await emailVerifiedOf(again.agent)).toBe(true);
  });

  it('refuses forged, malformed and expired tokens, and verifies nothing', async () => {
    const email = 'doubter@betbro.test';
    const { agent } = await signIn(app, email, 'doubter-pass-1');
    const token = await mailedToken(email);

    const invalid = { status: 400, error: 'This link is invalid or has expired', code: 'invalid_token' };
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(refusal(await verify(forged, agent))).toEqual(invalid);
    expect(refusal(await verify('not-a-token', agent))).toEqual(invalid);
    expect(refusal(await verify('x'.repeat(5000), agent))).toEqual(invalid);
    expect(refusal(await verify(42, agent))).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(refusal(await agent.post('/api/account/verify-email', {}))).toMatchObject({ status: 400, code: 'invalid_input' });

    await app.database.withConnection((q) => q(`update account_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [sha256(token)]));
    expect(refusal(await verify(token, agent))).toEqual(invalid);
    expect(await emailVerifiedOf(agent)).toBe(false);
  });

  it('greets a player who chose a username by it in a link mailed again', async () => {
    const email = 'named.later@betbro.test';
    const { agent } = await signIn(app, email, 'named-later-pass-1');
    expect((await agent.post('/api/complete-profile', { username: 'Nadia' })).statusCode).toBe(200);
    expect((await agent.post('/api/account/verification-mail')).statusCode).toBe(202);
    await drainMail(app);
    const mails = smtp.received.filter(addressedTo(email));
    // The sign-up's mail and the one asked for since, in whatever order they arrived.
    expect(mails.map((m) => m.text?.split('\n')[0]).sort()).toEqual(['Hi Nadia,', 'Hi there,']);
    expect(mails.find((m) => m.text?.startsWith('Hi Nadia,'))?.html).toContain('Hi Nadia,');
  });

  it(`resends the link at most ${VERIFICATION_MAILS_PER_HOUR} times an hour, and not once the email is verified`, async () => {
    const email = 'forgetful@betbro.test';
    const { agent } = await signIn(app, email, 'forgetful-pass-1');
    for (let i = 0; i < VERIFICATION_MAILS_PER_HOUR; i += 1) {
      const response = await agent.post('/api/account/verification-mail');
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ ok: true });
    }
    const limited = await agent.post('/api/account/verification-mail');
    expect(refusal(limited)).toEqual({ status: 429, error: 'Too many requests, please slow down', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    await drainMail(app);
    // The sign-up's mail and the three resent.
    expect(smtp.received.filter(addressedTo(email))).toHaveLength(1 + VERIFICATION_MAILS_PER_HOUR);
    expect((await verify(await mailedToken(email), agent)).statusCode).toBe(200);
    expect(refusal(await agent.post('/api/account/verification-mail'))).toEqual({
      status: 409,
      error: 'Your email address is already verified',
      code: 'already_verified',
    });
    expect((await new HttpAgent(app).post('/api/account/verification-mail')).statusCode).toBe(401);
  });

  it("believes an external issuer's email_verified claim, and mails nothing for its accounts", async () => {
    const outside = await createUser(app, 'Outsider');
    expect(accountSchema.parse((await outside.agent.get('/api/account')).json())).toEqual({
      passwordManagedBy: 'external',
      providerUrl: 'https://fixtures.betbro.test',
      emailVerified: true,
    });
    expect(refusal(await outside.agent.post('/api/account/verification-mail'))).toMatchObject({ status: 409, code: 'external_account' });
    // Its claim may say unverified: still nothing for the player to verify here.
    await app.database.withConnection((q) => q(`update users set email_verified = false where id = $1`, [outside.id]));
    expect(currentUserSchema.parse((await outside.agent.get('/api/auth/user')).json()).emailToVerify).toBe(false);

    const identity = { issuer: 'https://elsewhere.betbro.test', subject: 'u-1', email: 'claims@betbro.test', name: null };
    expect((await signInWithIdentity(app.db, { ...identity, emailVerified: false }, [], 'en')).emailVerified).toBe(false);
    expect((await signInWithIdentity(app.db, { ...identity, emailVerified: true }, [], 'en')).emailVerified).toBe(true);
  });

  it('makes an ADMIN_EMAILS address an admin only once it is verified', async () => {
    const { agent } = await signIn(app, BOSS, 'boss-password-1');
    const roleOf = async (a: HttpAgent) => currentUserSchema.parse((await a.get('/api/auth/user')).json()).role;
    expect(await roleOf(agent)).toBe('user');
    expect((await agent.get('/api/admin/users')).statusCode).toBe(403);
    // Signing in again proves nothing about the mailbox.
    expect(await roleOf((await signIn(app, BOSS, 'boss-password-1')).agent)).toBe('user');

    expect((await verify(await mailedToken(BOSS), agent)).statusCode).toBe(200);
    expect(await roleOf(agent)).toBe('admin');
    expect((await agent.get('/api/admin/users')).statusCode).toBe(200);
    expect(await roleOf((await signIn(app, BOSS, 'boss-password-1')).agent)).toBe('admin');
  });

  it('leaves a demoted admin demoted: neither a sign-in nor a new verification promotes them again', async () => {
    const email = 'listed@betbro.test';
    const listed = await signIn(app, email, 'listed-password-1');
    expect((await verify(await mailedToken(email), listed.agent)).statusCode).toBe(200);
    expect(listed.body.user.id).toBeGreaterThan(0);
    const roleOf = async (a: HttpAgent) => currentUserSchema.parse((await a.get('/api/auth/user')).json()).role;
    expect(await roleOf(listed.agent)).toBe('admin');

    const other = await createUser(app, 'Chief', { admin: true });
    const demoted = await other.agent.put(`/api/admin/users/${listed.body.user.id}/role`, { role: 'user' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await roleOf(listed.agent)).toBe('user');

    const again = await signIn(app, email, 'listed-password-1');
    expect(await roleOf(again.agent)).toBe('user');
    // A reset link proves the mailbox again: still no promotion.
    expect((await new HttpAgent(app).post('/api/account/password-reset', { email })).statusCode).toBe(202);
    await drainMail(app);
    const resetMail = smtp.received.filter(addressedTo(email)).at(-1)!;
    const confirmed = await new HttpAgent(app).post('/api/account/password-reset/confirm', {
      token: tokenIn(resetMail.text, '/reset-password'),
      newPassword: 'listed-password-2',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await roleOf((await signIn(app, email, 'listed-password-2')).agent)).toBe('user');
  });

  it('promotes a listed email an external issuer vouches for at sign-in, and not one it does not', async () => {
    const identity = { issuer: 'https://elsewhere.betbro.test', subject: 'boss-2', email: 'Second-Boss@betbro.test', name: null };
    const list = ['second-boss@betbro.test'];
    expect((await signInWithIdentity(app.db, { ...identity, emailVerified: false }, list, 'en')).role).toBe('user');
    const verified = await signInWithIdentity(app.db, { ...identity, emailVerified: true }, list, 'en');
    expect(verified.role).toBe('admin');
  });
});
