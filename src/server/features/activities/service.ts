import { activities } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';

/** A line of the activity feed, written in the transaction of what it tells. */
export async function recordActivity(
  tx: Tx,
  entry: { userId: number; type: string; description: string; betId?: number; amountCents?: number },
): Promise<void> {
  await tx.insert(activities).values({
    userId: entry.userId,
    type: entry.type,
    description: entry.description,
    betId: entry.betId ?? null,
    amountCents: entry.amountCents ?? null,
  });
}
