import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURE_PERIODS, type PlayerFigures } from '../../../shared/player-figures.ts';
import { adminUserDetailSchema, adminUserListSchema, reportsSchema } from '../../../shared/schemas/admin.ts';
import { currentUserSchema } from '../../../shared/schemas/auth.ts';
import { friendSchema } from '../../../shared/schemas/friends.ts';
import { leaderboardSchema } from '../../../shared/schemas/leaderboard.ts';
import { friendProfileSchema, ownProfileSchema } from '../../../shared/schemas/profiles.ts';
import { insightsSchema, statisticsSchema } from '../../../shared/schemas/statistics.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';

/**
 * The worked history of the player figures' definition (src/shared/player-figures.ts), this week:
 *   Pat wins:   10.00 on "Yes" against Xen's 30.00 on "No"; "Yes" wins: Pat is paid 40.00 (+30.00)
 *   Pat loses:   4.00 on "Yes" against Yul's 6.00 on "No"; "No" wins (-4.00)
 *   refunded:    7.00 on a bet the admin deletes: counts nowhere
 *   open:        2.50 on a bet still open
 * So Pat has 3 bets (1 open, 2 settled), 1 win, a win rate of 33 %, 16.50 wagered, a profit
 * ("winnings") of 26.00 and a balance of 1,023.50 = 1,000 + 26.00 - 2.50. Xen ends at -30.00,
 * Yul at +4.00. Every endpoint that shows one of Pat's figures shows the same value.
 */
describe(`one definition of the player figures on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let pat: TestUser;
  let fay: TestUser;
  let xen: TestUser;
  let yul: TestUser;
  let host: TestUser;
  let boss: TestUser;

  const json = async <T,>(user: TestUser, url: string, schema: { parse: (v: unknown) => T }): Promise<T> => {
    const response = await user.agent.get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return schema.parse(response.json());
  };

  beforeAll(async () => {
    app = await createTestApp();
    host = await createUser(app, 'Host');
    pat = await createUser(app, 'Pat');
    fay = await createUser(app, 'Fay');
    xen = await createUser(app, 'Xen');
    yul = await createUser(app, 'Yul');
    boss = await createUser(app, 'Boss', { admin: true });
    for (const user of [pat, xen, yul]) await makeFriends(app, user, host);
    await makeFriends(app, pat, fay);
    const stake = async (user: TestUser, betId: number, option: number, amount: string) => {
      const response = await user.agent.post(`/api/bets/${betId}/participate`, { option, amount });
      expect(response.statusCode, response.body).toBe(200);
    };
    const resolve = async (betId: number, winningOption: number) =>
      expect((await host.agent.post(`/api/bets/${betId}/resolve`, { winningOption })).statusCode).toBe(200);
    const won = await createBetAs(host, { title: 'Pat wins', options: ['Yes', 'No'] });
    await stake(pat, won.id, 0, '10.00');
    await stake(xen, won.id, 1, '30.00');
    await resolve(won.id, 0);
    const lost = await createBetAs(host, { title: 'Pat loses', options: ['Yes', 'No'] });
    await stake(pat, lost.id, 0, '4.00');
    await stake(yul, lost.id, 1, '6.00');
    await resolve(lost.id, 1);
    const refunded = await createBetAs(host, { title: 'Deleted', options: ['Yes', 'No'] });
    await stake(pat, refunded.id, 0, '7.00');
    expect((await boss.agent.delete(`/api/admin/bets/${refunded.id}`)).json()).toEqual({ id: refunded.id, refunded: true });
    const open = await createBetAs(host, { title: 'Still open', options: ['Yes', 'No'] });
    await stake(pat, open.id, 1, '2.50');
  });
  afterAll(async () => {
    await app?.close();
  });

  const patFigures = (period: PlayerFigures['period'], rank: number): PlayerFigures => ({
    period,
    bets: 3,
    openBets: 1,
    settledBets: 2,
    wins: 1,
    winRate: 33,
    wagered: '16.50',
    profit: '26.00',
    rank,
  });

  it('counts a refund nowhere, open and settled stakes as bets, wins over bets, profit over settled bets', async () => {
    const stats = await json(pat, '/api/statistics', statisticsSchema);
    // Ranked by profit: Pat +26.00, Yul +4.00, Xen -30.00 (Host never staked: not ranked).
    for (const period of FIGURE_PERIODS) expect(stats.figures[period]).toEqual(patFigures(period, 1));
    expect(stats).toMatchObject({
      totalBets: 3,
      totalWins: 1,
      winRate: 33,
      totalWinnings: '26.00',
      rank: 1,
      monthlyBets: 3,
      monthlyWins: 1,
      monthlyProfit: '26.00',
    });
    expect(stats.months.at(-1)).toMatchObject({ bets: 3, wins: 1, profit: '26.00' });
    expect(stats.categories).toEqual([{ category: 'Sports', amount: '16.50', count: 3, share: 100 }]);
    expect((await json(host, '/api/statistics', statisticsSchema)).figures.all).toEqual({
      period: 'all',
      bets: 0,
      openBets: 0,
      settledBets: 0,
      wins: 0,
      winRate: 0,
      wagered: '0.00',
      profit: '0.00',
      rank: null,
    });
  });

  it('shows the same figures on every screen that shows them', async () => {
    const me = await json(pat, '/api/auth/user', currentUserSchema);
    expect(me).toMatchObject({ totalBets: 3, totalWins: 1, winRate: 33, totalWinnings: '26.00', rank: 1, balance: '1023.50' });

    const profile = await json(pat, '/api/users/profile', ownProfileSchema);
    expect(profile).toMatchObject({ totalBets: 3, totalWins: 1, winRate: 33, totalWinnings: '26.00', rank: 1 });
    expect(profile).toMatchObject({ activeBets: 1, totalWagered: '16.50', balance: '1023.50' });
    expect(profile.achievements.find((a) => a.id === 'hot_streak')).toMatchObject({ progressText: '33%' });

    const seenByFriend = await json(fay, `/api/users/${pat.id}/profile`, friendProfileSchema);
    expect(seenByFriend).toMatchObject({ totalBets: 3, totalWins: 1, winRate: 33 });

    const friends = await json(fay, '/api/friends', { parse: (v: unknown) => friendSchema.array().parse(v) });
    expect(friends.find((f) => f.id === pat.id)).toMatchObject({ totalWins: 1, balance: '1023.50' });

    const { insights } = await json(pat, '/api/insights', insightsSchema);
    const winRate = insights.find((i) => i.id === 'win_rate');
    expect(winRate?.value).toBe('33%');
    expect(winRate?.explanation).toMatch(/^You won 1 of your 3 bets \(won 1 of 2 settled, 1 still open\)\./);

    for (const period of FIGURE_PERIODS) {
      for (const scope of ['global', 'friends'] as const) {
        const board = await json(pat, `/api/leaderboard?period=${period}&scope=${scope}`, leaderboardSchema);
        expect(board.entries.find((e) => e.id === pat.id), `${period} ${scope}`).toMatchObject({
          rank: 1,
          bets: 3,
          totalWins: 1,
          winRate: 33,
          weeklyEarnings: '26.00',
          balance: '1023.50',
        });
        expect(board.me).toEqual({ rank: 1, weeklyEarnings: '26.00', gapToNext: null });
      }
    }

    const list = await json(boss, '/api/admin/users?sort=bets', adminUserListSchema);
    // Most bets first (ties: the newer account), then those without a bet, newest first.
    expect(list.users.map((u) => u.username)).toEqual(['Pat', 'Yul', 'Xen', 'Boss', 'Fay', 'Host']);
    expect(list.total).toBe(6);
    expect(list.users.find((u) => u.id === pat.id)).toMatchObject({ totalBets: 3, totalWins: 1, winRate: 33, totalWinnings: '26.00' });
    const detail = await json(boss, `/api/admin/users/${pat.id}`, adminUserDetailSchema);
    expect(detail.user).toMatchObject({ totalBets: 3, totalWins: 1, winRate: 33, totalWinnings: '26.00', rank: 1, balance: '1023.50' });
  });

  it('ranks by profit with ties sharing a rank, and the others the same way everywhere', async () => {
    const board = await json(xen, '/api/leaderboard?period=all', leaderboardSchema);
    expect(board.entries.map((e) => [e.rank, e.username, e.weeklyEarnings])).toEqual([
      [1, 'Pat', '26.00'],
      [2, 'Yul', '4.00'],
      [3, 'Xen', '-30.00'],
    ]);
    expect(board.playerCount).toBe(3);
    expect(board.me).toEqual({ rank: 3, weeklyEarnings: '-30.00', gapToNext: '34.00' });
    expect(await json(xen, '/api/auth/user', currentUserSchema)).toMatchObject({ rank: 3, totalWinnings: '-30.00', winRate: 0 });
    expect((await json(yul, '/api/statistics', statisticsSchema)).rank).toBe(2);
    // Host never staked: no rank anywhere.
    expect(await json(host, '/api/auth/user', currentUserSchema)).toMatchObject({ rank: null, totalBets: 0 });
    expect((await json(host, '/api/leaderboard', leaderboardSchema)).me).toBeNull();
  });

  it('counts the platform with the same rules', async () => {
    const reports = await json(boss, '/api/reports', reportsSchema);
    // The stakes that count: Pat 10 + 4 + 2.50, Xen 30, Yul 6; the deleted bet counts nowhere.
    expect(reports).toMatchObject({ totalVolume: '52.50', totalStakes: 5, totalBets: 3, activeBets: 1, activeBetValue: '2.50' });
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });
});
