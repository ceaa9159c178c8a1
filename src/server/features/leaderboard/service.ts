import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import { isoWeek, nextWeekStart, periodKey, winRatePercent } from '../../../shared/player-figures.ts';
import type { Leaderboard, LeaderboardPeriod } from '../../../shared/schemas/leaderboard.ts';
import { type UserRow, users } from '../users/service.ts';
import {
  nextProfitUp,
  ranksOf,
  rankedPlayerCount,
  storedFiguresOf,
  topOfPeriod,
  type StoredFigures,
} from '../figures/service.ts';
import { friendIdsOf } from '../friends/service.ts';

/**
 * The leaderboard: players ranked by their profit over the period (src/shared/player-figures.ts);
 * ties share a rank, players without a stake in the period are not ranked. The global board
 * counts the listed players (those who show on it, with active accounts); a hidden player still
 * sees their own place on it. The friends board ranks the caller and their friends, hidden or not.
 */

const TOP = 10;

interface Ranked {
  figures: StoredFigures;
  rank: number;
}

/** Ranks among a few players: 1 + those of them with a higher profit. */
function rankAmongThem(players: StoredFigures[]): Ranked[] {
  const sorted = [...players].sort((a, b) => b.profitCents - a.profitCents || a.userId - b.userId);
  return sorted.map((figures) => ({ figures, rank: 1 + sorted.filter((p) => p.profitCents > figures.profitCents).length }));
}

async function globalBoard(app: FastifyInstance, viewer: UserRow, period: LeaderboardPeriod, startsOn: string, now: Date) {
  const [top, mine, listedCount] = await Promise.all([
    topOfPeriod(app.db, period, startsOn, TOP),
    storedFiguresOf(app.db, [viewer.id], period, now).then((found) => found.get(viewer.id)),
    rankedPlayerCount(app.db, period, startsOn),
  ]);
  const entries: Ranked[] = rankAmongThem(top);
  let me: { ranked: Ranked; gapToNextCents: number | null } | null = null;
  if (mine) {
    const [ranks, nextUp] = await Promise.all([
      ranksOf(app.db, period, startsOn, [mine]),
      nextProfitUp(app.db, period, startsOn, mine.profitCents, mine.rankBucket),
    ]);
    const rank = ranks.get(viewer.id)!;
    me = { ranked: { figures: mine, rank }, gapToNextCents: nextUp === null ? null : nextUp - mine.profitCents };
    // A hidden player sees themselves at their place among the listed players.
    if (!mine.listed && rank <= TOP) {
      entries.push(me.ranked);
      entries.sort((a, b) => a.rank - b.rank || b.figures.profitCents - a.figures.profitCents);
      entries.splice(TOP);
    }
  }
  return { entries, me, playerCount: listedCount + (mine && !mine.listed ? 1 : 0) };
}

async function friendsBoard(app: FastifyInstance, viewer: UserRow, period: LeaderboardPeriod, now: Date) {
  const ids = [viewer.id, ...(await friendIdsOf(app.db, viewer.id))];
  const ranked = rankAmongThem([...(await storedFiguresOf(app.db, ids, period, now)).values()]);
  const mineAt = ranked.findIndex((r) => r.figures.userId === viewer.id);
  const mine = ranked[mineAt];
  // The nearest higher profit among them.
  const above = ranked.filter((r) => mine && r.figures.profitCents > mine.figures.profitCents).at(-1);
  return {
    entries: ranked.slice(0, TOP),
    me: mine ? { ranked: mine, gapToNextCents: above ? above.figures.profitCents - mine.figures.profitCents : null } : null,
    playerCount: ranked.length,
  };
}

export async function leaderboard(
  app: FastifyInstance,
  viewer: UserRow,
  query: { period: LeaderboardPeriod; scope: 'global' | 'friends' },
  now = new Date(),
): Promise<Leaderboard> {
  const startsOn = periodKey(query.period, now);
  const board =
    query.scope === 'friends'
      ? await friendsBoard(app, viewer, query.period, now)
      : await globalBoard(app, viewer, query.period, startsOn, now);
  const ids = board.entries.map((e) => e.figures.userId);
  const [people, online] = await Promise.all([
    ids.length === 0
      ? []
      : app.db.select({ id: users.id, username: users.username, balanceCents: users.balanceCents }).from(users).where(inArray(users.id, ids)),
    app.presence.onlineAmong(ids),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const { week, year } = isoWeek(now);
  return {
    period: query.period,
    scope: query.scope,
    entries: board.entries.map(({ figures, rank }) => ({
      rank,
      id: figures.userId,
      username: byId.get(figures.userId)?.username ?? '',
      isOnline: online.has(figures.userId),
      bets: figures.bets,
      totalWins: figures.wins,
      winRate: winRatePercent(figures.wins, figures.bets),
      balance: formatCents(byId.get(figures.userId)?.balanceCents ?? 0),
      weeklyEarnings: formatCents(figures.profitCents),
    })),
    me: board.me
      ? {
          rank: board.me.ranked.rank,
          weeklyEarnings: formatCents(board.me.ranked.figures.profitCents),
          gapToNext: board.me.gapToNextCents === null ? null : formatCents(board.me.gapToNextCents),
        }
      : null,
    playerCount: board.playerCount,
    startsOn,
    week: { number: week, year, resetsAt: nextWeekStart(now).toISOString() },
  };
}
