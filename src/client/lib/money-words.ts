import { formatDollars, parseAmountToCents } from '../../shared/money.ts';

/**
 * One way to say money on every screen (docs/product.md §13): a win is what it returns and the
 * profit in it, a loss is its stake, and what a stake could win is what it "returns". Amounts
 * arrive as the API writes them ("75.00", "-7.00").
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

/** "You won $75.00 — $25.00 profit". */
export const youWon = (payout: string, stake: string) => `You won ${returnAndProfit(centsOf(payout), centsOf(stake))}`;

/** "You lost $50.00": a loss is its stake. */
export const youLost = (stake: string) => `You lost ${formatDollars(centsOf(stake))}`;

/** "Returns $75.00 — $25.00 profit": what a stake would bring back if its option won. */
export const returnsWords = (returnsCents: number, stakeCents: number) => `Returns ${returnAndProfit(returnsCents, stakeCents)}`;
