import { z } from 'zod';

export const searchQuerySchema = z.lazy(() => z.object({ q: z.string().max(254).default('') }));

export const FRIEND_STATUSES = ['none', 'pending_sent', 'pending_received', 'friends'] as const;

/** A search result (docs/product.md §5.3), with where the caller stands with that user. */
export const searchResultSchema = z.lazy(() => z.object({
  id: z.number().int(),
  username: z.string(),
  isOnline: z.boolean(),
  friendStatus: z.enum(FRIEND_STATUSES),
}));
export type SearchResult = z.infer<typeof searchResultSchema>;

export const friendRequestBodySchema = z.lazy(() => z.object({
  addresseeId: z.number({ error: 'Choose a user to add' }).int('Choose a user to add').positive('Choose a user to add'),
}));

export const friendRequestResultSchema = z.lazy(() => z.object({ status: z.enum(['pending', 'accepted']) }));

export const friendRequestSchema = z.lazy(() => z.object({
  id: z.number().int(),
  requesterId: z.number().int(),
  requester: z.object({ username: z.string(), isOnline: z.boolean() }),
  createdAt: z.string(),
}));
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const friendSchema = z.lazy(() => z.object({
  id: z.number().int(),
  username: z.string(),
  totalWins: z.number().int(),
  balance: z.string(),
  isOnline: z.boolean(),
}));
export type Friend = z.infer<typeof friendSchema>;

export const okSchema = z.lazy(() => z.object({ ok: z.literal(true) }));
