import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idOf } from '../../db/columns.ts';

/** One-to-one conversations between two users; `userLow` < `userHigh` makes the pair unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userLow: integer('user_low')
      .notNull()
      .references(idOf('users')),
    userHigh: integer('user_high')
      .notNull()
      .references(idOf('users')),
    lowLastReadId: bigint('low_last_read_id', { mode: 'number' }).notNull().default(0),
    highLastReadId: bigint('high_last_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userLow, t.userHigh),
    index('conversations_high_idx').on(t.userHigh),
    check('conversations_ordered_pair', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    senderId: integer('sender_id')
      .notNull()
      .references(idOf('users')),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** The discussion thread of a bet, visible to whoever can see the bet. */
export const betComments = pgTable(
  'bet_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    betId: integer('bet_id')
      .notNull()
      .references(idOf('bets')),
    userId: integer('user_id')
      .notNull()
      .references(idOf('users')),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bet_comments_bet_idx').on(t.betId, t.id)],
);
