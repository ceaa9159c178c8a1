import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identities, sessions } from './tables.ts';
import { users } from '../users/service.ts';
import { revokeSession, type ActiveSession } from './sessions.ts';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { identityIssuerOfLocalAccounts, oidcPayloads } from '../../oidc/provider.ts';

/*
 * Every way an app session ends goes through here: a logout (endSession); a password change, a
 * deactivation or an account deletion (endSessionsOfUser). Each announces it with
 * `audience_changed`, upon which every instance reads the user's sessions again and closes the
 * sockets of those that ended (features/live/realtime.ts), as it does when a session expires.
 */

// What the embedded provider keeps for a signed-in account: its own browser session (a 14-day
// cookie that signs the browser in again without a password) and what it granted the app.
const PROVIDER_MODELS = ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'];

/** A logout: the session ends, and its sockets close on every instance. */
export async function endSession(app: FastifyInstance, session: ActiveSession): Promise<void> {
  await revokeSession(app.db, session.idHash);
  app.domainEvents.emit({ type: 'audience_changed', userId: session.userId });
}

/**
 * Signs a user out everywhere but in the caller's own app session (`keepIdHash`; null keeps
 * none): the app's sessions, the embedded provider's sessions, grants and tokens of the user's
 * local account, and every open socket whose session ended, on every instance. Answers how many
 * app sessions ended here (a caller that revoked them in its own transaction finds none).
 */
export async function endSessionsOfUser(app: FastifyInstance, userId: number, keepIdHash: string | null): Promise<number> {
  const revoked = await endSessionsInTransaction(app, app.db, userId, keepIdHash);
  announceSessionsEnded(app, userId);
  return revoked;
}

/**
 * The part of endSessionsOfUser that writes, in the caller's transaction: a change that must not
 * be seen by a session it ends (a password reset that proves the mailbox and may make the player
 * an admin) ends them in the same commit. The caller announces it after the commit
 * (announceSessionsEnded), which closes the sockets.
 */
export async function endSessionsInTransaction(app: FastifyInstance, db: Db | Tx, userId: number, keepIdHash: string | null): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ...(keepIdHash ? [ne(sessions.idHash, keepIdHash)] : [])))
    .returning({ idHash: sessions.idHash });
  await endProviderSessionsOf(app, db, userId);
  return revoked.length;
}

/** After the commit that ended a user's sessions: every instance closes their sockets and reads their role again. */
export function announceSessionsEnded(app: FastifyInstance, userId: number): void {
  app.domainEvents.emit({ type: 'audience_changed', userId });
}

/** Ends the embedded provider's sessions and grants of the user's local account, if they have one. */
async function endProviderSessionsOf(app: FastifyInstance, db: Db | Tx, userId: number): Promise<void> {
  const localAccountIds = db
    .select({ subject: identities.subject })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.issuer, identityIssuerOfLocalAccounts(app.config))));
  await db
    .delete(oidcPayloads)
    .where(
      and(
        sql`${oidcPayloads.model} in (${sql.join(PROVIDER_MODELS.map((m) => sql`${m}`), sql`, `)})`,
        sql`${oidcPayloads.payload}->>'accountId' in ${localAccountIds}`,
      ),
    );
}

/**
 * The app sessions of a user that are still live (not revoked, not expired, the user not
 * deactivated), by id hash, with their expiry as requests have slid it.
 */
export async function liveSessionsOf(app: FastifyInstance, userId: number): Promise<Map<string, Date>> {
  const rows = await app.db
    .select({ idHash: sessions.idHash, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)));
  return new Map(rows.map((r) => [r.idHash, r.expiresAt]));
}
