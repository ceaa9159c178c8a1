import { z } from 'zod';

/**
 * The password rule every new password follows (NIST SP 800-63B): at least 8 characters, at most
 * 200, and not only whitespace. The browser checks this part as the user types; the server adds
 * what needs its data (the list of common passwords, the account's email) in
 * src/server/password-policy.ts, on sign-up, on Add User and on a password change alike.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: 'Password is too long',
  onlyWhitespace: 'Password must not be only spaces',
  common: 'This password is too common; choose one that is harder to guess',
  isEmail: 'Password must not be your email address',
} as const;

export const newPasswordSchema = z.lazy(() => z
  .string()
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong)
  .refine((password) => password.trim() !== '', PASSWORD_MESSAGES.onlyWhitespace));
