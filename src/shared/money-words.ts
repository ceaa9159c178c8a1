import type { Translate } from './i18n/messages.ts';
import { parseAmountToCents } from './money.ts';

/**
 * One way to say money (docs/product.md §13), on every screen and in every sentence the server
 * writes (notifications, mail, push, the activity feed): a win is what it returns and the profit
 * in it, a loss is its stake, and what a stake could win is what it "returns". The screens read
 * amounts as the API writes them ("75.00", "-7.00"); the server has cents.
 */

/** "75.00" -> 7500, "-7.00" -> -700. */
export function centsOf(amount: string): number {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const cents = parseAmountToCents(negative ? text.slice(1) : text) ?? 0;
  return negative ? -cents : cents;
}

/** Cents as a message's money argument: dollars, which the catalogue formats as currency. */
export const dollars = (cents: number) => cents / 100;

/** "$75.00 — $25.00 profit": a return and the profit in it, in the reader's language (`t`). */
export const returnAndProfit = (t: Translate, returnsCents: number, stakeCents: number) =>
  t('money.returnAndProfit', { returns: dollars(returnsCents), profit: dollars(returnsCents - stakeCents) });

/** "You won $75.00 — $25.00 profit", from cents. */
export const wonCents = (t: Translate, payoutCents: number, stakeCents: number) =>
  t('money.youWon', { returns: dollars(payoutCents), profit: dollars(payoutCents - stakeCents) });

/** "You lost $50.00", from cents: a loss is its stake. */
export const lostCents = (t: Translate, stakeCents: number) => t('money.youLost', { stake: dollars(stakeCents) });

/** "You won $75.00 — $25.00 profit", from the API's amounts. */
export const youWon = (t: Translate, payout: string, stake: string) => wonCents(t, centsOf(payout), centsOf(stake));

/** "You lost $50.00", from the API's amount. */
export const youLost = (t: Translate, stake: string) => lostCents(t, centsOf(stake));

/** "Returns $75.00 — $25.00 profit": what a stake would bring back if its option won. */
export const returnsWords = (t: Translate, returnsCents: number, stakeCents: number) =>
  t('money.returns', { returns: dollars(returnsCents), profit: dollars(returnsCents - stakeCents) });
