import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identities, oidcPayloads, sessions, users } from '../../db/schema.ts';
import { identityIssuerOfLocalAccounts } from '../../oidc/provider.ts';

// What the embedded provider keeps for a signed-in account: its own browser session (a 14-day
// cookie that signs the browser in again without a password) and what it granted the app.
const PROVIDER_MODELS = ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'];

/**
 * Signs a user out everywhere but in the caller's own app session (`keepIdHash`; null keeps
 * none): the app's sessions, the embedded provider's sessions, grants and tokens of the user's
 * local account, and, through the `audience_changed` event, every open socket whose session
 * ended (plugins/realtime.ts), on every instance. Answers how many app sessions ended.
 */
export async function endSessionsOfUser(app: FastifyInstance, userId: number, keepIdHash: string | null): Promise<number> {
  const revoked = await app.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ...(keepIdHash ? [ne(sessions.idHash, keepIdHash)] : [])))
    .returning({ idHash: sessions.idHash });
  await endProviderSessionsOf(app, userId);
  app.domainEvents.emit({ type: 'audience_changed', userId });
  return revoked.length;
}

/** Ends the embedded provider's sessions and grants of the user's local account, if they have one. */
export async function endProviderSessionsOf(app: FastifyInstance, userId: number): Promise<void> {
  const localAccountIds = app.db
    .select({ subject: identities.subject })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.issuer, identityIssuerOfLocalAccounts(app.config))));
  await app.db
    .delete(oidcPayloads)
    .where(
      and(
        sql`${oidcPayloads.model} in (${sql.join(PROVIDER_MODELS.map((m) => sql`${m}`), sql`, `)})`,
        sql`${oidcPayloads.payload}->>'accountId' in ${localAccountIds}`,
      ),
    );
}

/** The app sessions of a user that are still live: not revoked, not expired, the user not deactivated. */
export async function liveSessionHashesOf(app: FastifyInstance, userId: number): Promise<Set<string>> {
  const rows = await app.db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)));
  return new Set(rows.map((r) => r.idHash));
}
