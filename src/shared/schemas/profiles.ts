import { z } from 'zod';
import { userText } from '../user-text.ts';
import { BET_CATEGORIES } from './bets.ts';
import { userSchema } from './users.ts';

/** A profile field: free text that may be cleared (null or blank). */
const optionalText = (field: string, max: number, { multiline = false } = {}) =>
  userText({ field, typeError: 'Must be text', multiline })
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value === '' ? null : value));

export const updateProfileBodySchema = z.lazy(() => z.object({
  bio: optionalText('Bio', 500, { multiline: true }),
  location: optionalText('Location', 100),
  favoriteCategory: optionalText('Favorite category', 50),
}));

/** The achievements of docs/product.md §8.2, computed from the data, with progress towards each. */
export const achievementSchema = z.lazy(() => z.object({
  id: z.enum(['first_win', 'active_player', 'hot_streak', 'social_butterfly']),
  name: z.string(),
  description: z.string(),
  unlocked: z.boolean(),
  /** 0 to 1. */
  progress: z.number(),
  /** 'n/10', 'n%', ... */
  progressText: z.string(),
}));
export type Achievement = z.infer<typeof achievementSchema>;

export const ACHIEVEMENT_THRESHOLDS = { activeBets: 10, hotStreakWinRate: 70, socialFriends: 5 } as const;

export function computeAchievements(input: { totalWins: number; totalBets: number; winRate: number; friends: number }): Achievement[] {
  const { activeBets, hotStreakWinRate, socialFriends } = ACHIEVEMENT_THRESHOLDS;
  return [
    {
      id: 'first_win',
      name: 'First Win',
      description: 'Win your first bet',
      unlocked: input.totalWins > 0,
      progress: input.totalWins > 0 ? 1 : 0,
      progressText: `${Math.min(input.totalWins, 1)}/1`,
    },
    {
      id: 'active_player',
      name: 'Active Player',
      description: `Place ${activeBets} bets`,
      unlocked: input.totalBets >= activeBets,
      progress: Math.min(input.totalBets / activeBets, 1),
      progressText: `${Math.min(input.totalBets, activeBets)}/${activeBets}`,
    },
    {
      id: 'hot_streak',
      name: 'Hot Streak',
      description: `Keep a win rate of ${hotStreakWinRate}% or more`,
      unlocked: input.totalBets > 0 && input.winRate >= hotStreakWinRate,
      progress: Math.min(input.winRate / hotStreakWinRate, 1),
      progressText: `${input.winRate}%`,
    },
    {
      id: 'social_butterfly',
      name: 'Social Butterfly',
      description: `Make ${socialFriends} friends`,
      unlocked: input.friends >= socialFriends,
      progress: Math.min(input.friends / socialFriends, 1),
      progressText: `${Math.min(input.friends, socialFriends)}/${socialFriends}`,
    },
  ];
}

export const recentBetSchema = z.lazy(() => z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(BET_CATEGORIES),
  isResolved: z.boolean(),
  status: z.string(),
  /** With `status`, where the bet stands (src/shared/bet-phase.ts). */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** The profile owner's stake on it, when they staked. */
  stake: z.object({ amount: z.string(), option: z.number().int() }).nullable(),
}));

/** GET /api/users/profile: the caller's own profile. */
export const ownProfileSchema = z.lazy(() => userSchema.unwrap().extend({
  friendsCount: z.number().int(),
  activeBets: z.number().int(),
  totalWagered: z.string(),
  achievements: z.array(achievementSchema),
  recentBets: z.array(recentBetSchema),
}));
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** GET /api/users/{id}/profile: a friend's profile (docs/product.md §8.2). */
export const friendProfileSchema = z.lazy(() => z.object({
  id: z.number().int(),
  username: z.string(),
  isOnline: z.boolean(),
  createdAt: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  favoriteCategory: z.string().nullable(),
  totalBets: z.number().int(),
  totalWins: z.number().int(),
  winRate: z.number().int(),
  recentBets: z.array(recentBetSchema),
  achievements: z.array(achievementSchema),
}));
export type FriendProfile = z.infer<typeof friendProfileSchema>;
