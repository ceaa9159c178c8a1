import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { cents, createdAt, idOf } from '../../db/columns.ts';

export const ACTIVITY_TYPES = [
  'bet_created',
  'bet_placed',
  'bet_resolved',
  'bet_won',
  'bet_lost',
  'bet_refunded',
  'friend_request_sent',
  'friend_accepted',
] as const;

/**
 * The activity feed's lines, as facts rather than text: who (`userId`), what (`type`), and the
 * bet, amount, option or other person it concerns. The feed words each line for its reader when
 * it is read (service.ts), from the bet as it is then, and only for a reader who may see that bet
 * then; no bet's title is stored here to outlive who may read it.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(idOf('users')),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    betId: integer('bet_id').references(idOf('bets')),
    amountCents: cents('amount_cents'),
    /** A win's stake (bet_won): the line says the payout with the profit in it. */
    stakeCents: cents('stake_cents'),
    /** The option staked on (bet_placed), or the one that won (bet_won, bet_resolved). */
    optionIdx: integer('option_idx'),
    /** The other person of a friend request or a friendship. */
    otherUserId: integer('other_user_id').references(idOf('users')),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_user_idx').on(t.userId, t.id),
    check(
      'activities_type_known',
      sql`${t.type} in ('bet_created', 'bet_placed', 'bet_resolved', 'bet_won', 'bet_lost', 'bet_refunded', 'friend_request_sent', 'friend_accepted')`,
    ),
  ],
);
