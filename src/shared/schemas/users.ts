import { z } from 'zod';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Prefix of the generated name a user carries until they choose one (spec §2). */
export const GENERATED_USERNAME_PREFIX = 'user_';

export const needsProfileSetup = (username: string) => username.startsWith(GENERATED_USERNAME_PREFIX);

/** Username rules (DESIGN §6) with the spec's messages; the client checks the same schema. */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters long')
  .max(20, 'Username must be at most 20 characters long')
  .regex(/^[A-Za-z0-9_]+$/, 'Username may only contain letters, numbers and underscores')
  .refine((name) => !name.toLowerCase().startsWith(GENERATED_USERNAME_PREFIX), {
    message: `Username cannot start with "${GENERATED_USERNAME_PREFIX}"`,
  });

/**
 * The User entity of spec §3. Amounts are decimal strings ("1000.00"). The bets, wins, win rate,
 * winnings (the all-time profit) and rank are the player's all-time figures
 * (src/shared/player-figures.ts).
 */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  role: z.enum(ROLES),
  balance: z.string(),
  totalBets: z.number().int(),
  totalWins: z.number().int(),
  createdAt: z.string(),
  isOnline: z.boolean(),
  winRate: z.number().int(),
  totalWinnings: z.string(),
  rank: z.number().int().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  favoriteCategory: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
