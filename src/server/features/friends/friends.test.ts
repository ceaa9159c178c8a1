import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { friendProfileSchema, ownProfileSchema } from '../../../shared/schemas/profiles.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const refusal = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, ...errorBodySchema.parse(JSON.parse(r.body)) });

describe(`friends and profiles on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let dan: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    cat = await createUser(app, 'Cat');
    dan = await createUser(app, 'Dan');
    admin = await createUser(app, 'Admin', { admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('search', () => {
    it('matches username prefixes and exact emails, never yourself, trimmed', async () => {
      const search = async (user: TestUser, q: string) => (await user.agent.get(`/api/users/search?q=${encodeURIComponent(q)}`)).json();
      expect(await search(ann, '')).toEqual([]);
      expect(await search(ann, '   ')).toEqual([]);
      expect(await search(ann, '  bo ')).toEqual([{ id: bob.id, username: 'Bob', isOnline: false, friendStatus: 'none' }]);
      expect((await search(ann, 'a')).map((r: { username: string }) => r.username)).toEqual(['Admin']);
      expect((await search(ann, 'CAT@betbro.test')).map((r: { id: number }) => r.id)).toEqual([cat.id]);
      expect(await search(ann, 'cat@betbro')).toEqual([]);
      expect(await search(ann, '%')).toEqual([]);
      expect(await search(ann, '_')).toEqual([]);
    });

    it('returns at most 20', async () => {
      for (let i = 0; i < 22; i += 1) await createUser(app, `Zed${String(i).padStart(2, '0')}`);
      const results = (await ann.agent.get('/api/users/search?q=zed')).json() as unknown[];
      expect(results).toHaveLength(20);
    });

    it('hides an email from search when its owner says so', async () => {
      expect((await dan.agent.put('/api/users/preferences', { privacy: { findableByEmail: false } })).statusCode).toBe(200);
      expect((await ann.agent.get('/api/users/search?q=dan@betbro.test')).json()).toEqual([]);
      expect((await ann.agent.get('/api/users/search?q=Dan')).json()).toHaveLength(1);
    });
  });

  describe('requests', () => {
    it('refuses yourself, unknown users and duplicates', async () => {
      expect(refusal(await ann.agent.post('/api/friends', { addresseeId: ann.id }))).toMatchObject({ status: 400, code: 'self_request' });
      expect(refusal(await ann.agent.post('/api/friends', { addresseeId: 999_999 }))).toMatchObject({ status: 404 });
      expect(refusal(await ann.agent.post('/api/friends', { addresseeId: 'x' }))).toMatchObject({ status: 400 });
      expect((await ann.agent.post('/api/friends', { addresseeId: bob.id })).statusCode).toBe(201);
      expect(refusal(await ann.agent.post('/api/friends', { addresseeId: bob.id }))).toMatchObject({
        status: 409,
        error: 'Friend request already sent',
      });
    });

    it('shows incoming requests with the requester, and the state in search', async () => {
      const requests = (await bob.agent.get('/api/friend-requests')).json();
      expect(requests).toEqual([
        { id: expect.any(Number), requesterId: ann.id, requester: { username: 'Ann', isOnline: false }, createdAt: expect.any(String) },
      ]);
      expect((await ann.agent.get('/api/friend-requests')).json()).toEqual([]);
      expect((await ann.agent.get('/api/users/search?q=bob')).json()[0].friendStatus).toBe('pending_sent');
      expect((await bob.agent.get('/api/users/search?q=ann')).json()[0].friendStatus).toBe('pending_received');
    });

    it('accepts with PUT or POST, by the requester id', async () => {
      expect(refusal(await cat.agent.put(`/api/friends/${ann.id}/accept`))).toMatchObject({ status: 404, error: 'Friend request not found' });
      expect((await bob.agent.put(`/api/friends/${ann.id}/accept`)).json()).toEqual({ ok: true });
      expect(refusal(await ann.agent.post('/api/friends', { addresseeId: bob.id }))).toMatchObject({ status: 409, error: 'You are already friends' });
      expect((await cat.agent.post('/api/friends', { addresseeId: ann.id })).statusCode).toBe(201);
      expect((await ann.agent.post(`/api/friends/${cat.id}/accept`)).json()).toEqual({ ok: true });
      const friends = (await ann.agent.get('/api/friends')).json();
      expect(friends).toEqual([
        { id: bob.id, username: 'Bob', totalWins: 0, balance: '1000.00', isOnline: false },
        { id: cat.id, username: 'Cat', totalWins: 0, balance: '1000.00', isOnline: false },
      ]);
    });

    it('turns a request back into an acceptance', async () => {
      expect((await dan.agent.post('/api/friends', { addresseeId: bob.id })).statusCode).toBe(201);
      const back = await bob.agent.post('/api/friends', { addresseeId: dan.id });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ status: 'accepted' });
      expect((await dan.agent.get('/api/friends')).json().map((f: { id: number }) => f.id)).toEqual([bob.id]);
    });

    it('declines and unfriends', async () => {
      expect((await dan.agent.post('/api/friends', { addresseeId: cat.id })).statusCode).toBe(201);
      expect((await cat.agent.delete(`/api/friends/${dan.id}/reject`)).json()).toEqual({ ok: true });
      expect((await cat.agent.delete(`/api/friends/${dan.id}/reject`)).statusCode).toBe(404);
      expect((await cat.agent.get('/api/friend-requests')).json()).toEqual([]);

      expect((await dan.agent.delete(`/api/friends/${bob.id}`)).json()).toEqual({ ok: true });
      expect((await bob.agent.get('/api/friends')).json().map((f: { id: number }) => f.id)).toEqual([ann.id]);
      expect((await dan.agent.delete(`/api/friends/${bob.id}`)).statusCode).toBe(404);
    });

    it('refuses a request to a deactivated user', async () => {
      const gone = await createUser(app, 'Gone');
      await app.database.withConnection((q) => q('update users set deactivated_at = now() where id = $1', [gone.id]));
      expect(refusal(await ann.agent.post('/api/friends', { addresseeId: gone.id }))).toMatchObject({ status: 404 });
      expect((await ann.agent.get('/api/users/search?q=gone')).json()).toEqual([]);
    });
  });

  describe('profiles', () => {
    it('edits the own profile, trimmed, with limits', async () => {
      const saved = await ann.agent.post('/api/users/profile', { bio: '  Loves a long shot.  ', location: ' Leeds ', favoriteCategory: 'Sports' });
      expect(saved.statusCode).toBe(200);
      expect(ownProfileSchema.parse(saved.json())).toMatchObject({ bio: 'Loves a long shot.', location: 'Leeds', favoriteCategory: 'Sports' });
      expect(refusal(await ann.agent.post('/api/users/profile', { bio: 'x'.repeat(501) }))).toEqual({
        status: 400,
        error: 'Bio must be at most 500 characters',
        code: 'invalid_input',
      });
      expect(refusal(await ann.agent.post('/api/users/profile', { location: 'x'.repeat(101) })).error).toBe(
        'Location must be at most 100 characters',
      );
      expect(refusal(await ann.agent.post('/api/users/profile', { favoriteCategory: 'x'.repeat(51) })).error).toBe(
        'Favorite category must be at most 50 characters',
      );
      // Omitted fields stay; an empty one is cleared.
      const cleared = ownProfileSchema.parse((await ann.agent.post('/api/users/profile', { location: '' })).json());
      expect(cleared).toMatchObject({ bio: 'Loves a long shot.', location: null });
    });

    it('computes the own stats and achievements', async () => {
      const profile = ownProfileSchema.parse((await ann.agent.get('/api/users/profile')).json());
      expect(profile.friendsCount).toBe(2);
      expect(profile.email).toBe('ann@betbro.test');
      expect(profile.achievements.find((a) => a.id === 'social_butterfly')).toMatchObject({ progressText: '2/5', unlocked: false });
      expect(profile.achievements.find((a) => a.id === 'active_player')).toMatchObject({ progressText: '0/10' });
    });

    it("shows a friend's profile to friends and admins, 404 to anyone else", async () => {
      const bet = await createBetAs(ann, { title: 'On my profile' });
      const seen = await bob.agent.get(`/api/users/${ann.id}/profile`);
      expect(seen.statusCode).toBe(200);
      const profile = friendProfileSchema.parse(seen.json());
      expect(profile).toMatchObject({ username: 'Ann', bio: 'Loves a long shot.', favoriteCategory: 'Sports', totalBets: 0, winRate: 0 });
      expect(profile.recentBets[0]).toMatchObject({ id: bet.id, title: 'On my profile', isResolved: false });
      expect(JSON.stringify(profile)).not.toContain('ann@betbro.test');
      expect((await admin.agent.get(`/api/users/${ann.id}/profile`)).statusCode).toBe(200);
      expect(refusal(await dan.agent.get(`/api/users/${ann.id}/profile`))).toMatchObject({ status: 404 });
      expect((await dan.agent.get('/api/users/999999/profile')).statusCode).toBe(404);
    });

    it('keeps preferences per user', async () => {
      const prefs = (await cat.agent.get('/api/users/preferences')).json();
      expect(prefs).toEqual({
        theme: 'system',
        notifications: {
          friend_request: true,
          friend_accepted: true,
          bet_staked: true,
          bet_expired: true,
          bet_settled: true,
          bet_proposed: true,
          bet_disputed: true,
          message: true,
          invite_accepted: true,
          crew_joined: true,
          crew_bet: true,
          crew_season_ended: true,
        },
        privacy: { showOnLeaderboard: true, findableByEmail: true },
        email: {
          friend_request: 'off',
          friend_accepted: 'off',
          bet_staked: 'off',
          bet_expired: 'off',
          bet_settled: 'off',
          bet_proposed: 'off',
          bet_disputed: 'off',
          message: 'off',
          invite_accepted: 'off',
          crew_joined: 'off',
          crew_bet: 'off',
          crew_season_ended: 'off',
        },
        quietHours: null,
        timeZone: null,
        locale: 'en',
      });
      const changed = (await cat.agent.put('/api/users/preferences', { theme: 'dark', notifications: { message: false } })).json();
      expect(changed).toMatchObject({ theme: 'dark', notifications: { message: false, bet_staked: true } });
      expect(refusal(await cat.agent.put('/api/users/preferences', { theme: 'neon' }))).toMatchObject({ status: 400 });
      expect((await cat.agent.get('/api/users/preferences')).json().theme).toBe('dark');
    });

    it('needs a session everywhere', async () => {
      for (const url of ['/api/friends', '/api/friend-requests', '/api/users/search?q=a', '/api/users/profile', `/api/users/${ann.id}/profile`]) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });

  it('friendship makes bets visible', async () => {
    const eve = await createUser(app, 'Eve');
    const bet = await createBetAs(eve, { title: 'Eve only' });
    expect((await ann.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(404);
    await makeFriends(app, eve, ann);
    expect((await ann.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(200);
  });
});
