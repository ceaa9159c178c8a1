import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportsSchema, type Reports } from '../../../shared/schemas/admin.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

/**
 * Hand-worked fixture (amounts in dollars):
 *   users: Eve (admin), Ann, Bob, Dan (signed up today), Cat (signed up 10 days ago); Dan is
 *          deactivated at the end, so 4 users count.
 *   bet 1 by Ann:  Bob 10.00 (placed 40 days ago), Cat 30.00; resolved today      -> pot 40.00
 *   bet 2 by Bob:  Ann 5.55, Dan 1.00, Cat 2.00; open                           -> pot  8.55
 *   bet 3 by Cat:  created 3 days ago, Ann 4.50 placed 3 days ago; open          -> pot  4.50
 *   bet 4 by Ann:  no stakes, deleted by the admin (void): counts nowhere
 *   bet 5 by Bob:  Cat 7.00, then deleted by the admin: the refunded stake counts nowhere
 * Volume 10 + 30 + 5.55 + 1 + 2 + 4.50 = 53.05; commission 0.5305 -> 0.53; active value 13.05.
 * 6 stakes count, over 4 counted users -> 1.5 bets per user; 3 bets count, 2 of them open.
 * Last 30 days: today 38.55 volume (40 days ago and 3 days ago fall elsewhere), 4 new users,
 * 2 bets created, 1 resolved; 3 days ago 4.50 and 1 bet; 10 days ago 1 new user.
 * The dates are moved by hand in SQL; the running totals are then rebuilt from the rows, as an
 * operator does after changing data by hand (`npm run figures:rebuild`).
 */
describe(`reports on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let eve: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let dan: TestUser;
  const ago = (days: number) => new Date(Date.now() - days * 24 * 3600_000).toISOString().slice(0, 10);

  const reports = async (): Promise<Reports> => {
    const response = await eve.agent.get('/api/reports');
    expect(response.statusCode, response.body).toBe(200);
    return reportsSchema.parse(response.json());
  };

  beforeAll(async () => {
    app = await createTestApp();
    eve = await createUser(app, 'Eve', { admin: true });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    cat = await createUser(app, 'Cat');
    dan = await createUser(app, 'Dan');
    await makeFriends(app, ann, bob);
    await makeFriends(app, ann, cat);
    await makeFriends(app, bob, cat);
    await makeFriends(app, bob, dan);
    const sql = (text: string, params: unknown[]) => app.database.withConnection((q) => q(text, params));
    await sql("update users set created_at = now() - interval '10 days' where id = $1", [cat.id]);
    await sql('select rebuild_figures()', []);

    const stake = async (user: TestUser, betId: number, option: number, amount: string) => {
      const response = await user.agent.post(`/api/bets/${betId}/participate`, { option, amount });
      expect(response.statusCode, response.body).toBe(200);
    };
    const bet1 = await createBetAs(ann, { title: 'Bet 1' });
    await stake(bob, bet1.id, 0, '10.00');
    await stake(cat, bet1.id, 1, '30.00');
    await sql("update stakes set created_at = now() - interval '40 days' where bet_id = $1 and user_id = $2", [bet1.id, bob.id]);
    await sql('select rebuild_figures()', []);
    expect((await ann.agent.post(`/api/bets/${bet1.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);

    const bet2 = await createBetAs(bob, { title: 'Bet 2' });
    await stake(ann, bet2.id, 0, '5.55');
    await stake(dan, bet2.id, 1, '1.00');
    await stake(cat, bet2.id, 1, '2.00');

    const bet3 = await createBetAs(cat, { title: 'Bet 3' });
    await stake(ann, bet3.id, 0, '4.50');
    await sql("update bets set created_at = now() - interval '3 days' where id = $1", [bet3.id]);
    await sql("update stakes set created_at = now() - interval '3 days' where bet_id = $1", [bet3.id]);
    await sql('select rebuild_figures()', []);

    const bet4 = await createBetAs(ann, { title: 'Bet 4' });
    expect((await eve.agent.delete(`/api/admin/bets/${bet4.id}`)).statusCode).toBe(200);
    const bet5 = await createBetAs(bob, { title: 'Bet 5' });
    await stake(cat, bet5.id, 0, '7.00');
    expect((await eve.agent.delete(`/api/admin/bets/${bet5.id}`)).json()).toEqual({ id: bet5.id, refunded: true });
    expect((await eve.agent.delete(`/api/admin/users/${dan.id}`)).statusCode).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('counts neither deleted bets nor refunded stakes', async () => {
    const figures = await reports();
    expect(figures).toMatchObject({
      totalVolume: '53.05',
      platformCommission: '0.53',
      activeBetValue: '13.05',
      totalUsers: 4,
      onlineUsers: 0,
      averageBetsPerUser: 1.5,
      totalBets: 3,
      activeBets: 2,
      totalStakes: 6,
    });
  });

  it('gives the last 30 UTC days, oldest first, with volume, sign-ups, bets created and resolved', async () => {
    const { daily } = await reports();
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)?.date).toBe(ago(0));
    expect(daily[0]?.date).toBe(ago(29));
    const byDate = new Map(daily.map((d) => [d.date, d]));
    expect(byDate.get(ago(0))).toEqual({ date: ago(0), volume: '38.55', newUsers: 4, betsCreated: 2, betsResolved: 1 });
    expect(byDate.get(ago(3))).toEqual({ date: ago(3), volume: '4.50', newUsers: 0, betsCreated: 1, betsResolved: 0 });
    expect(byDate.get(ago(10))).toEqual({ date: ago(10), volume: '0.00', newUsers: 1, betsCreated: 0, betsResolved: 0 });
    const quiet = daily.filter((d) => ![ago(0), ago(3), ago(10)].includes(d.date));
    expect(quiet).toHaveLength(27);
    for (const day of quiet) expect(day).toMatchObject({ volume: '0.00', newUsers: 0, betsCreated: 0, betsResolved: 0 });
  });

  it('counts online users among the active ones', async () => {
    await app.presence.connected(ann.id);
    await app.presence.connected(ann.id);
    await app.presence.connected(dan.id); // deactivated: not counted
    try {
      expect((await reports()).onlineUsers).toBe(1);
    } finally {
      await app.presence.disconnected(ann.id);
      await app.presence.disconnected(ann.id);
      await app.presence.disconnected(dan.id);
    }
    expect((await reports()).onlineUsers).toBe(0);
  });

  it('keeps its running totals equal to their recomputation', async () => {
    const { auditLedger } = await import('../wallet/service.ts');
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });

  it('is for admins only', async () => {
    expect((await ann.agent.get('/api/reports')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
  });
});
