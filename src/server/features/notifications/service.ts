import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { notifications, userPreferences } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Notification, NotificationType } from '../../../shared/schemas/notifications.ts';

/** A stored notification as the API and the live layer show it. */
export function presentNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    betId: row.betId,
    fromUserId: row.fromUserId,
    conversationId: row.conversationId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  body: string;
  betId?: number | null;
  fromUserId?: number | null;
  conversationId?: number | null;
}

/**
 * Stores a notification in the caller's transaction unless the user switched its type off.
 * Returns who was notified, so the caller can announce it after commit.
 */
export async function notify(tx: Tx | Db, entry: NewNotification): Promise<{ userId: number; id: number } | null> {
  const [prefs] = await tx
    .select({ muted: userPreferences.mutedNotifications })
    .from(userPreferences)
    .where(eq(userPreferences.userId, entry.userId));
  if (prefs?.muted.includes(entry.type)) return null;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: entry.userId,
      type: entry.type,
      title: entry.title,
      body: entry.body,
      betId: entry.betId ?? null,
      fromUserId: entry.fromUserId ?? null,
      conversationId: entry.conversationId ?? null,
    })
    .returning({ id: notifications.id });
  return row ? { userId: entry.userId, id: row.id } : null;
}

/** Whether `viewerId` may see the bet `betId` now: a question to the view bet_viewers. */
const seesBet = (betId: SQL | number, viewerId: number) =>
  sql`(select true from bet_viewers v where v.bet_id = ${betId} and v.viewer_id = ${viewerId} limit 1)`;

/**
 * The notifications `readerId` may read: their own, and of those that name a bet only the ones
 * about a bet they may see now (docs/decisions/018-one-rule-for-who-sees-a-bet.md), so that a
 * deleted bet's, or one the reader no longer sees, never reaches them. Asked notification by
 * notification along the reader's part of notifications_user_idx.
 */
export function readableBy(readerId: number): SQL {
  return sql`(${notifications.userId} = ${readerId}
    and (${notifications.betId} is null or ${seesBet(sql`${notifications.betId}`, readerId)}))`;
}

/** The same question for one notification on its way out, after its transaction committed. */
export async function mayReachOwner(db: Db, row: Pick<typeof notifications.$inferSelect, 'userId' | 'betId'>): Promise<boolean> {
  if (row.betId === null) return true;
  const [seen] = rowsOf<{ seen: boolean | null }>(await db.execute(sql`select ${seesBet(row.betId, row.userId)} as seen`));
  return seen?.seen === true;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(readableBy(userId), sql`${notifications.readAt} is null`));
  return Number(row?.n ?? 0);
}
