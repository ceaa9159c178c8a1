import { z } from 'zod';

/**
 * A player's figures: the one definition behind every number a screen shows about a player
 * (dashboard, statistics, insights, profiles, leaderboard, admin), described in
 * docs/player-figures.md. The server keeps them in a read model written in the same transaction
 * as the money (src/server/features/figures/figures.sql); this module states the
 * rules and is the reference the tests and the ledger audit recompute them with.
 *
 * The figures are made of the player's stakes. A stake belongs to the ISO week (UTC), the
 * calendar month (UTC) and, like every stake, the all-time period in which it was placed; when
 * its bet settles, its outcome is counted in those same periods. So within one period every
 * figure speaks of the same stakes: wins never exceed bets, and the profit is that of the bets
 * counted.
 *
 * - A refunded stake (its bet voided, deleted by an admin, or nobody backed the winner) counts
 *   nowhere: not in bets, wagered, win rate or profit.
 * - bets = open stakes + settled stakes; settled = stakes on resolved bets.
 * - wins = settled stakes on the winning option.
 * - win rate = round(100 x wins / bets), 0 without bets (docs/product.md §3). A screen that shows
 *   a rate over settled bets only says so ("won 1 of 2 settled").
 * - wagered = the sum of the stakes counted in bets.
 * - profit = payouts - stakes, over settled stakes; it can be negative. "Winnings" on a screen
 *   means this profit, and says so.
 * - rank = 1 + the number of players with a higher profit in the period (ties share a rank);
 *   a player without a stake in the period has no rank. Players who hide from the leaderboard
 *   (a privacy setting) and deactivated accounts are not counted above anyone.
 * - balance = 1,000.00 + adjustments + all-time profit - open stakes (the ledger audit checks it).
 */

export const FIGURE_PERIODS = ['week', 'month', 'all'] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];

export type StakeOutcome = 'won' | 'lost' | 'refunded';

/** One stake as the figures see it. */
export interface FigureStake {
  amountCents: number;
  placedAt: Date;
  /** Null while its bet is open. */
  outcome: StakeOutcome | null;
  /** What settlement paid back (the payout, 0 for a lost stake); null while open. */
  paidCents: number | null;
}

export interface Figures {
  bets: number;
  settledBets: number;
  wins: number;
  wageredCents: number;
  profitCents: number;
}

export const NO_FIGURES: Figures = Object.freeze({ bets: 0, settledBets: 0, wins: 0, wageredCents: 0, profitCents: 0 });

/** Win rate in whole percent, 0 when there are no bets (docs/product.md §3). */
export function winRatePercent(wins: number, bets: number): number {
  return bets > 0 ? Math.round((wins / bets) * 100) : 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the ISO week that contains `date`. */
export function weekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** When the weekly figures start over: the next Monday 00:00 UTC. */
export function nextWeekStart(date: Date): Date {
  return new Date(weekStart(date).getTime() + 7 * DAY_MS);
}

/** ISO 8601 week number and its year (the year of the week's Thursday). */
export function isoWeek(date: Date): { week: number; year: number } {
  const thursday = new Date(weekStart(date).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursdayWeek = weekStart(new Date(Date.UTC(year, 0, 4)));
  return { week: Math.round((weekStart(date).getTime() - firstThursdayWeek.getTime()) / (7 * DAY_MS)) + 1, year };
}

/** The first instant of the period that contains `date`; the all-time period starts at the epoch. */
export function periodStart(period: FigurePeriod, date: Date): Date {
  if (period === 'week') return weekStart(date);
  if (period === 'month') return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  return new Date(0);
}

/** The period's first day as the read model keys it ('2026-11-23'). */
export function periodKey(period: FigurePeriod, date: Date): string {
  return periodStart(period, date).toISOString().slice(0, 10);
}

/**
 * The figures of one period from the player's stakes: the definition above, computed plainly.
 * The read model must always agree with it.
 */
export function computeFigures(stakes: readonly FigureStake[], period: FigurePeriod, now: Date): Figures {
  const key = periodKey(period, now);
  const figures = { ...NO_FIGURES };
  for (const stake of stakes) {
    if (stake.outcome === 'refunded' || periodKey(period, stake.placedAt) !== key) continue;
    figures.bets += 1;
    figures.wageredCents += stake.amountCents;
    if (stake.outcome !== null) {
      figures.settledBets += 1;
      if (stake.outcome === 'won') figures.wins += 1;
      figures.profitCents += (stake.paidCents ?? 0) - stake.amountCents;
    }
  }
  return figures;
}

/** 1 + the players with a higher profit; `profits` are those of every ranked player. */
export function rankAmong(profits: readonly number[], profitCents: number): number {
  return 1 + profits.filter((p) => p > profitCents).length;
}

/** A player's figures over one period as the API shows them. */
export const playerFiguresSchema = z.lazy(() => z.object({
  period: z.enum(FIGURE_PERIODS),
  /** Open and settled stakes; refunded ones count nowhere. */
  bets: z.number().int(),
  openBets: z.number().int(),
  settledBets: z.number().int(),
  wins: z.number().int(),
  /** round(100 x wins / bets), 0 without bets. */
  winRate: z.number().int(),
  wagered: z.string(),
  /** Payouts minus stakes over settled bets: what a screen calls winnings. */
  profit: z.string(),
  /** Null when the player has no stake in the period. */
  rank: z.number().int().nullable(),
}));
export type PlayerFigures = z.infer<typeof playerFiguresSchema>;
