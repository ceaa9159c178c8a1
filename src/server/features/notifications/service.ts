import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { ReadBatches, readLimitsFor } from '../../db/read-batches.ts';
import { rowJson } from '../../db/row-json.ts';
import { notifications, type NotificationRow } from './tables.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Notification, NotificationType } from '../../../shared/schemas/notifications.ts';
import { userPreferences } from '../users/service.ts';
import { PLAIN_READER, wordNotification, type NotificationFact, type Reader } from './wording.ts';

/**
 * A stored notification's words for its reader (their language and clock): from its facts, or
 * as stored by a row older than them.
 */
export function notificationWords(row: Pick<NotificationRow, 'type' | 'params' | 'title' | 'body'>, reader: Reader): { title: string; body: string } {
  if (row.params === null) return { title: row.title ?? '', body: row.body ?? '' };
  return wordNotification({ type: row.type, params: row.params } as NotificationFact, reader);
}

/** A stored notification as the API, the live layer, push and mail show it to its owner, in their language and on their clock. */
export function presentNotification(row: NotificationRow, reader: Reader): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    ...notificationWords(row, reader),
    betId: row.betId,
    fromUserId: row.fromUserId,
    conversationId: row.conversationId,
    crewId: row.crewId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The players' language and clock, which their notifications are worded in (no preferences yet: English, UTC). */
export async function readersOf(db: Db | Tx, userIds: readonly number[]): Promise<Map<number, Reader>> {
  const readers = new Map<number, Reader>(userIds.map((id) => [id, PLAIN_READER]));
  if (userIds.length === 0) return readers;
  const rows = await db
    .select({ userId: userPreferences.userId, timeZone: userPreferences.timeZone, locale: userPreferences.locale })
    .from(userPreferences)
    .where(inArray(userPreferences.userId, [...new Set(userIds)]));
  for (const row of rows) readers.set(row.userId, { locale: row.locale, timeZone: row.timeZone });
  return readers;
}

/** The player's language and clock. */
export const readerOf = async (db: Db | Tx, userId: number): Promise<Reader> => (await readersOf(db, [userId])).get(userId) ?? PLAIN_READER;

const announcedReaders = new WeakMap<FastifyInstance, ReadBatches<number, Reader>>();

/**
 * The player's language and clock, for a notification announced as it is written: every stake
 * notifies its bet's creator, so the readers of the notifications announced together are read in
 * one query (db/read-batches.ts, docs/decisions/020-reads-by-key-in-batches.md).
 */
export async function announcedReaderOf(app: FastifyInstance, userId: number): Promise<Reader> {
  let reads = announcedReaders.get(app);
  if (!reads) {
    reads = new ReadBatches((userIds) => readersOf(app.db, userIds), readLimitsFor(app.database.kind, app.config.plainPaths.has('read-batches')));
    announcedReaders.set(app, reads);
  }
  return (await reads.read(userId)) ?? PLAIN_READER;
}

/** A stored notification presented to its owner, in their language and on their clock. */
export async function presentToOwner(db: Db | Tx, row: NotificationRow): Promise<Notification> {
  return presentNotification(row, await readerOf(db, row.userId));
}

/** A notification to store: its facts, its player, and what it is about. */
export type NewNotification = NotificationFact & {
  userId: number;
  betId?: number | null;
  fromUserId?: number | null;
  conversationId?: number | null;
  /** A notification about a crew (docs/product.md §6.7), read only while its user is a member. */
  crewId?: number | null;
};

const storedRow = rowJson(notifications);

/**
 * Stores notifications in the caller's transaction, each unless its user switched its type off,
 * in one statement (a settlement tells every staker at once), through notify_players
 * (notifications.sql), the one writer and the one mute rule. Returns who was notified, so the
 * caller can announce it after commit.
 */
export async function notifyAll(tx: Tx | Db, entries: readonly NewNotification[]): Promise<{ userId: number; id: number }[]> {
  if (entries.length === 0) return [];
  const column = <T,>(pick: (entry: NewNotification) => T) => sql.param(entries.map(pick));
  const rows = rowsOf<{ id: number | string; user_id: number }>(
    await tx.execute(sql`select id, user_id from notify_players(${column((e) => e.userId)}::integer[], ${column((e) => e.type)}::text[],
      ${sql.param(entries.map((e) => JSON.stringify(e.params)))}::jsonb[], ${column((e) => e.betId ?? null)}::integer[],
      ${column((e) => e.fromUserId ?? null)}::integer[], ${column((e) => e.conversationId ?? null)}::integer[],
      ${column((e) => e.crewId ?? null)}::integer[])`),
  );
  return rows.map((row) => ({ userId: Number(row.user_id), id: Number(row.id) }));
}

/** One notification, as notifyAll stores it: null when its user switched its type off. */
export async function notify(tx: Tx | Db, entry: NewNotification): Promise<{ userId: number; id: number } | null> {
  return (await notifyAll(tx, [entry]))[0] ?? null;
}

/** A notification as notify_players answered it, inside another statement's JSON (a stake's). */
export const decodeStoredNotification = (json: unknown): NotificationRow => storedRow.decode(json);

/** Whether `viewerId` may see the bet `betId` now: a question to the view bet_viewers. */
const seesBet = (betId: SQL | number, viewerId: number) =>
  sql`(select true from bet_viewers v where v.bet_id = ${betId} and v.viewer_id = ${viewerId} limit 1)`;

/** Whether `userId` is a member of the crew `crewId` now (docs/product.md §6.7; crew_member_of, crews/crews.sql). */
const inCrew = (crewId: SQL | number, userId: number) => sql`crew_member_of(${crewId}, ${userId})`;

/**
 * The notifications `readerId` may read: their own, and of those that name a bet only the ones
 * about a bet they may see now (docs/decisions/018-one-rule-for-who-sees-a-bet.md), so that a
 * deleted bet's, or one the reader no longer sees, never reaches them; of those that name a crew,
 * only while the reader is one of its members. Asked notification by notification along the
 * reader's part of notifications_user_idx.
 */
export function readableBy(readerId: number): SQL {
  return sql`(${notifications.userId} = ${readerId}
    and (${notifications.betId} is null or ${seesBet(sql`${notifications.betId}`, readerId)})
    and (${notifications.crewId} is null or ${inCrew(sql`${notifications.crewId}`, readerId)}))`;
}

/** The same question for one notification on its way out, after its transaction committed. */
export async function mayReachOwner(db: Db | Tx, row: Pick<typeof notifications.$inferSelect, 'userId' | 'betId' | 'crewId'>): Promise<boolean> {
  if (row.betId === null && row.crewId === null) return true;
  const [seen] = rowsOf<{ seen: boolean | null }>(
    await db.execute(sql`select coalesce(${row.betId === null ? sql`true` : seesBet(row.betId, row.userId)}, false)
      and ${row.crewId === null ? sql`true` : inCrew(row.crewId, row.userId)} as seen`),
  );
  return seen?.seen === true;
}

/** Where a notification leads, in the client: its bet, the messages, the friends, or the list. */
export function notificationPath(row: Pick<typeof notifications.$inferSelect, 'type' | 'betId' | 'conversationId' | 'crewId'>): string {
  if (row.betId !== null) return `/bets/${row.betId}`;
  if (row.crewId !== null) return `/crews/${row.crewId}`;
  if (row.conversationId !== null) return '/messages';
  if (['friend_request', 'friend_accepted', 'invite_accepted'].includes(row.type)) return '/friends';
  return '/notifications';
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(readableBy(userId), sql`${notifications.readAt} is null`));
  return Number(row?.n ?? 0);
}

export { notifications, type NotificationRow } from './tables.ts';
export { PLAIN_READER, type NotificationFact, type Reader } from './wording.ts';
