/**
 * Pari-mutuel odds (docs/product.md §2.4). Pools are integer cents per option; T is their sum.
 * The odds of option i are the payout multiplier T / pool_i:
 * - 1 when nobody has staked at all (T = 0): a stake would simply come back;
 * - null (shown ∞) when others have staked but nobody on option i;
 * - otherwise T / pool_i, where 1 means nobody opposes (the stake comes back).
 */

export function totalPool(pools: readonly number[]): number {
  return pools.reduce((sum, pool) => sum + pool, 0);
}

export function oddsFor(pools: readonly number[], option: number): number | null {
  const total = totalPool(pools);
  const pool = pools[option] ?? 0;
  if (total === 0) return 1;
  if (pool === 0) return null;
  return total / pool;
}

export function allOdds(pools: readonly number[]): (number | null)[] {
  return pools.map((_, i) => oddsFor(pools, i));
}

/** 'x.x:1', or '∞' when there is no opposition on this side yet (docs/product.md §2.4). */
export function formatOdds(odds: number | null): string {
  return odds === null ? '∞' : `${(Math.floor(odds * 10) / 10).toFixed(1)}:1`;
}

/**
 * What a new stake of `amountCents` on `option` would pay if it won, counting the stake itself
 * in the pools: floor(a * (T + a) / (pool_i + a)).
 */
export function potentialWinCents(pools: readonly number[], option: number, amountCents: number): number {
  if (amountCents <= 0) return 0;
  const total = BigInt(totalPool(pools) + amountCents);
  const pool = BigInt((pools[option] ?? 0) + amountCents);
  return Number((BigInt(amountCents) * total) / pool);
}

/** What an existing stake would pay if its option won now: floor(stake * T / pool_i). */
export function currentWinCents(pools: readonly number[], option: number, stakeCents: number): number {
  const pool = pools[option] ?? 0;
  if (pool === 0) return stakeCents;
  return Number((BigInt(stakeCents) * BigInt(totalPool(pools))) / BigInt(pool));
}

/** Share of the pot on each option, in whole percent (0 when the pot is empty). */
export function poolShares(pools: readonly number[]): number[] {
  const total = totalPool(pools);
  return pools.map((pool) => (total === 0 ? 0 : Math.round((pool / total) * 100)));
}
