import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { oddsHistorySchema } from '../../../shared/schemas/odds-history.ts';
import { friendships } from '../friends/service.ts';
import { ledgerEntries } from '../wallet/service.ts';
import { users } from '../users/service.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { placeStake } from '../bets/service.ts';
import { STARTING_GRANT_CENTS } from '../wallet/service.ts';
import { MAX_HISTORY_POINTS } from './service.ts';

const refusal = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, ...errorBodySchema.parse(JSON.parse(r.body)) });

describe(`odds history on ${testDbKind}`, () => {
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
    await makeFriends(app, ann, bob);
    await makeFriends(app, ann, cat);
  });
  afterAll(async () => {
    await app?.close();
  });

  const historyOf = async (user: TestUser, betId: number) => {
    const response = await user.agent.get(`/api/bets/${betId}/history`);
    expect(response.statusCode, response.body).toBe(200);
    return oddsHistorySchema.unwrap().strict().parse(response.json()).points;
  };
  const stake = async (user: TestUser, betId: number, option: number, amount: number | string) => {
    const response = await user.agent.post(`/api/bets/${betId}/participate`, { option, amount });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('has one point at creation and one per stake, oldest first, each with every pool', async () => {
    const bet = await createBetAs(ann, { options: ['Home', 'Draw', 'Away'] });
    expect(await historyOf(ann, bet.id)).toEqual([{ at: bet.createdAt, optionAmounts: ['0.00', '0.00', '0.00'] }]);

    await stake(bob, bet.id, 0, 10);
    await stake(cat, bet.id, 2, '5.50');
    await stake(admin, bet.id, 0, 1.25);
    const points = await historyOf(bob, bet.id);
    expect(points.map((p) => p.optionAmounts)).toEqual([
      ['0.00', '0.00', '0.00'],
      ['10.00', '0.00', '0.00'],
      ['10.00', '0.00', '5.50'],
      ['11.25', '0.00', '5.50'],
    ]);
    expect(points[0]!.at).toBe(bet.createdAt);
    const times = points.map((p) => Date.parse(p.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const detail = (await ann.agent.get(`/api/bets/${bet.id}`)).json() as { optionAmounts: string[] };
    expect(points.at(-1)!.optionAmounts).toEqual(detail.optionAmounts);
  });

  it('ends on the pools the stakes left, when many stake at once', async () => {
    const bet = await createBetAs(ann);
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => createUser(app, `Crowd${i}`)));
    await Promise.all(crowd.map((u) => makeFriends(app, ann, u)));
    await Promise.all(crowd.map((u, i) => stake(u, bet.id, i % 2, i + 1)));
    const points = await historyOf(ann, bet.id);
    expect(points).toHaveLength(9);
    const detail = (await ann.agent.get(`/api/bets/${bet.id}`)).json() as { optionAmounts: string[] };
    expect(points.at(-1)!.optionAmounts).toEqual(detail.optionAmounts);
    expect(detail.optionAmounts).toEqual(['16.00', '20.00']);
    // Each point adds one stake to the one before.
    const totals = points.map((p) => p.optionAmounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0));
    expect(totals.slice(1).map((t, i) => t - totals[i]!).sort((a, b) => a - b)).toEqual([100, 200, 300, 400, 500, 600, 700, 800]);
  });

  it('keeps at most 200 points for a bet with 1,000 stakes: evenly spread, the creation and the latest exact', async () => {
    const bet = await createBetAs(ann);
    // A thousand players with their starting grant, written at once rather than by a thousand sign-ins.
    const stakers = await app.db
      .insert(users)
      .values(Array.from({ length: 1000 }, (_, i) => ({ username: `Crowd_${i}`, balanceCents: STARTING_GRANT_CENTS })))
      .returning();
    await app.db.insert(ledgerEntries).values(
      stakers.map((s) => ({ userId: s.id, kind: 'grant' as const, amountCents: STARTING_GRANT_CENTS, balanceAfterCents: STARTING_GRANT_CENTS, note: 'Starting balance' })),
    );
    await app.db
      .insert(friendships)
      .values(stakers.map((s) => ({ requesterId: ann.id, addresseeId: s.id, status: 'accepted' as const, respondedAt: new Date() })));
    // 1.00 each, on options in turn: after stake i the pools hold i dollars between them.
    await Promise.all(stakers.map((s, i) => placeStake(app, s, bet.id, { option: i % 2, amount: 1 })));

    const points = await historyOf(ann, bet.id);
    expect(points).toHaveLength(MAX_HISTORY_POINTS);
    expect(points[0]).toEqual({ at: bet.createdAt, optionAmounts: ['0.00', '0.00'] });
    const detail = (await ann.agent.get(`/api/bets/${bet.id}`)).json() as { optionAmounts: string[] };
    expect(detail.optionAmounts).toEqual(['500.00', '500.00']);
    expect(points.at(-1)!.optionAmounts).toEqual(detail.optionAmounts);
    const [lastStake] = await app.database.withConnection((q) =>
      q<{ at: Date | string }>('select max(created_at) as at from stakes where bet_id = $1', [bet.id]),
    );
    expect(points.at(-1)!.at).toBe(new Date(lastStake!.at).toISOString());
    // Evenly spread: point k is the pools after stake round(k * 1000 / 199).
    const stakesBefore = points.map((p) => p.optionAmounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0) / 100);
    expect(stakesBefore).toEqual(Array.from({ length: MAX_HISTORY_POINTS }, (_, k) => Math.round((k * 1000) / (MAX_HISTORY_POINTS - 1))));
    const times = points.map((p) => Date.parse(p.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  }, 60_000);

  it("has the bet's visibility: 404 to those who may not see it", async () => {
    const bet = await createBetAs(ann);
    await stake(bob, bet.id, 1, 3);
    expect(await historyOf(admin, bet.id)).toHaveLength(2);
    expect(refusal(await dan.agent.get(`/api/bets/${bet.id}/history`))).toMatchObject({ status: 404, code: 'bet_not_found' });
    expect(refusal(await dan.agent.get('/api/bets/999999/history'))).toMatchObject({ status: 404, code: 'bet_not_found' });
    expect(refusal(await dan.agent.get('/api/bets/abc/history'))).toMatchObject({ status: 400 });
    // A staker keeps seeing the bet after the friendship ends; a friend who did not stake does not.
    expect((await bob.agent.delete(`/api/friends/${ann.id}`)).statusCode).toBe(200);
    expect((await cat.agent.delete(`/api/friends/${ann.id}`)).statusCode).toBe(200);
    expect(await historyOf(bob, bet.id)).toHaveLength(2);
    expect(refusal(await cat.agent.get(`/api/bets/${bet.id}/history`))).toMatchObject({ status: 404 });
  });
});
