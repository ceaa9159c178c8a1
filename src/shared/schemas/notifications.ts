import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'friend_request',
  'friend_accepted',
  'bet_staked',
  'bet_expired',
  'bet_settled',
  'message',
  'invite_accepted',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What each type means to a person, for the settings screen. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  friend_request: 'Friend requests',
  friend_accepted: 'Accepted friend requests',
  bet_staked: 'Someone stakes on your bet',
  bet_expired: 'Your bet expired and awaits your resolution',
  bet_settled: 'A bet you staked on was resolved',
  message: 'New messages',
  invite_accepted: 'Someone accepted your invite',
};

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  betId: z.number().int().nullable(),
  fromUserId: z.number().int().nullable(),
  conversationId: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextBefore: z.number().int().nullable(),
});

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

export const THEMES = ['light', 'dark', 'system'] as const;

export const preferencesSchema = z.object({
  theme: z.enum(THEMES),
  notifications: z.record(z.enum(NOTIFICATION_TYPES), z.boolean()),
  privacy: z.object({ showOnLeaderboard: z.boolean(), findableByEmail: z.boolean() }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const updatePreferencesBodySchema = z.object({
  theme: z.enum(THEMES, { error: 'Theme must be light, dark or system' }).optional(),
  notifications: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean()).optional(),
  privacy: z.object({ showOnLeaderboard: z.boolean().optional(), findableByEmail: z.boolean().optional() }).optional(),
});
