import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSession, sessions } from '../features/auth/service.ts';
import { createUser, type TestUser } from '../test/fixtures.ts';
import { HttpAgent } from '../test/http-agent.ts';
import { randomHexState, signIn } from '../test/sign-in.ts';
import { listeningConfig, settle, socketFor, type TestSocket } from '../test/sockets.ts';
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
  expect(location).toMatch(/\/interaction\/[\w-]+$/);
  return 'asked for the password';
}

const closeCodeOf = (socket: TestSocket) => new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

/** The code the socket closes with within `ms`, or 'still open'. */
const closeCodeWithin = (socket: TestSocket, ms: number) =>
  Promise.race([closeCodeOf(socket), new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

/** The same user in another browser: a session of its own. */
async function otherBrowserOf(app: FastifyInstance, user: TestUser): Promise<TestUser> {
  const agent = new HttpAgent(app);
  agent.setCookie('betbro_session', (await createSession(app.db, { userId: user.id })).token);
  return { ...user, agent };
}

describe(`every way a session ends closes its sockets on ${testDbKind}`, () => {
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

  it("closes the sockets of a session that logs out at once: they hear nothing more, the user's other sessions do", async () => {
    const leaving = await createUser(app, 'Logs_Out');
    const requester = await createUser(app, 'Requester');
    const loggedOut = await socketFor(app, leaving);
    const elsewhere = await socketFor(app, await otherBrowserOf(app, leaving));
    open.push(loggedOut, elsewhere);
    const closed = closeCodeWithin(loggedOut, 5000);

    expect((await leaving.agent.post('/api/logout')).statusCode).toBe(200);
    // Straight after the logout, a friend request: a live message and a notification for the user.
    expect((await requester.agent.post('/api/friends', { addresseeId: leaving.id })).statusCode).toBe(201);
    await elsewhere.waitFor((m) => m.type === 'friend_request');
    await elsewhere.waitFor((m) => m.type === 'notification');

    expect(await closed).toBe(1008);
    await settle();
    expect(loggedOut.received.map((m) => m.type)).toEqual(['auth_ok']);
    elsewhere.send({ type: 'ping' });
    await elsewhere.waitFor((m) => m.type === 'pong');
  });

  it("closes a session's sockets when it expires, by the expiry the app's requests slide on", async () => {
    const user = await createUser(app, 'Expiring');
    const stillUsing = await otherBrowserOf(app, user);
    // Both sessions are about to expire...
    await app.db.update(sessions).set({ expiresAt: new Date(Date.now() + 3000) }).where(eq(sessions.userId, user.id));
    const expiring = await socketFor(app, user);
    const sliding = await socketFor(app, stillUsing);
    open.push(expiring, sliding);
    const closed = closeCodeWithin(expiring, 8000);
    // ...but one browser keeps using the app, and its session slides on.
    expect((await stillUsing.agent.get('/api/auth/user')).statusCode).toBe(200);

    expect(await closed).toBe(1008);
    expect((await user.agent.get('/api/auth/user')).statusCode).toBe(401);
    await settle(1000);
    expect(sliding.ws.readyState).toBe(WebSocket.OPEN);
    sliding.send({ type: 'ping' });
    await sliding.waitFor((m) => m.type === 'pong');
  });
});
