/**
 * Gathers stakes that arrive while others are being placed, so that they are placed together in
 * one call and one transaction and share one commit (docs/decisions/012-stakes-in-batches.md).
 *
 * Nothing waits on a timer: a stake goes out at once, alone, whenever fewer than `batches`
 * batches are running. Only when that many are running do stakes queue, and the next free slot
 * takes everything queued (up to `size`). So a lone stake costs what it did before, and under
 * load the batches grow with the load.
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
  resolve: (answer: R) => void;
  reject: (error: unknown) => void;
}

export class StakeBatches<S extends { betId: number }, R> {
  private readonly queue: Pending<S, R>[] = [];
  private readonly betsHeld = new Set<number>();
  private running = 0;
  /** Since start: stakes placed alone, batches placed, the stakes in them, and stakes placed again alone after a batch failed. */
  readonly counts = { alone: 0, batches: 0, batched: 0, againAlone: 0 };

  constructor(
    private readonly runners: BatchRunners<S, R>,
    private readonly limits: BatchLimits,
  ) {}

  place(stake: S): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ stake, resolve, reject });
      this.pump();
    });
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
      void this.run(batch).finally(() => {
        this.running -= 1;
        for (const pending of batch) this.betsHeld.delete(pending.stake.betId);
        this.pump();
      });
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

  private async run(batch: Pending<S, R>[]): Promise<void> {
    if (batch.length === 1) {
      this.counts.alone += 1;
      return this.runAlone(batch[0]!);
    }
    let answers: R[];
    try {
      answers = await this.runners.many(batch.map((p) => p.stake));
      if (answers.length !== batch.length) throw new Error(`a batch of ${batch.length} stakes answered ${answers.length}`);
    } catch (error) {
      if (!this.runners.placedNone(error)) {
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
    batch.forEach((pending, i) => pending.resolve(answers[i]!));
  }

  private async runAlone(pending: Pending<S, R>): Promise<void> {
    try {
      pending.resolve(await this.runners.one(pending.stake));
    } catch (error) {
      pending.reject(error);
    }
  }
}
