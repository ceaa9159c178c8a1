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
