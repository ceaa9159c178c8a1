import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idOf } from '../../db/columns.ts';

/** Friend requests and friendships: one row per pair, pending until the addressee accepts. */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(idOf('users')),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(idOf('users')),
    status: text('status', { enum: ['pending', 'accepted'] }).notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One row per unordered pair, whoever asked first.
    uniqueIndex('friendships_pair_key').on(sql`least(${t.requesterId}, ${t.addresseeId})`, sql`greatest(${t.requesterId}, ${t.addresseeId})`),
    // Each carries the other side of the pair, so that a user's friend list (a bet's audience,
    // the feed's creators, presence) reads the index alone, without visiting the table.
    index('friendships_addressee_requester_idx').on(t.addresseeId, t.status, t.requesterId),
    index('friendships_requester_addressee_idx').on(t.requesterId, t.status, t.addresseeId),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    check('friendships_status_known', sql`${t.status} in ('pending', 'accepted')`),
  ],
);
