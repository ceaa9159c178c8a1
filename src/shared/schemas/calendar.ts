import { z } from 'zod';

/** The private calendar feed (docs/product.md §6.9). */

/** POST /api/calendar: the feed's new address, shown once. */
export const calendarFeedSchema = z.lazy(() => z.object({ url: z.string() }));
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/calendar: whether the player has a feed, made when (null: none). */
export const calendarStatusSchema = z.lazy(() => z.object({ createdAt: z.string().nullable() }));
export type CalendarStatus = z.infer<typeof calendarStatusSchema>;
