import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { identities } from './tables.ts';
import { type UserRow, userPreferences, users } from '../users/service.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { AppError, conflict } from '../../errors.ts';
import { GENERATED_USERNAME_PREFIX, needsProfileSetup } from '../../../shared/schemas/users.ts';
import type { Welcome } from '../../../shared/schemas/auth.ts';
import { claimableUsername, usernameTaken } from '../users/service.ts';
import { grantStartingBalance } from '../wallet/service.ts';
import type { VerifiedIdentity } from './relying-party.ts';
import { embeddedIssuerUrl, identityIssuerOfLocalAccounts, usesEmbeddedProvider } from '../../oidc/provider.ts';

const generatedUsername = () => `${GENERATED_USERNAME_PREFIX}${randomBytes(5).toString('hex')}`;

/**
 * What ADMIN_EMAILS changes for a user whose email is `email` (docs/product.md §9.4): a listed
 * email makes its user an admin once it is verified, and once only. The email promoted is kept,
 * so an admin who demotes that user is not overruled at their next sign-in or verification;
 * a new listed email, verified, promotes again.
 */
function listingPromotion(
  email: string | null,
  emailVerified: boolean,
  user: Pick<UserRow, 'adminEmailPromoted'> | null,
  adminEmails: string[],
): Pick<UserRow, 'role' | 'adminEmailPromoted'> | null {
  if (email === null || !emailVerified || !adminEmails.includes(email)) return null;
  if (user?.adminEmailPromoted === email) return null;
  return { role: 'admin', adminEmailPromoted: email };
}

/**
 * Finds the user behind a verified identity (issuer + subject) or creates one: username
 * `user_<random>`, role from ADMIN_EMAILS, and the 1,000.00 starting grant, in one transaction.
 * The issuer's `email_verified` claim is believed; the built-in provider's says whether the owner
 * followed the link it mailed. A new user's language is the one their browser asked for
 * (`locale`, src/server/i18n.ts requestLocale); a returning user's stays theirs.
 */
export async function signInWithIdentity(db: Db, identity: VerifiedIdentity, adminEmails: string[], locale: string): Promise<UserRow> {
  const email = identity.email?.toLowerCase() ?? null;
  const emailVerified = email !== null && identity.emailVerified;

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [existing] = await db
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.issuer, identity.issuer), eq(identities.subject, identity.subject)));
    if (existing) {
      const user = existing.user;
      if (user.deactivatedAt) throw new AppError(403, 'account_deactivated', 'This account has been deactivated');
      const changes: Partial<UserRow> = {};
      if (email && email !== user.email) changes.email = email;
      if (email && emailVerified !== user.emailVerified) changes.emailVerified = emailVerified;
      Object.assign(changes, listingPromotion(email ?? user.email, email ? emailVerified : user.emailVerified, user, adminEmails));
      if (Object.keys(changes).length === 0) return user;
      const [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
      return updated ?? user;
    }

    try {
      return await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            username: generatedUsername(),
            email,
            firstName: identity.name,
            emailVerified,
            ...(listingPromotion(email, emailVerified, null, adminEmails) ?? { role: 'user' as const }),
          })
          .returning();
        if (!created) throw new Error('user insert returned nothing');
        await tx.insert(identities).values({ userId: created.id, issuer: identity.issuer, subject: identity.subject, email });
        await tx.insert(userPreferences).values({ userId: created.id, locale });
        return { ...created, balanceCents: await grantStartingBalance(tx, created.id) };
      });
    } catch (error) {
      // Two sign-ins of one new identity raced (or a generated name collided): look again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new AppError(409, 'conflict', 'Sign-in could not be completed, please try again');
}

/**
 * Records that a user proved their email is theirs (a link mailed to it), with what ADMIN_EMAILS
 * then makes of them. Answers whether that made them an admin, so the caller can tell the live
 * layer once the transaction has committed.
 */
export async function markEmailVerified(tx: Tx, userId: number, adminEmails: string[]): Promise<{ promoted: boolean }> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) return { promoted: false };
  const promotion = listingPromotion(user.email, true, user, adminEmails);
  if (user.emailVerified && !promotion) return { promoted: false };
  await tx.update(users).set({ emailVerified: true, ...promotion }).where(eq(users.id, userId));
  return { promoted: promotion !== null && user.role !== 'admin' };
}

/** Sets the username a new user chose; allowed once, unique ignoring case and look-alikes. */
export async function completeProfile(db: Db, user: UserRow, username: string): Promise<UserRow> {
  if (!needsProfileSetup(user.username)) {
    throw conflict('Username has already been chosen', 'username_already_set');
  }
  const { skeleton } = await claimableUsername(db, username);
  try {
    const [updated] = await db
      .update(users)
      .set({ username, usernameSkeleton: skeleton })
      .where(and(eq(users.id, user.id), sql`${users.username} like ${`${GENERATED_USERNAME_PREFIX}%`}`))
      .returning();
    if (!updated) throw conflict('Username has already been chosen', 'username_already_set');
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

export { SESSION_COOKIE, createSession, loadSession, revokeUserSessions, type ActiveSession } from './sessions.ts';
export { announceSessionsEnded, endSessionsInTransaction, endSessionsOfUser, liveSessionsOf } from './end-sessions.ts';

export { identities, sessions } from './tables.ts';

/**
 * The user's own sign-in account. A password lives in Betbro only when the user signs in through
 * the embedded provider: their identity carries the issuer recorded for its accounts, and its
 * subject is a local account id.
 */
export async function signInAccount(app: FastifyInstance, userId: number): Promise<{ localAccountId: number | null; issuer: string | null }> {
  const rows = await app.db
    .select({ issuer: identities.issuer, subject: identities.subject })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.id));
  const localIssuer = identityIssuerOfLocalAccounts(app.config);
  const local = usesEmbeddedProvider(app) ? rows.find((r) => r.issuer === localIssuer && /^\d+$/.test(r.subject)) : undefined;
  // The provider is reached at its URL, whatever constant its identities carry.
  if (local) return { localAccountId: Number(local.subject), issuer: embeddedIssuerUrl(app.config.publicUrl) };
  return { localAccountId: null, issuer: rows.at(-1)?.issuer ?? app.config.oidc?.issuerUrl ?? null };
}

/**
 * Whether the email of the user's Betbro account still waits for its verification: never for
 * an account of another issuer, whose own claim is the truth (describeAccount in account/service.ts).
 */
export async function emailToVerify(app: FastifyInstance, user: UserRow): Promise<boolean> {
  if (user.emailVerified) return false;
  return (await signInAccount(app, user.id)).localAccountId !== null;
}

/**
 * How to sign in on this installation (GET /api/auth/welcome), which the landing page says: the
 * same answer for the page the server sends a signed-out visitor (docs/decisions/040-landing-page-in-the-page.md).
 */
export async function welcomeOf(app: FastifyInstance): Promise<Welcome> {
  return {
    builtInProvider: usesEmbeddedProvider(app),
    openSignup: usesEmbeddedProvider(app) && app.config.openSignup,
    // By the primary key: a plain `limit 1` scans the table from its first page, and pages
    // emptied by updates (every balance change) come first, so it grew with the table.
    firstRun: (await app.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1)).length === 0,
  };
}
