import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/fixtures.ts';
import type { HttpAgent } from '../test/http-agent.ts';
import { randomHexState, signIn } from '../test/sign-in.ts';
import { listeningConfig, socketFor, type TestSocket } from '../test/sockets.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

/**
 * What a browser's "Sign in" leads to: straight back to the app with a code when the provider
 * still has a session for it, or the provider's login form when it must ask for the password.
 */
async function pressSignIn(agent: HttpAgent): Promise<'signed in without a password' | 'asked for the password'> {
  const start = await agent.get(`/api/login?state=${randomHexState()}`);
  const auth = await agent.get(String(start.headers.location));
  const location = String(auth.headers.location);
  if (location.startsWith(`${agent.publicUrl}/auth-callback?code=`)) return 'signed in without a password';
  expect(location).toMatch(/^\/interaction\/[\w-]+$/);
  return 'asked for the password';
}

const closeCodeOf = (socket: TestSocket) => new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

describe(`a password change or a deactivation ends every other session on ${testDbKind}`, () => {
  let app: FastifyInstance;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    app = await createTestApp(await listeningConfig());
    await app.listen({ port: app.config.port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await app?.close();
  });

  it("signs the other browser out of the app, the provider and its sockets; the caller's session stays", async () => {
    const email = 'two-browsers@betbro.test';
    const first = await signIn(app, email, 'first browser pass');
    const second = await signIn(app, email, 'first browser pass');
    const user = { id: first.body.user.id, username: first.body.user.username };
    // Before the change, the provider's own session signs the second browser in without a password.
    expect(await pressSignIn(second.agent)).toBe('signed in without a password');
    const again = await signIn(app, email, 'first browser pass');
    const mine = await socketFor(app, { ...user, agent: first.agent });
    const theirs = await socketFor(app, { ...user, agent: again.agent });
    open.push(mine, theirs);
    const theirsClosed = closeCodeOf(theirs);

    const change = await first.agent.post('/api/account/password', { currentPassword: 'first browser pass', newPassword: 'second browser pass' });
    expect(change.statusCode, change.body).toBe(200);

    expect(await theirsClosed).toBe(1008);
    expect((await again.agent.get('/api/auth/user')).statusCode).toBe(401);
    expect((await second.agent.get('/api/auth/user')).statusCode).toBe(401);
    // The provider forgot the second browser too: "Sign in" asks for the (new) password.
    expect(await pressSignIn(second.agent)).toBe('asked for the password');
    expect(await pressSignIn(again.agent)).toBe('asked for the password');

    // The caller stays signed in, socket and all.
    expect((await first.agent.get('/api/auth/user')).statusCode).toBe(200);
    mine.send({ type: 'ping' });
    await mine.waitFor((m) => m.type === 'pong');
  });

  it("ends a deactivated user's provider session, so the provider cannot sign them in again on its own", async () => {
    const boss = await createUser(app, 'Boss', { admin: true });
    const leaving = await signIn(app, 'leaving@betbro.test', 'leaving user pass');
    expect(await pressSignIn(leaving.agent)).toBe('signed in without a password');
    const socket = await socketFor(app, { id: leaving.body.user.id, username: leaving.body.user.username, agent: leaving.agent });
    open.push(socket);
    const closed = closeCodeOf(socket);

    expect((await boss.agent.delete(`/api/admin/users/${leaving.body.user.id}`)).statusCode).toBe(200);
    expect(await closed).toBe(1008);
    expect(await pressSignIn(leaving.agent)).toBe('asked for the password');
  });
});
