import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseAmountToCents } from '../../../shared/money.ts';
import { stakeAmountRefusal } from '../../../shared/stake-amount.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { answeredByDatabase, errorChain, retryingConflicts, type Tx } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors.ts';
import { announcedReaderOf, decodeStoredNotification, presentNotification } from '../notifications/service.ts';
import type { UserRow } from '../users/service.ts';
import { presentPools, toBundle, type BetBundle, type BundleJson } from './present.ts';
import { betClosed, betNotFound } from './bet-lock.ts';

/**
 * A stake goes in (docs/product.md §4.5): placeStake checks the amount, and the database function
 * stake_on_bets (stake.sql) checks every rule, debits the staker through move_money
 * (features/wallet/money.sql) and writes the stake; the player figures and platform totals follow
 * the stakes rows by triggers (features/figures/figures.sql); events go out after commit. Stakes
 * arriving together share one call and one commit (StakeBatches, below). The money comes out in
 * settlement.ts.
 */

export function parseStakeAmount(amount: number | string): number {
  const refusal = stakeAmountRefusal(amount);
  if (refusal) throw badRequest(refusal.message, refusal.code);
  return parseAmountToCents(amount)!;
}

/** The answers of stake_on_bets (stake.sql), each with what the staker is told. */
const STAKE_REFUSALS: Record<string, () => AppError> = {
  not_found: betNotFound,
  not_member: () => forbidden("Only the crew's members can bet on a crew bet", 'not_member'),
  own_bet: () => forbidden('You cannot bet on your own bet', 'own_bet'),
  referee: () => forbidden('The referee cannot bet on this bet', 'referee_cannot_stake'),
  bet_closed: betClosed,
  bet_expired: () => conflict('This bet has expired', 'bet_expired'),
  invalid_option: () => badRequest('Please choose an option', 'invalid_option'),
  already_staked: () => conflict('You have already placed a bet on this', 'already_staked'),
  insufficient_balance: () => new AppError(409, 'insufficient_balance', 'Insufficient balance'),
};

/** Whether `error` is the unique index refusing a second stake by one user on one bet. */
function isDuplicateStake(error: unknown): boolean {
  return errorChain(error).some((e) => e.code === '23505' && e.constraint === 'stakes_bet_user_key');
}

/** One stake as stake_on_bets takes it: each field is one of its arrays. */
export interface StakeCall {
  userId: number;
  betId: number;
  option: number;
  amountCents: number;
  /** The staker's name, for the creator's notification. */
  username: string;
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
      ${column((c) => c.amountCents)}::bigint[], ${column((c) => c.username)}::text[])`),
  );
  const outcomes: StakeOutcome[] = [];
  for (const row of rows) outcomes[Number(row.n)] = row;
  return outcomes;
}

/**
 * On PostgreSQL, a second batch starts beside a running one only once 32 stakes wait, and at
 * most 8 run at once: enough to keep its cores busy while others commit, and 12 of the pool's 20
 * connections stay free for every other request. Measured in docs/decisions/012-stakes-in-batches.md:
 * 16 to fill at first (15 s runs with 2 to 8 batches and 8 to 16 stakes to fill: 0.47x to 0.57x of
 * pgbench, against 0.41x to 0.47x when every free slot took whatever waited); 32 since crew stakes
 * joined the bench (three 30 s runs each, alternated: 0.658x against 0.613x with 16, and a fifth
 * less of PostgreSQL's CPU per stake; 48 left cores idle). PGlite has one connection: one batch at a time.
 */
const BATCH_LIMITS = {
  postgres: { batches: 8, size: 64, fill: 32 },
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
 * (StakeBatches below, docs/decisions/012-stakes-in-batches.md).
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
      poolsOnly: true,
      snapshot: { pools: presentPools(bundle.bet, bundle.options), title: bundle.bet.title, creatorId: bundle.bet.creatorId },
    });
    if (outcome.notification) {
      const row = decodeStoredNotification(outcome.notification);
      // Worded once for the live layer and push, in the creator's language, read with the other
      // notified creators' (announcedReaderOf); the staker is answered meanwhile.
      void app.backgroundWork.track(
        announcedReaderOf(app, row.userId)
          .then((reader) =>
            app.domainEvents.emit({ type: 'notification', userId: row.userId, notificationId: row.id, notification: presentNotification(row, reader) }),
          )
          .catch((err: unknown) => app.log.error({ err, betId }, 'announcing a committed stake failed')),
      );
    }
  } catch (err) {
    app.log.error({ err, betId }, 'announcing a committed stake failed');
  }
  return bundle;
}

/**
 * StakeBatches gathers stakes that arrive while others are being placed, so that they are placed together in
 * one call and one transaction and share one commit (docs/decisions/012-stakes-in-batches.md).
 *
 * Nothing waits on a timer: a stake goes out at once, alone, when no batch is running. While
 * some are, stakes queue, and a new batch starts beside them once `fill` stakes wait (while fewer
 * than `batches` run) or when one ends, taking everything queued (up to `size`). So a lone stake
 * costs what it did before, and under load the batches grow with the load.
 *
 * Two running batches of one instance never share a bet: a stake on a bet that a running batch
 * holds waits for it, rather than going out only to wait for that batch's lock in the database.
 * (The database function's lock order keeps batches of different instances from deadlocking.)
 *
 * The plain way is each stake alone (PLAIN_PATHS=stake-batches); concurrency.test.ts ("leaves the
 * same money, pools and figures as the same stakes placed one at a time") holds the two equal.
 */

export interface BatchLimits {
  /** Batches in the database at once. */
  batches: number;
  /** Stakes in one batch at most. */
  size: number;
  /** Stakes queued before a batch starts beside a running one. */
  fill: number;
}

export interface BatchRunners<S, R> {
  /** Places one stake alone. */
  one(stake: S): Promise<R>;
  /**
   * Places several stakes in one transaction, answering in their order. If it throws, none of
   * them was placed, unless `placedNone` says the error leaves that in doubt.
   */
  many(stakes: S[]): Promise<R[]>;
  /**
   * Whether `error`, thrown by `many`, proves that nothing of the batch committed (the database
   * answered with an error, so its transaction rolled back). Then each stake is placed again on
   * its own, where it meets the same rules and its own error alone. Otherwise (a lost connection,
   * say) every stake of the batch fails with the error, as a lone stake would.
   */
  placedNone(error: unknown): boolean;
}

interface Pending<S, R> {
  stake: S;
  /** When it was handed to place (performance.now()). */
  queuedAt: number;
  resolve: (answer: R) => void;
  reject: (error: unknown) => void;
}

/** Where a stake's time went in StakeBatches, for /metrics (features/bets/metrics.ts). */
export interface BatchTimings {
  /** For each stake that went out, how long it waited for a batch to take it, in seconds. */
  waited: number[];
  /** How long the database took to answer that batch (its call and its commit), in seconds. */
  placing: number;
}

export class StakeBatches<S extends { betId: number }, R> {
  private readonly queue: Pending<S, R>[] = [];
  private readonly betsHeld = new Set<number>();
  private readonly timingListeners: ((timings: BatchTimings) => void)[] = [];
  private running = 0;
  /** Since start: stakes placed alone, batches placed, the stakes in them, and stakes placed again alone after a batch failed. */
  readonly counts = { alone: 0, batches: 0, batched: 0, againAlone: 0 };

  constructor(
    private readonly runners: BatchRunners<S, R>,
    private readonly limits: BatchLimits,
  ) {}

  place(stake: S): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ stake, queuedAt: performance.now(), resolve, reject });
      this.pump();
    });
  }

  /** Calls `listener` each time a batch (or a stake alone) has been answered by the database. */
  onTimings(listener: (timings: BatchTimings) => void): void {
    this.timingListeners.push(listener);
  }

  private timed(batch: Pending<S, R>[], startedAt: number): void {
    if (this.timingListeners.length === 0) return;
    const timings = { waited: batch.map((p) => (startedAt - p.queuedAt) / 1000), placing: (performance.now() - startedAt) / 1000 };
    for (const listener of this.timingListeners) {
      try {
        listener(timings);
      } catch {
        // What is only measured must never keep a committed stake from its answer.
      }
    }
  }

  /** Stakes waiting for a free slot. */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.running < this.limits.batches) {
      if (this.running > 0 && this.queue.length < this.limits.fill) return;
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.running += 1;
      for (const pending of batch) this.betsHeld.add(pending.stake.betId);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        this.running -= 1;
        for (const pending of batch) this.betsHeld.delete(pending.stake.betId);
        this.pump();
      };
      void this.run(batch, release).finally(release);
    }
  }

  /** The queued stakes on bets no running batch holds, oldest first; the others keep their place. */
  private takeBatch(): Pending<S, R>[] {
    const batch: Pending<S, R>[] = [];
    let kept = 0;
    for (const pending of this.queue) {
      if (batch.length < this.limits.size && !this.betsHeld.has(pending.stake.betId)) batch.push(pending);
      else this.queue[kept++] = pending;
    }
    this.queue.length = kept;
    return batch;
  }

  /**
   * Places a batch and answers its stakes. Once the database has answered, `release` frees its
   * slot and its bets before the stakes are answered, so the next batch is on its way to the
   * database while the server answers these.
   */
  private async run(batch: Pending<S, R>[], release: () => void): Promise<void> {
    if (batch.length === 1) {
      this.counts.alone += 1;
      return this.runAlone(batch[0]!, release);
    }
    let answers: R[];
    const startedAt = performance.now();
    try {
      answers = await this.runners.many(batch.map((p) => p.stake));
      if (answers.length !== batch.length) throw new Error(`a batch of ${batch.length} stakes answered ${answers.length}`);
    } catch (error) {
      if (!this.runners.placedNone(error)) {
        release();
        for (const pending of batch) pending.reject(error);
        return;
      }
      // Nothing committed: each stake again, on its own, so one stake's error stays its own.
      this.counts.againAlone += batch.length;
      await Promise.all(batch.map((pending) => this.runAlone(pending)));
      return;
    }
    this.counts.batches += 1;
    this.counts.batched += batch.length;
    this.timed(batch, startedAt);
    release();
    batch.forEach((pending, i) => pending.resolve(answers[i]!));
  }

  private async runAlone(pending: Pending<S, R>, release?: () => void): Promise<void> {
    let answer: R;
    const startedAt = performance.now();
    try {
      answer = await this.runners.one(pending.stake);
    } catch (error) {
      release?.();
      pending.reject(error);
      return;
    }
    this.timed([pending], startedAt);
    release?.();
    pending.resolve(answer);
  }
}
