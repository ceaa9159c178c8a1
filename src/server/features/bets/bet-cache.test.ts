import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { betListSchema, betSchema, type Bet } from '../../../shared/schemas/bets.ts';
import { type BetRow, bets, type OptionRow } from './tables.ts';
import { users } from '../users/service.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { BetCache, betCacheOf } from './bet-cache.ts';
import { presentSharedBet } from './present.ts';
import { listBets, type BetFilter } from './queries.ts';

function sharedBet(id: number, title = `Bet ${id}`) {
  const bet = { id, creatorId: 1, title, description: '', category: 'General', status: 'active', expirationType: 'indefinite', expirationValue: '', expiresAt: null, totalPotCents: 0, participantCount: 0, winningOption: null, resolvedAt: null, resolvedBy: null, voidReason: null, deletedAt: null, createdAt: new Date(0), updatedAt: new Date(0), expiryNotifiedAt: null, resolutionMode: 'creator', refereeId: null, proposedOption: null, proposedAt: null, evidenceText: null, evidenceUrl: null, challengeEndsAt: null, juryEndsAt: null, votesCast: 0, votesNeeded: 0, jurorsSeated: 0, crewId: null, seasonId: null } satisfies BetRow;
  const options: OptionRow[] = [0, 1].map((idx) => ({ id: id * 10 + idx, betId: id, idx, label: `Option ${idx}`, poolCents: 0, stakeCount: 0 }));
  return presentSharedBet(bet, options);
}

describe('the bet cache', () => {
  it('answers only the version it was given, and counts', () => {
    const cache = new BetCache(10);
    const kept = sharedBet(1);
    cache.set(1, '100', kept);
    expect(cache.get(1, '100')).toBe(kept);
    expect(cache.get(1, '101')).toBeUndefined();
    expect(cache.get(2, '100')).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
    const newer = sharedBet(1, 'Renamed');
    cache.set(1, '101', newer);
    expect(cache.get(1, '101')).toBe(newer);
    expect(cache.get(1, '100')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('lets the entry kept longest go once full', () => {
    const cache = new BetCache(3);
    for (const id of [1, 2, 3]) cache.set(id, 'v', sharedBet(id));
    expect(cache.get(1, 'v')).toBeDefined();
    cache.set(4, 'v', sharedBet(4));
    expect(cache.size).toBe(3);
    expect(cache.get(1, 'v')).toBeUndefined();
    for (const id of [2, 3, 4]) expect(cache.get(id, 'v')).toBeDefined();
    // A new version of a kept bet replaces it and counts as the newest.
    cache.set(2, 'w', sharedBet(2));
    cache.set(5, 'v', sharedBet(5));
    expect(cache.get(3, 'v')).toBeUndefined();
    expect(cache.get(2, 'w')).toBeDefined();
  });

  it('freezes what every answer shares', () => {
    const cache = new BetCache(3);
    const kept = sharedBet(1);
    cache.set(1, 'v', kept);
    expect(Object.isFrozen(kept.fields)).toBe(true);
    expect(() => (kept.fields.optionAmounts as string[]).push('1.00')).toThrow(TypeError);
  });
});

describe(`feeds through the bet cache on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser; // creates the bet
  let bob: TestUser; // Ann's friend, reads the feed
  let cat: TestUser; // Ann's friend, stakes
  let eve: TestUser; // admin
  let betId: number;

  const feedOf = async (user: TestUser): Promise<Bet[]> => {
    const response = await user.agent.get('/api/bets/friends');
    expect(response.statusCode, response.body).toBe(200);
    return betListSchema.parse(response.json());
  };
  const inFeed = async (user: TestUser) => (await feedOf(user)).find((b) => b.id === betId);
  const cache = () => betCacheOf(app.db);

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    cat = await createUser(app, 'Cat');
    eve = await createUser(app, 'Eve', { admin: true });
    await makeFriends(app, ann, bob);
    await makeFriends(app, ann, cat);
    betId = (await createBetAs(ann, { title: 'Cached derby', options: ['Home', 'Away'] })).id;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('presents a bet once and answers the next reader from the cache', async () => {
    const first = await inFeed(bob);
    const hits = cache().hits;
    const again = await inFeed(cat);
    expect(cache().hits).toBeGreaterThan(hits);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ title: 'Cached derby', optionAmounts: ['0.00', '0.00'], participants: 0, userParticipation: null });
  });

  it('shows a stake at once, and the stake only to its owner', async () => {
    await inFeed(bob);
    const response = await cat.agent.post(`/api/bets/${betId}/participate`, { option: 1, amount: '25.00' });
    expect(response.statusCode, response.body).toBe(200);
    const seenByBob = await inFeed(bob);
    expect(seenByBob).toMatchObject({ optionAmounts: ['0.00', '25.00'], optionStakeCounts: [0, 1], participants: 1, totalPot: '25.00', userParticipation: null });
    const hits = cache().hits;
    const seenByCat = await inFeed(cat);
    expect(cache().hits).toBeGreaterThan(hits);
    expect(seenByCat).toMatchObject({ optionAmounts: ['0.00', '25.00'], userParticipation: { amount: '25.00', option: 1, potentialWin: '25.00', payout: null } });
  });

  it("shows an edit, and the creator's new name without a change to the bet", async () => {
    await inFeed(bob);
    expect((await eve.agent.put(`/api/admin/bets/${betId}`, { title: 'Cached derby, renamed', description: 'New words.' })).statusCode).toBe(200);
    expect(await inFeed(bob)).toMatchObject({ title: 'Cached derby, renamed', description: 'New words.' });
    await app.db.update(users).set({ username: 'Annie' }).where(eq(users.id, ann.id));
    expect((await inFeed(bob))?.creator).toEqual({ id: ann.id, username: 'Annie' });
  });

  it('shows a change made by any other writer of the database', async () => {
    await inFeed(bob);
    // As another instance, or an operator at the SQL prompt, would change it.
    await app.db.execute(sql`update bets set description = 'Changed elsewhere.' where id = ${betId}`);
    expect((await inFeed(bob))?.description).toBe('Changed elsewhere.');
  });

  it('works out expiry at every read, also for a kept bet', async () => {
    const timed = await createBetAs(ann, { title: 'Cached timed bet', expirationType: 'time', expirationValue: '2' });
    const [bobRow] = await app.db.select().from(users).where(eq(users.id, bob.id));
    const page = (now: Date) => listBets(app.db, bobRow!, { kind: 'friends' }, { limit: 50 }, now);
    const at = (now: Date) => page(now).then((list) => list.find((b) => b.id === timed.id));
    expect((await at(new Date()))?.isExpired).toBe(false);
    const hits = cache().hits;
    expect((await at(new Date(Date.now() + 3 * 3_600_000)))?.isExpired).toBe(true);
    expect(cache().hits).toBeGreaterThan(hits);
  });

  it('keeps the page newest first when some bets are kept and some are read anew', async () => {
    const older = await createBetAs(ann, { title: 'Page order, older' });
    const middle = await createBetAs(ann, { title: 'Page order, middle' });
    await feedOf(bob); // both kept
    const newer = await createBetAs(ann, { title: 'Page order, newer' });
    // The older one changes, so it is read anew; the middle one is kept.
    expect((await cat.agent.post(`/api/bets/${older.id}/participate`, { option: 0, amount: '5.00' })).statusCode).toBe(200);
    const misses = cache().misses;
    const page = await feedOf(cat);
    expect(cache().misses - misses).toBe(2);
    const ids = page.map((b) => b.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.slice(0, 3)).toEqual([newer.id, middle.id, older.id]);
    // Read anew: the viewer's own stake comes with the bet's new pools.
    expect(page.find((b) => b.id === older.id)).toMatchObject({ participants: 1, totalPot: '5.00', userParticipation: { amount: '5.00', option: 0 } });
    expect(page.find((b) => b.id === middle.id)?.userParticipation).toBeNull();
    // Kept now: another viewer gets the same bet without that stake.
    expect((await feedOf(bob)).find((b) => b.id === older.id)).toMatchObject({ participants: 1, userParticipation: null });
  });

  it('shows a resolution, and drops a deleted bet', async () => {
    await inFeed(bob);
    expect((await ann.agent.post(`/api/bets/${betId}/resolve`, { winningOption: 1 })).statusCode).toBe(200);
    expect(await inFeed(cat)).toMatchObject({ status: 'resolved', isResolved: true, winningOption: 1, userParticipation: { payout: '25.00' } });
    await app.db.update(bets).set({ deletedAt: new Date() }).where(eq(bets.id, betId));
    expect(await inFeed(bob)).toBeUndefined();
  });

  it('answers every list route with the presented bets, within the contract and nothing beyond it', async () => {
    const rowOf = async (user: TestUser) => (await app.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    const routes: [TestUser, string, BetFilter][] = [
      [bob, '/api/bets/friends', { kind: 'friends' }],
      [cat, '/api/my-bets', { kind: 'mine' }],
      [cat, '/api/bets', { kind: 'visible' }],
      [eve, '/api/bets', { kind: 'visible' }],
      [bob, `/api/bets/user/${ann.id}`, { kind: 'creator', creatorId: ann.id }],
    ];
    for (const [user, route, filter] of routes) {
      const response = await user.agent.get(route);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body: unknown = response.json();
      // Strict: a member outside the contract, or one missing, fails.
      expect(z.array(betSchema.unwrap().strict()).parse(body), route).toEqual(body);
      expect(body, route).toEqual(await listBets(app.db, await rowOf(user), filter, { limit: 50 }));
    }
    // The pages above held bets with and without the viewer's stake.
    const cats = await feedOf(cat);
    expect(cats.some((b) => b.userParticipation !== null) && cats.some((b) => b.userParticipation === null)).toBe(true);
  });
});
