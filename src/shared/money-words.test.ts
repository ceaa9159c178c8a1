import { describe, expect, it } from 'vitest';
import en from './i18n/catalogues/en.json' with { type: 'json' };
import { translator } from './i18n/messages.ts';
import { centsOf, lostCents, returnsWords, wonCents, youLost, youWon } from './money-words.ts';

const t = translator('en', en);

describe('money words', () => {
  it('words a win as its return and its profit, and a loss as its stake', () => {
    expect(youWon(t, '75.00', '50.00')).toBe('You won $75.00 — $25.00 profit');
    expect(youWon(t, '1234.56', '1000.00')).toBe('You won $1,234.56 — $234.56 profit');
    expect(youLost(t, '50.00')).toBe('You lost $50.00');
  });

  it('says the same from cents, as the server words it', () => {
    expect(wonCents(t, 7500, 5000)).toBe(youWon(t, '75.00', '50.00'));
    expect(wonCents(t, 123_456, 100_000)).toBe('You won $1,234.56 — $234.56 profit');
    expect(lostCents(t, 5000)).toBe(youLost(t, '50.00'));
  });

  it('says what a stake returns', () => {
    expect(returnsWords(t, 7500, 5000)).toBe('Returns $75.00 — $25.00 profit');
    expect(returnsWords(t, 5000, 5000)).toBe('Returns $50.00 — $0.00 profit');
  });

  it('reads signed API amounts as cents', () => {
    expect([centsOf('7.00'), centsOf('-7.00'), centsOf('0.05')]).toEqual([700, -700, 5]);
  });
});
