import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import { isUnsettled, UNSETTLED_STATUSES, type PayoutPreview } from '../../../shared/schemas/bets.ts';
import { refundAll, settle, settlementOutcomes, type Settlement } from '../../../shared/payout.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, type AppError } from '../../errors.ts';
import { recordActivity, type ActivityFact } from '../activities/service.ts';
import { recordAdminAction } from '../audit-log/service.ts';
import { notifyAll, type NotificationFact } from '../notifications/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { moveCrewMoney, moveMoney } from '../wallet/service.ts';
import { betOptions, bets, stakes, type BetRow, type StakeRow } from './tables.ts';
import { alreadyResolved, betClosed, betNotFound, lockBet, type LockedBet } from './bet-lock.ts';

/**
 * A bet's money comes out (docs/product.md §4.6): paid to the winners (resolveBet) or refunded to
 * everyone (voidBet: an admin's delete, the overdue sweep, a deactivated creator, a crew season's
 * end). Every payment moves through moveMoney (features/wallet/service.ts, move_money in
 * features/wallet/money.sql), or for a crew bet moveCrewMoney (move_crew_money, the crew
 * season's own books, §6.7), a ledger row in the statement that changes each balance; the player figures and platform totals
 * follow the stakes' outcomes by triggers (features/figures/figures.sql); events go out after
 * commit. Stakes go in through stakes.ts; a bet is locked by bet-lock.ts, and voided by voiding.ts.
 */

/** What the audit log keeps of a bet before and after an admin touched it. */
export function auditSnapshot(bet: BetRow): Record<string, unknown> {
  return {
    title: bet.title,
    description: bet.description,
    status: bet.status,
    winningOption: bet.winningOption,
    totalPot: formatCents(bet.totalPotCents),
    participants: bet.participantCount,
    voidReason: bet.voidReason,
    deleted: bet.deletedAt !== null,
  };
}

/**
 * Pays out (or refunds) every stake of a bet whose status the caller has just settled in this
 * transaction, so no other settlement of it can run: every payment in one
 * movement of money, every outcome, feed line and notification in one statement each.
 */
/** What a staker's notification says of how their stake came out. */
type StakeNotice = Extract<NotificationFact, { type: 'bet_settled' }>['params'];

async function paySettlement(tx: Tx, bet: BetRow, betStakes: StakeRow[], settlement: Settlement, winningLabel: string | null) {
  const settled = betStakes.map((stake) => {
    const paid = settlement.paid.get(stake.id) ?? 0;
    const outcome = settlement.kind === 'refund' ? 'refunded' : stake.optionIdx === bet.winningOption ? 'won' : 'lost';
    return { stake, paid, outcome } as const;
  });
  // One stake per player and bet (stakes_bet_user_key), so one move per staker. A crew bet's
  // money goes back to its stakers' balances in the bet's season (docs/product.md §6.7).
  const kind = settlement.kind === 'refund' ? 'refund' : 'payout';
  const paid = settled.filter((s) => s.paid > 0).map((s) => ({ userId: s.stake.userId, amountCents: s.paid, betId: bet.id }));
  const seasonId = bet.seasonId;
  if (seasonId === null) await moveMoney(tx, kind, paid);
  else await moveCrewMoney(tx, kind, paid.map((move) => ({ ...move, seasonId })));
  // The player figures and platform totals follow each outcome by their triggers
  // (features/figures/figures.sql).
  await tx.execute(sql`update ${stakes} set settled_cents = v.paid, outcome = v.outcome
    from unnest(${sql.param(settled.map((s) => s.stake.id))}::integer[], ${sql.param(settled.map((s) => s.paid))}::bigint[],
      ${sql.param(settled.map((s) => s.outcome))}::text[]) as v(id, paid, outcome)
    where ${stakes.id} = v.id`);
  // What each player reads about it: a line of their feed and a notification.
  const told = settled.map(({ stake, paid, outcome }) => {
    const line = { userId: stake.userId, betId: bet.id };
    return (
      {
        refunded: {
          activity: { ...line, type: 'bet_refunded', amountCents: paid },
          notice: { outcome: 'refunded', amountCents: paid, bet: bet.title },
        },
        won: {
          activity: { ...line, type: 'bet_won', amountCents: paid, stakeCents: stake.amountCents, optionIdx: stake.optionIdx },
          notice: { outcome: 'won', amountCents: paid, stakeCents: stake.amountCents, winner: winningLabel ?? '', bet: bet.title },
        },
        lost: {
          activity: { ...line, type: 'bet_lost', amountCents: stake.amountCents },
          notice: { outcome: 'lost', amountCents: stake.amountCents, winner: winningLabel ?? '', bet: bet.title },
        },
      } satisfies Record<typeof outcome, { activity: ActivityFact; notice: StakeNotice }>
    )[outcome];
  });
  if (told.length > 0) await recordActivity(tx, told.map((t) => t.activity));
  return notifyAll(
    tx,
    settled.map(({ stake }, i) => ({ userId: stake.userId, type: 'bet_settled' as const, params: told[i]!.notice, betId: bet.id })),
  );
}

/**
 * The bet's stakes, oldest first, with their stakers' rows locked in id order, as a stake locks
 * them: settlements and stakes that share players take turns on their balances and figures
 * instead of deadlocking.
 */
async function stakesOf(tx: Tx, betId: number): Promise<StakeRow[]> {
  const rows = await tx
    .select({ stake: stakes })
    .from(stakes)
    .innerJoin(users, eq(users.id, stakes.userId))
    .where(eq(stakes.betId, betId))
    .orderBy(asc(users.id))
    .for('no key update', { of: users });
  return rows.map((row) => row.stake).sort((a, b) => a.id - b.id);
}


/**
 * Why `actor` may not resolve the bet, or null when they may (docs/product.md §4.6): a bet is
 * resolved once, only while it is open; by whoever decides it (its creator, or its referee) when
 * it is indefinite or has expired, by an admin at any time. A jury bet's creator proposes instead
 * (jury.ts), once. resolveBet enforces it; the bet detail's `canResolve` shows it.
 */
export function resolveRefusal(bet: BetRow, expired: boolean, actor: Pick<UserRow, 'id'>, asAdmin: boolean): AppError | null {
  if (bet.status === 'resolved') return alreadyResolved();
  if (!isUnsettled(bet.status)) return betClosed();
  if (asAdmin) return null;
  if (bet.status !== 'active') return conflict('A result has already been proposed', 'already_proposed');
  if (bet.resolutionMode === 'referee') {
    if (bet.refereeId !== actor.id) return forbidden('Only the referee can resolve this bet', 'not_referee');
  } else if (bet.creatorId !== actor.id) {
    return forbidden('Only the creator can resolve this bet', 'not_creator');
  }
  if (bet.expirationType !== 'indefinite' && !expired) return conflict('This bet can only be resolved after it expires', 'not_expired');
  return null;
}

/** The label of the bet's option `option`, or 400 when the bet has no such option. */
export async function optionLabel(tx: Tx, betId: number, option: number): Promise<string> {
  const betOptionRows = await tx.select().from(betOptions).where(eq(betOptions.betId, betId)).orderBy(asc(betOptions.idx));
  const found = betOptionRows[option];
  if (!found) throw badRequest(`Winning option must be between 0 and ${betOptionRows.length - 1}`, 'invalid_option');
  return found.label;
}

/**
 * What resolving the bet with `winningOption` would pay each stake now, for whoever may resolve
 * it (resolveRefusal) to read before confirming: the stakes as payWinners reads them, through the
 * same rule (settlementOutcomes, src/shared/payout.ts). Nothing is locked: a stake placed
 * meanwhile changes the figures, and the bet's live update refreshes them on the screen.
 */
export async function previewPayouts(app: FastifyInstance, viewer: UserRow, betId: number, winningOption: number): Promise<PayoutPreview> {
  return inTransaction(app.db, async (tx) => {
    const [row] = await tx
      .select({ bet: bets, expired: sql<boolean>`coalesce(${bets.expiresAt} <= now(), false)` })
      .from(bets)
      .where(and(eq(bets.id, betId), sql`exists (select 1 from bet_viewers v where v.bet_id = ${bets}."id" and v.viewer_id = ${viewer.id})`));
    if (!row || row.bet.deletedAt) throw betNotFound();
    const refusal = resolveRefusal(row.bet, row.expired, viewer, viewer.role === 'admin');
    if (refusal) throw refusal;
    await optionLabel(tx, betId, winningOption);
    const staked = await tx
      .select({ stake: stakes, username: users.username })
      .from(stakes)
      .innerJoin(users, eq(users.id, stakes.userId))
      .where(eq(stakes.betId, betId))
      .orderBy(asc(stakes.id));
    const { kind, outcomes } = settlementOutcomes(
      staked.map(({ stake: s }) => ({ id: s.id, option: s.optionIdx, amountCents: s.amountCents, placedOrder: s.id })),
      winningOption,
    );
    return {
      winningOption,
      kind,
      rows: staked.map(({ stake, username }, i) => ({
        user: { id: stake.userId, username },
        option: stake.optionIdx,
        stake: formatCents(stake.amountCents),
        returns: formatCents(outcomes[i]!.returnsCents),
        profit: formatCents(outcomes[i]!.profitCents),
      })),
    };
  });
}

/** A settlement done in a transaction, for announce() to tell once it has committed. */
export interface Settled {
  type: 'bet_resolved' | 'bet_voided';
  betId: number;
  actorId: number | null;
  participantIds: number[];
  notified: { userId: number; id: number }[];
  /** The bet row as the settlement left it. */
  bet: BetRow;
  /** Paid to the winners, or refunded (a void, or nobody on the winning option). */
  settlement: Settlement['kind'];
}

/** Tells every instance's sockets and push about a committed settlement. */
export function announce(app: FastifyInstance, settled: Settled): void {
  app.domainEvents.emit({ type: settled.type, betId: settled.betId, actorId: settled.actorId, participantIds: settled.participantIds });
  app.domainEvents.notified(settled.notified);
}

/**
 * Resolves an unsettled bet, locked by the caller, with `winningOption` (its label
 * `winningLabel`) and pays every stake (§2.5); `resolvedBy` null when no one person decided it (a
 * proposal that stood, a jury). Null when it had settled already: exactly one settlement gets
 * past the UPDATE (docs/product.md §2.5).
 */
export async function payWinners(
  tx: Tx,
  bet: BetRow,
  winningOption: number,
  winningLabel: string,
  resolvedBy: number | null,
): Promise<Settled | null> {
  const [resolved] = await tx
    .update(bets)
    .set({ status: 'resolved', winningOption, resolvedAt: sql`now()`, resolvedBy, updatedAt: new Date() })
    .where(and(eq(bets.id, bet.id), inArray(bets.status, [...UNSETTLED_STATUSES])))
    .returning();
  if (!resolved) return null;
  const betStakes = await stakesOf(tx, bet.id);
  const settlement = settle(
    betStakes.map((s) => ({ id: s.id, option: s.optionIdx, amountCents: s.amountCents, placedOrder: s.id })),
    winningOption,
  );
  const notified = await paySettlement(tx, resolved, betStakes, settlement, winningLabel);
  await recordActivity(tx, { type: 'bet_resolved', userId: bet.creatorId, betId: bet.id, optionIdx: winningOption });
  return {
    type: 'bet_resolved',
    betId: bet.id,
    actorId: resolvedBy,
    participantIds: betStakes.map((s) => s.userId),
    notified,
    bet: resolved,
    settlement: settlement.kind,
  };
}

/**
 * Voids an unsettled bet, locked by the caller, and refunds every stake; with `hide`, an admin's
 * delete, it also leaves every list. Null when it had settled already.
 */
export async function refundEveryone(
  tx: Tx,
  bet: BetRow,
  reason: string,
  actorId: number | null,
  options: { hide: boolean } = { hide: false },
): Promise<Settled | null> {
  const [voided] = await tx
    .update(bets)
    .set({
      status: 'void',
      voidReason: reason,
      resolvedAt: sql`now()`,
      resolvedBy: actorId,
      deletedAt: options.hide ? new Date() : null,
      updatedAt: new Date(),
    })
    .where(and(eq(bets.id, bet.id), inArray(bets.status, [...UNSETTLED_STATUSES])))
    .returning();
  if (!voided) return null;
  const betStakes = await stakesOf(tx, bet.id);
  const refunds = refundAll(betStakes.map((s) => ({ id: s.id, option: s.optionIdx, amountCents: s.amountCents, placedOrder: s.id })));
  const notified = await paySettlement(tx, voided, betStakes, refunds, null);
  return {
    type: 'bet_voided',
    betId: bet.id,
    actorId,
    participantIds: betStakes.map((s) => s.userId),
    notified,
    bet: voided,
    settlement: refunds.kind,
  };
}


/**
 * Resolves a bet its caller has locked, after the checks of resolveRefusal: the settlement to
 * announce after commit. An admin's resolution is audited.
 */
export async function resolveLocked(
  tx: Tx,
  actor: UserRow,
  locked: LockedBet,
  winningOption: number,
  options: { asAdmin: boolean },
): Promise<Settled> {
  const { bet, expired } = locked;
  const refusal = resolveRefusal(bet, expired, actor, options.asAdmin);
  if (refusal) throw refusal;
  const label = await optionLabel(tx, bet.id, winningOption);
  const settled = await payWinners(tx, bet, winningOption, label, actor.id);
  if (!settled) throw alreadyResolved();
  if (options.asAdmin) {
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: 'bet.resolve',
      targetType: 'bet',
      targetId: bet.id,
      before: auditSnapshot(bet),
      after: { ...auditSnapshot(settled.bet), winningLabel: label, settlement: settled.settlement },
    });
  }
  return settled;
}

/**
 * An admin resolves any unsettled bet at any time (docs/product.md §4.6), whoever decides it.
 * A player's resolution goes through jury.ts's resolveOrPropose, which proposes a jury bet's.
 */
export async function resolveBetAsAdmin(app: FastifyInstance, admin: UserRow, betId: number, winningOption: number): Promise<void> {
  const settled = await inTransaction(app.db, async (tx) => {
    const locked = await lockBet(tx, betId);
    if (!locked) throw betNotFound();
    return resolveLocked(tx, admin, locked, winningOption, { asAdmin: true });
  });
  announce(app, settled);
}

