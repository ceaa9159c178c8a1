import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES, newPasswordSchema } from '../shared/schemas/password.ts';

/**
 * The one password policy of the server (NIST SP 800-63B), used by the provider's sign-up, the
 * admin's Add User and the password change: the shared rule (length, not only whitespace), not
 * one of the common passwords, not the account's email.
 */

// The most used passwords, ranked, from zxcvbn's maintained list; only those long enough to pass
// the length rule need checking: the first 10,000 hold about 3,500 of them. Built once.
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common']
    .slice(0, 10_000)
    .map((password) => password.toLowerCase())
    .filter((password) => password.length >= 8),
);

/** Why `password` cannot be a new password for the account of `email`, or null when it can. */
export function newPasswordProblem(password: string, email: string | null): string | null {
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? PASSWORD_MESSAGES.tooShort;
  const folded = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(folded)) return PASSWORD_MESSAGES.common;
  if (email !== null && folded === email.trim().toLowerCase()) return PASSWORD_MESSAGES.isEmail;
  return null;
}
