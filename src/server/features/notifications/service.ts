import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.readAt} is null`));
  return Number(row?.n ?? 0);
}
