import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BetComment, ChatMessage, Conversation } from '../../../shared/schemas/chat.ts';
import { rowsOf } from '../../db/client.ts';
import { betComments, conversations, messages } from './tables.ts';
import { type UserRow, users } from '../users/service.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { findVisibleBet } from '../bets/service.ts';
import { areFriends } from '../friends/service.ts';
import { notify } from '../notifications/service.ts';

/** One-to-one chat between friends, and each bet's discussion thread. */

type ConversationRow = typeof conversations.$inferSelect;
const conversationNotFound = () => notFound('Conversation not found', 'conversation_not_found');

/** The conversation if `user` is one of its two members; otherwise it does not exist for them. */
async function memberConversation(app: FastifyInstance, user: UserRow, conversationId: number): Promise<ConversationRow> {
  const [row] = await app.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.userLow, user.id), eq(conversations.userHigh, user.id))));
  if (!row) throw conversationNotFound();
  return row;
}

const otherMember = (row: ConversationRow, userId: number) => (row.userLow === userId ? row.userHigh : row.userLow);

/**
 * A player who deleted their account, or whose account an admin deleted, takes no new message
 * (docs/product.md §6.3): the conversation's history stays, under their deleted name.
 */
async function refuseAPlayerWhoLeft(app: FastifyInstance, userId: number): Promise<void> {
  const [other] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt), isNull(users.deletedAt)));
  if (!other) throw conflict('This player is no longer on Betbro', 'player_left');
}

export async function listConversations(app: FastifyInstance, user: UserRow): Promise<Conversation[]> {
  const rows = rowsOf<{
    id: number;
    other_id: number;
    name: string | null;
    last_message: string | null;
    updated_at: Date | string;
    unread: number | string;
  }>(
    await app.db.execute(sql`
      select c.id, o.id as other_id, o.username as name, c.updated_at,
        (select m.text from ${messages} m where m.conversation_id = c.id order by m.id desc limit 1) as last_message,
        (select count(*) from ${messages} m where m.conversation_id = c.id and m.sender_id <> ${user.id}
           and m.id > case when c.user_low = ${user.id} then c.low_last_read_id else c.high_last_read_id end) as unread
      from ${conversations} c
      left join ${users} o on o.id = case when c.user_low = ${user.id} then c.user_high else c.user_low end
      where c.user_low = ${user.id} or c.user_high = ${user.id}
      order by c.updated_at desc, c.id desc
      limit 100`),
  );
  const online = await app.presence.onlineAmong(rows.map((r) => r.other_id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? 'Unknown User',
    otherUserId: r.other_id,
    isOnline: online.has(r.other_id),
    lastMessage: r.last_message,
    updatedAt: new Date(r.updated_at).toISOString(),
    unreadCount: Number(r.unread),
  }));
}

export async function startConversation(app: FastifyInstance, user: UserRow, otherId: number): Promise<Conversation> {
  if (otherId === user.id) throw forbidden('You can only chat with friends', 'not_friends');
  if (!(await areFriends(app.db, user.id, otherId))) throw forbidden('You can only chat with friends', 'not_friends');
  await refuseAPlayerWhoLeft(app, otherId);
  const [userLow, userHigh] = user.id < otherId ? [user.id, otherId] : [otherId, user.id];
  await app.db.insert(conversations).values({ userLow, userHigh }).onConflictDoNothing();
  const [row] = await app.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)));
  const conversation = (await listConversations(app, user)).find((c) => c.id === row?.id);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

function presentMessage(row: typeof messages.$inferSelect, senderUsername: string): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    senderUsername,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMessages(
  app: FastifyInstance,
  user: UserRow,
  conversationId: number,
  page: { limit: number; before?: number | undefined },
) {
  await memberConversation(app, user, conversationId);
  const rows = await app.db
    .select({ message: messages, username: users.username })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), page.before ? lt(messages.id, page.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(page.limit);
  return {
    messages: rows.map((r) => presentMessage(r.message, r.username)),
    nextBefore: rows.length === page.limit ? (rows.at(-1)?.message.id ?? null) : null,
  };
}

export async function sendMessage(app: FastifyInstance, user: UserRow, conversationId: number, text: string): Promise<ChatMessage> {
  const conversation = await memberConversation(app, user, conversationId);
  const recipientId = otherMember(conversation, user.id);
  // Friendship may have ended since the conversation started: history stays, new messages stop.
  if (!(await areFriends(app.db, user.id, recipientId))) throw forbidden('You can only message friends', 'not_friends');
  await refuseAPlayerWhoLeft(app, recipientId);
  const { message, notice } = await inTransaction(app.db, async (tx) => {
    const [inserted] = await tx.insert(messages).values({ conversationId, senderId: user.id, text }).returning();
    if (!inserted) throw new Error('message insert returned nothing');
    // Sending a message also means having read everything before it.
    await tx
      .update(conversations)
      .set(
        conversation.userLow === user.id
          ? { updatedAt: inserted.createdAt, lowLastReadId: inserted.id }
          : { updatedAt: inserted.createdAt, highLastReadId: inserted.id },
      )
      .where(eq(conversations.id, conversationId));
    const preview = text.length > 80 ? `${text.slice(0, 77)}...` : text;
    const created = await notify(tx, {
      userId: recipientId,
      type: 'message',
      params: { from: user.username, preview },
      fromUserId: user.id,
      conversationId,
    });
    return { message: inserted, notice: created };
  });
  app.domainEvents.emit({ type: 'message', conversationId, messageId: message.id, senderId: user.id, recipientId });
  app.domainEvents.notified([notice]);
  return presentMessage(message, user.username);
}

export async function markConversationRead(app: FastifyInstance, user: UserRow, conversationId: number): Promise<void> {
  const conversation = await memberConversation(app, user, conversationId);
  const [latest] = await app.db
    .select({ id: sql<number>`coalesce(max(${messages.id}), 0)` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  const lastId = Number(latest?.id ?? 0);
  await app.db
    .update(conversations)
    .set(conversation.userLow === user.id ? { lowLastReadId: lastId } : { highLastReadId: lastId })
    .where(eq(conversations.id, conversationId));
}

async function requireVisibleBet(app: FastifyInstance, user: UserRow, betId: number) {
  if (!(await findVisibleBet(app.db, user, betId))) throw notFound('Bet not found', 'bet_not_found');
}

export async function listComments(app: FastifyInstance, user: UserRow, betId: number, page: { limit: number; before?: number | undefined }) {
  await requireVisibleBet(app, user, betId);
  const rows = await app.db
    .select({ comment: betComments, username: users.username })
    .from(betComments)
    .innerJoin(users, eq(users.id, betComments.userId))
    .where(and(eq(betComments.betId, betId), page.before ? lt(betComments.id, page.before) : undefined))
    .orderBy(desc(betComments.id))
    .limit(page.limit);
  return {
    comments: rows.map((r) => presentComment(r.comment, r.username)),
    nextBefore: rows.length === page.limit ? (rows.at(-1)?.comment.id ?? null) : null,
  };
}

function presentComment(row: typeof betComments.$inferSelect, username: string): BetComment {
  return { id: row.id, betId: row.betId, userId: row.userId, username, text: row.text, createdAt: row.createdAt.toISOString() };
}

export async function addComment(app: FastifyInstance, user: UserRow, betId: number, text: string): Promise<BetComment> {
  await requireVisibleBet(app, user, betId);
  const [row] = await app.db.insert(betComments).values({ betId, userId: user.id, text }).returning();
  if (!row) throw new Error('comment insert returned nothing');
  app.domainEvents.emit({ type: 'bet_comment', betId, commentId: row.id, actorId: user.id });
  return presentComment(row, user.username);
}

export { betComments, conversations, messages } from './tables.ts';
