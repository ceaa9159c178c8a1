import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idOf } from '../../db/columns.ts';

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
      .references(idOf('users')),
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
