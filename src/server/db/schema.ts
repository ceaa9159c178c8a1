import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Money columns are integer cents (`bigint`, read as JS numbers: every
 * amount Betbro can hold is far below 2^53). `npm run db:generate` turns a change here into a
 * new SQL migration in ./migrations.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** The chosen name's confusable skeleton (src/server/usernames.ts); null for generated names. */
    usernameSkeleton: text('username_skeleton'),
    email: text('email'),
    firstName: text('first_name'),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    balanceCents: cents('balance_cents').notNull().default(0),
    bio: text('bio'),
    location: text('location'),
    favoriteCategory: text('favorite_category'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_key').on(t.usernameSkeleton),
    // Searches match the start of a name (friends, admin): in byte order, one index serves both
    // `like 'ab%'` and the alphabetical order of the matches.
    index('users_username_prefix_idx').on(sql`(lower(${t.username}) collate "C")`),
    index('users_email_lower_idx').on(sql`(lower(${t.email}) collate "C")`),
    // The admin's user list sorted by balance reads it in order instead of sorting everyone.
    index('users_balance_idx').on(t.balanceCents, t.id),
    // Every bet event goes to the admins too; this keeps finding them from scanning all users.
    index('users_admins_idx').on(t.id).where(sql`${t.role} = 'admin'`),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
    check('users_role_known', sql`${t.role} in ('user', 'admin')`),
  ],
);

/** Who a user is at an identity provider: issuer + subject, so any OIDC issuer can be plugged in. */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identities_issuer_subject_key').on(t.issuer, t.subject), index('identities_user_idx').on(t.userId)],
);

/** Browser sessions. Only a SHA-256 hash of the cookie's random id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const LEDGER_KINDS = ['grant', 'stake', 'payout', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every cent that moves is a row here, written in the same transaction as the balance change
 * (DESIGN §5). A user's balance always equals the sum of their rows.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    betId: integer('bet_id').references(() => bets.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    index('ledger_entries_bet_idx').on(t.betId),
    check('ledger_entries_kind_known', sql`${t.kind} in ('grant', 'stake', 'payout', 'refund', 'adjustment')`),
    check('ledger_entries_balance_after_non_negative', sql`${t.balanceAfterCents} >= 0`),
  ],
);

/** Secrets generated on first start and shared by every instance: signing keys, cookie keys. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Email + password accounts of the embedded identity provider (not Betbro users themselves). */
export const localAccounts = pgTable(
  'local_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('local_accounts_email_lower_key').on(sql`lower(${t.email})`)],
);

/** The embedded provider's state (sessions, codes, grants, interactions), so instances share it. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_user_code_idx').on(t.model, t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

export const BET_CATEGORIES = ['Sports', 'Entertainment', 'Politics', 'Personal', 'General'] as const;
export const BET_STATUSES = ['active', 'resolved', 'void'] as const;
export const EXPIRATION_TYPES = ['time', 'date', 'indefinite'] as const;

/** Friend requests and friendships: one row per pair, pending until the addressee accepts. */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(() => users.id),
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

export const bets = pgTable(
  'bets',
  {
    id: serial('id').primaryKey(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
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
    resolvedBy: integer('resolved_by').references(() => users.id),
    voidReason: text('void_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the creator was told the bet expired and awaits resolution (once). */
    expiryNotifiedAt: timestamp('expiry_notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Every bet query leaves deleted bets out; without them in the index, a feed's scan of each
    // friend's newest bets needs no look at the table to filter them (docs/performance.md).
    index('bets_creator_idx').on(t.creatorId, t.id).where(sql`${t.deletedAt} is null`),
    index('bets_status_expires_idx').on(t.status, t.expiresAt),
    check('bets_pot_non_negative', sql`${t.totalPotCents} >= 0`),
    check('bets_status_known', sql`${t.status} in ('active', 'resolved', 'void')`),
    check('bets_category_known', sql`${t.category} in ('Sports', 'Entertainment', 'Politics', 'Personal', 'General')`),
    check('bets_expiration_type_known', sql`${t.expirationType} in ('time', 'date', 'indefinite')`),
  ],
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
    userId: integer('user_id').notNull().references(() => users.id),
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
 * it is read (features/activities/service.ts), from the bet as it is then, and only for a reader
 * who may see that bet then; no bet's title is stored here to outlive who may read it.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    betId: integer('bet_id').references(() => bets.id),
    amountCents: cents('amount_cents'),
    /** The option staked on (bet_placed), or the one that won (bet_won, bet_resolved). */
    optionIdx: integer('option_idx'),
    /** The other person of a friend request or a friendship. */
    otherUserId: integer('other_user_id').references(() => users.id),
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

/** Per-user settings: theme, which notifications to receive, privacy. */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  theme: text('theme', { enum: ['light', 'dark', 'system'] }).notNull().default('system'),
  /** Notification types switched off; everything else is on. */
  mutedNotifications: jsonb('muted_notifications').$type<string[]>().notNull().default([]),
  showOnLeaderboard: boolean('show_on_leaderboard').notNull().default(true),
  findableByEmail: boolean('findable_by_email').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    betId: integer('bet_id').references(() => bets.id),
    fromUserId: integer('from_user_id').references(() => users.id),
    conversationId: integer('conversation_id'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/** One-to-one conversations between two users; `userLow` < `userHigh` makes the pair unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userLow: integer('user_low')
      .notNull()
      .references(() => users.id),
    userHigh: integer('user_high')
      .notNull()
      .references(() => users.id),
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
      .references(() => users.id),
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
      .references(() => bets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bet_comments_bet_idx').on(t.betId, t.id)],
);

export const AUDIT_TARGET_TYPES = ['user', 'bet', 'content_report'] as const;

/**
 * Every admin action: who, what, on which target, the state before and after. Written in the
 * same transaction as the change it records, so the log never claims what did not happen.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('admin_audit_log_actor_idx').on(t.actorId, t.id),
    check('admin_audit_log_target_type_known', sql`${t.targetType} in ('user', 'bet', 'content_report')`),
  ],
);

export const CONTENT_REPORT_KINDS = ['bet', 'user', 'comment'] as const;
export const CONTENT_REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

/** Users flag bets, users and comments; admins work through the queue. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    targetKind: text('target_kind', { enum: CONTENT_REPORT_KINDS }).notNull(),
    // Comment ids are bigserial; bet and user ids fit as well.
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: CONTENT_REPORT_STATUSES }).notNull().default('open'),
    handledBy: integer('handled_by').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('content_reports_status_idx').on(t.status, t.id),
    // One open report per reporter and target: a second click does not grow the queue.
    uniqueIndex('content_reports_open_key')
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    check('content_reports_kind_known', sql`${t.targetKind} in ('bet', 'user', 'comment')`),
    check('content_reports_status_known', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
  ],
);

/**
 * The read model of the player figures (src/shared/player-figures.ts): one row per player and
 * period in which they have a stake that counts. Kept by triggers on `stakes` in the transaction
 * that moves the money (src/server/db/functions/player_figures_on_stakes_*.sql); never written by
 * application code. A row whose last stake is refunded goes, so a row means a ranked player.
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
 * the transactions that change them; one row per connection's shard, summed when read.
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

/** Browsers' push subscriptions (Web Push): where to send a user's notifications, and the keys to encrypt them. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId, t.id)],
);
