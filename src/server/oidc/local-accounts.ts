import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { localAccounts } from './tables.ts';
import type { Tx } from '../db/transaction.ts';

/** Email + password accounts kept by the embedded provider; passwords hashed with argon2id. */

export const loginFormSchema = z.object({
  email: z.email('Enter a valid email address').max(254, 'Enter a valid email address').transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Enter your password').max(200, 'Password is too long'),
});

export type LocalAccount = typeof localAccounts.$inferSelect;

export async function findLocalAccountByEmail(db: Db, email: string): Promise<LocalAccount | null> {
  const [row] = await db
    .select()
    .from(localAccounts)
    .where(sql`lower(${localAccounts.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function findLocalAccountById(db: Db, id: number): Promise<LocalAccount | null> {
  const [row] = await db.select().from(localAccounts).where(eq(localAccounts.id, id));
  return row ?? null;
}

/**
 * Creates an account; null when the email is already taken (also under a race). Takes a
 * transaction too, so an admin-created account and its Betbro user appear together or not at all.
 * `onCreated` runs in the account's own transaction (the sign-up's verification mail).
 */
export async function createLocalAccount(
  db: Db | Tx,
  email: string,
  password: string,
  onCreated?: (tx: Tx, account: LocalAccount) => Promise<void>,
): Promise<LocalAccount | null> {
  const passwordHash = await hash(password);
  const insert = async (q: Db | Tx) => {
    const [row] = await q.insert(localAccounts).values({ email: email.toLowerCase(), passwordHash }).onConflictDoNothing().returning();
    return row ?? null;
  };
  if (!onCreated) return insert(db);
  return db.transaction(async (tx) => {
    const row = await insert(tx);
    if (row) await onCreated(tx, row);
    return row;
  });
}

export async function checkPassword(account: Pick<LocalAccount, 'passwordHash'>, password: string): Promise<boolean> {
  try {
    return await verify(account.passwordHash, password);
  } catch {
    return false;
  }
}

let nobodysHash: Promise<string> | null = null;

/**
 * Checks `password` against a hash made like every account's, which no password matches: a
 * sign-in with an unknown email then takes as long as one with a known email and a wrong
 * password, so the answer's timing does not tell whether an email has an account.
 */
export async function checkPasswordOfNobody(password: string): Promise<void> {
  nobodysHash ??= hash(randomBytes(32).toString('hex'));
  await checkPassword({ passwordHash: await nobodysHash }, password);
}

export async function setLocalPassword(db: Db | Tx, accountId: number, password: string): Promise<void> {
  await setLocalPasswordHash(db, accountId, await hashPassword(password));
}

/** The argon2id hash every account's password is kept as; made before a transaction, not inside it. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function setLocalPasswordHash(db: Db | Tx, accountId: number, passwordHash: string): Promise<void> {
  await db.update(localAccounts).set({ passwordHash }).where(eq(localAccounts.id, accountId));
}

/** Records that the owner proved the email is theirs; the first time counts. */
export async function markLocalEmailVerified(db: Db | Tx, accountId: number): Promise<void> {
  await db
    .update(localAccounts)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(localAccounts.id, accountId), isNull(localAccounts.emailVerifiedAt)));
}
