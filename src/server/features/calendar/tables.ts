import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idOf } from '../../db/columns.ts';

/**
 * A player's private calendar feed (docs/product.md §6.9): one address at a time, found by the
 * SHA-256 of the token it carries. A new address replaces the row, so the old one opens nothing.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(idOf('users')),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);
