import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { friendships } from './tables.ts';
import { userPreferences, type UserRow, users } from '../users/service.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { FriendRequest, SearchResult } from '../../../shared/schemas/friends.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { recordActivity, type ActivityFact } from '../activities/service.ts';
import { allTimeFiguresOf } from '../figures/service.ts';
import { notify } from '../notifications/service.ts';

/** Friend requests and friendships (docs/product.md §6.1). */

const pairCondition = (a: number | typeof users.id, b: number | typeof users.id) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

export async function friendIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ requesterId: friendships.requesterId, addresseeId: friendships.addresseeId })
    .from(friendships)
    .where(and(eq(friendships.status, 'accepted'), or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId))));
  return rows.map((r) => (r.requesterId === userId ? r.addresseeId : r.requesterId));
}

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(and(eq(friendships.status, 'accepted'), pairCondition(a, b)));
  return Boolean(row);
}

/** Username prefix or exact email (when its owner allows it); never yourself; at most 20. */
export async function searchUsers(app: FastifyInstance, viewer: UserRow, rawQuery: string): Promise<SearchResult[]> {
  const query = rawQuery.trim();
  if (query === '') return [];
  const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Each way of matching reads its own index: names in order from their start, the email exactly.
  const byName = sql`(select id from ${users} where lower(username) collate "C" like ${prefix}
      and deactivated_at is null and id <> ${viewer.id} order by lower(username) collate "C" limit 20)`;
  const byEmail = sql`(select u.id from ${users} u left join ${userPreferences} p on p.user_id = u.id
      where lower(u.email) collate "C" = ${query.toLowerCase()} and coalesce(p.findable_by_email, true)
        and u.deactivated_at is null and u.id <> ${viewer.id})`;
  const rows = await app.db
    .select({ id: users.id, username: users.username, status: friendships.status, requesterId: friendships.requesterId })
    .from(sql`(${byName} union ${byEmail}) as found`)
    .innerJoin(users, sql`${users.id} = found.id`)
    .leftJoin(friendships, pairCondition(viewer.id, users.id))
    .orderBy(sql`lower(${users.username}) collate "C"`)
    .limit(20);
  const online = await app.presence.onlineAmong(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    isOnline: online.has(r.id),
    friendStatus:
      r.status === 'accepted'
        ? 'friends'
        : r.status === 'pending'
          ? r.requesterId === viewer.id
            ? 'pending_sent'
            : 'pending_received'
          : 'none',
  }));
}

type Person = { id: number; username: string };

/** A line in each friend's feed: each of them tells it to their own friends. */
const friendshipActivities = (a: Person, b: Person): ActivityFact[] => [
  { type: 'friend_accepted', userId: a.id, otherUserId: b.id },
  { type: 'friend_accepted', userId: b.id, otherUserId: a.id },
];

/**
 * When a friendship begins: its acceptance, on the database's clock, as a bet's creation is, to the
 * microsecond. A jury seats only friends from before the bet was created (bets/jury.sql).
 */
const friendshipBegins = () => sql`now()`;

/**
 * Makes `inviter` and `invitee` friends at once, in the caller's transaction: a new friendship,
 * or the pending request between them (whoever sent it) accepted. False when they already were.
 * The caller announces the `friend_accepted` event after commit.
 */
export async function befriendInTx(tx: Tx, inviter: Person, invitee: Person): Promise<boolean> {
  const now = friendshipBegins();
  const created = await tx
    .insert(friendships)
    .values({ requesterId: inviter.id, addresseeId: invitee.id, status: 'accepted', respondedAt: now })
    .onConflictDoNothing()
    .returning({ id: friendships.id });
  if (created.length === 0) {
    const accepted = await tx
      .update(friendships)
      .set({ status: 'accepted', respondedAt: now })
      .where(and(pairCondition(inviter.id, invitee.id), eq(friendships.status, 'pending')))
      .returning({ id: friendships.id });
    if (accepted.length === 0) return false;
  }
  await recordActivity(tx, friendshipActivities(inviter, invitee));
  return true;
}

async function recordFriendship(app: FastifyInstance, requester: Person, addressee: Person) {
  return inTransaction(app.db, async (tx) => {
    await recordActivity(tx, friendshipActivities(requester, addressee));
    return notify(tx, {
      userId: requester.id,
      type: 'friend_accepted',
      params: { by: addressee.username },
      fromUserId: addressee.id,
    });
  });
}

export async function sendFriendRequest(
  app: FastifyInstance,
  requester: UserRow,
  addresseeId: number,
): Promise<{ status: 'pending' | 'accepted' }> {
  if (addresseeId === requester.id) throw badRequest('You cannot add yourself as a friend', 'self_request');
  const [addressee] = await app.db
    .select({ id: users.id, username: users.username, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, addresseeId));
  if (!addressee || addressee.deactivatedAt) throw notFound('User not found', 'user_not_found');

  const [existing] = await app.db.select().from(friendships).where(pairCondition(requester.id, addresseeId));
  if (existing?.status === 'accepted') throw conflict('You are already friends', 'already_friends');
  if (existing?.requesterId === requester.id) throw conflict('Friend request already sent', 'request_pending');
  if (existing) {
    // They asked first: asking back accepts their request.
    await acceptFriendRequest(app, requester, addresseeId);
    return { status: 'accepted' };
  }

  try {
    const notice = await inTransaction(app.db, async (tx) => {
      await tx.insert(friendships).values({ requesterId: requester.id, addresseeId });
      await recordActivity(tx, { type: 'friend_request_sent', userId: requester.id, otherUserId: addresseeId });
      return notify(tx, {
        userId: addresseeId,
        type: 'friend_request',
        params: { from: requester.username },
        fromUserId: requester.id,
      });
    });
    app.domainEvents.emit({ type: 'friend_request', requesterId: requester.id, addresseeId });
    app.domainEvents.notified([notice]);
    return { status: 'pending' };
  } catch (error) {
    // Both asked each other at the same moment: the other request stands.
    if (isUniqueViolation(error)) throw conflict('Friend request already sent', 'request_pending');
    throw error;
  }
}

export async function acceptFriendRequest(app: FastifyInstance, addressee: UserRow, requesterId: number): Promise<void> {
  const [accepted] = await app.db
    .update(friendships)
    .set({ status: 'accepted', respondedAt: friendshipBegins() })
    .where(
      and(eq(friendships.requesterId, requesterId), eq(friendships.addresseeId, addressee.id), eq(friendships.status, 'pending')),
    )
    .returning();
  if (!accepted) throw notFound('Friend request not found', 'request_not_found');
  const [requester] = await app.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, requesterId));
  const notice = await recordFriendship(app, requester!, addressee);
  app.domainEvents.emit({ type: 'friend_accepted', requesterId, addresseeId: addressee.id });
  app.domainEvents.notified([notice]);
}

export async function rejectFriendRequest(app: FastifyInstance, addressee: UserRow, requesterId: number): Promise<void> {
  const [removed] = await app.db
    .delete(friendships)
    .where(
      and(eq(friendships.requesterId, requesterId), eq(friendships.addresseeId, addressee.id), eq(friendships.status, 'pending')),
    )
    .returning();
  if (!removed) throw notFound('Friend request not found', 'request_not_found');
}

/** Ends a friendship, or withdraws a request the caller sent. */
export async function removeFriend(app: FastifyInstance, user: UserRow, otherId: number): Promise<void> {
  const [removed] = await app.db
    .delete(friendships)
    .where(
      and(
        pairCondition(user.id, otherId),
        or(eq(friendships.status, 'accepted'), and(eq(friendships.status, 'pending'), eq(friendships.requesterId, user.id))),
      ),
    )
    .returning();
  if (!removed) throw notFound('Friend not found', 'friend_not_found');
  if (removed.status === 'accepted') app.domainEvents.emit({ type: 'friend_removed', userIds: [user.id, otherId] });
}

export async function incomingRequests(app: FastifyInstance, user: UserRow): Promise<FriendRequest[]> {
  const rows = await app.db
    .select({ id: friendships.id, requesterId: friendships.requesterId, username: users.username, createdAt: friendships.createdAt })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.requesterId))
    .where(and(eq(friendships.addresseeId, user.id), eq(friendships.status, 'pending'), sql`${users.deactivatedAt} is null`))
    .orderBy(sql`${friendships.id} desc`)
    .limit(100);
  const online = await app.presence.onlineAmong(rows.map((r) => r.requesterId));
  return rows.map((r) => ({
    id: r.id,
    requesterId: r.requesterId,
    requester: { username: r.username, isOnline: online.has(r.requesterId) },
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listFriends(app: FastifyInstance, user: UserRow) {
  const ids = await friendIdsOf(app.db, user.id);
  if (ids.length === 0) return [];
  const [rows, figures, online] = await Promise.all([
    app.db
      .select({ id: users.id, username: users.username, balanceCents: users.balanceCents })
      .from(users)
      .where(and(sql`${users.id} in ${ids}`, sql`${users.deactivatedAt} is null`))
      .orderBy(asc(sql`lower(${users.username})`)),
    allTimeFiguresOf(app.db, ids),
    app.presence.onlineAmong(ids),
  ]);
  return rows.map((r) => ({ ...r, totalWins: figures.get(r.id)?.wins ?? 0, isOnline: online.has(r.id) }));
}

export { friendships } from './tables.ts';
