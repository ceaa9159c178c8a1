import { z } from 'zod';
import { localeTagSchema } from '../i18n/locale.ts';

export const NOTIFICATION_TYPES = [
  'friend_request',
  'friend_accepted',
  'bet_staked',
  'bet_expired',
  'bet_settled',
  'bet_proposed',
  'bet_disputed',
  'message',
  'invite_accepted',
  'crew_joined',
  'crew_bet',
  'crew_season_ended',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.lazy(() => z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  betId: z.number().int().nullable(),
  fromUserId: z.number().int().nullable(),
  conversationId: z.number().int().nullable(),
  /** The crew a notification is about (docs/product.md §6.7), or null. */
  crewId: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
}));
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.lazy(() => z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextBefore: z.number().int().nullable(),
}));

export const unreadCountSchema = z.lazy(() => z.object({ unreadCount: z.number().int() }));

export const THEMES = ['light', 'dark', 'system'] as const;

/** How a notification type reaches a player's mailbox: never, a mail each, or in the daily digest. */
export const EMAIL_MODES = ['off', 'instant', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** A time of day on the player's clock, "HH:MM" (24 hours). */
const clockTime = z.lazy(() => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00'));
/** Hours with no push, in the player's time zone; `from` after `to` spans midnight. */
export const quietHoursSchema = z.lazy(() => z.object({ from: clockTime, to: clockTime }));
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** Whether the runtime knows the IANA time zone (Intl throws a RangeError for an unknown one). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const timeZoneSchema = z.lazy(() => z.string().max(64, 'Unknown time zone').refine(isTimeZone, 'Unknown time zone'));

export const preferencesSchema = z.lazy(() => z.object({
  theme: z.enum(THEMES),
  notifications: z.record(z.enum(NOTIFICATION_TYPES), z.boolean()),
  privacy: z.object({ showOnLeaderboard: z.boolean(), findableByEmail: z.boolean() }),
  /** Per type; every type is off until the player turns it on. Mail goes only to a verified email. */
  email: z.record(z.enum(NOTIFICATION_TYPES), z.enum(EMAIL_MODES)),
  quietHours: quietHoursSchema.nullable(),
  /** IANA name; null until chosen, when the browser's own applies (and UTC for the server's mail). */
  timeZone: z.string().nullable(),
  /** The player's language: a catalogue's tag ("en", "pt-BR"), set from the browser at the first sign-in. */
  locale: z.string(),
}));
export type Preferences = z.infer<typeof preferencesSchema>;

export const updatePreferencesBodySchema = z.lazy(() => z.object({
  theme: z.enum(THEMES, { error: 'Theme must be light, dark or system' }).optional(),
  notifications: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean()).optional(),
  privacy: z.object({ showOnLeaderboard: z.boolean().optional(), findableByEmail: z.boolean().optional() }).optional(),
  email: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.enum(EMAIL_MODES, { error: 'Mail must be off, instant or daily' })).optional(),
  quietHours: quietHoursSchema.nullable().optional(),
  timeZone: timeZoneSchema.optional(),
  /** One of the server's catalogues (src/server/i18n.ts); another well-formed tag is refused there. */
  locale: localeTagSchema.optional(),
}));
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;
