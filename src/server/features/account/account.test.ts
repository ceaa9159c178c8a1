import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, changePasswordResponseSchema } from '../../../shared/schemas/account.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { createUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { authorize, signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});

/** Whether the provider's login page takes this email and password. */
async function providerAccepts(app: FastifyInstance, email: string, password: string): Promise<boolean> {
  const { callback } = await authorize(new HttpAgent(app), { email, password });
  return callback.error === null && callback.code !== '';
}

describe(`the own account and its password on ${testDbKind}`, () => {
  let app: FastifyInstance;
  const FAILURE_LIMIT = 3;

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerEmailAndIp: FAILURE_LIMIT } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says Betbro manages the password of an account on the embedded provider', async () => {
    const { agent } = await signIn(app, 'local@betbro.test', 'first-password');
    const response = await agent.get('/api/account');
    expect(response.statusCode).toBe(200);
    expect(accountSchema.parse(response.json())).toEqual({ passwordManagedBy: 'betbro', providerUrl: 'http://localhost:3000/oidc', emailVerified: false });
  });

  it('changes the password: the new one signs in, the old one no longer does, other sessions end', async () => {
    const email = 'changer@betbro.test';
    const { agent } = await signIn(app, email, 'old-password-1');
    const { agent: otherBrowser } = await signIn(app, email, 'old-password-1');
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);

    const response = await agent.post('/api/account/password', { currentPassword: 'old-password-1', newPassword: 'new-password-2' });
    expect(response.statusCode, response.body).toBe(200);
    expect(changePasswordResponseSchema.parse(response.json())).toEqual({ ok: true, otherSessionsRevoked: 1 });

    expect((await agent.get('/api/auth/user')).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(401);
    expect(await providerAccepts(app, email, 'new-password-2')).toBe(true);
    expect(await providerAccepts(app, email, 'old-password-1')).toBe(false);
  });

  it('refuses a wrong current password (400) and a short new one, with their messages', async () => {
    const { agent } = await signIn(app, 'careful@betbro.test', 'right-password');
    expect(refusal(await agent.post('/api/account/password', { currentPassword: 'wrong-password', newPassword: 'whatever-123' }))).toEqual({
      status: 400,
      error: 'Current password is incorrect',
      code: 'wrong_password',
    });
    expect(refusal(await agent.post('/api/account/password', { currentPassword: 'right-password', newPassword: 'short' }))).toMatchObject({
      status: 400,
      error: 'Password must be at least 8 characters',
    });
    expect(refusal(await agent.post('/api/account/password', { newPassword: 'long-enough-1' }))).toMatchObject({
      status: 400,
      error: 'Enter your current password',
    });
    expect(await providerAccepts(app, 'careful@betbro.test', 'right-password')).toBe(true);
  });

  it('holds a new password to the sign-up rule: not common, not only spaces, not the email', async () => {
    const email = 'policy@betbro.test';
    const { agent } = await signIn(app, email, 'policy-password-1');
    const change = (newPassword: string) => agent.post('/api/account/password', { currentPassword: 'policy-password-1', newPassword });
    expect(refusal(await change('password'))).toEqual({ status: 400, error: 'This password is too common; choose one that is harder to guess', code: 'weak_password' });
    expect(refusal(await change('12345678'))).toEqual({ status: 400, error: 'This password is too common; choose one that is harder to guess', code: 'weak_password' });
    expect(refusal(await change(' '.repeat(8)))).toEqual({ status: 400, error: 'Password must not be only spaces', code: 'invalid_input' });
    expect(refusal(await change(email))).toEqual({ status: 400, error: 'Password must not be your email address', code: 'weak_password' });
    expect(await providerAccepts(app, email, 'policy-password-1')).toBe(true);
  });

  it('checks simultaneous guesses of the current password one limit at a time', async () => {
    const { agent } = await signIn(app, 'raced@betbro.test', 'raced-real-one');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => agent.post('/api/account/password', { currentPassword: `guess-${i}`, newPassword: 'taken-over-1' })),
    );
    expect(guesses.filter((g) => g.statusCode === 400)).toHaveLength(FAILURE_LIMIT);
    expect(guesses.filter((g) => g.statusCode === 429)).toHaveLength(12 - FAILURE_LIMIT);
    expect(await providerAccepts(app, 'raced@betbro.test', 'raced-real-one')).toBe(true);
  });

  it('stops guessing after as many wrong passwords as a sign-in allows', async () => {
    const { agent } = await signIn(app, 'guessed@betbro.test', 'the-real-one');
    for (let i = 0; i < FAILURE_LIMIT; i += 1) {
      expect((await agent.post('/api/account/password', { currentPassword: `guess-${i}`, newPassword: 'taken-over-1' })).statusCode).toBe(400);
    }
    // Even the right password waits now: the guesser cannot tell when they hit it.
    expect(refusal(await agent.post('/api/account/password', { currentPassword: 'the-real-one', newPassword: 'taken-over-1' }))).toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
    expect(await providerAccepts(app, 'guessed@betbro.test', 'the-real-one')).toBe(true);
  });

  it('points users of an external provider there, and refuses to change their password (409)', async () => {
    const outsider = await createUser(app, 'Outsider');
    expect(accountSchema.parse((await outsider.agent.get('/api/account')).json())).toEqual({
      passwordManagedBy: 'external',
      providerUrl: 'https://fixtures.betbro.test',
      emailVerified: true,
    });
    const response = await outsider.agent.post('/api/account/password', { currentPassword: 'anything', newPassword: 'anything-else' });
    expect(refusal(response)).toMatchObject({ status: 409, code: 'external_account' });
    expect(refusal(response).error).toContain('https://fixtures.betbro.test');
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    const response = await app.inject({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'a', newPassword: 'bbbbbbbb' } });
    expect(response.statusCode).toBe(401);
  });
});
