import { describe, expect, it } from 'vitest';
import { showAmount, timeLeft } from './format.ts';

describe('format', () => {
  it('shows API amounts as dollars', () => {
    expect(showAmount('1000.00')).toBe('$1,000.00');
    expect(showAmount('-20.50')).toBe('-$20.50');
    expect(showAmount('0.00')).toBe('$0.00');
  });

  it('counts down to a deadline in days and hours, hours and minutes, then minutes and seconds', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(timeLeft('2026-11-24T16:30:00Z', now)).toBe('2d 4h left');
    expect(timeLeft('2026-11-23T11:59:59Z', now)).toBe('23h 59m left');
    expect(timeLeft('2026-11-22T12:04:10Z', now)).toBe('4m 10s left');
    expect(timeLeft('2026-11-22T12:00:09Z', now)).toBe('9s left');
    expect(timeLeft('2026-11-22T12:00:00Z', now)).toBe('Time is up');
    expect(timeLeft('2026-11-21T12:00:00Z', now)).toBe('Time is up');
  });
});
