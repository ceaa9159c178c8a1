import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../../shared/schemas/account.ts';
import { currentUserSchema } from '../../../shared/schemas/auth.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { drainMail, startMailServer, tokenIn, type TestMailServer } from '../../test/mail.ts';
import { authorize, randomHexState, signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

// A mailbox proves itself to the account holder only (docs/product.md §8.4). The attack: someone
// signs up first with the address ADMIN_EMAILS lists and picks its password; Betbro then mails the
// address's owner a genuine "confirm your email" link. Opening it signed out (or a mail scanner
// following it), or in another account's session, changes nothing; the owner takes the address
// back with "forgot password", which proves the mailbox, makes the owner the admin, and leaves
// the squatter no session and no password.

const addressedTo = (email: string) => (m: { to?: unknown }) => JSON.stringify(m.to ?? '').includes(email);

describe(`an address taken first by someone else on ${testDbKind}`, () => {
  let smtp: TestMailServer;
  let app: FastifyInstance;
  const OWNER = 'owner@betbro.test';

  beforeAll(async () => {
    smtp = await startMailServer();
    app = await createTestApp({
      adminEmails: [OWNER],
      mail: { smtpUrl: smtp.url, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [20], pollIntervalMs: 50 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const whoAmI = async (agent: HttpAgent) => {
    const response = await agent.get('/api/auth/user');
    return response.statusCode === 200 ? currentUserSchema.parse(response.json()) : null;
  };
  const verifiedOf = async (agent: HttpAgent) => accountSchema.parse((await agent.get('/api/account')).json()).emailVerified;
  /** The text of the latest mail to `email` whose subject is `subject`. */
  const latestMail = async (email: string, subject: string) => {
    await drainMail(app);
    const mail = smtp.received.filter((m) => addressedTo(email)(m) && m.subject === subject).at(-1);
    expect(mail, subject).toBeDefined();
    return mail!.text ?? '';
  };
  /** Whether the provider's login page takes this email and password. */
  const providerAccepts = async (email: string, password: string) => {
    const { callback } = await authorize(new HttpAgent(app), { email, password });
    return callback.error === null && callback.code !== '';
  };
  /** Where a browser's "Sign in" leads: straight back while the provider remembers it, else its login form. */
  const pressSignIn = async (agent: HttpAgent) => {
    const start = await agent.get(`/api/login?state=${randomHexState()}`);
    const location = String((await agent.get(String(start.headers.location))).headers.location);
    return location.startsWith(`${agent.publicUrl}/auth-callback?code=`) ? 'signed in without a password' : 'asked for the password';
  };

  it('lets neither the owner signed out, a mail scanner, nor another account verify the squatted address; a reset takes it back', async () => {
    // The squatter signs up first with the admin's address, in two browsers.
    const squatter = await signIn(app, OWNER, 'squatter-pass-1');
    const squattersOther = await signIn(app, OWNER, 'squatter-pass-1');
    expect(await pressSignIn(squattersOther.agent)).toBe('signed in without a password');
    expect((await whoAmI(squatter.agent))?.role).toBe('user');
    const token = tokenIn(await latestMail(OWNER, 'Confirm your email address for Betbro'), '/verify-email');

    // The owner opens the link signed out, and a mail scanner follows it: 401, nothing changes.
    for (const visitor of [new HttpAgent(app), new HttpAgent(app, {}, '203.0.113.9')]) {
      const response = await visitor.post('/api/account/verify-email', { token });
      expect(response.statusCode).toBe(401);
    }
    // Signed in to another account of theirs: 403, nothing changes.
    const ownersOtherAccount = await signIn(app, 'owner.elsewhere@betbro.test', 'elsewhere-pass-1');
    const wrong = await ownersOtherAccount.agent.post('/api/account/verify-email', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'This link verifies the email of another account: sign in to that account to use it', code: 'wrong_account' });
    expect(await verifiedOf(ownersOtherAccount.agent)).toBe(false);
    expect((await whoAmI(ownersOtherAccount.agent))?.role).toBe('user');
    // The squatter is still unverified and no admin.
    expect(await verifiedOf(squatter.agent)).toBe(false);
    expect((await whoAmI(squatter.agent))?.role).toBe('user');
    expect((await squatter.agent.get('/api/admin/users')).statusCode).toBe(403);

    // The owner takes the address back with "forgot password".
    expect((await new HttpAgent(app, {}, '203.0.113.20').post('/api/account/password-reset', { email: OWNER })).statusCode).toBe(202);
    const resetToken = tokenIn(await latestMail(OWNER, 'Reset your Betbro password'), '/reset-password');
    const confirmed = await new HttpAgent(app, {}, '203.0.113.20').post('/api/account/password-reset/confirm', { token: resetToken, newPassword: 'owners-own-pass-2' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The squatter keeps nothing: no session in either browser, no provider session, no password.
    for (const browser of [squatter.agent, squattersOther.agent]) {
      expect(await whoAmI(browser)).toBeNull();
      expect((await browser.get('/api/admin/users')).statusCode).toBe(401);
    }
    expect(await pressSignIn(squattersOther.agent)).toBe('asked for the password');
    expect(await providerAccepts(OWNER, 'squatter-pass-1')).toBe(false);

    // The owner signs in with the new password: verified, and the admin ADMIN_EMAILS names.
    const owner = await signIn(app, OWNER, 'owners-own-pass-2');
    expect(await verifiedOf(owner.agent)).toBe(true);
    expect((await whoAmI(owner.agent))?.role).toBe('admin');
    expect((await owner.agent.get('/api/admin/users')).statusCode).toBe(200);
    // Back on the verification link, signed in now, the owner finishes: the email stays verified.
    const finished = await owner.agent.post('/api/account/verify-email', { token });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({ emailVerified: true });
    expect((await whoAmI(owner.agent))?.role).toBe('admin');
  });

  it('counts the link in the session of the account it was mailed for', async () => {
    const email = 'rightful@betbro.test';
    const { agent } = await signIn(app, email, 'rightful-pass-1');
    const token = tokenIn(await latestMail(email, 'Confirm your email address for Betbro'), '/verify-email');
    expect((await new HttpAgent(app).post('/api/account/verify-email', { token })).statusCode).toBe(401);
    const response = await agent.post('/api/account/verify-email', { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ emailVerified: true });
    expect(await verifiedOf(agent)).toBe(true);
  });
});
