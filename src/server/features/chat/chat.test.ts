import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema } from '../../../shared/schemas/activities.ts';
import { betCommentPageSchema, conversationSchema, messagePageSchema } from '../../../shared/schemas/chat.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { notificationPageSchema } from '../../../shared/schemas/notifications.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { notifyExpiredBets } from '../bets/service.ts';

const refusal = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, ...errorBodySchema.parse(JSON.parse(r.body)) });

describe(`chat, notifications and activity on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;
  let dan: TestUser;
  let conversationId: number;

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    dan = await createUser(app, 'Dan');
    await makeFriends(app, ann, bob);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('conversations', () => {
    it('opens one conversation per pair of friends, only between friends', async () => {
      expect(refusal(await ann.agent.post('/api/conversations', { userId: dan.id }))).toMatchObject({ status: 403, code: 'not_friends' });
      expect(refusal(await ann.agent.post('/api/conversations', { userId: ann.id }))).toMatchObject({ status: 403 });
      const first = conversationSchema.parse((await ann.agent.post('/api/conversations', { userId: bob.id })).json());
      const again = conversationSchema.parse((await bob.agent.post('/api/conversations', { userId: ann.id })).json());
      expect(again.id).toBe(first.id);
      expect(first).toMatchObject({ name: 'Bob', otherUserId: bob.id, lastMessage: null, unreadCount: 0 });
      conversationId = first.id;
    });

    it('sends messages, counts unread, marks read', async () => {
      for (const text of ['Fancy a bet on the derby?', '  Loser buys lunch  ']) {
        const sent = await ann.agent.post(`/api/conversations/${conversationId}/messages`, { text });
        expect(sent.statusCode).toBe(201);
      }
      const bobs = (await bob.agent.get('/api/conversations')).json();
      expect(bobs).toEqual([expect.objectContaining({ id: conversationId, name: 'Ann', lastMessage: 'Loser buys lunch', unreadCount: 2 })]);
      expect((await ann.agent.get('/api/conversations')).json()[0].unreadCount).toBe(0);

      const page = messagePageSchema.parse((await bob.agent.get(`/api/conversations/${conversationId}/messages?limit=1`)).json());
      expect(page.messages.map((m) => m.text)).toEqual(['Loser buys lunch']);
      const older = messagePageSchema.parse(
        (await bob.agent.get(`/api/conversations/${conversationId}/messages?limit=1&before=${page.nextBefore}`)).json(),
      );
      expect(older.messages.map((m) => [m.senderUsername, m.text])).toEqual([['Ann', 'Fancy a bet on the derby?']]);

      expect((await bob.agent.post(`/api/conversations/${conversationId}/read`)).json()).toEqual({ ok: true });
      expect((await bob.agent.get('/api/conversations')).json()[0].unreadCount).toBe(0);
    });

    it('takes no new message for a player who deleted their account, or whom an admin deleted; the history stays', async () => {
      const admin = await createUser(app, 'ChatAdmin', { admin: true });
      for (const [name, leave] of [
        ['Leaver', (user: TestUser) => user.agent.request('DELETE', '/api/account', { json: { confirm: user.username } })],
        ['Banned', (user: TestUser) => admin.agent.delete(`/api/admin/users/${user.id}`)],
      ] as const) {
        const gone = await createUser(app, name);
        await makeFriends(app, ann, gone);
        const conversation = conversationSchema.parse((await ann.agent.post('/api/conversations', { userId: gone.id })).json());
        expect((await ann.agent.post(`/api/conversations/${conversation.id}/messages`, { text: 'See you tomorrow?' })).statusCode).toBe(201);
        expect((await leave(gone)).statusCode).toBe(200);
        const before = messagePageSchema.parse((await ann.agent.get(`/api/conversations/${conversation.id}/messages`)).json());
        // The attack: a message to a player who is gone, who would never read it.
        const refused = await ann.agent.post(`/api/conversations/${conversation.id}/messages`, { text: 'Still there?' });
        expect(refusal(refused)).toEqual({ status: 409, error: 'This player is no longer on Betbro', code: 'player_left' });
        expect(refusal(await ann.agent.post('/api/conversations', { userId: gone.id }))).toMatchObject({ status: 409, code: 'player_left' });
        expect(messagePageSchema.parse((await ann.agent.get(`/api/conversations/${conversation.id}/messages`)).json())).toEqual(before);
        expect(before.messages.map((m) => m.text)).toEqual(['See you tomorrow?']);
      }
    });

    it('refuses empty and oversized messages', async () => {
      expect(refusal(await ann.agent.post(`/api/conversations/${conversationId}/messages`, { text: '   ' }))).toEqual({
        status: 400,
        error: 'Message cannot be empty',
        code: 'invalid_input',
      });
      expect(refusal(await ann.agent.post(`/api/conversations/${conversationId}/messages`, { text: 'x'.repeat(2001) })).error).toBe(
        'Message must be at most 2000 characters',
      );
      expect((await ann.agent.post(`/api/conversations/${conversationId}/messages`, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
    });

    it('is invisible to non-members', async () => {
      expect((await dan.agent.get(`/api/conversations/${conversationId}/messages`)).statusCode).toBe(404);
      expect((await dan.agent.post(`/api/conversations/${conversationId}/messages`, { text: 'hi' })).statusCode).toBe(404);
      expect((await dan.agent.post(`/api/conversations/${conversationId}/read`)).statusCode).toBe(404);
      expect((await dan.agent.get('/api/conversations')).json()).toEqual([]);
    });
  });

  describe('bet comments', () => {
    it('lets whoever sees the bet read and write its thread', async () => {
      const bet = await createBetAs(ann, { title: 'Commented' });
      expect((await bob.agent.post(`/api/bets/${bet.id}/comments`, { text: 'Easy money' })).statusCode).toBe(201);
      expect((await ann.agent.post(`/api/bets/${bet.id}/comments`, { text: 'We will see' })).statusCode).toBe(201);
      const thread = betCommentPageSchema.parse((await ann.agent.get(`/api/bets/${bet.id}/comments`)).json());
      expect(thread.comments.map((c) => [c.username, c.text])).toEqual([
        ['Ann', 'We will see'],
        ['Bob', 'Easy money'],
      ]);
      expect((await dan.agent.get(`/api/bets/${bet.id}/comments`)).statusCode).toBe(404);
      expect((await dan.agent.post(`/api/bets/${bet.id}/comments`, { text: 'let me in' })).statusCode).toBe(404);
      expect(refusal(await bob.agent.post(`/api/bets/${bet.id}/comments`, { text: '' })).error).toBe('Message cannot be empty');
    });
  });

  describe('notifications', () => {
    it('tells users what happened, counts unread, marks one or all read', async () => {
      const carl = await createUser(app, 'Carl');
      expect((await carl.agent.post('/api/friends', { addresseeId: ann.id })).statusCode).toBe(201);
      await ann.agent.put(`/api/friends/${carl.id}/accept`);
      const bet = await createBetAs(ann, { title: 'Notify me' });
      await carl.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 4 });
      await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 });

      const anns = notificationPageSchema.parse((await ann.agent.get('/api/notifications')).json());
      expect(anns.notifications.map((n) => [n.type, n.title])).toEqual([
        ['bet_staked', 'New stake on your bet'],
        ['friend_request', 'New friend request'],
      ]);
      expect(anns.notifications[0]!.body).toBe('Carl staked $4.00 on "Away" in "Notify me"');
      const carls = notificationPageSchema.parse((await carl.agent.get('/api/notifications')).json());
      expect(carls.notifications.map((n) => [n.type, n.title])).toEqual([
        ['bet_settled', 'You won $4.00 — $0.00 profit'],
        ['friend_accepted', 'Friend request accepted'],
      ]);
      expect(carls.unreadCount).toBe(2);

      const first = carls.notifications[0]!;
      expect((await carl.agent.post(`/api/notifications/${first.id}/read`)).json()).toEqual({ unreadCount: 1 });
      expect((await ann.agent.post(`/api/notifications/${first.id}/read`)).statusCode).toBe(404);
      expect((await carl.agent.get('/api/notifications/unread-count')).json()).toEqual({ unreadCount: 1 });
      expect((await carl.agent.post('/api/notifications/read-all')).json()).toEqual({ unreadCount: 0 });
      expect(notificationPageSchema.parse((await carl.agent.get('/api/notifications?unread=true')).json()).notifications).toEqual([]);
    });

    it('tells the creator once when a bet expires and awaits resolution', async () => {
      const bet = await createBetAs(bob, { title: 'Ran out', expirationType: 'time', expirationValue: '1' });
      await app.database.withConnection((q) => q("update bets set expires_at = now() - interval '1 minute' where id = $1", [bet.id]));
      const counts = await Promise.all([notifyExpiredBets(app), notifyExpiredBets(app)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      const bobs = notificationPageSchema.parse((await bob.agent.get('/api/notifications?limit=1')).json());
      expect(bobs.notifications[0]).toMatchObject({ type: 'bet_expired', betId: bet.id, body: '"Ran out" has expired and awaits your resolution' });
    });

    it('skips the types a user switched off', async () => {
      await bob.agent.put('/api/users/preferences', { notifications: { message: false } });
      const before = notificationPageSchema.parse((await bob.agent.get('/api/notifications')).json()).notifications.length;
      await ann.agent.post(`/api/conversations/${conversationId}/messages`, { text: 'Still there?' });
      expect(notificationPageSchema.parse((await bob.agent.get('/api/notifications')).json()).notifications).toHaveLength(before);
    });
  });

  describe('activity feed', () => {
    it("shows the caller's and friends' activities, newest first, paged", async () => {
      const feed = activityPageSchema.parse((await bob.agent.get('/api/activities?limit=50')).json());
      const mine = feed.activities.map((a) => [a.username, a.type]);
      expect(mine).toContainEqual(['Ann', 'bet_created']);
      expect(mine).toContainEqual(['Bob', 'bet_created']);
      expect(feed.activities.every((a, i, all) => i === 0 || all[i - 1]!.id > a.id)).toBe(true);
      // Carl is Ann's friend, not Bob's.
      expect(mine.some(([name]) => name === 'Carl')).toBe(false);
      const page = activityPageSchema.parse((await bob.agent.get('/api/activities?limit=2')).json());
      expect(page.activities).toHaveLength(2);
      const next = activityPageSchema.parse((await bob.agent.get(`/api/activities?limit=2&before=${page.nextBefore}`)).json());
      expect(next.activities[0]!.id).toBeLessThan(page.activities[1]!.id);
      expect((await dan.agent.get('/api/activities')).json().activities).toEqual([]);
    });
  });
});
