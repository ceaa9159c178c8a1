import { z } from 'zod';

/** A bet's pools after each change: at its creation, then after each stake, oldest first. */
export const oddsHistorySchema = z.lazy(() => z.object({
  points: z.array(
    z.object({
      at: z.string(),
      /** Each option's pool in dollars ("12.50"), in option order. */
      optionAmounts: z.array(z.string()),
    }),
  ),
}));
export type OddsHistory = z.infer<typeof oddsHistorySchema>;
