import { describe, expect, it } from 'vitest';
import { stakeAmountProblem, stakeAmountSchema } from './stake-amount.ts';

describe('a stake amount', () => {
  it('takes whole cents from $1.00 up', () => {
    for (const ok of ['1', '1.00', '10.5', '10.12', ' 25 ', 12.5]) expect(stakeAmountProblem(ok), String(ok)).toBeNull();
  });

  it('says what is wrong: too many decimals, below the minimum, or not an amount at all', () => {
    expect(stakeAmountProblem('10.123')).toBe('Amount can have at most 2 decimals');
    expect(stakeAmountProblem('.005')).toBe('Amount can have at most 2 decimals');
    expect(stakeAmountProblem('0.50')).toBe('Minimum bet is $1.00');
    for (const bad of ['', '0', '-5', 'ten', '1e3', '1,000']) expect(stakeAmountProblem(bad), bad).toBe('Please enter a valid bet amount');
  });

  it('reports the problem as the schema message', () => {
    const parsed = stakeAmountSchema.safeParse('10.123');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['Amount can have at most 2 decimals']);
    expect(stakeAmountSchema.safeParse('10.12').success).toBe(true);
  });
});
