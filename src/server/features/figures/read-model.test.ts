import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIGURE_PERIODS,
  computeFigures,
  periodKey,
  rankAmong,
  type FigureStake,
  type StakeOutcome,
} from '../../../shared/player-figures.ts';
import { leaderboardSchema } from '../../../shared/schemas/leaderboard.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { rowsOf } from '../../db/client.ts';
import { playerFigures } from './tables.ts';
import { createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';
import { nextProfitUp, rankedPlayerCount, ranksOf, storedFiguresOf } from './service.ts';

/**
 * The read model against the plain definition: after random histories of stakes, resolutions,
 * refunds, deletions and privacy changes, every row of player_figures equals computeFigures over
 * the player's stakes, and every rank equals 1 + the listed players with a higher profit.
 */

type Op =
  | { kind: 'create'; by: number }
  | { kind: 'stake'; by: number; bet: number; option: number; cents: number }
  | { kind: 'resolve'; bet: number; option: number }
  | { kind: 'delete'; bet: number }
  | { kind: 'hide'; who: number; hidden: boolean };

const PLAYERS = 6;
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), by: fc.nat(PLAYERS - 1) }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('stake' as const),
      by: fc.nat(PLAYERS - 1),
      bet: fc.nat(5),
      option: fc.nat(2),
      // From a dollar to a thousand, so profits land in many bands of the rank ladder.
      cents: fc.oneof(fc.integer({ min: 100, max: 999 }), fc.integer({ min: 1_000, max: 100_000 })),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('resolve' as const), bet: fc.nat(5), option: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), bet: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hide' as const), who: fc.nat(PLAYERS - 1), hidden: fc.boolean() }) },
);

describe(`the player figures' read model on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let players: TestUser[];
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 100, loginPerEmailAndIp: 100, writesPerMinute: 1_000_000, readsPerMinute: 1_000_000 } });
    admin = await createUser(app, 'Boss', { admin: true });
    players = [];
    for (let i = 0; i < PLAYERS; i += 1) players.push(await createUser(app, `P${i}`));
    for (let i = 0; i < PLAYERS; i += 1) for (let j = i + 1; j < PLAYERS; j += 1) await makeFriends(app, players[i]!, players[j]!);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every stake as the figures see it, by player. */
  async function stakesByPlayer(): Promise<Map<number, FigureStake[]>> {
    const rows = rowsOf<{ user_id: number; amount_cents: number | string; created_at: string | Date; outcome: StakeOutcome | null; settled_cents: number | string | null }>(
      await app.db.execute(sql`select user_id, amount_cents, created_at, outcome, settled_cents from stakes`),
    );
    const byPlayer = new Map<number, FigureStake[]>();
    for (const row of rows) {
      const list = byPlayer.get(Number(row.user_id)) ?? [];
      list.push({
        amountCents: Number(row.amount_cents),
        placedAt: new Date(row.created_at),
        outcome: row.outcome,
        paidCents: row.settled_cents === null ? null : Number(row.settled_cents),
      });
      byPlayer.set(Number(row.user_id), list);
    }
    return byPlayer;
  }

  async function expectReadModelToMatchTheDefinition(now: Date) {
    const byPlayer = await stakesByPlayer();
    const rows = await app.db.select().from(playerFigures);
    // Every kept row is the definition over the stakes of its period...
    for (const row of rows) {
      const at = new Date(`${row.startsOn}T12:00:00Z`);
      const expected = computeFigures(byPlayer.get(row.userId) ?? [], row.period, row.period === 'all' ? now : at);
      expect({ bets: row.bets, settledBets: row.settledBets, wins: row.wins, wageredCents: row.wageredCents, profitCents: row.profitCents }).toEqual(
        expected,
      );
    }
    // ...and every player with a stake that counts in a period has a row for it.
    for (const [userId, stakes] of byPlayer) {
      for (const period of FIGURE_PERIODS) {
        const keys = new Set(stakes.filter((s) => s.outcome !== 'refunded').map((s) => periodKey(period, s.placedAt)));
        for (const key of keys) expect(rows.some((r) => r.userId === userId && r.period === period && r.startsOn === key)).toBe(true);
      }
    }
    // Ranks against the plain rule, in the current periods.
    for (const period of FIGURE_PERIODS) {
      const key = periodKey(period, now);
      const inPeriod = rows.filter((r) => r.period === period && r.startsOn === key);
      const listedProfits = inPeriod.filter((r) => r.listed).map((r) => r.profitCents);
      const stored = await storedFiguresOf(app.db, inPeriod.map((r) => r.userId), period, now);
      const ranks = await ranksOf(app.db, period, key, [...stored.values()]);
      for (const row of inPeriod) expect(ranks.get(row.userId)).toBe(rankAmong(listedProfits, row.profitCents));
      expect(await rankedPlayerCount(app.db, period, key)).toBe(listedProfits.length);
    }
  }

  it('equals the definition computed plainly, after any history', async () => {
    const betIds: number[] = [];
    const succeeded = new Map<Op['kind'], number>();
    const count = (kind: Op['kind'], status: number) => {
      if (status < 300) succeeded.set(kind, (succeeded.get(kind) ?? 0) + 1);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const step of ops) {
          const pick = (n: number) => betIds[betIds.length - 1 - (n % Math.max(Math.min(betIds.length, 4), 1))] ?? 999_999;
          if (step.kind === 'create') {
            const response = await players[step.by]!.agent.post('/api/bets', {
              title: 'Random',
              description: 'A bet of the property test',
              category: 'General',
              options: ['A', 'B', 'C'],
              expirationType: 'indefinite',
              expirationValue: '',
            });
            betIds.push((response.json() as { id: number }).id);
            count(step.kind, response.statusCode);
          } else if (step.kind === 'stake') {
            const response = await players[step.by]!.agent.post(`/api/bets/${pick(step.bet)}/participate`, {
              option: step.option,
              amount: (step.cents / 100).toFixed(2),
            });
            count(step.kind, response.statusCode);
          } else if (step.kind === 'resolve') {
            count(step.kind, (await admin.agent.post(`/api/admin/bets/${pick(step.bet)}/resolve`, { winningOption: step.option })).statusCode);
          } else if (step.kind === 'delete') {
            const response = await admin.agent.delete(`/api/admin/bets/${pick(step.bet)}`);
            if ((response.json() as { refunded?: boolean }).refunded) count(step.kind, response.statusCode);
          } else {
            const response = await players[step.who]!.agent.put('/api/users/preferences', { privacy: { showOnLeaderboard: !step.hidden } });
            count(step.kind, response.statusCode);
          }
        }
        await expectReadModelToMatchTheDefinition(new Date());
        expect((await auditLedger(app.db)).violations).toEqual([]);
      }),
      { numRuns: 25 },
    );
    // The histories did what they are for: stakes placed, bets resolved, stakes refunded.
    expect(succeeded.get('stake') ?? 0).toBeGreaterThan(10);
    expect(succeeded.get('resolve') ?? 0).toBeGreaterThan(2);
    expect(succeeded.get('delete') ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it('serves the leaderboard the plain ranking gives', async () => {
    const now = new Date();
    const rows = (await app.db.select().from(playerFigures)).filter((r) => r.period === 'all' && r.listed);
    const profits = rows.map((r) => r.profitCents);
    // Seen by the admin, who never staked: hidden players are not on it.
    const board = leaderboardSchema.parse((await admin.agent.get('/api/leaderboard?period=all')).json());
    const expected = [...rows]
      .sort((a, b) => b.profitCents - a.profitCents || a.userId - b.userId)
      .slice(0, 10)
      .map((r) => [rankAmong(profits, r.profitCents), r.userId]);
    expect(board.entries.map((e) => [e.rank, e.id])).toEqual(expected);
    expect(board.playerCount).toBe(rows.length);
    expect(board.startsOn).toBe(periodKey('all', now));
  });
});

describe(`ranks read from the profit bands on ${testDbKind}`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('equal 1 + the listed players with a higher profit, for any profits, as they move', async () => {
    const period = 'week' as const;
    const startsOn = '2026-11-23';
    // Profits around zero, within one band and across many, ties, hidden players.
    const profits = fc.sample(
      fc.oneof(
        fc.constantFrom(0, 1, -1, 100, -100, 101, 99),
        fc.integer({ min: -5_000, max: 5_000 }),
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
      ),
      { numRuns: 400, seed: 20261125 },
    );
    const values = profits.map((profit, i) => ({ user: 1_000 + i, profit, listed: i % 7 !== 3 }));
    await app.db.insert(playerFigures).values(
      values.map((v) => ({
        userId: v.user,
        period,
        startsOn,
        bets: 1,
        settledBets: v.profit === 0 ? 0 : 1,
        wins: 0,
        wageredCents: 100,
        profitCents: v.profit,
        listed: v.listed,
      })),
    );
    const check = async () => {
      const rows = (await app.db.select().from(playerFigures)).filter((r) => r.startsOn === startsOn);
      const listed = rows.filter((r) => r.listed).map((r) => r.profitCents);
      const stored = rows.map((r) => ({ userId: r.userId, profitCents: r.profitCents, rankBucket: r.rankBucket ?? 0 }));
      const ranks = await ranksOf(app.db, period, startsOn, stored);
      for (const row of stored) {
        expect(ranks.get(row.userId), `profit ${row.profitCents}`).toBe(rankAmong(listed, row.profitCents));
        const higher = listed.filter((p) => p > row.profitCents);
        expect(await nextProfitUp(app.db, period, startsOn, row.profitCents, row.rankBucket)).toBe(
          higher.length === 0 ? null : Math.min(...higher),
        );
      }
      expect(await rankedPlayerCount(app.db, period, startsOn)).toBe(listed.length);
      expect((await auditLedger(app.db)).violations.filter((v) => v.startsWith('the rank counts'))).toEqual([]);
    };
    await check();
    // Profits move across bands and to zero, players hide and show, rows go.
    await app.database.withConnection(async (q) => {
      await q('update player_figures set profit_cents = -profit_cents where user_id % 5 = 0');
      await q('update player_figures set profit_cents = 0, settled_bets = 0 where user_id % 11 = 0');
      await q('update player_figures set listed = not listed where user_id % 13 = 0');
      await q('delete from player_figures where user_id % 17 = 0');
    });
    await check();
  });
});
