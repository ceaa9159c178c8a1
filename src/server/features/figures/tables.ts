import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cents } from '../../db/columns.ts';

/**
 * The read model of the player figures (src/shared/player-figures.ts): one row per player and
 * period in which they have a stake that counts. Kept by triggers on `stakes` in the transaction
 * that moves the money (figures.sql); never written by application code. A row whose last
 * stake is refunded goes, so a row means a ranked player.
 */
export const playerFigures = pgTable(
  'player_figures',
  {
    userId: integer('user_id').notNull(),
    period: text('period', { enum: ['week', 'month', 'all'] }).notNull(),
    /** The period's first day (UTC); the all-time period starts on 1970-01-01. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    bets: integer('bets').notNull().default(0),
    settledBets: integer('settled_bets').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    wageredCents: cents('wagered_cents').notNull().default(0),
    profitCents: cents('profit_cents').notNull().default(0),
    /** Counted on the leaderboard: the player shows there and the account is active. */
    listed: boolean('listed').notNull().default(true),
    /**
     * The profit's band on a logarithmic scale (eight per doubling, signed; 0 for no profit), so a
     * rank counts whole bands from figures_ladder and reads only the players of its own band.
     */
    rankBucket: integer('rank_bucket').generatedAlwaysAs(
      sql`case when profit_cents = 0 then 0 else (sign(profit_cents::float8) * (1 + floor(ln(abs(profit_cents)::float8) * 8 / ln(2::float8))))::integer end`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period, t.startsOn] }),
    // The leaderboard's top, a rank's own band and the next profit up, for listed players.
    index('player_figures_rank_idx')
      .on(t.period, t.startsOn, t.rankBucket, t.profitCents, t.userId.desc())
      .where(sql`${t.listed}`),
    // The admin's user list sorted by bets.
    index('player_figures_all_bets_idx').on(t.bets, t.userId).where(sql`${t.period} = 'all'`),
    check('player_figures_period_known', sql`${t.period} in ('week', 'month', 'all')`),
    check('player_figures_counts', sql`${t.bets} > 0 and ${t.settledBets} between 0 and ${t.bets} and ${t.wins} between 0 and ${t.settledBets}`),
  ],
);

/**
 * How many listed players of a period have a profit in each non-zero band of rank_bucket, so a
 * rank adds up a few hundred bands instead of counting every player above (decision record 017).
 */
export const figuresLadder = pgTable(
  'figures_ladder',
  {
    period: text('period').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    rankBucket: integer('rank_bucket').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.startsOn, t.rankBucket] })],
);

/**
 * How many listed players a period ranks, in a few rows per period: each database connection
 * adds to its own row (`shard`), so stakes on different connections never wait for one another.
 */
export const figuresPlayers = pgTable(
  'figures_players',
  {
    period: text('period').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.startsOn, t.shard] })],
);

/**
 * The platform's running totals (admin reports), kept by triggers on stakes, bets and users in
 * the transactions that change them (figures.sql); one row per connection's shard,
 * summed when read.
 */
export const platformTotals = pgTable('platform_totals', {
  shard: integer('shard').primaryKey(),
  /** Stakes that count (not refunded), and their sum: the volume. */
  stakes: integer('stakes').notNull().default(0),
  volumeCents: cents('volume_cents').notNull().default(0),
  /** Bets not deleted, the open ones among them, and the stakes on the open ones. */
  bets: integer('bets').notNull().default(0),
  activeBets: integer('active_bets').notNull().default(0),
  activeValueCents: cents('active_value_cents').notNull().default(0),
  /** Accounts not deactivated, and those deactivated. */
  users: integer('users').notNull().default(0),
  deactivatedUsers: integer('deactivated_users').notNull().default(0),
});

/** The platform's figures per UTC day, for the reports' charts; sharded like platform_totals. */
export const platformDays = pgTable(
  'platform_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    volumeCents: cents('volume_cents').notNull().default(0),
    newUsers: integer('new_users').notNull().default(0),
    betsCreated: integer('bets_created').notNull().default(0),
    betsResolved: integer('bets_resolved').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);
