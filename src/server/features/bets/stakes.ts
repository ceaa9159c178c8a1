import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents, formatDollars, parseAmountToCents } from '../../../shared/money.ts';
import { refundAll, settle, type Settlement } from '../../../shared/payout.ts';
import { stakeAmountRefusal } from '../../../shared/stake-amount.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { rowJson } from '../../db/row-json.ts';
import { answeredByDatabase, errorChain, inTransaction, retryingConflicts, type Tx } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors.ts';
import { recordActivity, type ActivityFact } from '../activities/service.ts';
import { recordAdminAction } from '../audit-log/service.ts';
import { notifications, notifyAll } from '../notifications/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { moveMoney } from '../wallet/service.ts';
import { presentPools } from './present.ts';
import { betNotFound, findVisibleBet, lockBet, toBundle, type BetBundle, type BundleJson } from './queries.ts';
import { StakeBatches } from './stake-batches.ts';
import { betOptions, bets, stakes, type BetRow, type StakeRow } from './tables.ts';

/**
 * Money on bets, every rule of it in one place: a stake goes in (placeStake), and comes out at
 * settlement, paid to the winners (resolveBet) or refunded to everyone (voidBet: an admin's
 * delete, the overdue sweep, a deactivated creator). The money itself moves through move_money
 * (features/wallet/money.sql), each movement a ledger row in the statement that changes the
 * balance; the player figures and platform totals follow the stakes rows by triggers
 * (docs/player-figures.md); events go out after commit.
 */

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

export function parseStakeAmount(amount: number | string): number {
  const refusal = stakeAmountRefusal(amount);
  if (refusal) throw badRequest(refusal.message, refusal.code);
  return parseAmountToCents(amount)!;
}

/** The answers of stake_on_bets (stake.sql), each with what the staker is told. */
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

/** One stake as stake_on_bets takes it: each field is one of its arrays. */
export interface StakeCall {
  userId: number;
  betId: number;
  option: number;
  amountCents: number;
  username: string;
  amountText: string;
}

export interface StakeOutcome {
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

/** Places the stakes in one call of stake_on_bets, in the caller's transaction or one of its own; answers each in order. */
export async function placeStakesTogether(db: Db | Tx, calls: StakeCall[]): Promise<StakeOutcome[]> {
  const column = <T,>(pick: (call: StakeCall) => T) => sql.param(calls.map(pick));
  const rows = rowsOf<StakeOutcome & { n: number }>(
    await db.execute(sql`select n, result, bet, notification from stake_on_bets(
      ${column((c) => c.userId)}::integer[], ${column((c) => c.betId)}::integer[], ${column((c) => c.option)}::integer[],
      ${column((c) => c.amountCents)}::bigint[], ${column((c) => c.username)}::text[], ${column((c) => c.amountText)}::text[])`),
  );
  const outcomes: StakeOutcome[] = [];
  for (const row of rows) outcomes[Number(row.n)] = row;
  return outcomes;
}

/**
 * On PostgreSQL, a second batch starts beside a running one only once 16 stakes wait, and at
 * most 8 run at once: enough to keep its cores busy while others commit, and 12 of the pool's 20
 * connections stay free for every other request. Measured in docs/decisions/012-stakes-in-batches.md (15 s runs
 * with 2 to 8 batches and 8 to 16 stakes to fill: 0.47x to 0.57x of pgbench, against 0.41x to
 * 0.47x when every free slot took whatever waited). PGlite has one connection: one batch at a time.
 */
const BATCH_LIMITS = {
  postgres: { batches: 8, size: 64, fill: 16 },
  pglite: { batches: 1, size: 64, fill: 1 },
} as const;
/** PLAIN_PATHS=stake-batches: each stake alone, as many at once as the pool has connections. */
const ONE_AT_A_TIME = { batches: 20, size: 1, fill: 1 } as const;

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
      app.config.plainPaths.has('stake-batches') ? ONE_AT_A_TIME : BATCH_LIMITS[app.database.kind],
    );
    stakeBatches.set(app.db, batches);
  }
  return batches;
}

/**
 * A stake (docs/product.md §4.5): its amount checked here, then every rule, the debit and
 * every write in one statement of the database function stake_on_bets (stake.sql, with its rules
 * in stake_refusal and its debit by move_money, features/wallet/money.sql), which answers with
 * the bet as the staker now sees it and the creator's notification; the live update and the
 * notification go out after it has committed (plugins/domain-events.ts, to the live layer and
 * push). Stakes arriving together are placed together in one call and one transaction
 * (stake-batches.ts, docs/decisions/012-stakes-in-batches.md).
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
    betId,
    option: input.option,
    amountCents,
    username: user.username,
    amountText: formatDollars(amountCents),
  });
  if (outcome.result !== 'ok') {
    const refusal = STAKE_REFUSALS[outcome.result];
    if (!refusal) throw new Error(`stake_on_bets answered ${outcome.result}`);
    throw refusal();
  }
  // The function reads back the bet it has just locked and written: it is always there.
  if (!outcome.bet) throw new Error('stake_on_bets answered ok without the bet');
  const bundle = toBundle(outcome.bet);
  // The stake has committed: failing to announce it must not turn it into an error for the staker.
  try {
    app.domainEvents.emit({
      type: 'bet_updated',
      betId,
      actorId: user.id,
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
 * 'active' in this transaction, so no other settlement of it can run: every payment in one
 * movement of money, every outcome, feed line and notification in one statement each.
 */
async function paySettlement(tx: Tx, bet: BetRow, betStakes: StakeRow[], settlement: Settlement, winningLabel: string | null) {
  const settled = betStakes.map((stake) => {
    const paid = settlement.paid.get(stake.id) ?? 0;
    const outcome = settlement.kind === 'refund' ? 'refunded' : stake.optionIdx === bet.winningOption ? 'won' : 'lost';
    return { stake, paid, outcome } as const;
  });
  // One stake per player and bet (stakes_bet_user_key), so one move per staker.
  await moveMoney(
    tx,
    settlement.kind === 'refund' ? 'refund' : 'payout',
    settled.filter((s) => s.paid > 0).map((s) => ({ userId: s.stake.userId, amountCents: s.paid, betId: bet.id })),
  );
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
          title: 'Stake refunded',
          body: `Refunded ${formatDollars(paid)} on "${bet.title}"`,
        },
        won: {
          activity: { ...line, type: 'bet_won', amountCents: paid, optionIdx: stake.optionIdx },
          title: `You won ${formatDollars(paid)}!`,
          body: `"${winningLabel}" won in "${bet.title}"`,
        },
        lost: {
          activity: { ...line, type: 'bet_lost', amountCents: stake.amountCents },
          title: `You lost ${formatDollars(stake.amountCents)}`,
          body: `"${winningLabel}" won in "${bet.title}"`,
        },
      } satisfies Record<typeof outcome, { activity: ActivityFact; title: string; body: string }>
    )[outcome];
  });
  if (told.length > 0) await recordActivity(tx, told.map((t) => t.activity));
  return notifyAll(
    tx,
    settled.map(({ stake }, i) => ({ userId: stake.userId, type: 'bet_settled', title: told[i]!.title, body: told[i]!.body, betId: bet.id })),
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
 * resolved once, only while it is open; by its creator when it is indefinite or has expired, by
 * an admin at any time. resolveBet enforces it; the bet detail's `canResolve` shows it.
 */
export function resolveRefusal(bet: BetRow, expired: boolean, actor: Pick<UserRow, 'id'>, asAdmin: boolean): AppError | null {
  if (bet.status === 'resolved') return conflict('This bet has already been resolved', 'already_resolved');
  if (bet.status !== 'active') return conflict('This bet is closed', 'bet_closed');
  if (asAdmin) return null;
  if (bet.creatorId !== actor.id) return forbidden('Only the creator can resolve this bet', 'not_creator');
  if (bet.expirationType !== 'indefinite' && !expired) return conflict('This bet can only be resolved after it expires', 'not_expired');
  return null;
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
    const refusal = resolveRefusal(bet, expired, actor, options.asAdmin);
    if (refusal) throw refusal;
    const betOptionRows = await tx.select().from(betOptions).where(eq(betOptions.betId, betId)).orderBy(asc(betOptions.idx));
    const winner = betOptionRows[winningOption];
    if (!winner) {
      throw badRequest(`Winning option must be between 0 and ${betOptionRows.length - 1}`, 'invalid_option');
    }
    // Exactly one resolver gets past this UPDATE: settlement happens once (docs/product.md §2.5).
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
    await recordActivity(tx, { type: 'bet_resolved', userId: bet.creatorId, betId, optionIdx: winningOption });
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

