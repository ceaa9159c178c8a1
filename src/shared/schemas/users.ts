import { z } from 'zod';
import { mixesScripts } from '../user-text.ts';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Prefix of the generated name a user carries until they choose one (docs/product.md §8.1). */
export const GENERATED_USERNAME_PREFIX = 'user_';

export const needsProfileSetup = (username: string) => username.startsWith(GENERATED_USERNAME_PREFIX);

/**
 * Names nobody may take: they would pass for the platform speaking. Compared ignoring case and
 * underscores here; the server also compares their look-alikes (src/server/features/users/usernames.ts).
 */
export const RESERVED_USERNAMES = [
  'admin', 'administrator', 'root', 'support', 'moderator', 'mod', 'betbro', 'system', 'help', 'api',
  'staff', 'official', 'security', 'superuser', 'sysadmin', 'owner', 'team', 'info', 'contact',
  'abuse', 'postmaster', 'webmaster', 'noreply', 'null', 'undefined', 'anonymous', 'everyone',
] as const;

/**
 * Words no name may hold anywhere ("admins", "betbro_support", "TheModerator"): the ones that
 * speak for the platform and rarely sit inside an ordinary word. The rest of the reserved names
 * are refused only whole, so that "rooted" and "helpful" stay free.
 */
const RESERVED_WORDS = ['admin', 'betbro', 'moderator', 'official', 'support'] as const;
/** Ordinary words that hold a reserved word: "badminton" is not an admin. */
const ORDINARY_WORDS = ['badminton', 'supporter'];

export const RESERVED_USERNAME_MESSAGE = 'This username is reserved';

/**
 * What a player who deleted their account is called from then on (docs/product.md §8.4): the
 * name others see on their bets, stakes, messages and feed lines. It holds spaces, which no chosen
 * name may, and the reserved-name rule refuses its forms without them ("Deleted_player_7",
 * "deletedplayer"), so no living player can pass for one.
 */
export const DELETED_PLAYER_NAME = 'Deleted player';
export const deletedPlayerName = (userId: number) => `${DELETED_PLAYER_NAME} ${userId}`;

/**
 * The reserved-name rule, comparing names after `fold`: here case is folded; the server folds
 * look-alikes too (src/server/features/users/usernames.ts). Answers the message to show, or null.
 */
export function reservedNameCheck(fold: (text: string) => string): (name: string) => string | null {
  const names = new Set(RESERVED_USERNAMES.map(fold));
  const words = RESERVED_WORDS.map((word) => ({ word, folded: fold(word) }));
  const ordinary = ORDINARY_WORDS.map(fold);
  const deletedPlayer = fold(DELETED_PLAYER_NAME.replaceAll(' ', ''));
  return (name) => {
    let folded = fold(name.replaceAll('_', ''));
    if (names.has(folded) || folded.startsWith(deletedPlayer)) return RESERVED_USERNAME_MESSAGE;
    // A space, so that cutting a word out cannot join what was around it into a reserved one.
    for (const word of ordinary) folded = folded.replaceAll(word, ' ');
    const held = words.find(({ folded: word }) => folded.includes(word));
    return held ? `Username must not contain the reserved word "${held.word}"` : null;
  };
}

const reservedName = reservedNameCheck((text) => text.toLowerCase());

/** Username rules and messages of docs/product.md §8.1; the client checks the same schema. */
export const usernameSchema = z.lazy(() => z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters long')
  .max(20, 'Username must be at most 20 characters long')
  .refine((name) => !mixesScripts(name), { message: 'Username must not mix letters of different alphabets' })
  .regex(/^[A-Za-z0-9_]+$/, 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores')
  .regex(/[A-Za-z0-9]/, 'Username must contain a letter or a digit')
  .refine((name) => !name.toLowerCase().startsWith(GENERATED_USERNAME_PREFIX), {
    message: `Username cannot start with "${GENERATED_USERNAME_PREFIX}"`,
  })
  .superRefine((name, ctx) => {
    const reserved = reservedName(name);
    if (reserved) ctx.addIssue({ code: 'custom', message: reserved });
  }));

/**
 * The User of docs/product.md §2.1. Amounts are decimal strings ("1000.00"). The bets, wins, win
 * rate, winnings (the all-time profit) and rank are the player's all-time figures
 * (src/shared/player-figures.ts).
 */
export const userSchema = z.lazy(() => z.object({
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
}));
export type User = z.infer<typeof userSchema>;
