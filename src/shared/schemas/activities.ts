import { z } from 'zod';

/** Spec §3's Activity, with who did it. */
export const activitySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  description: z.string(),
  createdAt: z.string(),
  userId: z.number().int(),
  username: z.string(),
  betId: z.number().int().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityPageSchema = z.object({
  activities: z.array(activitySchema),
  nextBefore: z.number().int().nullable(),
});
