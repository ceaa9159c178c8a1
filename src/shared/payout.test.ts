import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allOdds, currentWinCents, formatOdds, oddsFor, poolShares, potentialWinCents } from './odds.ts';
import { settle, type SettlementStake } from './payout.ts';

describe('odds', () => {
  it('follows docs/product.md §2.4', () => {
    expect(oddsFor([0, 0], 0)).toBe(1);
    expect(oddsFor([500, 0], 0)).toBe(1);
    expect(oddsFor([500, 0], 1)).toBeNull();
    expect(allOdds([300, 100])).toEqual([4 / 3, 4]);
    expect(formatOdds(4 / 3)).toBe('1.3:1');
    expect(formatOdds(4)).toBe('4.0:1');
    expect(formatOdds(null)).toBe('∞');
    expect(poolShares([300, 100, 0])).toEqual([75, 25, 0]);
    expect(poolShares([0, 0])).toEqual([0, 0]);
  });

  it('counts the new stake in the potential win', () => {
    // 10.00 on option 1 of pools [30.00, 10.00]: (10 * 50) / 20 = 25.00
    expect(potentialWinCents([3000, 1000], 1, 1000)).toBe(2500);
    // Nobody else: the stake comes back.
    expect(potentialWinCents([0, 0], 0, 1234)).toBe(1234);
    expect(potentialWinCents([0, 0], 0, 0)).toBe(0);
    // Rounded down to the cent.
    expect(potentialWinCents([100, 0, 0], 1, 300)).toBe(400);
    expect(potentialWinCents([333, 0], 1, 100)).toBe(433);
    expect(currentWinCents([3000, 1000], 1, 1000)).toBe(4000);
  });
});

describe('settle', () => {
  it('pays the winners in proportion and hands out leftover cents by largest remainder', () => {
    const stakes: SettlementStake[] = [
      { id: 1, option: 0, amountCents: 100, placedOrder: 1 },
      { id: 2, option: 0, amountCents: 100, placedOrder: 2 },
      { id: 3, option: 0, amountCents: 100, placedOrder: 3 },
      { id: 4, option: 1, amountCents: 101, placedOrder: 4 },
    ];
    // T = 401, pool_w = 300: each 133.666.. -> 133 each, 2 cents left, earliest first on a tie.
    const { kind, paid } = settle(stakes, 0);
    expect(kind).toBe('payout');
    expect([...paid.entries()]).toEqual([
      [1, 134],
      [2, 134],
      [3, 133],
      [4, 0],
    ]);
  });

  it('refunds everyone when nobody backed the winner', () => {
    const stakes: SettlementStake[] = [
      { id: 1, option: 0, amountCents: 250, placedOrder: 1 },
      { id: 2, option: 1, amountCents: 999, placedOrder: 2 },
    ];
    const { kind, paid } = settle(stakes, 2);
    expect(kind).toBe('refund');
    expect(paid.get(1)).toBe(250);
    expect(paid.get(2)).toBe(999);
  });

  const stakesArbitrary = fc
    .array(
      fc.record({
        option: fc.integer({ min: 0, max: 9 }),
        amountCents: fc.oneof(fc.integer({ min: 100, max: 10_000 }), fc.integer({ min: 100, max: 1_000_000_000_000 })),
      }),
      { minLength: 1, maxLength: 60 },
    )
    .map((list) => list.map((s, i) => ({ ...s, id: i + 1, placedOrder: i })));

  it('for any stakes and any winner: non-negative, sums to the pot exactly, floor share guaranteed', () => {
    fc.assert(
      fc.property(stakesArbitrary, fc.integer({ min: 0, max: 9 }), (stakes, winner) => {
        const { kind, paid } = settle(stakes, winner);
        const total = stakes.reduce((sum, s) => sum + BigInt(s.amountCents), 0n);
        const paidTotal = [...paid.values()].reduce((sum, v) => sum + BigInt(v), 0n);
        expect(paidTotal).toBe(total);
        const winningPool = stakes.filter((s) => s.option === winner).reduce((sum, s) => sum + BigInt(s.amountCents), 0n);
        for (const stake of stakes) {
          const got = BigInt(paid.get(stake.id)!);
          expect(got >= 0n).toBe(true);
          if (kind === 'refund') {
            expect(got).toBe(BigInt(stake.amountCents));
          } else if (stake.option === winner) {
            const floorShare = (BigInt(stake.amountCents) * total) / winningPool;
            expect(got >= floorShare && got <= floorShare + 1n).toBe(true);
            // A winner never gets less than the stake back.
            expect(got >= BigInt(stake.amountCents)).toBe(true);
          } else {
            expect(got).toBe(0n);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the potential win shown before staking is what settlement pays when nobody else stakes after', () => {
    fc.assert(
      fc.property(stakesArbitrary, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 100, max: 1_000_000 }), (stakes, option, amount) => {
        const pools = Array.from({ length: 10 }, (_, i) =>
          stakes.filter((s) => s.option === i).reduce((sum, s) => sum + s.amountCents, 0),
        );
        const promised = potentialWinCents(pools, option, amount);
        const mine = { id: 9999, option, amountCents: amount, placedOrder: 9999 };
        const paid = settle([...stakes, mine], option).paid.get(9999)!;
        expect(paid === promised || paid === promised + 1).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
