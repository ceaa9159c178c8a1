import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import { allOdds } from '../../../shared/odds.ts';
import type { BetPools, ServerMessage } from '../../../shared/ws-events.ts';
import { rowsOf } from '../../db/client.ts';
import { betComments, betOptions, bets, messages, notifications, users } from '../../db/schema.ts';
import type { Delivery } from '../../plugins/bus.ts';
import type { DomainEvent } from '../../plugins/domain-events.ts';
import { friendIdsOf } from '../friends/service.ts';

/**
 * Turns committed domain events into socket messages for exactly the users allowed to see their
 * subject (DESIGN §7, §9): a bet goes to its creator, the creator's friends, its stakers and
 * the admins; a chat message to the two members; a notification to its owner.
 */

async function betPools(app: FastifyInstance, betId: number): Promise<BetPools | null> {
  const [bet] = await app.db.select().from(bets).where(eq(bets.id, betId));
  if (!bet) return null;
  const options = await app.db.select().from(betOptions).where(eq(betOptions.betId, betId)).orderBy(asc(betOptions.idx));
  const pools = options.map((o) => o.poolCents);
  return {
    betId,
    status: bet.status,
    optionAmounts: pools.map(formatCents),
    odds: allOdds(pools),
    optionStakeCounts: options.map((o) => o.stakeCount),
    totalPot: formatCents(bet.totalPotCents),
    participants: bet.participantCount,
    winningOption: bet.winningOption,
  };
}

/** Everyone who may see the bet. */
async function betAudience(app: FastifyInstance, betId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await app.db.execute(sql`
      select b.creator_id as id from bets b where b.id = ${betId}
      union
      select case when f.requester_id = b.creator_id then f.addressee_id else f.requester_id end
        from friendships f join bets b on b.id = ${betId}
        where f.status = 'accepted' and (f.requester_id = b.creator_id or f.addressee_id = b.creator_id)
      union
      select s.user_id from stakes s where s.bet_id = ${betId}
      union
      select u.id from users u where u.role = 'admin' and u.deactivated_at is null`),
  );
  return rows.map((r) => Number(r.id));
}

async function usernameOf(app: FastifyInstance, userId: number): Promise<string> {
  const [row] = await app.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? 'Unknown User';
}

export async function deliveriesFor(app: FastifyInstance, event: DomainEvent): Promise<Delivery[]> {
  switch (event.type) {
    case 'bet_created':
    case 'bet_updated':
    case 'bet_resolved':
    case 'bet_voided': {
      const pools = await betPools(app, event.betId);
      if (!pools) return [];
      const userIds = await betAudience(app, event.betId);
      let message: ServerMessage;
      if (event.type === 'bet_created') {
        const [bet] = await app.db.select({ title: bets.title, creatorId: bets.creatorId }).from(bets).where(eq(bets.id, event.betId));
        message = { type: 'new_bet', bet: pools, creatorId: bet!.creatorId, title: bet!.title };
      } else if (event.type === 'bet_updated') {
        message = { type: 'bet_updated', bet: pools };
      } else {
        message = { type: 'bet_resolved', bet: pools };
      }
      return [{ userIds, message }];
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
          userIds: await betAudience(app, event.betId),
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
    case 'notification': {
      const [row] = await app.db.select().from(notifications).where(eq(notifications.id, event.notificationId));
      if (!row) return [];
      return [
        {
          userIds: [event.userId],
          message: {
            type: 'notification',
            notification: {
              id: row.id,
              type: row.type as never,
              title: row.title,
              body: row.body,
              betId: row.betId,
              fromUserId: row.fromUserId,
              conversationId: row.conversationId,
              read: row.readAt !== null,
              createdAt: row.createdAt.toISOString(),
            },
          },
        },
      ];
    }
  }
}

/** A user's friends hear that they came online or went offline. */
export async function presenceDelivery(app: FastifyInstance, userId: number, isOnline: boolean): Promise<Delivery> {
  return { userIds: await friendIdsOf(app.db, userId), message: { type: 'presence', userId, isOnline } };
}
