import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt } from '../../db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** The chosen name's confusable skeleton (usernames.ts); null for generated names. */
    usernameSkeleton: text('username_skeleton'),
    email: text('email'),
    /** Whether the email is proven the user's: their issuer's `email_verified` claim, or a link mailed to it. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * The email whose listing in ADMIN_EMAILS made this user an admin. A listing promotes once per
     * email, so an admin who demotes a listed user is not overruled at their next sign-in.
     */
    adminEmailPromoted: text('admin_email_promoted'),
    firstName: text('first_name'),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    /** Written only by move_money (features/wallet/money.sql), with its ledger row. */
    balanceCents: cents('balance_cents').notNull().default(0),
    bio: text('bio'),
    location: text('location'),
    favoriteCategory: text('favorite_category'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    /** When the player deleted their account: their email and profile are erased, their ledger kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
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

/** Per-user settings: theme, which notifications to receive and how, privacy. */
export const userPreferences = pgTable(
  'user_preferences',
  {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  theme: text('theme', { enum: ['light', 'dark', 'system'] }).notNull().default('system'),
  /** Notification types switched off; everything else is on. */
  mutedNotifications: jsonb('muted_notifications').$type<string[]>().notNull().default([]),
  showOnLeaderboard: boolean('show_on_leaderboard').notNull().default(true),
  findableByEmail: boolean('findable_by_email').notNull().default(true),
  /** Notification types mailed, each 'instant' or 'daily'; every other type is not mailed. */
  emailModes: jsonb('email_modes').$type<Record<string, 'instant' | 'daily'>>().notNull().default({}),
  /** Hours without push, "HH:MM" on the player's clock; both set or both null. */
  quietFrom: text('quiet_from'),
  quietTo: text('quiet_to'),
  /** IANA name; null until chosen (the browser's applies there, UTC for mail). */
  timeZone: text('time_zone'),
  /** The player's language, a catalogue's tag (src/server/i18n.ts): from the browser at the first sign-in, then chosen. */
  locale: text('locale').notNull().default('en'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('user_preferences_quiet_hours_whole', sql`(${t.quietFrom} is null) = (${t.quietTo} is null)`)],
);

/** A user row as the query builder reads it, named once for every feature that passes it around. */
export type UserRow = typeof users.$inferSelect;
