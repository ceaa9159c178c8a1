import { z } from 'zod';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Prefix of the generated name a user carries until they choose one (spec §2). */
export const GENERATED_USERNAME_PREFIX = 'user_';

export const needsProfileSetup = (username: string) => username.startsWith(GENERATED_USERNAME_PREFIX);

/**
 * Names nobody may take: they would pass for the platform speaking. Compared ignoring case and
 * underscores here; the server also compares their look-alikes (src/server/usernames.ts).
 */
export const RESERVED_USERNAMES = [
  'admin', 'administrator', 'root', 'support', 'moderator', 'mod', 'betbro', 'system', 'help', 'api',
  'staff', 'official', 'security', 'superuser', 'sysadmin', 'owner', 'team', 'info', 'contact',
  'abuse', 'postmaster', 'webmaster', 'noreply', 'null', 'undefined', 'anonymous', 'everyone',
] as const;

export const RESERVED_USERNAME_MESSAGE = 'This username is reserved';

export const isReservedUsername = (name: string) =>
  (RESERVED_USERNAMES as readonly string[]).includes(name.toLowerCase().replaceAll('_', ''));

// Letters of more than one script in a name ("pаypal" with a Cyrillic а) are how look-alikes
// are made; digits and underscores belong to every script.
const SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const scriptOf = (letter: string) => SCRIPTS.findIndex((script) => script.test(letter));
const mixesScripts = (name: string) => new Set([...name].filter((c) => /\p{L}/u.test(c)).map(scriptOf)).size > 1;

/** Username rules (DESIGN §6) with the spec's messages; the client checks the same schema. */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters long')
  .max(20, 'Username must be at most 20 characters long')
  .refine((name) => !mixesScripts(name), { message: 'Username must not mix letters of different alphabets' })
  .regex(/^[A-Za-z0-9_]+$/, 'Username may only contain letters, numbers and underscores')
  .refine((name) => !name.toLowerCase().startsWith(GENERATED_USERNAME_PREFIX), {
    message: `Username cannot start with "${GENERATED_USERNAME_PREFIX}"`,
  })
  .refine((name) => !isReservedUsername(name), { message: RESERVED_USERNAME_MESSAGE });

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
