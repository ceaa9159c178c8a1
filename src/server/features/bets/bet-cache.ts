import { oncePerDatabase } from '../../db/client.ts';
import type { SharedBet } from './present.ts';

/**
 * Feeds' presented bets, by bet id and row version (decision record 011).
 *
 * A speed copy of the bet as presentBet presents it; bet-cache.test.ts holds a kept bet to the
 * bet read anew after every kind of change.
 *
 * A bet appears in the feeds of its creator's friends, its stakers and the admins: the same
 * bet, presented the same way, fifty times over. Reading its options and presenting its pools
 * and odds is most of what a feed page costs. So a feed page reads, per bet, only its id, its
 * row version, its creator's name and the viewer's stake; bets whose version is here are not
 * read again.
 *
 * The version is PostgreSQL's `xmin` of the bet row: the transaction that wrote the row as it
 * is now. Every change to a bet, and every stake (which moves its pools), rewrites the row, so
 * any change gives a new version, on whichever instance made it; an entry can never be served
 * for a bet that changed since. Nothing needs to be invalidated, and nothing is shared between
 * instances: each keeps what it read.
 *
 * Once CAPACITY bets are kept, the one kept longest goes (a `Map` iterates in insertion order).
 * A hit does not move its entry: that would cost two map writes on each of a page's fifty
 * hits, and a bet still being read is simply read again with the next page that shows it.
 * An entry is about 1.3 KB for a bet with three options and a short description, so some 13 MB
 * when full; bets at every length limit (a 1,000-character description, ten 100-character
 * options, none of it Latin) take about 6 KB, so never more than some 60 MB.
 */
export const BET_CACHE_CAPACITY = 10_000;

export class BetCache {
  private readonly entries = new Map<number, { version: string; shared: SharedBet }>();
  /** Lookups since start, for /metrics. */
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = BET_CACHE_CAPACITY) {}

  /** The bet as presented at `version`, or undefined when it was not, or at another version. */
  get(id: number, version: string): SharedBet | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.version !== version) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry.shared;
  }

  set(id: number, version: string, shared: SharedBet): void {
    // Every answer that uses an entry shares its arrays: nobody may change them in place.
    for (const value of Object.values(shared.fields)) if (Array.isArray(value)) Object.freeze(value);
    Object.freeze(shared.fields);
    this.entries.delete(id);
    this.entries.set(id, { version, shared });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per database connection, so apps in tests (and their databases) never share one. */
export const betCacheOf = oncePerDatabase(() => new BetCache());
