import { z } from 'zod';
import { FIGURE_PERIODS } from '../player-figures.ts';

export const LEADERBOARD_PERIODS = FIGURE_PERIODS;
export const LEADERBOARD_SCOPES = ['global', 'friends'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

export const leaderboardQuerySchema = z.lazy(() => z.object({
  period: z.enum(LEADERBOARD_PERIODS, { error: 'Period must be week, month or all' }).default('week'),
  scope: z.enum(LEADERBOARD_SCOPES, { error: 'Scope must be global or friends' }).default('global'),
}));

/**
 * A leaderboard entry (docs/product.md §7.1), with the player's figures over the chosen period
 * (src/shared/player-figures.ts): `weeklyEarnings` is the profit over that period, whichever it is.
 */
export const leaderboardEntrySchema = z.lazy(() => z.object({
  rank: z.number().int(),
  id: z.number().int(),
  username: z.string(),
  isOnline: z.boolean(),
  bets: z.number().int(),
  totalWins: z.number().int(),
  winRate: z.number().int(),
  balance: z.string(),
  weeklyEarnings: z.string(),
}));
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.lazy(() => z.object({
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
  /** The first day of the period shown (UTC, YYYY-MM-DD); 1970-01-01 for all time. */
  startsOn: z.string(),
  /** This ISO week, whichever period is shown: its number and when it starts over. */
  week: z.object({ number: z.number().int(), year: z.number().int(), resetsAt: z.string() }),
}));
export type Leaderboard = z.infer<typeof leaderboardSchema>;
