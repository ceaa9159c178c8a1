import { z } from 'zod';
import { newPasswordSchema } from './password.ts';

/**
 * The caller's sign-in account: whether Betbro's own provider keeps the password (so it can be
 * changed here) or an external identity provider does (so it is changed there).
 */
export const accountSchema = z.object({
  passwordManagedBy: z.enum(['betbro', 'external']),
  /** The identity provider the user signs in with: for external accounts, where to go instead. */
  providerUrl: z.string().nullable(),
  /** Whether the email is proven the user's: a link mailed to it, or the external provider's word. */
  emailVerified: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(200, 'Password is too long'),
  newPassword: z.string({ error: 'Enter a new password' }).pipe(newPasswordSchema),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResponseSchema = z.object({
  ok: z.literal(true),
  /** Other signed-in browsers of this user, signed out by the change. */
  otherSessionsRevoked: z.number().int(),
});

/** A token from a link Betbro mailed; whatever its shape, a bad one is refused as `invalid_token`. */
const mailedToken = z.string({ error: 'The link is missing its token' });

export const verifyEmailBodySchema = z.object({ token: mailedToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = z.object({ emailVerified: z.literal(true) });

/** The answer when a mail was queued (or, for a password reset, may have been). */
export const mailQueuedResponseSchema = z.object({ ok: z.literal(true) });

export const passwordResetBodySchema = z.object({
  email: z
    .email('Enter a valid email address')
    .max(254, 'Enter a valid email address')
    .transform((e) => e.toLowerCase()),
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const passwordResetConfirmBodySchema = z.object({
  token: mailedToken,
  newPassword: z.string({ error: 'Enter a new password' }).pipe(newPasswordSchema),
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;
export const passwordResetConfirmResponseSchema = z.object({ ok: z.literal(true) });
