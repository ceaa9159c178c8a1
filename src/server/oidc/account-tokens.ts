import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Tx } from '../db/transaction.ts';
import { hashSecretToken, newSecretToken } from '../security/secret-tokens.ts';
import { accountTokens, type AccountTokenPurpose } from './tables.ts';

/**
 * The tokens behind the links mailed to a local account's owner (docs/product.md §8.4): one to
 * verify the email, one to choose a new password (the mails: features/account/account-mail.ts).
 * A token is 32 random bytes, base64url in the link;
 * only its SHA-256 is stored, so the table cannot be read back into working links. A token works
 * once and only before it expires; using one spends every other token of its kind for the account.
 */

export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  // Long enough to find the mail the next day.
  verify_email: 24 * 60 * 60 * 1000,
  // Short: whoever reads the mailbox later must not find a working link.
  reset_password: 60 * 60 * 1000,
};

/** A new token for the account, to be mailed in a link; only its hash is kept. */
export async function issueAccountToken(tx: Db | Tx, localAccountId: number, purpose: AccountTokenPurpose): Promise<string> {
  const token = newSecretToken();
  await tx.insert(accountTokens).values({
    tokenHash: hashSecretToken(token),
    purpose,
    localAccountId,
    // From the database's clock, as `created_at` and every check of it are.
    expiresAt: sql`now() + make_interval(secs => ${TOKEN_LIFETIME_MS[purpose] / 1000}::float8)`,
  });
  return token;
}

const live = (token: string, purpose: AccountTokenPurpose) =>
  and(eq(accountTokens.tokenHash, hashSecretToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`));

/** The local account a token still works for, without spending it; null for a bad, used or expired token. */
export async function accountOfToken(db: Db | Tx, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const [row] = await db.select({ localAccountId: accountTokens.localAccountId }).from(accountTokens).where(live(token, purpose));
  return row?.localAccountId ?? null;
}

/**
 * Spends a token, and with it every other token of its kind for the same account; answers the
 * account, or null when the token is bad, used or expired. One conditional UPDATE: of two uses at
 * once, one wins.
 */
export async function spendToken(tx: Tx, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const [row] = await tx.update(accountTokens).set({ usedAt: sql`now()` }).where(live(token, purpose)).returning({ localAccountId: accountTokens.localAccountId });
  if (!row) return null;
  await spendTokensOf(tx, row.localAccountId, purpose);
  return row.localAccountId;
}

/** Spends every token of a kind for an account: a new password makes older reset links useless. */
export async function spendTokensOf(db: Db | Tx, localAccountId: number, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.localAccountId, localAccountId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
