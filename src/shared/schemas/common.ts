import { z } from 'zod';

/** The one error shape on the wire (DESIGN §8). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Integer ids in paths, e.g. /api/bets/{id}. */
export const idParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
