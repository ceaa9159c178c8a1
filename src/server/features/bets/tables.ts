import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, idOf } from '../../db/columns.ts';

export const BET_CATEGORIES = ['Sports', 'Entertainment', 'Politics', 'Personal', 'General'] as const;
export const BET_STATUSES = ['active', 'proposed', 'disputed', 'resolved', 'void'] as const;
export const EXPIRATION_TYPES = ['time', 'date', 'indefinite'] as const;
export const RESOLUTION_MODES = ['creator', 'referee', 'jury'] as const;

export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id')
      .notNull()
      .references(idOf('users')),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: BET_CATEGORIES }).notNull().default('General'),
    status: text('status', { enum: BET_STATUSES }).notNull().default('active'),
    expirationType: text('expiration_type', { enum: EXPIRATION_TYPES }).notNull().default('indefinite'),
    expirationValue: text('expiration_value').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    totalPotCents: cents('total_pot_cents').notNull().default(0),
    participantCount: integer('participant_count').notNull().default(0),
    winningOption: integer('winning_option'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(idOf('users')),
    voidReason: text('void_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the creator was told the bet expired and awaits resolution (once). */
    expiryNotifiedAt: timestamp('expiry_notified_at', { withTimezone: true, mode: 'date' }),
    /** Who decides it (docs/product.md §4.6): its creator, or its referee. */
    resolutionMode: text('resolution_mode', { enum: RESOLUTION_MODES }).notNull().default('creator'),
    /** The friend of the creator who alone (or an admin) resolves a referee bet, and never stakes on it. */
    refereeId: integer('referee_id').references(idOf('users')),
    // A jury bet's way to its result (docs/product.md §4.6): the creator's proposal with its
    // evidence, open to a dispute until challengeEndsAt; a dispute calls the jury until juryEndsAt,
    // which needs votesNeeded votes (JURY_QUORUM when it was called).
    proposedOption: integer('proposed_option'),
    proposedAt: timestamp('proposed_at', { withTimezone: true, mode: 'date' }),
    evidenceText: text('evidence_text'),
    evidenceUrl: text('evidence_url'),
    challengeEndsAt: timestamp('challenge_ends_at', { withTimezone: true, mode: 'date' }),
    juryEndsAt: timestamp('jury_ends_at', { withTimezone: true, mode: 'date' }),
    votesCast: integer('votes_cast').notNull().default(0),
    votesNeeded: integer('votes_needed').notNull().default(0),
    /**
     * How many jurors the dispute seated (bet_jurors). Fewer than JURY_QUORUM: no jury is called
     * (votesNeeded stays 0) and the admins decide, or the proposal stands at juryEndsAt.
     */
    jurorsSeated: integer('jurors_seated').notNull().default(0),
    /**
     * A crew bet (docs/product.md §6.7): seen by the crew's members, staked from their balance in
     * the season it was made in (`seasonId`), never after that season.
     */
    crewId: integer('crew_id').references(idOf('crews')),
    seasonId: integer('season_id').references(idOf('crew_seasons')),
  },
  (t) => [
    // Every bet query leaves deleted bets out; without them in the index, a feed's scan of each
    // friend's newest bets needs no look at the table to filter them (docs/performance.md), nor
    // to tell a crew's bets from the bets among friends (crew_id, §6.7).
    index('bets_creator_idx').on(t.creatorId, t.id, t.crewId).where(sql`${t.deletedAt} is null`),
    index('bets_status_expires_idx').on(t.status, t.expiresAt),
    check('bets_pot_non_negative', sql`${t.totalPotCents} >= 0`),
    check('bets_status_known', sql`${t.status} in ('active', 'proposed', 'disputed', 'resolved', 'void')`),
    // Only a jury bet's result waits for a dispute or a jury.
    check('bets_waiting_result_is_a_jury_bet', sql`${t.status} not in ('proposed', 'disputed') or ${t.resolutionMode} = 'jury'`),
    check('bets_category_known', sql`${t.category} in ('Sports', 'Entertainment', 'Politics', 'Personal', 'General')`),
    check('bets_expiration_type_known', sql`${t.expirationType} in ('time', 'date', 'indefinite')`),
    check('bets_resolution_mode_known', sql`${t.resolutionMode} in ('creator', 'referee', 'jury')`),
    check('bets_referee_with_its_mode', sql`(${t.refereeId} is not null) = (${t.resolutionMode} = 'referee')`),
    // A referee's bets, for the view of who sees a bet (visibility.sql).
    index('bets_referee_idx').on(t.refereeId).where(sql`${t.refereeId} is not null`),
    // The jury sweep's two questions (jury.ts): whose challenge window, and whose jury, has ended.
    index('bets_challenge_ends_idx').on(t.challengeEndsAt).where(sql`${t.status} = 'proposed'`),
    index('bets_jury_ends_idx').on(t.juryEndsAt).where(sql`${t.status} = 'disputed'`),
    check('bets_crew_with_its_season', sql`(${t.crewId} is null) = (${t.seasonId} is null)`),
    // A crew's bets newest first (its page, and the feed's crew branch), and a season's (its end).
    index('bets_crew_idx').on(t.crewId, t.id).where(sql`${t.crewId} is not null and ${t.deletedAt} is null`),
    index('bets_season_idx').on(t.seasonId).where(sql`${t.seasonId} is not null`),
  ],
);

/** A staker's objection to a jury bet's proposed result: one per bet, the first that came. */
export const betDisputes = pgTable('bet_disputes', {
  betId: integer('bet_id')
    .primaryKey()
    .references(() => bets.id),
  userId: integer('user_id')
    .notNull()
    .references(idOf('users')),
  reason: text('reason').notNull(),
  url: text('url'),
  createdAt: createdAt(),
});

/**
 * A disputed bet's jury, fixed when the dispute was raised (docs/product.md §4.6, jury.sql's
 * jury_pool): only they vote, and they keep seeing the bet whoever unfriends whom. Written only
 * when at least JURY_QUORUM could be seated.
 */
export const betJurors = pgTable(
  'bet_jurors',
  {
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id),
    userId: integer('user_id')
      .notNull()
      .references(idOf('users')),
  },
  // A juror's bets, for the view of who sees a bet asked from the viewer's side (visibility.sql).
  (t) => [primaryKey({ columns: [t.betId, t.userId] }), index('bet_jurors_user_idx').on(t.userId, t.betId)],
);

/** A juror's vote on a disputed bet: one per juror and bet (the primary key). */
export const betVotes = pgTable(
  'bet_votes',
  {
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id),
    userId: integer('user_id')
      .notNull()
      .references(idOf('users')),
    optionIdx: integer('option_idx').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.betId, t.userId] })],
);

/** The options of a bet, zero-based, with their pools. */
export const betOptions = pgTable(
  'bet_options',
  {
    betId: integer('bet_id')
      .notNull()
      .references(() => bets.id),
    idx: integer('idx').notNull(),
    label: text('label').notNull(),
    poolCents: cents('pool_cents').notNull().default(0),
    stakeCount: integer('stake_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.idx] }),
    check('bet_options_pool_non_negative', sql`${t.poolCents} >= 0`),
    check('bet_options_idx_range', sql`${t.idx} >= 0 and ${t.idx} < 10`),
  ],
);

export const STAKE_OUTCOMES = ['won', 'lost', 'refunded'] as const;

/** One stake per user per bet (the unique index is what makes a double stake impossible). */
export const stakes = pgTable(
  'stakes',
  {
    id: serial('id').primaryKey(),
    betId: integer('bet_id').notNull().references(() => bets.id),
    userId: integer('user_id').notNull().references(idOf('users')),
    optionIdx: integer('option_idx').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** What settlement paid back: the payout, the refund, or 0 for a lost stake. */
    settledCents: cents('settled_cents'),
    /** How it settled; null while its bet is open. The player figures follow from it. */
    outcome: text('outcome', { enum: STAKE_OUTCOMES }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stakes_outcome_known', sql`${t.outcome} in ('won', 'lost', 'refunded')`),
    uniqueIndex('stakes_bet_user_key').on(t.betId, t.userId),
    // A bet's most recent stakes (its detail's participant list) without reading the others.
    index('stakes_bet_recent_idx').on(t.betId, t.id),
    index('stakes_user_idx').on(t.userId, t.id),
    check('stakes_amount_positive', sql`${t.amountCents} >= 100`),
  ],
);

/** Rows as the query builder reads them, named once for every feature that passes them around. */
export type BetRow = typeof bets.$inferSelect;
export type OptionRow = typeof betOptions.$inferSelect;
export type StakeRow = typeof stakes.$inferSelect;
