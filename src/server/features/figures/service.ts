import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import {
  FIGURE_PERIODS,
  NO_FIGURES,
  periodKey,
  winRatePercent,
  type FigurePeriod,
  type Figures,
  type PlayerFigures,
} from '../../../shared/player-figures.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { playerFigures } from './tables.ts';

/**
 * Reads the player figures (src/shared/player-figures.ts) from their read model, which triggers
 * keep in the transactions that move the money (docs/decisions/017-figures-kept-by-triggers.md).
 * Every read here costs the same however many players there are: a player's own rows by their
 * key, a leaderboard's top from an index, and a rank from the counts of whole profit bands
 * (figures_ladder) plus the players of the rank's own band.
 */

export interface StoredFigures extends Figures {
  userId: number;
  listed: boolean;
  rankBucket: number;
}

type FiguresRow = typeof playerFigures.$inferSelect;

function toStored(row: FiguresRow): StoredFigures {
  return {
    userId: row.userId,
    bets: row.bets,
    settledBets: row.settledBets,
    wins: row.wins,
    wageredCents: row.wageredCents,
    profitCents: row.profitCents,
    listed: row.listed,
    rankBucket: row.rankBucket ?? 0,
  };
}

/** The figures of `period` as the API shows them. */
export function presentFigures(period: FigurePeriod, figures: Figures, rank: number | null): PlayerFigures {
  return {
    period,
    bets: figures.bets,
    openBets: figures.bets - figures.settledBets,
    settledBets: figures.settledBets,
    wins: figures.wins,
    winRate: winRatePercent(figures.wins, figures.bets),
    wagered: formatCents(figures.wageredCents),
    profit: formatCents(figures.profitCents),
    rank,
  };
}

/** Several players' stored figures for the period that contains `now`; players without any are absent. */
export async function storedFiguresOf(
  db: Db,
  userIds: readonly number[],
  period: FigurePeriod,
  now = new Date(),
): Promise<Map<number, StoredFigures>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(playerFigures)
    .where(
      and(
        inArray(playerFigures.userId, [...userIds]),
        eq(playerFigures.period, period),
        eq(playerFigures.startsOn, periodKey(period, now)),
      ),
    );
  return new Map(rows.map((row) => [row.userId, toStored(row)]));
}

/** Several players' all-time figures (no rank), zeros for those without a stake. */
export async function allTimeFiguresOf(db: Db, userIds: readonly number[]): Promise<Map<number, Figures>> {
  const stored = await storedFiguresOf(db, userIds, 'all');
  return new Map(userIds.map((id) => [id, stored.get(id) ?? NO_FIGURES]));
}

/** What a rank is read from: the player's profit and its band. */
export type RankedPlayer = Pick<StoredFigures, 'userId' | 'profitCents' | 'rankBucket'>;

/**
 * Each player's rank among the listed players of a period: 1 + those with a higher profit. Whole
 * bands above are added up from figures_ladder; below zero, the players with no profit (who have
 * no band in the ladder) are above too; then the players of the profit's own band that are
 * higher still. One statement for all of them. A speed copy of rankAmong
 * (src/shared/player-figures.ts, a plain count of higher profits); read-model.test.ts ("equal 1 +
 * the listed players with a higher profit") holds the two equal.
 */
export async function ranksOf(
  db: Db,
  period: FigurePeriod,
  startsOn: string,
  players: readonly RankedPlayer[],
): Promise<Map<number, number>> {
  if (players.length === 0) return new Map();
  const rows = rowsOf<{ user_id: number; rank: number | string }>(
    await db.execute(sql`select p.user_id, 1
      + coalesce((select sum(l.players) from figures_ladder l
          where l.period = ${period} and l.starts_on = ${startsOn}::date and l.rank_bucket > p.bucket), 0)
      + case when p.bucket < 0
          then coalesce((select sum(c.players) from figures_players c where c.period = ${period} and c.starts_on = ${startsOn}::date), 0)
            - coalesce((select sum(l.players) from figures_ladder l where l.period = ${period} and l.starts_on = ${startsOn}::date), 0)
          else 0 end
      + case when p.bucket <> 0
          then (select count(*) from player_figures f where f.listed and f.period = ${period} and f.starts_on = ${startsOn}::date
            and f.rank_bucket = p.bucket and f.profit_cents > p.profit)
          else 0 end
      as rank
      from unnest(${sql.param(players.map((p) => p.userId))}::integer[], ${sql.param(players.map((p) => p.profitCents))}::bigint[],
        ${sql.param(players.map((p) => p.rankBucket))}::integer[]) as p(user_id, profit, bucket)`),
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.rank)]));
}

/** How many listed players a period ranks. */
export async function rankedPlayerCount(db: Db, period: FigurePeriod, startsOn: string): Promise<number> {
  const [row] = rowsOf<{ players: number | string | null }>(
    await db.execute(sql`select sum(players) as players from figures_players where period = ${period} and starts_on = ${startsOn}::date`),
  );
  return Number(row?.players ?? 0);
}

/** The smallest profit above `profitCents` among the listed players of a period, or null. */
export async function nextProfitUp(
  db: Db,
  period: FigurePeriod,
  startsOn: string,
  profitCents: number,
  rankBucket: number,
): Promise<number | null> {
  const [row] = rowsOf<{ profit: number | string }>(
    await db.execute(sql`select profit_cents as profit from player_figures
      where listed and period = ${period} and starts_on = ${startsOn}::date
        and rank_bucket >= ${rankBucket} and profit_cents > ${profitCents}
      order by rank_bucket, profit_cents limit 1`),
  );
  return row ? Number(row.profit) : null;
}

/** The listed players of a period with the highest profits, best first (ties: the earlier account). */
export async function topOfPeriod(db: Db, period: FigurePeriod, startsOn: string, limit: number): Promise<StoredFigures[]> {
  const rows = await db
    .select()
    .from(playerFigures)
    .where(and(eq(playerFigures.listed, true), eq(playerFigures.period, period), eq(playerFigures.startsOn, startsOn)))
    .orderBy(sql`${playerFigures.rankBucket} desc, ${playerFigures.profitCents} desc, ${playerFigures.userId} asc`)
    .limit(limit);
  return rows.map(toStored);
}

/** Several players' figures over `period` (the one containing `now`), with their ranks. */
export async function figuresOfPlayers(
  db: Db,
  userIds: readonly number[],
  period: FigurePeriod,
  now = new Date(),
): Promise<Map<number, PlayerFigures>> {
  const stored = await storedFiguresOf(db, userIds, period, now);
  const ranks = await ranksOf(db, period, periodKey(period, now), [...stored.values()]);
  return new Map(
    userIds.map((id) => {
      const figures = stored.get(id);
      return [id, figures ? presentFigures(period, figures, ranks.get(id) ?? null) : presentFigures(period, NO_FIGURES, null)];
    }),
  );
}

/** A player's figures over `period` (the one containing `now`) with their rank. */
export async function figuresOf(db: Db, userId: number, period: FigurePeriod, now = new Date()): Promise<PlayerFigures> {
  return (await figuresOfPlayers(db, [userId], period, now)).get(userId)!;
}

/** A player's figures over this week, this month and all time. */
export async function figuresByPeriod(db: Db, userId: number, now = new Date()): Promise<Record<FigurePeriod, PlayerFigures>> {
  const [week, month, all] = await Promise.all(FIGURE_PERIODS.map((period) => figuresOf(db, userId, period, now)));
  return { week: week!, month: month!, all: all! };
}

// The read model other features show (admin reports, statistics); only triggers write it.
export { platformDays, platformTotals, playerFigures } from './tables.ts';
export { figuresBackfills, rebuildFigures } from './rebuild.ts';
