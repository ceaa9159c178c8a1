import { z } from 'zod';

/** Invite links (docs/product.md §6.2). */

export const INVITE_DAYS = 7;
export const INVITE_MAX_USES = 50;
export const ACTIVE_INVITES_MAX = 20;

export const createInviteBodySchema = z.lazy(() => z
  .object({
    betId: z.number({ error: 'Choose a bet to share' }).int('Choose a bet to share').positive('Choose a bet to share').max(2_147_483_647).optional(),
  })
  .optional());

export const createdInviteSchema = z.lazy(() => z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
}));
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** An invite as its owner lists it; the token is not kept, so revoking goes by id. */
export const inviteSchema = z.lazy(() => z.object({
  id: z.number().int(),
  betId: z.number().int().nullable(),
  uses: z.number().int(),
  maxUses: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
}));
export type Invite = z.infer<typeof inviteSchema>;

/**
 * The bet an invite shares, as anyone holding the link sees it: its creator chose to show these
 * words to whoever they send it to (docs/product.md §6.2).
 */
export const invitedBetSchema = z.lazy(() => z.object({
  id: z.number().int(),
  title: z.string(),
  options: z.array(z.string()),
  odds: z.array(z.number().nullable()),
  totalPot: z.string(),
  expiresAt: z.string().nullable(),
}));
export type InvitedBet = z.infer<typeof invitedBetSchema>;

export const invitePreviewSchema = z.lazy(() => z.object({
  inviter: z.object({ id: z.number().int(), username: z.string() }),
  expiresAt: z.string(),
  /** The bet shared with the invite, if any: the newcomer lands on it after accepting. */
  betId: z.number().int().nullable(),
  /** That bet, while it is there to see (null for a friend invite, or once the bet is deleted). */
  bet: invitedBetSchema.nullable(),
}));
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const acceptedInviteSchema = z.lazy(() => z.object({
  friend: z.object({ id: z.number().int(), username: z.string() }),
  betId: z.number().int().nullable(),
}));
export type AcceptedInvite = z.infer<typeof acceptedInviteSchema>;

/** A token as sent in a path, or an invite's id (for its owner's DELETE). */
export const inviteTokenParamsSchema = z.lazy(() => z.object({ token: z.string().min(1).max(100) }));
