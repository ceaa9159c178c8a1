import { z } from 'zod';
import { betSchema, ledgerEntrySchema } from './bets.ts';
import { preferencesSchema } from './notifications.ts';
import { newPasswordSchema } from './password.ts';
import { ROLES } from './users.ts';

/**
 * The caller's sign-in account: whether Betbro's own provider keeps the password (so it can be
 * changed here) or an external identity provider does (so it is changed there).
 */
export const accountSchema = z.lazy(() => z.object({
  passwordManagedBy: z.enum(['betbro', 'external']),
  /** The identity provider the user signs in with: for external accounts, where to go instead. */
  providerUrl: z.string().nullable(),
  /** Whether the email is proven the user's: a link mailed to it, or the external provider's word. */
  emailVerified: z.boolean(),
}));
export type Account = z.infer<typeof accountSchema>;

export const changePasswordBodySchema = z.lazy(() => z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(200, 'Password is too long'),
  newPassword: z.string({ error: 'Enter a new password' }).pipe(newPasswordSchema),
}));
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResponseSchema = z.lazy(() => z.object({
  ok: z.literal(true),
  /** Other signed-in browsers of this user, signed out by the change. */
  otherSessionsRevoked: z.number().int(),
}));

/** A token from a link Betbro mailed; whatever its shape, a bad one is refused as `invalid_token`. */
const mailedToken = z.lazy(() => z.string({ error: 'The link is missing its token' }));

export const verifyEmailBodySchema = z.lazy(() => z.object({ token: mailedToken }));
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = z.lazy(() => z.object({ emailVerified: z.literal(true) }));

/** The answer when a mail was queued (or, for a password reset, may have been). */
export const mailQueuedResponseSchema = z.lazy(() => z.object({ ok: z.literal(true) }));

export const passwordResetBodySchema = z.lazy(() => z.object({
  email: z
    .email('Enter a valid email address')
    .max(254, 'Enter a valid email address')
    .transform((e) => e.toLowerCase()),
}));
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const passwordResetConfirmBodySchema = z.lazy(() => z.object({
  token: mailedToken,
  newPassword: z.string({ error: 'Enter a new password' }).pipe(newPasswordSchema),
}));
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;
export const passwordResetConfirmResponseSchema = z.lazy(() => z.object({ ok: z.literal(true) }));

/*
 * "Take your data" and "Leave" (docs/product.md §8.4): everything the account holds as one
 * download, and the deletion of the account.
 */

/** What a player owns of a stake: theirs, on a bet they could see when they placed it. */
export const exportedStakeSchema = z.lazy(() => z.object({
  id: z.number().int(),
  betId: z.number().int(),
  /** Null once an admin deleted the bet: a deleted bet's words are shown to nobody. */
  betTitle: z.string().nullable(),
  option: z.number().int(),
  optionLabel: z.string().nullable(),
  amount: z.string(),
  /** How it settled; null while the bet is open. */
  outcome: z.enum(['won', 'lost', 'refunded']).nullable(),
  /** What settlement paid back (payout, refund, or 0.00); null while unsettled. */
  payout: z.string().nullable(),
  createdAt: z.string(),
}));

export const accountExportSchema = z.lazy(() => z.object({
  exportedAt: z.string(),
  /** The User of docs/product.md §2.1 as its owner sees it, without the figures computed from the rest. */
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    firstName: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    favoriteCategory: z.string().nullable(),
    role: z.enum(ROLES),
    balance: z.string(),
    createdAt: z.string(),
  }),
  /** As GET /api/users/preferences answers them. */
  preferences: preferencesSchema,
  /** The bets the player created, newest first, as the bet lists show them (options, pools, their own stake). */
  bets: z.array(betSchema),
  /** Their stakes, oldest first. */
  stakes: z.array(exportedStakeSchema),
  /** Every ledger row, oldest first: the balance is their sum. */
  ledger: z.array(ledgerEntrySchema),
  /** Their friends, by username, with when the friendship began. */
  friends: z.array(z.object({ id: z.number().int(), username: z.string(), since: z.string() })),
  /** The chat messages they sent, oldest first. */
  messages: z.array(
    z.object({
      id: z.number().int(),
      conversationId: z.number().int(),
      recipient: z.object({ id: z.number().int(), username: z.string() }),
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The comments they wrote on bets, oldest first. */
  comments: z.array(z.object({ id: z.number().int(), betId: z.number().int(), text: z.string(), createdAt: z.string() })),
  /** Their crews (docs/product.md §6.7): those they belong to, with when they joined. */
  crews: z.array(z.object({ id: z.number().int(), name: z.string(), owner: z.boolean(), joinedAt: z.string() })),
  /** Every row of their crew ledgers, oldest first: each crew season's balance is the sum of its rows. */
  crewLedger: z.array(
    z.object({
      crewId: z.number().int(),
      season: z.number().int(),
      kind: z.string(),
      amount: z.string(),
      balanceAfter: z.string(),
      betId: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The crew chat messages they sent, oldest first. */
  crewMessages: z.array(z.object({ id: z.number().int(), crewId: z.number().int(), text: z.string(), createdAt: z.string() })),
}));
export type AccountExport = z.infer<typeof accountExportSchema>;

export const CONFIRM_DELETION_MESSAGE = 'Type your username to confirm';

/** Whether what the player typed confirms deleting their account: their username, case and outer spaces aside. */
export const confirmsDeletion = (typed: string, username: string) => typed.trim().toLowerCase() === username.toLowerCase();

/** The player types their username to delete the account; anything else changes nothing. */
export const deleteAccountBodySchema = z.lazy(() => z.object(
  { confirm: z.string({ error: CONFIRM_DELETION_MESSAGE }).max(200, CONFIRM_DELETION_MESSAGE) },
  { error: CONFIRM_DELETION_MESSAGE },
));
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const deleteAccountResponseSchema = z.lazy(() => z.object({ ok: z.literal(true) }));
