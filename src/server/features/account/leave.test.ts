import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema } from '../../../shared/schemas/activities.ts';
import { adminUserDetailSchema } from '../../../shared/schemas/admin.ts';
import { currentUserSchema } from '../../../shared/schemas/auth.ts';
import { betDetailSchema, ledgerPageSchema } from '../../../shared/schemas/bets.ts';
import { betCommentPageSchema, conversationSchema, messagePageSchema } from '../../../shared/schemas/chat.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { deletedPlayerName, usernameSchema } from '../../../shared/schemas/users.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { signIn, signUp } from '../../test/sign-in.ts';
import { listeningConfig, socketFor } from '../../test/sockets.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { identities } from '../auth/service.ts';
import { notifications } from '../notifications/service.ts';
import { pushSubscriptions } from '../push/service.ts';
import { userPreferences, users } from '../users/service.ts';
import { auditLedger } from '../wallet/service.ts';
import { localAccounts } from '../../oidc/provider.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});

const leave = (agent: HttpAgent, body?: unknown) => agent.request('DELETE', '/api/account', body === undefined ? {} : { json: body });

describe(`"Leave": DELETE /api/account on ${testDbKind}`, () => {
  const EMAIL = 'leaver@betbro.test';
  const PASSWORD = 'correct horse battery';
  let app: FastifyInstance;
  let eve: TestUser;
  let fred: TestUser;
  let leaver: TestUser;
  let otherBrowser: HttpAgent;
  let oldCookie: string;
  let deletedName: string;
  let leaversBetId: number;
  let fredsBetId: number;
  let conversationId: number;

  beforeAll(async () => {
    // Listening, for the player's socket.
    app = await createTestApp(await listeningConfig());
    await app.listen({ port: app.config.port, host: '127.0.0.1' });
    eve = await createUser(app, 'Eve', { admin: true });
    fred = await createUser(app, 'Fred');
    // Through the embedded provider, as a player signs up: a local account and its identity.
    const signedUp = await signUp(app, 'Leaver', EMAIL);
    leaver = { id: signedUp.user.id, username: 'Leaver', agent: signedUp.agent };
    otherBrowser = (await signIn(app, EMAIL, PASSWORD)).agent;
    oldCookie = leaver.agent.cookie('betbro_session')!;
    deletedName = deletedPlayerName(leaver.id);
    await makeFriends(app, leaver, fred);

    expect((await leaver.agent.post('/api/users/profile', { bio: 'Here for the derby', location: 'York', favoriteCategory: 'Sports' })).statusCode).toBe(200);
    expect((await leaver.agent.put('/api/users/preferences', { theme: 'dark' })).statusCode).toBe(200);
    await app.db.insert(pushSubscriptions).values({ userId: leaver.id, endpoint: 'https://push.betbro.test/leaver', p256dh: 'key', auth: 'secret' });

    leaversBetId = (await createBetAs(leaver, { title: 'Rain tomorrow?', options: ['Rain', 'Dry'] })).id;
    expect((await fred.agent.post(`/api/bets/${leaversBetId}/participate`, { option: 0, amount: '40.50' })).statusCode).toBe(200);
    fredsBetId = (await createBetAs(fred, { title: 'Who wins on Saturday?' })).id;
    expect((await leaver.agent.post(`/api/bets/${fredsBetId}/participate`, { option: 1, amount: '12.34' })).statusCode).toBe(200);
    expect((await leaver.agent.post(`/api/bets/${fredsBetId}/comments`, { text: 'Away, surely' })).statusCode).toBe(201);
    conversationId = conversationSchema.parse((await leaver.agent.post('/api/conversations', { userId: fred.id })).json()).id;
    expect((await leaver.agent.post(`/api/conversations/${conversationId}/messages`, { text: 'See you at the match' })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses anything but the username typed, and changes nothing', async () => {
    const mismatch = { status: 400, error: 'Type your username to confirm', code: 'confirmation_mismatch' };
    expect(refusal(await leave(leaver.agent, { confirm: 'Fred' }))).toEqual(mismatch);
    expect(refusal(await leave(leaver.agent, { confirm: '' }))).toEqual(mismatch);
    expect(refusal(await leave(leaver.agent, {}))).toEqual({ status: 400, error: 'Type your username to confirm', code: 'invalid_input' });
    expect(refusal(await leave(leaver.agent))).toMatchObject({ status: 400 });
    // Another player's name is not a way to delete them.
    expect(refusal(await leave(fred.agent, { confirm: 'Leaver' }))).toEqual(mismatch);

    const me = currentUserSchema.parse((await leaver.agent.get('/api/auth/user')).json());
    expect(me).toMatchObject({ id: leaver.id, username: 'Leaver', email: EMAIL, bio: 'Here for the derby' });
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(200);
    expect(betDetailSchema.parse((await fred.agent.get(`/api/bets/${leaversBetId}`)).json()).status).toBe('active');
    expect(await balanceOf(app, fred.id)).toBe(100_000 - 4_050);
  });

  it('deletes the account: 200, the session cookies cleared, every session and socket ended', async () => {
    const socket = await socketFor(app, leaver);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

    const response = await leave(leaver.agent, { confirm: '  leaver ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = (response.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]);
    expect(cleared).toEqual(expect.arrayContaining([['betbro_session', ''], ['betbro_signed_in', '']]));

    const withOldCookie = new HttpAgent(app);
    withOldCookie.setCookie('betbro_session', oldCookie);
    expect((await withOldCookie.get('/api/auth/user')).statusCode).toBe(401);
    expect((await otherBrowser.get('/api/auth/user')).statusCode).toBe(401);
    expect(await closed).toBe(1008);
    // Deleting twice: the account is gone, and so is the session that could ask.
    expect((await leave(withOldCookie, { confirm: 'Leaver' })).statusCode).toBe(401);
  });

  it('voids their open bet and refunds the friend to the cent, through the ledger; the books balance', async () => {
    expect(await balanceOf(app, fred.id)).toBe(100_000);
    const fredsLedger = ledgerPageSchema.parse((await fred.agent.get('/api/wallet/ledger')).json());
    expect(fredsLedger.entries[0]).toMatchObject({ kind: 'refund', amount: '40.50', betId: leaversBetId, balanceAfter: '1000.00' });
    const bet = betDetailSchema.parse((await fred.agent.get(`/api/bets/${leaversBetId}`)).json());
    expect(bet).toMatchObject({ status: 'void', creator: { id: leaver.id, username: deletedName } });
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });

  it("keeps other players' history whole, under the deleted player's name", async () => {
    // Their stake on Fred's bet stays in its pool, as does their comment.
    const bet = betDetailSchema.parse((await fred.agent.get(`/api/bets/${fredsBetId}`)).json());
    expect(bet.status).toBe('active');
    expect(bet.participantList).toEqual([expect.objectContaining({ userId: leaver.id, username: deletedName, amount: '12.34' })]);
    expect(bet.optionAmounts).toEqual(['0.00', '12.34']);
    const comments = betCommentPageSchema.parse((await fred.agent.get(`/api/bets/${fredsBetId}/comments`)).json());
    expect(comments.comments.map((c) => [c.username, c.text])).toEqual([[deletedName, 'Away, surely']]);

    // The chat stays, with the new name.
    const conversations = (await fred.agent.get('/api/conversations')).json() as unknown[];
    expect(conversations).toEqual([expect.objectContaining({ id: conversationId, name: deletedName, otherUserId: leaver.id })]);
    const chat = messagePageSchema.parse((await fred.agent.get(`/api/conversations/${conversationId}/messages`)).json());
    expect(chat.messages.map((m) => [m.senderUsername, m.text])).toEqual([[deletedName, 'See you at the match']]);

    // Feed lines about them read the new name; the old one appears nowhere.
    const feed = activityPageSchema.parse((await fred.agent.get('/api/activities')).json());
    const theirs = feed.activities.filter((a) => a.userId === leaver.id);
    expect(theirs.length).toBeGreaterThan(0);
    for (const line of theirs) expect(line.username).toBe(deletedName);
    expect(JSON.stringify(feed)).not.toContain('Leaver');

    // Like any closed account, they are no longer listed among friends nor found by search.
    expect(((await fred.agent.get('/api/friends')).json() as { id: number }[]).map((f) => f.id)).not.toContain(leaver.id);
    expect((await fred.agent.get('/api/users/search?q=deleted')).json()).toEqual([]);
    expect((await fred.agent.get(`/api/users/search?q=${encodeURIComponent(EMAIL)}`)).json()).toEqual([]);
  });

  it('erases email and profile: an admin sees email null and the deleted name', async () => {
    const detail = adminUserDetailSchema.parse((await eve.agent.get(`/api/admin/users/${leaver.id}`)).json());
    expect(detail.user).toMatchObject({
      id: leaver.id,
      username: deletedName,
      email: null,
      firstName: null,
      bio: null,
      location: null,
      favoriteCategory: null,
      role: 'user',
      balance: '987.66',
    });
    expect(detail.deactivated).toBe(true);
    expect(detail.activeSessions).toBe(0);
    expect(detail.ledgerSummary.find((r) => r.kind === 'stake')).toMatchObject({ count: 1, total: '-12.34' });

    const [row] = await app.db.select().from(users).where(eq(users.id, leaver.id));
    expect(row).toMatchObject({ email: null, usernameSkeleton: null, adminEmailPromoted: null, emailVerified: false });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deactivatedAt).toBeInstanceOf(Date);
    expect(await app.db.select().from(identities).where(eq(identities.userId, leaver.id))).toEqual([]);
    expect(await app.db.select().from(localAccounts).where(sql`lower(${localAccounts.email}) = ${EMAIL}`)).toEqual([]);
    expect(await app.db.select().from(userPreferences).where(eq(userPreferences.userId, leaver.id))).toEqual([]);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, leaver.id))).toEqual([]);
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, leaver.id))).toEqual([]);
  });

  it('lets the same email sign up afresh as a new player with $1,000; the deleted player is not reached', async () => {
    const { agent, body } = await signIn(app, EMAIL, PASSWORD);
    expect(body.user.id).not.toBe(leaver.id);
    expect(body.user).toMatchObject({ email: EMAIL, balance: '1000.00', bio: null });
    expect(body.user.username.startsWith('user_')).toBe(true);

    // No living player may take the deleted player's name, in any form; the old name is free again.
    expect(usernameSchema.safeParse(deletedName).success).toBe(false);
    for (const name of [`Deleted_player_${leaver.id}`, 'DeletedPlayer', 'de1eted_p1ayer_9']) {
      expect(refusal(await agent.post('/api/complete-profile', { username: name })), name).toMatchObject({
        status: 400,
        error: 'This username is reserved',
      });
    }
    expect((await agent.post('/api/complete-profile', { username: 'Leaver' })).statusCode).toBe(200);
    const [old] = await app.db.select({ username: users.username }).from(users).where(eq(users.id, leaver.id));
    expect(old?.username).toBe(deletedName);
  });

  it('lets an admin leave the same way, but not the last admin', async () => {
    const ada = await createUser(app, 'Ada', { admin: true });
    expect((await leave(eve.agent, { confirm: 'eve' })).statusCode).toBe(200);
    expect((await eve.agent.get('/api/auth/user')).statusCode).toBe(401);
    expect(refusal(await leave(ada.agent, { confirm: 'Ada' }))).toEqual({
      status: 409,
      error: 'The last admin cannot delete their account; make another player an admin first',
      code: 'last_admin',
    });
    expect(currentUserSchema.parse((await ada.agent.get('/api/auth/user')).json())).toMatchObject({ username: 'Ada', role: 'admin' });
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });
});
