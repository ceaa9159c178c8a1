import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { welcomeSchema } from '../../../shared/schemas/auth.ts';
import { signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

// Each test builds its own app (a fresh embedded database, a sign-in with its password hash)
// inside the test rather than in a hook, so it gets the hooks' time limit.
describe(`the signed-out screen's sign-in help on ${testDbKind}`, { timeout: 60_000 }, () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const welcome = async (app: FastifyInstance) => welcomeSchema.parse((await app.inject({ method: 'GET', url: '/api/auth/welcome' })).json());

  it('says the built-in provider takes new accounts, and that nobody signed in yet until someone does', async () => {
    const app = await createTestApp();
    apps.push(app);
    expect(await welcome(app)).toEqual({ builtInProvider: true, openSignup: true, firstRun: true });
    await signIn(app, 'first@betbro.test', 'first-password-1');
    expect(await welcome(app)).toEqual({ builtInProvider: true, openSignup: true, firstRun: false });
  });

  it('says when sign-up is closed', async () => {
    const app = await createTestApp({ openSignup: false });
    apps.push(app);
    expect(await welcome(app)).toMatchObject({ builtInProvider: true, openSignup: false });
  });
});
