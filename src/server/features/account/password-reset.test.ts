import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, passwordResetConfirmResponseSchema } from '../../../shared/schemas/account.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { drainMail, startMailServer, tokenIn, type TestMailServer } from '../../test/mail.ts';
import { authorize, randomHexState, signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { RESET_MAILS_PER_EMAIL_PER_HOUR, RESET_REQUESTS_PER_IP_PER_HOUR } from './service.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const addressedTo = (email: string) => (m: { to?: unknown }) => JSON.stringify(m.to ?? '').includes(email);
const INVALID = { status: 400, error: 'This link is invalid or has expired', code: 'invalid_token' };

/** Whether the provider's login page takes this email and password. */
async function providerAccepts(app: FastifyInstance, email: string, password: string): Promise<boolean> {
  const { callback } = await authorize(new HttpAgent(app), { email, password });
  return callback.error === null && callback.code !== '';
}

/** Where a browser's "Sign in" leads: straight back with a code while the provider remembers it, else its login form. */
async function pressSignIn(agent: HttpAgent): Promise<'signed in without a password' | 'asked for the password'> {
  const start = await agent.get(`/api/login?state=${randomHexState()}`);
  const auth = await agent.get(String(start.headers.location));
  const location = String(auth.headers.location);
  if (location.startsWith(`${agent.publicUrl}/auth-callback?code=`)) return 'signed in without a password';
  expect(location).toMatch(/\/interaction\/[\w-]+$/);
  return 'asked for the password';
}

describe(`forgotten passwords on ${testDbKind}`, () => {
  let smtp: TestMailServer;
  let app: FastifyInstance;
  let nextAddress = 1;
  /** A browser at an address of its own, so each test meets the per-IP limit on its own. */
  const stranger = () => new HttpAgent(app, {}, `198.51.100.${nextAddress++}`);

  beforeAll(async () => {
    smtp = await startMailServer();
    app = await createTestApp({
      mail: { smtpUrl: smtp.url, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [20], pollIntervalMs: 50 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** Asks for a reset link for `email` and answers the token of the mail it brings. */
  async function resetToken(email: string): Promise<string> {
    const response = await stranger().post('/api/account/password-reset', { email });
    expect(response.statusCode, response.body).toBe(202);
    await drainMail(app);
    const mail = smtp.received.filter((m) => addressedTo(email)(m) && m.subject === 'Reset your Betbro password').at(-1);
    return tokenIn(mail?.text, '/reset-password');
  }
  const confirm = (body: unknown) => stranger().post('/api/account/password-reset/confirm', body);

  it('mails a link for 60 minutes; the new password ends every session, the old one no longer signs in', async () => {
    const email = 'amnesiac@betbro.test';
    const first = await signIn(app, email, 'old-password-1');
    const second = await signIn(app, email, 'old-password-1');
    expect(await pressSignIn(second.agent)).toBe('signed in without a password');

    const asked = await stranger().post('/api/account/password-reset', { email: 'Amnesiac@Betbro.test' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });
    await drainMail(app);
    const mail = await smtp.waitFor((m) => addressedTo(email)(m) && m.subject === 'Reset your Betbro password');
    // The player never chose a name: a greeting that names nobody, not the start of the address.
    expect(mail.text).toMatch(/^Hi there,$/m);
    expect(mail.html).toContain('Hi there,');
    const token = tokenIn(mail.text, '/reset-password');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="http://localhost:3000/reset-password?token=${token}"`);
    const [stored] = await app.database.withConnection((q) =>
      q<{ purpose: string; lifetime_seconds: number }>(
        `select purpose, extract(epoch from expires_at - created_at)::int as lifetime_seconds from account_tokens where token_hash = $1`,
        [sha256(token)],
      ),
    );
    expect(stored).toEqual({ purpose: 'reset_password', lifetime_seconds: 60 * 60 });

    const response = await confirm({ token, newPassword: 'new-password-2' });
    expect(response.statusCode, response.body).toBe(200);
    expect(passwordResetConfirmResponseSchema.parse(response.json())).toEqual({ ok: true });

    for (const browser of [first.agent, second.agent]) expect((await browser.get('/api/auth/user')).statusCode).toBe(401);
    expect(await pressSignIn(second.agent)).toBe('asked for the password');
    expect(await providerAccepts(app, email, 'old-password-1')).toBe(false);
    expect(await providerAccepts(app, email, 'new-password-2')).toBe(true);
    expect(refusal(await confirm({ token, newPassword: 'newer-password-3' }))).toEqual(INVALID);

    // Following the link proved the mailbox.
    const { agent } = await signIn(app, email, 'new-password-2');
    expect(accountSchema.parse((await agent.get('/api/account')).json()).emailVerified).toBe(true);
  });

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    await signIn(app, 'known@betbro.test', 'known-password-1');
    await drainMail(app);
    const before = smtp.received.length;
    const known = await stranger().post('/api/account/password-reset', { email: 'known@betbro.test' });
    const unknown = await stranger().post('/api/account/password-reset', { email: 'nobody-here@betbro.test' });
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(unknown.statusCode).toBe(202);
    await drainMail(app);
    expect(smtp.received.slice(before).map((m) => JSON.stringify(m.to))).toEqual([expect.stringContaining('known@betbro.test')]);
    const queued = await app.database.withConnection((q) => q<{ n: number }>(`select count(*)::int as n from mail_outbox where recipient = 'nobody-here@betbro.test'`));
    expect(queued[0]?.n).toBe(0);
  });

  it('holds the new password to the sign-up rule, with its codes, and the link keeps working', async () => {
    const email = 'picky@betbro.test';
    await signIn(app, email, 'picky-password-1');
    const token = await resetToken(email);
    expect(refusal(await confirm({ token, newPassword: 'password' }))).toEqual({
      status: 400,
      error: 'This password is too common; choose one that is harder to guess',
      code: 'weak_password',
    });
    expect(refusal(await confirm({ token, newPassword: email }))).toEqual({ status: 400, error: 'Password must not be your email address', code: 'weak_password' });
    expect(refusal(await confirm({ token, newPassword: 'short' }))).toEqual({ status: 400, error: 'Password must be at least 8 characters', code: 'invalid_input' });
    expect(refusal(await confirm({ token }))).toMatchObject({ status: 400, error: 'Enter a new password' });
    expect(await providerAccepts(app, email, 'picky-password-1')).toBe(true);
    expect((await confirm({ token, newPassword: 'picky-password-2' })).statusCode).toBe(200);
  });

  it('refuses forged, malformed, expired and verification tokens, changing nothing', async () => {
    const email = 'target@betbro.test';
    await signIn(app, email, 'target-password-1');
    const token = await resetToken(email);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(refusal(await confirm({ token: forged, newPassword: 'taken-over-1' }))).toEqual(INVALID);
    expect(refusal(await confirm({ token: 'short', newPassword: 'taken-over-1' }))).toEqual(INVALID);
    const signUpMail = smtp.received.find((m) => addressedTo(email)(m) && m.subject === 'Confirm your email address for Betbro');
    expect(refusal(await confirm({ token: tokenIn(signUpMail?.text, '/verify-email'), newPassword: 'taken-over-1' }))).toEqual(INVALID);

    await app.database.withConnection((q) => q(`update account_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [sha256(token)]));
    expect(refusal(await confirm({ token, newPassword: 'taken-over-1' }))).toEqual(INVALID);
    expect(await providerAccepts(app, email, 'target-password-1')).toBe(true);
    expect(await providerAccepts(app, email, 'taken-over-1')).toBe(false);
  });

  it('spends every older link once the password changes', async () => {
    const email = 'twice@betbro.test';
    await signIn(app, email, 'twice-password-1');
    const older = await resetToken(email);
    const newer = await resetToken(email);
    expect((await confirm({ token: newer, newPassword: 'twice-password-2' })).statusCode).toBe(200);
    expect(refusal(await confirm({ token: older, newPassword: 'twice-password-3' }))).toEqual(INVALID);

    // A password changed in the settings spends them too.
    const later = await resetToken(email);
    const { agent: again } = await signIn(app, email, 'twice-password-2');
    const changed = await again.post('/api/account/password', { currentPassword: 'twice-password-2', newPassword: 'twice-password-4' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(refusal(await confirm({ token: later, newPassword: 'twice-password-5' }))).toEqual(INVALID);
  });

  it(`mails one address at most ${RESET_MAILS_PER_EMAIL_PER_HOUR} times an hour, whoever asks`, async () => {
    const email = 'popular@betbro.test';
    await signIn(app, email, 'popular-password-1');
    for (let i = 0; i < RESET_MAILS_PER_EMAIL_PER_HOUR; i += 1) {
      expect((await stranger().post('/api/account/password-reset', { email })).statusCode).toBe(202);
    }
    const limited = await stranger().post('/api/account/password-reset', { email });
    expect(refusal(limited)).toEqual({ status: 429, error: 'Too many requests, please slow down', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // An unknown address is counted the same way, so the limit tells nothing either.
    for (let i = 0; i < RESET_MAILS_PER_EMAIL_PER_HOUR; i += 1) {
      expect((await stranger().post('/api/account/password-reset', { email: 'ghost@betbro.test' })).statusCode).toBe(202);
    }
    expect((await stranger().post('/api/account/password-reset', { email: 'ghost@betbro.test' })).statusCode).toBe(429);
    await drainMail(app);
    expect(smtp.received.filter((m) => addressedTo(email)(m) && m.subject === 'Reset your Betbro password')).toHaveLength(RESET_MAILS_PER_EMAIL_PER_HOUR);
  });

  it(`takes at most ${RESET_REQUESTS_PER_IP_PER_HOUR} requests an hour from one address`, async () => {
    const browser = stranger();
    for (let i = 0; i < RESET_REQUESTS_PER_IP_PER_HOUR; i += 1) {
      expect((await browser.post('/api/account/password-reset', { email: `someone-${i}@betbro.test` })).statusCode).toBe(202);
    }
    expect(refusal(await browser.post('/api/account/password-reset', { email: 'one-more@betbro.test' }))).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await stranger().post('/api/account/password-reset', { email: 'one-more@betbro.test' })).statusCode).toBe(202);
  });

  it('refuses a malformed email with 400', async () => {
    expect(refusal(await stranger().post('/api/account/password-reset', { email: 'not an email' }))).toEqual({
      status: 400,
      error: 'Enter a valid email address',
      code: 'invalid_input',
    });
  });
});
