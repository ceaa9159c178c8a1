import { describe, expect, it } from 'vitest';
import { centsOf, lostCents, returnsWords, wonCents, youLost, youWon } from './money-words.ts';

describe('money words', () => {
  it('words a win as its return and its profit, and a loss as its stake', () => {
    expect(youWon('75.00', '50.00')).toBe('You won $75.00 — $25.00 profit');
    expect(youWon('1234.56', '1000.00')).toBe('You won $1,234.56 — $234.56 profit');
    expect(youLost('50.00')).toBe('You lost $50.00');
  });

  it('says the same from cents, as the server words it', () => {
    expect(wonCents(7500, 5000)).toBe(youWon('75.00', '50.00'));
    expect(wonCents(123_456, 100_000)).toBe('You won $1,234.56 — $234.56 profit');
    expect(lostCents(5000)).toBe(youLost('50.00'));
  });

  it('says what a stake returns', () => {
    expect(returnsWords(7500, 5000)).toBe('Returns $75.00 — $25.00 profit');
    expect(returnsWords(5000, 5000)).toBe('Returns $50.00 — $0.00 profit');
  });

  it('reads signed API amounts as cents', () => {
    expect([centsOf('7.00'), centsOf('-7.00'), centsOf('0.05')]).toEqual([700, -700, 5]);
  });
});
