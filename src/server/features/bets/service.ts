import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents, formatDollars, parseAmountToCents } from '../../../shared/money.ts';
import { settle, refundAll, type Settlement } from '../../../shared/payout.ts';
import { MIN_STAKE_CENTS, type createBetBodySchema } from '../../../shared/schemas/bets.ts';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.ts';
import { rowJson } from '../../db/row-json.ts';
import { activities, betOptions, bets, notifications, stakes } from '../../db/schema.ts';
import { answeredByDatabase, errorChain, inTransaction, retryingConflicts, type Tx } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { recordAdminAction } from '../admin/audit-log.ts';
import type { UserRow } from '../auth/sessions.ts';
import { notify } from '../notifications/service.ts';
import { recordMovement } from '../wallet/ledger.ts';
import { presentPools } from './present.ts';
import { StakeBatches } from './stake-batches.ts';
import { findVisibleBet, toBundle, type BetBundle, type BetRow, type BundleJson, type StakeRow } from './queries.ts';

/**
 * The betting rules (spec §4-§6, DESIGN §5, §7), all enforced here. Every change of money is a
 * ledger row in the same transaction as the balance change; events go out after commit.
 */

type CreateBetInput = z.output<typeof createBetBodySchema>;

const betNotFound = () => notFound('Bet not found', 'bet_not_found');

/** What the audit log keeps of a bet before and after an admin touched it. */
function auditSnapshot(bet: BetRow): Record<string, unknown> {
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

async function logActivity(
  tx: Tx,
  entry: { userId: number; type: string; description: string; betId?: number; amountCents?: number },
) {
  await tx.insert(activities).values({
    userId: entry.userId,
    type: entry.type,
    description: entry.description,
    betId: entry.betId ?? null,
    amountCents: entry.amountCents ?? null,
  });
}

export async function createBet(app: FastifyInstance, creator: UserRow, input: CreateBetInput): Promise<number> {
  const betId = await inTransaction(app.db, async (tx) => {
    // Time limits count on the database's clock, the same one every stake is checked against.
    const expiresAt =
      input.expirationType === 'time'
        ? sql`now() + make_interval(hours => ${Number(input.expirationValue)})`
        : input.expirationType === 'date'
          ? new Date(input.expirationValue)
          : null;
    const [bet] = await tx
      .insert(bets)
      .values({
        creatorId: creator.id,
        title: input.title,
        description: input.description,
        category: input.category,
        expirationType: input.expirationType,
        expirationValue: input.expirationType === 'indefinite' ? '' : input.expirationValue,
        expiresAt,
      })
      .returning({ id: bets.id });
    if (!bet) throw new Error('bet insert returned nothing');
    await tx.insert(betOptions).values(input.options.map((label, idx) => ({ betId: bet.id, idx, label })));
    await logActivity(tx, { userId: creator.id, type: 'bet_created', description: `Created bet "${input.title}"`, betId: bet.id });
    return bet.id;
  });
  app.domainEvents.emit({ type: 'bet_created', betId, actorId: creator.id });
  return betId;
}

/** Locks the bet row for the rest of the transaction, with whether it has expired by the database's clock. */
async function lockBet(tx: Tx, betId: number): Promise<{ bet: BetRow; expired: boolean } | null> {
  const [row] = await tx
    .select({ bet: bets, expired: sql<boolean>`coalesce(${bets.expiresAt} <= now(), false)` })
    .from(bets)
    .where(eq(bets.id, betId))
    .for('update');
  return row && !row.bet.deletedAt ? row : null;
}

export function parseStakeAmount(amount: number | string): number {
  const cents = parseAmountToCents(amount);
  if (cents === null) {
    const looksLikeFraction = /^\d*\.\d{3,}$/.test(String(amount).trim());
    throw badRequest(looksLikeFraction ? 'Amount must be in whole cents' : 'Please enter a valid bet amount', 'invalid_amount');
  }
  if (cents <= 0) throw badRequest('Please enter a valid bet amount', 'invalid_amount');
  if (cents < MIN_STAKE_CENTS) throw badRequest('Minimum bet is $1.00', 'amount_too_small');
  return cents;
}

/** What the database's place_stake answers, in the order its rules are checked. */
const STAKE_REFUSALS: Record<string, () => AppError> = {
  not_found: betNotFound,
  own_bet: () => forbidden('You cannot bet on your own bet', 'own_bet'),
  bet_closed: () => conflict('This bet is closed', 'bet_closed'),
  bet_expired: () => conflict('This bet has expired', 'bet_expired'),
  invalid_option: () => badRequest('Please choose an option', 'invalid_option'),
  already_staked: () => conflict('You have already placed a bet on this', 'already_staked'),
  insufficient_balance: () => new AppError(409, 'insufficient_balance', 'Insufficient balance'),
};

/** Whether `error` is the unique index refusing a second stake by one user on one bet. */
function isDuplicateStake(error: unknown): boolean {
  return errorChain(error).some((e) => e.code === '23505' && e.constraint === 'stakes_bet_user_key');
}

const notificationJson = rowJson(notifications);

/** One stake as the database functions take it (place_stakes reads these names from JSON). */
export interface StakeCall {
  userId: number;
  isAdmin: boolean;
  betId: number;
  option: number;
  amountCents: number;
  username: string;
  amountText: string;
}

interface StakeOutcome {
  result: string;
  bet: BundleJson | null;
  notification: unknown;
}

async function placeStakeAlone(db: Db, call: StakeCall): Promise<StakeOutcome> {
  try {
    const [outcome] = await retryingConflicts(() => placeStakesTogether(db, [call]));
    if (!outcome) throw new Error('stake_on_bets returned nothing');
    return outcome;
  } catch (error) {
    // The bet's lock makes the function's own check see any earlier stake; the unique index is
    // the last word should anything ever slip past it.
    if (isDuplicateStake(error)) return { result: 'already_staked', bet: null, notification: null };
    throw error;
  }
}

async function placeStakesTogether(db: Db, calls: StakeCall[]): Promise<StakeOutcome[]> {
  // stake_on_bets reads each stake's fields under StakeCall's names.
  const stakesJson = JSON.stringify(calls);
  const rows = rowsOf<StakeOutcome & { n: number }>(
    await db.execute(sql`select n, result, bet, notification from stake_on_bets(${stakesJson}::jsonb)`),
  );
  const outcomes: StakeOutcome[] = [];
  for (const row of rows) outcomes[Number(row.n)] = row;
  return outcomes;
}

/**
 * On PostgreSQL, a second batch starts beside a running one only once 16 stakes wait, and at
 * most 8 run at once: enough to keep its cores busy while others commit, and 12 of the pool's 20
 * connections stay free for every other request. Measured in docs/performance.md (15 s runs
 * with 2 to 8 batches and 8 to 16 stakes to fill: 0.47x to 0.57x of pgbench, against 0.41x to
 * 0.47x when every free slot took whatever waited). PGlite has one connection: one batch at a time.
 */
const BATCH_LIMITS = {
  postgres: { batches: 8, size: 64, fill: 16 },
  pglite: { batches: 1, size: 64, fill: 1 },
} as const;

const stakeBatches = new WeakMap<Db, StakeBatches<StakeCall, StakeOutcome>>();

export function stakeBatchesOf(app: FastifyInstance): StakeBatches<StakeCall, StakeOutcome> {
  let batches = stakeBatches.get(app.db);
  if (!batches) {
    const db = app.db;
    batches = new StakeBatches<StakeCall, StakeOutcome>(
      {
        one: (call) => placeStakeAlone(db, call),
        many: (calls) => placeStakesTogether(db, calls),
        // PostgreSQL refused the batch's one statement, so it rolled back.
        placedNone: answeredByDatabase,
      },
      BATCH_LIMITS[app.database.kind],
    );
    stakeBatches.set(app.db, batches);
  }
  return batches;
}

/**
 * The hottest write path is one statement: the database function stake_on_bet (migrations 0005,
 * 0006, 0008, 0010) locks the bet, checks every rule in the order above, and only then debits
 * the balance and writes the stake, its ledger row, the pools, the activity and the creator's
 * notification, atomically. It answers with everything that follows: the bet as the staker now
 * sees it (the reply, also the live update's pools) and the notification (the creator's socket).
 * One round trip instead of twenty (docs/decisions/007-stake-in-the-database.md); the answer is
 * the bet without its participant list (docs/decisions/010-stake-answers-the-bet.md), and
 * without its audience, which each instance finds among its connected users
 * (docs/decisions/013-fan-out-finds-the-audience.md). Stakes arriving together are placed
 * together, in one transaction (stake_on_bets, migrations 0009, 0010,
 * docs/decisions/012-stakes-in-batches.md); each is answered once that has committed. The
 * batch's stakes are checked and written as sets, a few statements for the whole batch, and a
 * single stake is a batch of one (migration 0012, docs/decisions/015-stakes-placed-as-sets.md).
 */
export async function placeStake(
  app: FastifyInstance,
  user: UserRow,
  betId: number,
  input: { option: number; amount: number | string },
): Promise<BetBundle> {
  const amountCents = parseStakeAmount(input.amount);
  const outcome = await stakeBatchesOf(app).place({
    userId: user.id,
    isAdmin: user.role === 'admin',
    betId,
    option: input.option,
    amountCents,
    username: user.username,
    amountText: formatDollars(amountCents),
  });
  if (outcome.result !== 'ok') {
    const refusal = STAKE_REFUSALS[outcome.result];
    if (!refusal) throw new Error(`stake_on_bet answered ${outcome.result}`);
    throw refusal();
  }
  // The function reads back the bet it has just locked and written: it is always there.
  if (!outcome.bet) throw new Error('stake_on_bet answered ok without the bet');
  const bundle = toBundle(outcome.bet);
  // The stake has committed: failing to announce it must not turn it into an error for the staker.
  try {
    app.domainEvents.emit({
      type: 'bet_updated',
      betId,
      actorId: user.id,
      stakerId: user.id,
      snapshot: { pools: presentPools(bundle.bet, bundle.options), title: bundle.bet.title, creatorId: bundle.bet.creatorId },
    });
    if (outcome.notification) {
      const row = notificationJson.decode(outcome.notification);
      app.domainEvents.emit({ type: 'notification', userId: row.userId, notificationId: row.id, row });
    }
  } catch (err) {
    app.log.error({ err, betId }, 'announcing a committed stake failed');
  }
  return bundle;
}

/**
 * Pays out (or refunds) every stake of a bet whose status the caller has just moved out of
 * 'active' in this transaction, so no other settlement of it can run.
 */
async function paySettlement(tx: Tx, bet: BetRow, betStakes: StakeRow[], settlement: Settlement, winningLabel: string | null) {
  // Users are touched in id order, so concurrent settlements cannot deadlock on them.
  const ordered = [...betStakes].sort((a, b) => a.userId - b.userId);
  const notified: Awaited<ReturnType<typeof notify>>[] = [];
  for (const stake of ordered) {
    const paid = settlement.paid.get(stake.id) ?? 0;
    if (paid > 0) {
      await recordMovement(tx, {
        userId: stake.userId,
        kind: settlement.kind === 'refund' ? 'refund' : 'payout',
        amountCents: paid,
        betId: bet.id,
      });
    }
    const outcome = settlement.kind === 'refund' ? 'refunded' : stake.optionIdx === bet.winningOption ? 'won' : 'lost';
    // The player figures and platform totals follow the outcome (functions/*_on_stake_settled.sql).
    await tx.update(stakes).set({ settledCents: paid, outcome }).where(eq(stakes.id, stake.id));
    if (outcome === 'refunded') {
      await logActivity(tx, {
        userId: stake.userId,
        type: 'bet_refunded',
        description: `Refunded ${formatDollars(paid)} on "${bet.title}"`,
        betId: bet.id,
        amountCents: paid,
      });
      notified.push(
        await notify(tx, {
          userId: stake.userId,
          type: 'bet_settled',
          title: 'Stake refunded',
          body: `Refunded ${formatDollars(paid)} on "${bet.title}"`,
          betId: bet.id,
        }),
      );
    } else if (outcome === 'won') {
      await logActivity(tx, {
        userId: stake.userId,
        type: 'bet_won',
        description: `Won ${formatDollars(paid)} on "${bet.title}" ("${winningLabel}")`,
        betId: bet.id,
        amountCents: paid,
      });
      notified.push(
        await notify(tx, {
          userId: stake.userId,
          type: 'bet_settled',
          title: `You won ${formatDollars(paid)}!`,
          body: `"${winningLabel}" won in "${bet.title}"`,
          betId: bet.id,
        }),
      );
    } else {
      await logActivity(tx, {
        userId: stake.userId,
        type: 'bet_lost',
        description: `Lost ${formatDollars(stake.amountCents)} on "${bet.title}"`,
        betId: bet.id,
        amountCents: stake.amountCents,
      });
      notified.push(
        await notify(tx, {
          userId: stake.userId,
          type: 'bet_settled',
          title: `You lost ${formatDollars(stake.amountCents)}`,
          body: `"${winningLabel}" won in "${bet.title}"`,
          betId: bet.id,
        }),
      );
    }
  }
  return notified;
}

async function stakesOf(tx: Tx, betId: number): Promise<StakeRow[]> {
  return tx.select().from(stakes).where(eq(stakes.betId, betId)).orderBy(asc(stakes.id));
}

export async function resolveBet(
  app: FastifyInstance,
  actor: UserRow,
  betId: number,
  winningOption: number,
  options: { asAdmin: boolean },
): Promise<void> {
  const { participantIds, notified } = await inTransaction(app.db, async (tx) => {
    if (!options.asAdmin && !(await findVisibleBet(tx, actor, betId))) throw betNotFound();
    const locked = await lockBet(tx, betId);
    if (!locked) throw betNotFound();
    const { bet, expired } = locked;
    if (bet.status === 'resolved') throw conflict('This bet has already been resolved', 'already_resolved');
    if (bet.status !== 'active') throw conflict('This bet is closed', 'bet_closed');
    if (!options.asAdmin) {
      if (bet.creatorId !== actor.id) throw forbidden('Only the creator can resolve this bet', 'not_creator');
      if (bet.expirationType !== 'indefinite' && !expired) {
        throw conflict('This bet can only be resolved after it expires', 'not_expired');
      }
    }
    const betOptionRows = await tx.select().from(betOptions).where(eq(betOptions.betId, betId)).orderBy(asc(betOptions.idx));
    const winner = betOptionRows[winningOption];
    if (!winner) {
      throw badRequest(`Winning option must be between 0 and ${betOptionRows.length - 1}`, 'invalid_option');
    }
    // Exactly one resolver gets past this UPDATE (DESIGN §5).
    const [resolved] = await tx
      .update(bets)
      .set({ status: 'resolved', winningOption, resolvedAt: new Date(), resolvedBy: actor.id, updatedAt: new Date() })
      .where(and(eq(bets.id, betId), eq(bets.status, 'active')))
      .returning();
    if (!resolved) throw conflict('This bet has already been resolved', 'already_resolved');

    const betStakes = await stakesOf(tx, betId);
    const settlement = settle(
      betStakes.map((s) => ({ id: s.id, option: s.optionIdx, amountCents: s.amountCents, placedOrder: s.id })),
      winningOption,
    );
    const settledNotices = await paySettlement(tx, resolved, betStakes, settlement, winner.label);
    if (options.asAdmin) {
      await recordAdminAction(tx, {
        actorId: actor.id,
        action: 'bet.resolve',
        targetType: 'bet',
        targetId: betId,
        before: auditSnapshot(bet),
        after: { ...auditSnapshot(resolved), winningLabel: winner.label, settlement: settlement.kind },
      });
    }
    await logActivity(tx, {
      userId: bet.creatorId,
      type: 'bet_resolved',
      description: `"${bet.title}" was resolved: "${winner.label}" won`,
      betId,
    });
    return { participantIds: betStakes.map((s) => s.userId), notified: settledNotices };
  });
  app.domainEvents.emit({ type: 'bet_resolved', betId, actorId: actor.id, participantIds });
  app.domainEvents.notified(notified);
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
  const outcome = await inTransaction(app.db, async (tx) => {
    const locked = await lockBet(tx, betId);
    if (!locked) throw betNotFound();
    if (locked.bet.status !== 'active') {
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
    const [voided] = await tx
      .update(bets)
      .set({
        status: 'void',
        voidReason: reason,
        resolvedAt: new Date(),
        resolvedBy: options.actorId,
        deletedAt: options.delete ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(and(eq(bets.id, betId), eq(bets.status, 'active')))
      .returning();
    if (!voided) return null;
    const betStakes = await stakesOf(tx, betId);
    const refunds = refundAll(
      betStakes.map((s) => ({ id: s.id, option: s.optionIdx, amountCents: s.amountCents, placedOrder: s.id })),
    );
    const notified = await paySettlement(tx, voided, betStakes, refunds, null);
    if (auditActorId !== null) {
      await recordAdminAction(tx, {
        actorId: auditActorId,
        action: options.delete ? 'bet.delete' : 'bet.void',
        targetType: 'bet',
        targetId: betId,
        before: auditSnapshot(locked.bet),
        after: { ...auditSnapshot(voided), refundedStakes: betStakes.length },
      });
    }
    return { participantIds: betStakes.map((s) => s.userId), notified };
  });
  if (outcome === null) return false;
  app.domainEvents.emit({ type: 'bet_voided', betId, actorId: options.actorId, participantIds: outcome.participantIds });
  app.domainEvents.notified(outcome.notified);
  return true;
}

export async function editBet(
  app: FastifyInstance,
  admin: UserRow,
  betId: number,
  input: { title: string; description: string },
): Promise<void> {
  await inTransaction(app.db, async (tx) => {
    const locked = await lockBet(tx, betId);
    if (!locked) throw betNotFound();
    const [updated] = await tx
      .update(bets)
      .set({ title: input.title, description: input.description, updatedAt: new Date() })
      .where(eq(bets.id, betId))
      .returning();
    if (!updated) throw betNotFound();
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'bet.edit',
      targetType: 'bet',
      targetId: betId,
      before: { title: locked.bet.title, description: locked.bet.description },
      after: { title: updated.title, description: updated.description },
    });
  });
  app.domainEvents.emit({ type: 'bet_updated', betId, actorId: admin.id });
}

/**
 * The creator's own edit of title and description, only while nobody has staked: a stake is
 * placed on the words as they stood, so once there is one the words are fixed. The bet row is
 * locked as placeStake locks it, so an edit and a first stake cannot cross.
 */
export async function editOwnBet(
  app: FastifyInstance,
  creator: UserRow,
  betId: number,
  input: { title: string; description: string },
): Promise<void> {
  await inTransaction(app.db, async (tx) => {
    if (!(await findVisibleBet(tx, creator, betId))) throw betNotFound();
    const locked = await lockBet(tx, betId);
    if (!locked) throw betNotFound();
    const { bet } = locked;
    if (bet.creatorId !== creator.id) throw forbidden('Only the creator can edit this bet', 'not_creator');
    if (bet.status !== 'active') throw forbidden('This bet is closed', 'bet_closed');
    if (bet.participantCount > 0) throw conflict('This bet already has stakes', 'bet_has_stakes');
    await tx
      .update(bets)
      .set({ title: input.title, description: input.description, updatedAt: new Date() })
      .where(eq(bets.id, betId));
  });
  app.domainEvents.emit({ type: 'bet_updated', betId, actorId: creator.id });
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

/**
 * Tells creators once that their bet expired and awaits their resolution. The UPDATE claims
 * each bet atomically, so several instances never notify twice.
 */
export async function notifyExpiredBets(app: FastifyInstance): Promise<number> {
  const notified = await inTransaction(app.db, async (tx) => {
    const claimed = await tx
      .update(bets)
      .set({ expiryNotifiedAt: new Date() })
      .where(
        and(
          eq(bets.status, 'active'),
          sql`${bets.deletedAt} is null`,
          sql`${bets.expiresAt} <= now()`,
          sql`${bets.expiryNotifiedAt} is null`,
        ),
      )
      .returning({ id: bets.id, creatorId: bets.creatorId, title: bets.title });
    const list = [];
    for (const bet of claimed) {
      list.push(
        await notify(tx, {
          userId: bet.creatorId,
          type: 'bet_expired',
          title: 'Your bet needs a result',
          body: `"${bet.title}" has expired and awaits your resolution`,
          betId: bet.id,
        }),
      );
    }
    return list;
  });
  app.domainEvents.notified(notified);
  return notified.length;
}
