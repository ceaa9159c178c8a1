import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idOf } from '../../db/columns.ts';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Mail waiting to go out, written in the transaction of whatever caused it, and delivered by the
 * sender (delivery.ts): a mail server that is slow or away never holds up, nor fails, a request.
 * `next_attempt_at` is both when the next try is due and, while a sender holds the row, its lease.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The links the mail carries, for the log line written instead of a mail without SMTP_URL. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** Extra headers: a notification mail's one-click unsubscribe (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The sender's one question, "what is due?", reads only the waiting rows.
    index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    check('mail_outbox_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Notifications waiting to be mailed one by one: the trigger in notification-mail.sql writes a row
 * in the statement that stores a notification whose type its player mails 'instant'; the sender
 * (notification-mail.ts) turns each into a mail in the outbox and deletes the row, in one
 * transaction, so each notification is mailed exactly once.
 */
export const notificationMails = pgTable('notification_mails', {
  notificationId: bigint('notification_id', { mode: 'number' })
    .primaryKey()
    .references(idOf('notifications'), { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * One row per player and day on their clock whose digest was considered: the primary key lets
 * one instance, and one only, send it. `mailed` is false when nothing was unread that day.
 */
export const mailDigests = pgTable(
  'mail_digests',
  {
    userId: integer('user_id').notNull().references(idOf('users')),
    day: date('day', { mode: 'string' }).notNull(),
    mailed: boolean('mailed').notNull(),
    /** The notifications the digest listed, so that the next one, which looks back a little further, lists none twice. */
    notificationIds: jsonb('notification_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
