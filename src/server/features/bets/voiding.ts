import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUnsettled, UNSETTLED_STATUSES } from '../../../shared/schemas/bets.ts';
import { rowsOf } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { recordAdminAction } from '../audit-log/service.ts';
import { users } from '../users/service.ts';
import { bets, stakes } from './tables.ts';
import { betNotFound, lockBet } from './bet-lock.ts';
import { announce, auditSnapshot, refundEveryone, type Settled } from './settlement.ts';

/**
 * Voiding a bet (docs/product.md §4.6): every stake refunded, by an admin's delete or void, the
 * overdue sweep, a deactivated creator, or a crew season's end. The refunds themselves are
 * settlement.ts's (refundEveryone).
 */

/**
 * Voids and refunds every open bet of a crew season, in the caller's transaction, which ends the
 * season (docs/product.md §6.7): each bet locked and settled as any void is, its stakes refunded
 * to their stakers' balances in that season. The settlements, for announce() after commit.
 */
export async function voidSeasonBets(tx: Tx, seasonId: number): Promise<Settled[]> {
  // Every open bet of the season first, then every staker, each in id order, as a stake batch
  // locks them (stake.sql): a stake on a later bet by a staker of an earlier one waits its turn
  // instead of deadlocking.
  const open = await tx
    .select({ id: bets.id })
    .from(bets)
    .where(and(eq(bets.seasonId, seasonId), inArray(bets.status, [...UNSETTLED_STATUSES])))
    .orderBy(asc(bets.id))
    .for('update');
  if (open.length === 0) return [];
  await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} in (select s.user_id from ${stakes} s where s.bet_id = any(${sql.param(open.map((b) => b.id))}::integer[]))`)
    .orderBy(asc(users.id))
    .for('no key update');
  const settled: Settled[] = [];
  for (const { id } of open) {
    const locked = await lockBet(tx, id);
    const done = locked && (await refundEveryone(tx, locked.bet, 'season_ended', null));
    if (done) settled.push(done);
  }
  return settled;
}

/**
 * Voids a bet and refunds every stake: admin delete (which also hides it), the overdue sweep,
 * a deactivated creator. Returns false when the bet was already settled (someone else won).
 */
export async function voidBet(
  app: FastifyInstance,
  betId: number,
  reason: string,
  // `audited`: an admin asked for this (delete, deactivating the creator): the audit log says so.
  options: { actorId: number | null; delete: boolean; audited?: boolean },
): Promise<boolean> {
  const auditActorId = options.audited ? options.actorId : null;
  const settled = await inTransaction(app.db, async (tx) => {
    const locked = await lockBet(tx, betId);
    if (!locked) throw betNotFound();
    if (!isUnsettled(locked.bet.status)) {
      if (options.delete) {
        // A settled bet has nothing left to refund; deleting only hides it.
        const [hidden] = await tx
          .update(bets)
          .set({ deletedAt: new Date(), updatedAt: new Date() })
          .where(eq(bets.id, betId))
          .returning();
        if (auditActorId !== null && hidden) {
          await recordAdminAction(tx, {
            actorId: auditActorId,
            action: 'bet.delete',
            targetType: 'bet',
            targetId: betId,
            before: auditSnapshot(locked.bet),
            after: { ...auditSnapshot(hidden), refundedStakes: 0 },
          });
        }
      }
      return null;
    }
    const voided = await refundEveryone(tx, locked.bet, reason, options.actorId, { hide: options.delete });
    if (!voided) return null;
    if (auditActorId !== null) {
      await recordAdminAction(tx, {
        actorId: auditActorId,
        action: options.delete ? 'bet.delete' : 'bet.void',
        targetType: 'bet',
        targetId: betId,
        before: auditSnapshot(locked.bet),
        after: { ...auditSnapshot(voided.bet), refundedStakes: voided.participantIds.length },
      });
    }
    return voided;
  });
  if (settled === null) return false;
  announce(app, settled);
  return true;
}

/**
 * The background sweep: bets left unresolved VOID_AFTER_DAYS after expiry are voided and
 * refunded. Safe on every instance at once: voidBet settles each bet exactly once.
 */
export async function voidOverdueBets(app: FastifyInstance): Promise<number> {
  const overdue = rowsOf<{ id: number }>(
    await app.db.execute(sql`select id from ${bets}
      where status = 'active' and expires_at < now() - make_interval(days => ${app.config.voidAfterDays})
      order by id limit 100`),
  );
  let voided = 0;
  for (const { id } of overdue) {
    try {
      if (await voidBet(app, id, 'expired_unresolved', { actorId: null, delete: false })) voided += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
  }
  return voided;
}

