import { z } from 'zod';

export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export const LEADERBOARD_SCOPES = ['global', 'friends'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const leaderboardQuerySchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS, { error: 'Period must be week, month or all' }).default('week'),
  scope: z.enum(LEADERBOARD_SCOPES, { error: 'Scope must be global or friends' }).default('global'),
});

/** Spec §3's leaderboard entry; `weeklyEarnings` is the profit over the chosen period. */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  username: z.string(),
  isOnline: z.boolean(),
  totalWins: z.number().int(),
  winRate: z.number().int(),
  balance: z.string(),
  weeklyEarnings: z.string(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  scope: z.enum(LEADERBOARD_SCOPES),
  entries: z.array(leaderboardEntrySchema),
  me: z
    .object({
      rank: z.number().int(),
      weeklyEarnings: z.string(),
      /** How much more profit reaches the next rank; null when first. */
      gapToNext: z.string().nullable(),
    })
    .nullable(),
  playerCount: z.number().int(),
  week: z.object({ number: z.number().int(), year: z.number().int(), resetsAt: z.string() }),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the ISO week that contains `date`. */
export function weekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** When the weekly leaderboard starts over: the next Monday 00:00 UTC. */
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

export function periodStart(period: LeaderboardPeriod, now: Date): Date {
  if (period === 'week') return weekStart(now);
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return new Date(0);
}
