import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction, AuditEntry, AuditTargetType, auditLogQuerySchema } from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import { adminAuditLog } from './tables.ts';
import { users } from '../users/service.ts';
import type { Tx } from '../../db/transaction.ts';

export interface AdminAction {
  actorId: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one audit row. Callers pass the transaction that makes the change, so the row commits
 * or rolls back with it.
 */
export async function recordAdminAction(tx: Db | Tx, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAuditLog(
  db: Db,
  query: z.output<typeof auditLogQuerySchema>,
): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
  const conditions: (SQL | undefined)[] = [
    query.before ? lt(adminAuditLog.id, query.before) : undefined,
    query.targetType ? eq(adminAuditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(adminAuditLog.targetId, query.targetId) : undefined,
    query.actorId ? eq(adminAuditLog.actorId, query.actorId) : undefined,
  ];
  const rows = await db
    .select({ entry: adminAuditLog, actorUsername: users.username })
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(adminAuditLog.id))
    .limit(query.limit);
  return {
    entries: rows.map(({ entry, actorUsername }) => ({
      id: entry.id,
      actor: { id: entry.actorId, username: actorUsername },
      action: entry.action as AuditAction,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextBefore: rows.length === query.limit ? (rows.at(-1)?.entry.id ?? null) : null,
  };
}
