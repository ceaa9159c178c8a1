import type { QuietHours } from './schemas/notifications.ts';

/** The time of day "HH:MM" (24 hours) at `now` on the clocks of `timeZone`. */
export function clockTimeIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * Whether `now` falls in a player's quiet hours (docs/product.md §8.3): from `from` up to, not
 * including, `to`, on their clock (UTC until they chose a time zone); a span whose `from` comes
 * after its `to` runs over midnight, and equal ends mean no quiet hours.
 */
export function inQuietHours(quiet: QuietHours | null, timeZone: string | null, now: Date): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  const time = clockTimeIn(timeZone ?? 'UTC', now);
  return quiet.from < quiet.to ? time >= quiet.from && time < quiet.to : time >= quiet.from || time < quiet.to;
}
