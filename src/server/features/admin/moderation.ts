import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { contentReportBodySchema, ModerationItem, moderationQuerySchema } from '../../../shared/schemas/admin.ts';
import { rowsOf } from '../../db/client.ts';
import { betComments } from '../chat/service.ts';
import { bets } from '../bets/service.ts';
import { contentReports } from './tables.ts';
import { type UserRow, users } from '../users/service.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { findVisibleBet } from '../bets/service.ts';
import { recordAdminAction } from '../audit-log/service.ts';

/**
 * Moderation: any user reports a bet, a user or a comment; admins resolve or dismiss. A target
 * the reporter cannot see does not exist for them (docs/product.md §10.4), so reporting it answers
 * 404.
 */

const MAX_INT4 = 2_147_483_647;
type ReportInput = z.output<typeof contentReportBodySchema>;

async function checkTarget(app: FastifyInstance, reporter: UserRow, input: ReportInput): Promise<void> {
  switch (input.kind) {
    case 'bet': {
      if (input.id > MAX_INT4 || !(await findVisibleBet(app.db, reporter, input.id))) {
        throw notFound('Bet not found', 'bet_not_found');
      }
      return;
    }
    case 'user': {
      if (input.id === reporter.id) throw badRequest('You cannot report yourself', 'cannot_report_self');
      const [user] =
        input.id > MAX_INT4
          ? []
          : await app.db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.id, input.id), sql`${users.deactivatedAt} is null`));
      if (!user) throw notFound('User not found', 'user_not_found');
      return;
    }
    case 'comment': {
      const [comment] = await app.db.select({ betId: betComments.betId }).from(betComments).where(eq(betComments.id, input.id));
      if (!comment || !(await findVisibleBet(app.db, reporter, comment.betId))) {
        throw notFound('Comment not found', 'comment_not_found');
      }
    }
  }
}

export async function reportContent(app: FastifyInstance, reporter: UserRow, input: ReportInput) {
  await checkTarget(app, reporter, input);
  const [row] = await app.db
    .insert(contentReports)
    .values({ reporterId: reporter.id, targetKind: input.kind, targetId: input.id, reason: input.reason })
    // The partial unique index allows one open report per reporter and target.
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('You have already reported this', 'already_reported');
  return { id: row.id, kind: row.targetKind, targetId: row.targetId, status: row.status, createdAt: row.createdAt.toISOString() };
}

interface QueueRow {
  id: number;
  target_kind: ModerationItem['kind'];
  target_id: number | string;
  reason: string;
  status: ModerationItem['status'];
  reporter_id: number;
  reporter_username: string;
  handled_by: number | null;
  handler_username: string | null;
  handled_at: Date | string | null;
  note: string | null;
  created_at: Date | string;
  target_label: string | null;
  target_user_id: number | null;
  target_bet_id: number | null;
}

const toIso = (value: Date | string) => new Date(value).toISOString();

function presentItem(row: QueueRow): ModerationItem {
  return {
    id: row.id,
    kind: row.target_kind,
    targetId: Number(row.target_id),
    reason: row.reason,
    status: row.status,
    reporter: { id: row.reporter_id, username: row.reporter_username },
    target: {
      label: row.target_label,
      userId: row.target_user_id === null ? null : Number(row.target_user_id),
      betId: row.target_bet_id === null ? null : Number(row.target_bet_id),
    },
    createdAt: toIso(row.created_at),
    handledAt: row.handled_at === null ? null : toIso(row.handled_at),
    handledBy: row.handled_by === null ? null : { id: row.handled_by, username: row.handler_username ?? '' },
    note: row.note,
  };
}

/** The queue with each target as it is now (a deleted bet or comment shows as gone). */
async function queueRows(app: FastifyInstance, where: SQL, page: { limit: number; offset: number }) {
  return rowsOf<QueueRow>(
    await app.db.execute(sql`
      select r.id, r.target_kind, r.target_id, r.reason, r.status, r.reporter_id, rep.username as reporter_username,
        r.handled_by, h.username as handler_username, r.handled_at, r.note, r.created_at,
        case r.target_kind
          when 'bet' then b.title
          when 'user' then tu.username
          else c.text
        end as target_label,
        case r.target_kind
          when 'bet' then b.creator_id
          when 'user' then tu.id
          else c.user_id
        end as target_user_id,
        case r.target_kind
          when 'bet' then b.id
          when 'comment' then c.bet_id
          else null
        end as target_bet_id
      from ${contentReports} r
      join ${users} rep on rep.id = r.reporter_id
      left join ${users} h on h.id = r.handled_by
      left join ${bets} b on r.target_kind = 'bet' and b.id = r.target_id and b.deleted_at is null
      left join ${users} tu on r.target_kind = 'user' and tu.id = r.target_id
      left join ${betComments} c on r.target_kind = 'comment' and c.id = r.target_id
      where ${where}
      order by (r.status = 'open') desc, r.id desc
      limit ${page.limit} offset ${page.offset}`),
  );
}

export async function moderationQueue(app: FastifyInstance, query: z.output<typeof moderationQuerySchema>) {
  const where = query.status === 'all' ? sql`true` : sql`r.status = ${query.status}`;
  const matches = query.status === 'all' ? sql`true` : sql`${contentReports.status} = ${query.status}`;
  const [rows, [counts]] = await Promise.all([
    queueRows(app, where, query),
    app.db
      .select({
        total: sql<number>`count(*) filter (where ${matches})::int`,
        open: sql<number>`count(*) filter (where ${contentReports.status} = 'open')::int`,
      })
      .from(contentReports),
  ]);
  const total = Number(counts?.total ?? 0);
  const end = query.offset + rows.length;
  return {
    reports: rows.map(presentItem),
    openCount: Number(counts?.open ?? 0),
    total,
    nextOffset: end < total ? end : null,
  };
}

/** Closes an open report as resolved (acted upon) or dismissed (nothing wrong), once. */
export async function handleReport(
  app: FastifyInstance,
  admin: UserRow,
  reportId: number,
  outcome: 'resolved' | 'dismissed',
  note: string | undefined,
): Promise<ModerationItem> {
  await inTransaction(app.db, async (tx) => {
    const [handled] = await tx
      .update(contentReports)
      .set({ status: outcome, handledBy: admin.id, handledAt: new Date(), note: note || null })
      .where(and(eq(contentReports.id, reportId), eq(contentReports.status, 'open')))
      .returning();
    if (!handled) {
      const [exists] = await tx.select({ id: contentReports.id }).from(contentReports).where(eq(contentReports.id, reportId));
      if (!exists) throw notFound('Report not found', 'report_not_found');
      throw conflict('This report has already been handled', 'report_handled');
    }
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: outcome === 'resolved' ? 'report.resolve' : 'report.dismiss',
      targetType: 'content_report',
      targetId: reportId,
      before: { status: 'open', kind: handled.targetKind, targetId: handled.targetId, reason: handled.reason },
      after: { status: handled.status, note: handled.note },
    });
  });
  const [row] = await queueRows(app, sql`r.id = ${reportId}`, { limit: 1, offset: 0 });
  if (!row) throw notFound('Report not found', 'report_not_found');
  return presentItem(row);
}
