import { z } from 'zod';
import { parseAmountToCents } from './money.ts';
import { MIN_STAKE_CENTS } from './schemas/bets.ts';

/**
 * What is wrong with a stake's amount as typed, with its error code and the words the stake form
 * shows beside the field (the server answers the same), or null when it is a stake the rules
 * allow: whole cents, at least $1.00. Whether the balance covers it is the server's to say.
 */
export function stakeAmountRefusal(amount: string | number): { code: 'invalid_amount' | 'amount_too_small'; message: string } | null {
  const text = String(amount).trim();
  if (/^\d*\.\d{3,}$/.test(text)) return { code: 'invalid_amount', message: 'Amount can have at most 2 decimals' };
  const cents = parseAmountToCents(text);
  if (cents === null || cents <= 0) return { code: 'invalid_amount', message: 'Please enter a valid bet amount' };
  if (cents < MIN_STAKE_CENTS) return { code: 'amount_too_small', message: 'Minimum bet is $1.00' };
  return null;
}

export const stakeAmountProblem = (amount: string | number): string | null => stakeAmountRefusal(amount)?.message ?? null;

export const stakeAmountSchema = z.lazy(() => z.union([z.string(), z.number()], { error: 'Please enter a valid bet amount' }).superRefine((amount, ctx) => {
  const problem = stakeAmountProblem(amount);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}));
