/**
 * Money is an integer number of cents everywhere inside Betbro. It becomes a decimal string
 * ("12.50") only at the edge: API output and the screen. Non-integers are refused, never rounded.
 */

export type Cents = number;

/** The largest amount any single value may hold: well inside Number.MAX_SAFE_INTEGER. */
export const MAX_CENTS = 1_000_000_000_000; // ten billion dollars

export function assertCents(value: number): asserts value is Cents {
  if (!Number.isSafeInteger(value)) {
    throw new TypeError(`Not a whole number of cents: ${value}`);
  }
}

/** 123456 -> "1234.56", -5 -> "-0.05". */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}.${frac.toString().padStart(2, '0')}`;
}

const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Parses a non-negative amount in dollars ("12", "12.5", "12.50" or the number 12.5) into cents.
 * Returns null for anything that is not a plain amount with at most two decimal places.
 */
export function parseAmountToCents(input: string | number): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    text = String(input);
  } else {
    text = input.trim();
  }
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const frac = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + frac;
  return cents <= MAX_CENTS ? cents : null;
}

const dollarFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as `locale` writes dollars: "$1,234.56" in English, "1.234,56 $" in German. The
 * currency is always the dollar; only its writing follows the reader's language.
 */
export function formatDollars(cents: Cents, locale = 'en'): string {
  assertCents(cents);
  let format = dollarFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    dollarFormats.set(locale, format);
  }
  // Cents over a hundred is exact to the cent for any amount MAX_CENTS allows; minus zero (a
  // "-0.00" from the API) is zero, which Intl would write "-$0.00".
  return format.format((cents + 0) / 100);
}
