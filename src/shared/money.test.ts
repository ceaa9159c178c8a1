import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents, formatDollars, parseAmountToCents } from './money';

describe('formatCents', () => {
  it('renders two decimal places', () => {
    expect(formatCents(100_000)).toBe('1000.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-1250)).toBe('-12.50');
    expect(formatCents(0)).toBe('0.00');
  });

  it('refuses fractions of a cent instead of rounding', () => {
    expect(() => formatCents(1.5)).toThrow(TypeError);
    expect(() => formatCents(Number.NaN)).toThrow(TypeError);
  });
});

describe('parseAmountToCents', () => {
  it('accepts plain amounts with up to two decimals', () => {
    expect(parseAmountToCents('12')).toBe(1200);
    expect(parseAmountToCents('12.5')).toBe(1250);
    expect(parseAmountToCents('12.05')).toBe(1205);
    expect(parseAmountToCents(0.1)).toBe(10);
    expect(parseAmountToCents(19.99)).toBe(1999);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '1,00', ' . ', '0x10']) {
      expect(parseAmountToCents(bad)).toBeNull();
    }
    expect(parseAmountToCents(-1)).toBeNull();
    expect(parseAmountToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseAmountToCents(1.005)).toBeNull();
  });

  it('round-trips every formatted amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parseAmountToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatDollars', () => {
  it('groups thousands', () => {
    expect(formatDollars(123_456_789)).toBe('$1,234,567.89');
    expect(formatDollars(-99)).toBe('-$0.99');
  });

  it('writes minus zero as zero', () => {
    expect(formatDollars(-0)).toBe('$0.00');
    expect(formatDollars(-0, 'de')).toBe(formatDollars(0, 'de'));
  });
});
