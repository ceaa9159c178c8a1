import { z } from 'zod';

/** The one error shape on the wire. */
export const errorBodySchema = z.lazy(() => z.object({
  error: z.string(),
  code: z.string(),
}));
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The largest value of a PostgreSQL `integer` (int4), the type of the id columns. */
const MAX_ID = 2_147_483_647;

/**
 * An id or id cursor in a path or query string: an integer the id columns can hold, so that a
 * value beyond them is a 400 rather than a database error.
 */
export const idSchema = z.lazy(() => z.coerce.number().int().min(1).max(MAX_ID));

/** Integer ids in paths, e.g. /api/bets/{id}. */
export const idParamsSchema = z.lazy(() => z.object({ id: idSchema }));
