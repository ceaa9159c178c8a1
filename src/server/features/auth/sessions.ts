import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { oncePerDatabase, type Db } from '../../db/client.ts';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.ts';
import { sessions } from './tables.ts';
import { type UserRow, users } from '../users/service.ts';
import type { Tx } from '../../db/transaction.ts';
import { ReadBatches, readLimitsFor, type ReadLimits } from '../../db/read-batches.ts';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

/**
 * Browser sessions (docs/decisions/002-auth.md): a random 256-bit id in an httpOnly cookie, only
 * its SHA-256 in the database, 7-day sliding expiry, revocable at any time.
 */

export { SESSION_COOKIE };
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// Sliding expiry is written at most this often, so reads do not each cost a write.
const SLIDE_AFTER_MS = 60 * 60 * 1000;

export interface ActiveSession {
  idHash: string;
  userId: number;
  expiresAt: Date;
}

// The request hook (plugins/auth.ts) hands on what loadSession finds: a request's user and session
// are these rows, whole.
declare module '../../plugins/auth.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the row into the hook's view of it
  interface SignedInUser extends UserRow {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as above
  interface SignedInSession extends ActiveSession {}
}

export const hashSessionId = hashSecretToken;

export async function createSession(
  db: Db,
  input: { userId: number; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    idHash: hashSessionId(token),
    userId: input.userId,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

type SessionRow = { session: typeof sessions.$inferSelect; user: UserRow };

/**
 * Every authenticated request looks its session up, so the lookups of requests arriving together
 * go as one query (db/read-batches.ts); the query is built once per database.
 */
const sessionReadsOf = oncePerDatabase((db) => {
  const query = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        // The keys through a subquery, out of the planner's sight: seeing them, PostgreSQL judged
        // each lookup's own plan cheaper than a kept one and planned it again every time, which
        // cost it more than the lookup (docs/decisions/020-reads-by-key-in-batches.md).
        sql`${sessions.idHash} = any(array(select unnest(${sql.placeholder('idHashes')}::text[])))`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deactivatedAt),
      ),
    )
    .prepare('session_lookup');
  return (limits: ReadLimits) =>
    new ReadBatches<string, SessionRow>(async (idHashes) => {
      const rows = await query.execute({ idHashes });
      return new Map(rows.map((row) => [row.session.idHash, row]));
    }, limits);
});
const sessionReads = new WeakMap<Db, ReadBatches<string, SessionRow>>();

/**
 * The live session behind a cookie value and its user, or null when it is unknown, expired,
 * revoked, or its user is deactivated. Extends the expiry when it is due; `slid` says so, so
 * the caller can renew the cookie too. `slide: false` only looks: for a caller that sends no
 * cookie back (the page's first-screen hints).
 */
export async function loadSession(
  app: FastifyInstance,
  token: string,
  { slide = true }: { slide?: boolean } = {},
): Promise<{ session: ActiveSession; user: UserRow; slid: boolean } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const { db } = app;
  let reads = sessionReads.get(db);
  if (!reads) {
    reads = sessionReadsOf(db)(readLimitsFor(app.database.kind, app.config.plainPaths.has('read-batches')));
    sessionReads.set(db, reads);
  }
  const idHash = hashSessionId(token);
  const row = await reads.read(idHash);
  if (!row) return null;
  let expiresAt = row.session.expiresAt;
  let slid = false;
  if (slide && expiresAt.getTime() - Date.now() < SESSION_TTL_MS - SLIDE_AFTER_MS) {
    expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    slid = true;
    await db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
  }
  return {
    session: { idHash, userId: row.session.userId, expiresAt },
    user: row.user,
    slid,
  };
}

export async function revokeSession(db: Db, idHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user (admin deactivation), in the caller's transaction when given one.
 * Returns how many were still open.
 */
export async function revokeUserSessions(db: Db | Tx, userId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ idHash: sessions.idHash });
  return revoked.length;
}
