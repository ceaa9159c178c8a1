/**
 * Reads by key (a session by its id, a user's push subscriptions) that arrive while others are
 * on their way to the database go together, as one query for all their keys
 * (docs/decisions/020-reads-by-key-in-batches.md). The stake batches' way (StakeBatches in features/bets/stakes.ts),
 * for reads: nothing waits on a timer. A read goes out at once, alone, while fewer than
 * `inFlight` reads are running; only when that many are running do reads queue, and the next
 * one to finish sends everything queued (up to `size` keys). Every read is answered from a query
 * sent after it was asked, so nothing is ever older than it would be read alone.
 *
 * The plain way is each read alone (PLAIN_PATHS=read-batches); read-batches.test.ts, and for the
 * sessions auth.test.ts ("answers many requests arriving together each with its own session"),
 * hold the two equal.
 */

export interface ReadLimits {
  /** Queries in the database at once. */
  inFlight: number;
  /** Keys in one query at most. */
  size: number;
}

/**
 * On PostgreSQL, up to 4 reads of a kind run at once before the rest queue, so a quiet server
 * answers each read at once and a busy one sends its reads in few queries, keeping the pool's
 * connections for other work. PGlite runs one query at a time anyway: reads that would wait for
 * it wait here instead, and go together. With PLAIN_PATHS=read-batches, every read goes alone, at
 * once, as a plain query would.
 */
export function readLimitsFor(database: 'postgres' | 'pglite', plain: boolean): ReadLimits {
  if (plain) return { inFlight: Number.POSITIVE_INFINITY, size: 1 };
  return database === 'postgres' ? { inFlight: 4, size: 64 } : { inFlight: 1, size: 64 };
}

interface Pending<K, V> {
  key: K;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export class ReadBatches<K, V> {
  private readonly queue: Pending<K, V>[] = [];
  private running = 0;
  /** Since start: queries sent, and the keys they read. */
  readonly counts = { queries: 0, keys: 0 };

  /** `readMany` answers for each key it found; a key it leaves out reads as undefined. */
  constructor(
    private readonly readMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly limits: ReadLimits,
  ) {}

  read(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.limits.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.limits.size);
      this.running += 1;
      void this.run(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(batch: Pending<K, V>[]): Promise<void> {
    const keys = [...new Set(batch.map((p) => p.key))];
    this.counts.queries += 1;
    this.counts.keys += keys.length;
    try {
      const found = await this.readMany(keys);
      for (const pending of batch) pending.resolve(found.get(pending.key));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }
}
