import { z } from 'zod';

/**
 * A line of the activity feed, with who did it. `description` is the whole sentence as the
 * reader reads it ("You placed $3.00 on ...", "bob and carol are now friends"): screens show it
 * as it is, without adding the name.
 */
export const activitySchema = z.lazy(() => z.object({
  id: z.number().int(),
  type: z.string(),
  description: z.string(),
  createdAt: z.string(),
  userId: z.number().int(),
  username: z.string(),
  betId: z.number().int().nullable(),
}));
export type Activity = z.infer<typeof activitySchema>;

export const activityPageSchema = z.lazy(() => z.object({
  activities: z.array(activitySchema),
  nextBefore: z.number().int().nullable(),
}));
