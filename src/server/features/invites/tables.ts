import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * Invite links: a player's personal link, optionally to one of their bets. Only the SHA-256 of
 * the token is stored; the token itself is shown once, to its creator.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    inviterId: integer('inviter_id').notNull(),
    betId: integer('bet_id'),
    maxUses: integer('max_uses').notNull().default(50),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invites_token_hash_key').on(t.tokenHash),
    index('invites_inviter_idx').on(t.inviterId, t.id),
    check('invites_uses_within_max', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

/** Who accepted which invite: once per person, so accepting again changes nothing. */
export const inviteUses = pgTable(
  'invite_uses',
  {
    inviteId: integer('invite_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.inviteId, t.userId] })],
);
