/**
 * Settlement of a resolved bet (docs/product.md §2.5). Each winner gets floor(stake * T / pool_w);
 * the cents left over go one each to the winners with the largest remainders (ties: earliest
 * stake), so payouts add up to T exactly. With nobody on the winning option, every stake is
 * refunded. The products can exceed 2^53, so the arithmetic is done in BigInt.
 */

export interface SettlementStake {
  id: number;
  option: number;
  amountCents: number;
  /** Earlier stakes win ties for leftover cents; the order of placement. */
  placedOrder: number;
}

export interface Settlement {
  kind: 'payout' | 'refund';
  /** Amount paid back per stake id; 0 for a lost stake. */
  paid: Map<number, number>;
}

export function settle(stakes: readonly SettlementStake[], winningOption: number): Settlement {
  const total = stakes.reduce((sum, s) => sum + BigInt(s.amountCents), 0n);
  const winners = stakes.filter((s) => s.option === winningOption);
  const winningPool = winners.reduce((sum, s) => sum + BigInt(s.amountCents), 0n);
  const paid = new Map<number, number>(stakes.map((s) => [s.id, 0]));

  if (winningPool === 0n) {
    for (const s of stakes) paid.set(s.id, s.amountCents);
    return { kind: 'refund', paid };
  }

  let distributed = 0n;
  const shares = winners.map((s) => {
    const product = BigInt(s.amountCents) * total;
    const base = product / winningPool;
    distributed += base;
    return { stake: s, base, remainder: product % winningPool };
  });
  let leftover = total - distributed; // always < number of winners
  shares.sort((a, b) =>
    a.remainder === b.remainder ? a.stake.placedOrder - b.stake.placedOrder : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of shares) {
    const extra = leftover > 0n ? 1n : 0n;
    leftover -= extra;
    paid.set(share.stake.id, Number(share.base + extra));
  }
  return { kind: 'payout', paid };
}

/** A void bet, or one nobody backed the winner of: everyone gets their stake back. */
export function refundAll(stakes: readonly SettlementStake[]): Settlement {
  return { kind: 'refund', paid: new Map(stakes.map((s) => [s.id, s.amountCents])) };
}

/** One stake's outcome in a settlement: what it gets back and its profit (negative for a lost stake). */
export interface StakeOutcome {
  id: number;
  returnsCents: number;
  profitCents: number;
}

/**
 * What a resolution with `winningOption` gives each stake, by settle's own rule: the figures a
 * decider reads before confirming are the ones the settlement then pays.
 */
export function settlementOutcomes(
  stakes: readonly SettlementStake[],
  winningOption: number,
): { kind: Settlement['kind']; outcomes: StakeOutcome[] } {
  const { kind, paid } = settle(stakes, winningOption);
  return {
    kind,
    outcomes: stakes.map((s) => {
      const returnsCents = paid.get(s.id) ?? 0;
      return { id: s.id, returnsCents, profitCents: returnsCents - s.amountCents };
    }),
  };
}
