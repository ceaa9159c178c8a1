import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idOf } from '../../db/columns.ts';

export const CONTENT_REPORT_KINDS = ['bet', 'user', 'comment'] as const;
export const CONTENT_REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

/** Users flag bets, users and comments; admins work through the queue. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(idOf('users')),
    targetKind: text('target_kind', { enum: CONTENT_REPORT_KINDS }).notNull(),
    // Comment ids are bigserial; bet and user ids fit as well.
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: CONTENT_REPORT_STATUSES }).notNull().default('open'),
    handledBy: integer('handled_by').references(idOf('users')),
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
