import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { POLICY_CLOSE, type ServerMessage } from '../../../shared/ws-events.ts';
import { rowsOf } from '../../db/client.ts';
import { betComments, messages } from '../chat/service.ts';
import { betOptions, bets } from '../bets/service.ts';
import { notifications } from '../notifications/service.ts';
import { users } from '../users/service.ts';
import type { BetSnapshot, DomainEvent } from '../../plugins/domain-events.ts';
import { presentPools } from '../bets/service.ts';
import { crewMessageDelivery } from '../crews/service.ts';
import { friendIdsOf } from '../friends/service.ts';
import { mayReachOwner, presentToOwner } from '../notifications/service.ts';

/**
 * Turns committed domain events into socket messages for exactly the users allowed to see their
 * subject (docs/decisions/018-one-rule-for-who-sees-a-bet.md): a bet goes to everyone who may
 * see it (audienceOfBet, read once the event is published: realtime.ts); a chat message to the
 * two members; a notification to its owner, and when it names a bet, only while they may see it.
 */

/** How a socket beyond the user's allowance is closed (realtime.ts): 1008, policy violation. */
export const TOO_MANY_SOCKETS = { code: POLICY_CLOSE, reason: 'Too many open connections' } as const;

/**
 * A socket message and who it is for, as the live layer (realtime.ts) carries it to
 * whichever instance holds the recipients' sockets.
 */
export type Delivery =
  /** To these users. */
  | { userIds: number[]; message: ServerMessage }
  /** To everyone who may see the bet, read from bet_viewers when it is published. */
  | { bet: { id: number }; message: ServerMessage }
  /** A session of this user ended, or their account or role changed: their sockets are checked. */
  | { changed: number };

/** Everyone who may see the bet now, by the one rule (bet_viewers, features/bets/visibility.sql). */
export async function audienceOfBet(app: FastifyInstance, betId: number): Promise<number[]> {
  const rows = rowsOf<{ viewer_id: number }>(await app.db.execute(sql`select distinct viewer_id from bet_viewers where bet_id = ${betId}`));
  return rows.map((r) => Number(r.viewer_id));
}

/** A bet's pools, title and creator, in one round trip. A stake brings its own snapshot, read in its transaction. */
async function betSnapshot(app: FastifyInstance, betId: number): Promise<BetSnapshot | null> {
  const [row] = await app.db
    .select({
      bet: bets,
      options: sql<{ poolCents: number; stakeCount: number }[]>`(select coalesce(json_agg(json_build_object(
          'poolCents', o.pool_cents, 'stakeCount', o.stake_count) order by o.idx), '[]'::json)
        from ${betOptions} o where o.bet_id = ${bets.id})`,
    })
    .from(bets)
    .where(eq(bets.id, betId));
  if (!row) return null;
  return { title: row.bet.title, creatorId: row.bet.creatorId, pools: presentPools(row.bet, row.options) };
}

async function usernameOf(app: FastifyInstance, userId: number): Promise<string> {
  const [row] = await app.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? 'Unknown User';
}

export async function deliveriesFor(app: FastifyInstance, event: DomainEvent): Promise<Delivery[]> {
  switch (event.type) {
    case 'audience_changed':
      return [{ changed: event.userId }];
    case 'bet_created':
    case 'bet_updated':
    case 'bet_resolved':
    case 'bet_voided': {
      const snapshot = (event.type === 'bet_updated' ? event.snapshot : undefined) ?? (await betSnapshot(app, event.betId));
      if (!snapshot) return [];
      const { pools } = snapshot;
      let message: ServerMessage;
      if (event.type === 'bet_created') {
        message = { type: 'new_bet', bet: pools, creatorId: snapshot.creatorId, title: snapshot.title };
      } else if (event.type === 'bet_updated') {
        message = { type: 'bet_updated', bet: pools, poolsOnly: event.poolsOnly };
      } else {
        message = { type: 'bet_resolved', bet: pools };
      }
      return [{ bet: { id: event.betId }, message }];
    }
    case 'bet_comment': {
      const [row] = await app.db
        .select({ comment: betComments, username: users.username })
        .from(betComments)
        .innerJoin(users, eq(users.id, betComments.userId))
        .where(eq(betComments.id, event.commentId));
      if (!row) return [];
      const { comment, username } = row;
      return [
        {
          bet: { id: comment.betId },
          message: {
            type: 'bet_comment',
            comment: { id: comment.id, betId: comment.betId, userId: comment.userId, username, text: comment.text, createdAt: comment.createdAt.toISOString() },
          },
        },
      ];
    }
    case 'friend_request':
      return [
        {
          userIds: [event.addresseeId],
          message: { type: 'friend_request', requesterId: event.requesterId, requesterUsername: await usernameOf(app, event.requesterId) },
        },
      ];
    case 'friend_accepted':
      return [
        {
          userIds: [event.requesterId],
          message: { type: 'friend_accepted', userId: event.addresseeId, username: await usernameOf(app, event.addresseeId) },
        },
        {
          userIds: [event.addresseeId],
          message: { type: 'friend_accepted', userId: event.requesterId, username: await usernameOf(app, event.requesterId) },
        },
      ];
    case 'friend_removed':
      return [
        { userIds: [event.userIds[0]], message: { type: 'friend_removed', userId: event.userIds[1] } },
        { userIds: [event.userIds[1]], message: { type: 'friend_removed', userId: event.userIds[0] } },
      ];
    case 'message': {
      const [row] = await app.db
        .select({ message: messages, username: users.username })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(eq(messages.id, event.messageId));
      if (!row) return [];
      return [
        {
          userIds: [event.recipientId, event.senderId],
          message: {
            type: 'message',
            message: {
              id: row.message.id,
              conversationId: row.message.conversationId,
              senderId: row.message.senderId,
              senderUsername: row.username,
              text: row.message.text,
              createdAt: row.message.createdAt.toISOString(),
            },
          },
        },
      ];
    }
    case 'crew_message': {
      // To the crew's members as they are when it goes out.
      const found = await crewMessageDelivery(app, event.messageId);
      return found ? [{ userIds: found.userIds, message: { type: 'crew_message', message: found.message } }] : [];
    }
    case 'notification': {
      // One about a bet goes out only while its owner may see that bet: not a deleted bet's refund.
      // One that comes presented was read by the transaction that wrote it, which found the bet
      // open to its owner (a stake's notice to the bet's creator): nothing to ask again.
      let notification = event.notification;
      if (!notification) {
        const [row] = await app.db.select().from(notifications).where(eq(notifications.id, event.notificationId));
        if (!row || !(await mayReachOwner(app.db, row))) return [];
        notification = await presentToOwner(app.db, row);
      }
      return [{ userIds: [event.userId], message: { type: 'notification', notification } }];
    }
  }
}

/** A user's friends hear that they came online or went offline. */
export async function presenceDelivery(app: FastifyInstance, userId: number, isOnline: boolean): Promise<Delivery> {
  return { userIds: await friendIdsOf(app.db, userId), message: { type: 'presence', userId, isOnline } };
}
