import { z } from 'zod';
import { playerFiguresSchema } from '../player-figures.ts';
import { BET_CATEGORIES, betSchema } from './bets.ts';

/** A month's figures (src/shared/player-figures.ts): the stakes placed in it, and their outcomes. */
export const monthStatSchema = z.lazy(() => z.object({
  month: z.string(), // YYYY-MM
  bets: z.number().int(),
  wins: z.number().int(),
  profit: z.string(),
}));

export const categoryStatSchema = z.lazy(() => z.object({
  category: z.enum(BET_CATEGORIES),
  amount: z.string(),
  count: z.number().int(),
  /** Whole percent of the user's wagered amount (refunded stakes count nowhere). */
  share: z.number().int(),
}));

/**
 * The statistics of docs/product.md §7.2: the player's figures (src/shared/player-figures.ts) all
 * time and this month, by period, the last 12 months and the categories. `totalWinnings` is the
 * all-time profit.
 */
export const statisticsSchema = z.lazy(() => z.object({
  totalWinnings: z.string(),
  winRate: z.number().int(),
  totalBets: z.number().int(),
  totalWins: z.number().int(),
  rank: z.number().int().nullable(),
  monthlyBets: z.number().int(),
  monthlyWins: z.number().int(),
  monthlyProfit: z.string(),
  months: z.array(monthStatSchema),
  categories: z.array(categoryStatSchema),
  figures: z.object({ week: playerFiguresSchema, month: playerFiguresSchema, all: playerFiguresSchema }),
}));
export type Statistics = z.infer<typeof statisticsSchema>;

export const insightSchema = z.lazy(() => z.object({
  id: z.enum(['win_rate', 'strongest_category', 'typical_stake', 'best_hours', 'friends_win_rate', 'suggested_stake']),
  title: z.string(),
  value: z.string(),
  explanation: z.string(),
}));
export type Insight = z.infer<typeof insightSchema>;
export const insightsSchema = z.lazy(() => z.object({ insights: z.array(insightSchema) }));

export const eventSchema = z.lazy(() => z.object({
  kind: z.enum(['expiring', 'awaiting_resolution']),
  at: z.string(),
  bet: betSchema,
}));
export type BetEvent = z.infer<typeof eventSchema>;
export const eventsSchema = z.lazy(() => z.object({ events: z.array(eventSchema) }));
