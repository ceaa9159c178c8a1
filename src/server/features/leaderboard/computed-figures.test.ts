import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeek, nextWeekStart, periodKey } from '../../../shared/player-figures.ts';
import { leaderboardSchema } from '../../../shared/schemas/leaderboard.ts';
import { eventsSchema, insightsSchema, statisticsSchema } from '../../../shared/schemas/statistics.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

/**
 * Hand-worked fixture. Host creates three bets (and never stakes):
 *   bet 1 (Sports):   Ann 10.00 on 0, Bob 30.00 on 1 -> 0 wins: Ann +30.00, Bob -30.00; the stakes
 *                     placed and the bet resolved 40 days ago
 *   bet 2 (Politics): Cat 20.00 on 0, Ann 20.00 on 1 -> 0 wins: Cat +20.00, Ann -20.00
 *   bet 3 (General):  Dan  5.00 on 0 alone           -> 0 wins: Dan +0.00 (a win)
 * All time: Cat +20, Ann +10, Dan 0 (1 of 1 won), Bob -30; Host has no stake: not ranked.
 * This week and month (a stake counts in the period it was placed in): Cat +20, Dan 0, Ann -20.
 * The 40-day-old dates are set by hand in SQL, then the read model is rebuilt from the rows, as
 * an operator does after changing data by hand (`npm run figures:rebuild`).
 */
describe(`leaderboard, statistics and insights on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let host: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let dan: TestUser;
  const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

  beforeAll(async () => {
    app = await createTestApp();
    host = await createUser(app, 'Host');
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    cat = await createUser(app, 'Cat');
    dan = await createUser(app, 'Dan');
    for (const user of [ann, bob, cat, dan]) await makeFriends(app, user, host);
    await makeFriends(app, ann, bob);

    const bet1 = await createBetAs(host, { title: 'Bet 1', category: 'Sports' });
    await ann.agent.post(`/api/bets/${bet1.id}/participate`, { option: 0, amount: 10 });
    await bob.agent.post(`/api/bets/${bet1.id}/participate`, { option: 1, amount: 30 });
    await host.agent.post(`/api/bets/${bet1.id}/resolve`, { winningOption: 0 });
    await app.database.withConnection(async (q) => {
      await q("update bets set resolved_at = now() - interval '40 days' where id = $1", [bet1.id]);
      await q("update stakes set created_at = now() - interval '40 days' where bet_id = $1", [bet1.id]);
      await q('select rebuild_figures()');
    });

    const bet2 = await createBetAs(host, { title: 'Bet 2', category: 'Politics' });
    await cat.agent.post(`/api/bets/${bet2.id}/participate`, { option: 0, amount: 20 });
    await ann.agent.post(`/api/bets/${bet2.id}/participate`, { option: 1, amount: 20 });
    await host.agent.post(`/api/bets/${bet2.id}/resolve`, { winningOption: 0 });

    const bet3 = await createBetAs(host, { title: 'Bet 3', category: 'General' });
    await dan.agent.post(`/api/bets/${bet3.id}/participate`, { option: 0, amount: 5 });
    await host.agent.post(`/api/bets/${bet3.id}/resolve`, { winningOption: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  const board = async (user: TestUser, query: string) => leaderboardSchema.parse((await user.agent.get(`/api/leaderboard?${query}`)).json());

  it('ranks all time by profit; ties share a rank; a player without a stake is not ranked', async () => {
    const all = await board(ann, 'period=all&scope=global');
    expect(all.entries.map((e) => [e.rank, e.username, e.weeklyEarnings])).toEqual([
      [1, 'Cat', '20.00'],
      [2, 'Ann', '10.00'],
      [3, 'Dan', '0.00'],
      [4, 'Bob', '-30.00'],
    ]);
    expect(all.entries[1]).toMatchObject({ bets: 2, totalWins: 1, winRate: 50, balance: '1010.00' });
    expect(all.playerCount).toBe(4);
    expect(all.startsOn).toBe('1970-01-01');
    expect(all.me).toEqual({ rank: 2, weeklyEarnings: '10.00', gapToNext: '10.00' });
    expect((await board(cat, 'period=all')).me).toEqual({ rank: 1, weeklyEarnings: '20.00', gapToNext: null });
    expect((await board(host, 'period=all')).me).toBeNull();
  });

  it('counts a stake in the week and month it was placed in', async () => {
    const week = await board(ann, 'period=week&scope=global');
    expect(week.entries.map((e) => [e.rank, e.username, e.weeklyEarnings, e.bets])).toEqual([
      [1, 'Cat', '20.00', 1],
      [2, 'Dan', '0.00', 1],
      [3, 'Ann', '-20.00', 1],
    ]);
    const now = new Date();
    expect(week.startsOn).toBe(periodKey('week', now));
    expect(week.week).toEqual({ number: isoWeek(now).week, year: isoWeek(now).year, resetsAt: nextWeekStart(now).toISOString() });
    const month = await board(ann, 'period=month');
    expect(month.entries.map((e) => e.username)).toEqual(['Cat', 'Dan', 'Ann']);
    expect(month.startsOn).toBe(periodKey('month', now));
  });

  it('ranks friends among themselves, and honours the opt-out', async () => {
    const friends = await board(ann, 'period=all&scope=friends');
    expect(friends.entries.map((e) => [e.rank, e.username])).toEqual([
      [1, 'Ann'],
      [2, 'Bob'],
    ]);
    expect(friends.playerCount).toBe(2);
    expect(friends.me).toMatchObject({ rank: 1, gapToNext: null });

    await dan.agent.put('/api/users/preferences', { privacy: { showOnLeaderboard: false } });
    const hidden = await board(ann, 'period=all');
    expect(hidden.entries.map((e) => [e.rank, e.username])).toEqual([
      [1, 'Cat'],
      [2, 'Ann'],
      [3, 'Bob'],
    ]);
    expect(hidden.playerCount).toBe(3);
    // Dan still sees his own place, among the players who show.
    const danSees = await board(dan, 'period=all');
    expect(danSees.me?.rank).toBe(3);
    expect(danSees.entries.map((e) => e.username)).toContain('Dan');
    expect(danSees.playerCount).toBe(4);
    await dan.agent.put('/api/users/preferences', { privacy: { showOnLeaderboard: true } });
    expect((await board(ann, 'period=all')).playerCount).toBe(4);
    expect((await ann.agent.get('/api/leaderboard?period=year')).statusCode).toBe(400);
  });

  it("computes Ann's statistics", async () => {
    const stats = statisticsSchema.parse((await ann.agent.get('/api/statistics')).json());
    const now = new Date();
    const placedMonth = monthKey(new Date(Date.now() - 40 * 24 * 3600_000));
    expect(stats).toMatchObject({
      totalWinnings: '10.00',
      winRate: 50,
      totalBets: 2,
      totalWins: 1,
      rank: 2,
      monthlyBets: 1,
      monthlyWins: 0,
      monthlyProfit: '-20.00',
    });
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toEqual({ month: monthKey(now), bets: 1, wins: 0, profit: '-20.00' });
    expect(stats.months.find((m) => m.month === placedMonth)).toEqual({ month: placedMonth, bets: 1, wins: 1, profit: '30.00' });
    expect(stats.categories).toEqual([
      { category: 'Politics', amount: '20.00', count: 1, share: 67 },
      { category: 'Sports', amount: '10.00', count: 1, share: 33 },
    ]);
    // Host never staked: no rank, nothing to show.
    const hostStats = statisticsSchema.parse((await host.agent.get('/api/statistics')).json());
    expect(hostStats).toMatchObject({ rank: null, totalBets: 0, categories: [] });
  });

  it("explains Ann's insights from her own history", async () => {
    const { insights } = insightsSchema.parse((await ann.agent.get('/api/insights')).json());
    const byId = Object.fromEntries(insights.map((i) => [i.id, i]));
    expect(byId.win_rate).toMatchObject({
      value: '50%',
      explanation:
        'You won 1 of your 2 bets (won 1 of 2 settled). Over bets settled in the last 30 days you won 0% of them, down from 100% in the 30 days before.',
    });
    expect(byId.strongest_category).toMatchObject({ value: 'Sports', explanation: 'Sports is where you do best: +$30.00 over 1 settled bet.' });
    expect(byId.typical_stake).toMatchObject({
      value: '$10.00',
      explanation: 'Your typical stake is $10.00, 1.0% of your current balance of $1,010.00.',
    });
    // Her one win's stake, in three-hour bands of her day: UTC, said so, while she has chosen no zone.
    const [won] = await app.database.withConnection((q) =>
      q<{ created_at: string | Date }>("select s.created_at from stakes s join bets b on b.id = s.bet_id where s.user_id = $1 and b.title = 'Bet 1'", [ann.id]),
    );
    const placed = new Date(won!.created_at);
    const minutesUtc = placed.getUTCHours() * 60 + placed.getUTCMinutes();
    const band = (minutes: number) => Math.floor(((minutes + 1440) % 1440) / 180);
    const BAND_WORDS = ['12:00 AM', '03:00 AM', '06:00 AM', '09:00 AM', '12:00 PM', '03:00 PM', '06:00 PM', '09:00 PM', '12:00 AM'];
    const words = (b: number) => [BAND_WORDS[b]!, BAND_WORDS[b + 1]!];
    const [fromUtc, untilUtc] = words(band(minutesUtc));
    expect(byId.best_hours).toMatchObject({
      value: `${fromUtc}-${untilUtc} UTC`,
      explanation: `1 of your 1 win came from stakes placed between ${fromUtc} and ${untilUtc} UTC.`,
    });
    // On her own clock once she chose one: Kolkata is 5 h 30 min ahead of UTC all year.
    await ann.agent.put('/api/users/preferences', { timeZone: 'Asia/Kolkata' });
    const onHerClock = insightsSchema.parse((await ann.agent.get('/api/insights')).json()).insights.find((i) => i.id === 'best_hours');
    const [from, until] = words(band(minutesUtc + 330));
    expect(onHerClock).toMatchObject({ value: `${from}-${until}`, explanation: `1 of your 1 win came from stakes placed between ${from} and ${until}.` });
    // Ann's friends: Bob (0 of 1) and Host (no bets, so left out).
    expect(byId.friends_win_rate).toMatchObject({
      value: '0%',
      explanation: 'Your 1 friend with bets wins 0% of them; you win 50%.',
    });
    expect(byId.suggested_stake).toMatchObject({ value: '$50.00' });
    expect(byId.suggested_stake?.explanation).toContain('5% of your balance');
    expect((await host.agent.get('/api/insights')).json()).toEqual({ insights: [] });
  });

  it('lists expiring bets and bets awaiting resolution, soonest first', async () => {
    const soon = await createBetAs(host, { title: 'Soon', expirationType: 'time', expirationValue: '48' });
    const later = await createBetAs(host, { title: 'Later', expirationType: 'time', expirationValue: '24' });
    await createBetAs(host, { title: 'Far', expirationType: 'time', expirationValue: String(24 * 30) });
    const overdue = await createBetAs(host, { title: 'Overdue', expirationType: 'time', expirationValue: '1' });
    await app.database.withConnection((q) => q("update bets set expires_at = now() - interval '1 hour' where id = $1", [overdue.id]));

    const hostEvents = eventsSchema.parse((await host.agent.get('/api/events')).json()).events;
    expect(hostEvents.map((e) => [e.kind, e.bet.title])).toEqual([
      ['awaiting_resolution', 'Overdue'],
      ['expiring', 'Later'],
      ['expiring', 'Soon'],
    ]);
    const annEvents = eventsSchema.parse((await ann.agent.get('/api/events')).json()).events;
    expect(annEvents.map((e) => e.bet.id)).toEqual([later.id, soon.id]);
  });
});
