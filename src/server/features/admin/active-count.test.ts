import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betPhase } from '../../../shared/bet-phase.ts';
import { reportsSchema } from '../../../shared/schemas/admin.ts';
import { betListSchema } from '../../../shared/schemas/bets.ts';
import { ownProfileSchema } from '../../../shared/schemas/profiles.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

/**
 * One definition of an active bet (src/shared/bet-phase.ts): unresolved and not past its expiry.
 * Ann created an open bet and a bet whose expiry has passed (Bob staked on it), and staked on
 * Bob's open bet: two of her bets are active and one is expired, on her profile, in My Bets
 * (which the dashboard counts too) and in the admin's platform figures alike.
 */
describe(`an active bet counts the same everywhere on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let eve: TestUser;
  let ann: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    eve = await createUser(app, 'Eve', { admin: true });
    ann = await createUser(app, 'Ann');
    const bob = await createUser(app, 'Bob');
    await makeFriends(app, ann, bob);
    const stake = async (user: TestUser, betId: number, amount: string) => {
      const response = await user.agent.post(`/api/bets/${betId}/participate`, { option: 0, amount });
      expect(response.statusCode, response.body).toBe(200);
    };
    await createBetAs(ann, { title: 'Open, made by Ann' });
    const lapsed = await createBetAs(ann, { title: 'Lapsed, made by Ann', expirationType: 'time', expirationValue: '1' });
    await stake(bob, lapsed.id, '5.00');
    const bobs = await createBetAs(bob, { title: 'Open, made by Bob' });
    await stake(ann, bobs.id, '10.00');
    await app.database.withConnection((q) => q("update bets set expires_at = now() - interval '1 hour' where id = $1", [lapsed.id]));
  });

  afterAll(async () => {
    await app?.close();
  });

  it("gives the player's profile, My Bets and the admin's report the same two active bets", async () => {
    const profile = ownProfileSchema.parse((await ann.agent.get('/api/users/profile')).json());
    expect(profile.activeBets).toBe(2);
    const expired = profile.recentBets.find((bet) => bet.title === 'Lapsed, made by Ann');
    expect(expired && betPhase(expired)).toBe('expired');

    const mine = betListSchema.parse((await ann.agent.get('/api/my-bets')).json());
    expect(mine.map((bet) => [bet.title, betPhase(bet)]).sort()).toEqual([
      ['Lapsed, made by Ann', 'expired'],
      ['Open, made by Ann', 'active'],
      ['Open, made by Bob', 'active'],
    ]);

    const reports = reportsSchema.parse((await eve.agent.get('/api/reports')).json());
    expect(reports).toMatchObject({ totalBets: 3, activeBets: 2 });
  });
});
