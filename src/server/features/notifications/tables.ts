import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idOf } from '../../db/columns.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(idOf('users')),
    type: text('type').notNull(),
    /** The facts a notification is worded from when it is read (wording.ts); null on rows stored before them. */
    params: jsonb('params').$type<Record<string, unknown>>(),
    /** The words of a row stored before the facts; null since. */
    title: text('title'),
    body: text('body'),
    betId: integer('bet_id').references(idOf('bets')),
    fromUserId: integer('from_user_id').references(idOf('users')),
    conversationId: integer('conversation_id'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** A notification about a crew (docs/product.md §6.7): read only while its reader is a member. */
    crewId: integer('crew_id').references(idOf('crews')),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;
