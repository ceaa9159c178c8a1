import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, idOf } from '../../db/columns.ts';

/**
 * A crew (docs/product.md §6.7): a friend group's own space. Its owner made it; its members bet
 * among themselves from their balance in the crew's current season (wallet's crew_balances).
 */
export const crews = pgTable(
  'crews',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * The name's look-alike key (crewNameKey: its skeleton, src/shared/text-skeleton.ts), unique:
     * no crew may pass for another on its invite page. Null only for a crew made before the rule
     * whose name looks like an earlier crew's (the backfill of migration
     * 0025_crew_names_and_invites gives the key to the earliest of each group).
     */
    nameSkeleton: text('name_skeleton'),
    ownerId: integer('owner_id')
      .notNull()
      .references(idOf('users')),
    /** Each member's balance at the start of every season. */
    startingBalanceCents: cents('starting_balance_cents').notNull(),
    seasonDays: integer('season_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('crews_starting_balance_positive', sql`${t.startingBalanceCents} > 0`),
    check('crews_season_days_in_range', sql`${t.seasonDays} between 1 and 365`),
    uniqueIndex('crews_name_skeleton_key').on(t.nameSkeleton),
  ],
);

/** Who belongs to a crew now; a member who leaves or is removed loses the row. */
export const crewMembers = pgTable(
  'crew_members',
  {
    crewId: integer('crew_id')
      .notNull()
      .references(() => crews.id),
    userId: integer('user_id')
      .notNull()
      .references(idOf('users')),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.crewId, t.userId] }), index('crew_members_user_idx').on(t.userId, t.crewId)],
);

/**
 * A crew's seasons, numbered from 1; the current one is the one not ended. When one ends, its
 * standings are frozen here (`standings`, the rows as GET /api/crews/:id/standings gave them)
 * with its winner.
 */
export const crewSeasons = pgTable(
  'crew_seasons',
  {
    id: serial('id').primaryKey(),
    crewId: integer('crew_id')
      .notNull()
      .references(() => crews.id),
    number: integer('number').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    winnerId: integer('winner_id').references(idOf('users')),
    standings: text('standings'),
  },
  (t) => [
    uniqueIndex('crew_seasons_number_key').on(t.crewId, t.number),
    // One current season per crew.
    uniqueIndex('crew_seasons_current_key').on(t.crewId).where(sql`${t.endedAt} is null`),
    // The season sweep's question: which current seasons have reached their end.
    index('crew_seasons_ends_idx').on(t.endsAt).where(sql`${t.endedAt} is null`),
  ],
);

/** Crew invite links: only the SHA-256 of the token is kept; the token is shown once. */
export const crewInvites = pgTable(
  'crew_invites',
  {
    id: serial('id').primaryKey(),
    crewId: integer('crew_id')
      .notNull()
      .references(() => crews.id),
    inviterId: integer('inviter_id')
      .notNull()
      .references(idOf('users')),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  // A member's links to a crew: counted against their limit, listed for them.
  (t) => [uniqueIndex('crew_invites_token_hash_key').on(t.tokenHash), index('crew_invites_crew_idx').on(t.crewId, t.inviterId)],
);

/** A crew's chat. */
export const crewMessages = pgTable(
  'crew_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    crewId: integer('crew_id')
      .notNull()
      .references(() => crews.id),
    senderId: integer('sender_id')
      .notNull()
      .references(idOf('users')),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  // A crew's chat page by page; a player's own messages, for their data export.
  (t) => [index('crew_messages_crew_idx').on(t.crewId, t.id), index('crew_messages_sender_idx').on(t.senderId, t.id)],
);

export type CrewRow = typeof crews.$inferSelect;
export type CrewSeasonRow = typeof crewSeasons.$inferSelect;
