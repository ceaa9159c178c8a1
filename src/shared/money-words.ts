import { formatDollars, parseAmountToCents } from './money.ts';

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

/** "$75.00 — $25.00 profit": a return and the profit in it. */
export function returnAndProfit(returnsCents: number, stakeCents: number): string {
  return `${formatDollars(returnsCents)} — ${formatDollars(returnsCents - stakeCents)} profit`;
}

/** "You won $75.00 — $25.00 profit", from cents. */
export const wonCents = (payoutCents: number, stakeCents: number) => `You won ${returnAndProfit(payoutCents, stakeCents)}`;

/** "You lost $50.00", from cents: a loss is its stake. */
export const lostCents = (stakeCents: number) => `You lost ${formatDollars(stakeCents)}`;

/** "You won $75.00 — $25.00 profit", from the API's amounts. */
export const youWon = (payout: string, stake: string) => wonCents(centsOf(payout), centsOf(stake));

/** "You lost $50.00", from the API's amount. */
export const youLost = (stake: string) => lostCents(centsOf(stake));

/** "Returns $75.00 — $25.00 profit": what a stake would bring back if its option won. */
export const returnsWords = (returnsCents: number, stakeCents: number) => `Returns ${returnAndProfit(returnsCents, stakeCents)}`;
