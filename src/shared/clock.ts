/**
 * The one clock (docs/product.md §8.3): how a moment reads on a player's clock, their time zone
 * preference, in friendly form. The browser shows every time through these (in the device's
 * language, client/lib/format.ts), and the server words the times inside its sentences with
 * them (notifications, mail, push, insights) in the reader's zone, so a deadline reads the same
 * on the bet's page, in the bell and in the mailbox.
 */
import type { Translate } from './i18n/messages.ts';

/** A clock: an IANA time zone (undefined: the runtime's own) and a language (undefined: the runtime's). */
export interface Clock {
  timeZone?: string | undefined;
  locale?: string | undefined;
}

const on = (clock: Clock, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions =>
  clock.timeZone ? { ...options, timeZone: clock.timeZone } : options;

/** Relative times as docs/product.md §13 words them, in the reader's language (`t`): just now, m ago, h ago, d ago. */
export function relativeTime(t: Translate, iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return t('time.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('time.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('time.hoursAgo', { count: hours });
  return t('time.daysAgo', { count: Math.floor(hours / 24) });
}

/** A day and a time on the clock: "Nov 28, 09:05 PM". */
export const dayAndTime = (iso: string | number, clock: Clock = {}) =>
  new Date(iso).toLocaleString(clock.locale, on(clock, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }));

/** A time of day on the clock: "09:05 PM" (with seconds: "09:05:07 PM"). */
export const timeOfDay = (iso: string | number, clock: Clock = {}, { seconds = false } = {}) =>
  new Date(iso).toLocaleTimeString(clock.locale, on(clock, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) }));

/**
 * A moment in friendly form: the recent past as an age ("just now", "5m ago", "3h ago"), anything
 * else, the future included, as a day and a time ("Nov 28, 09:05 PM").
 */
export function friendlyMoment(t: Translate, iso: string, clock: Clock = {}, now = Date.now()): string {
  const age = now - Date.parse(iso);
  if (age >= 0 && age < 24 * 3600_000) return relativeTime(t, iso, now);
  return dayAndTime(iso, clock);
}

/** The hour of the day (0-23) at which a moment falls on the clock. */
export function hourOn(at: Date | number, clock: Clock = {}): number {
  const hour = Number(new Date(at).toLocaleString('en-US', on(clock, { hour: 'numeric', hourCycle: 'h23' })));
  return hour % 24;
}

/**
 * The clock of a sentence the server writes for a reader: their time zone preference, in their
 * language; UTC while they have chosen none (the app tells the server the device's zone at the
 * first sign-in, so that is rare), and then the sentence names it.
 */
const readerClock = (timeZone: string | null, locale: string): Clock => ({ timeZone: timeZone ?? 'UTC', locale });

/** What a sentence adds after a time: nothing on the reader's own clock, " UTC" while they have chosen none. */
export const zoneNote = (timeZone: string | null) => (timeZone ? '' : ' UTC');

/** A deadline inside a sentence, on its reader's clock: "Nov 28, 11:07 PM" (no zone chosen: "Nov 28, 11:07 PM UTC"). */
export const sentenceTime = (iso: string, timeZone: string | null, locale = 'en') => `${dayAndTime(iso, readerClock(timeZone, locale))}${zoneNote(timeZone)}`;

/** An hour of the day as a sentence says it, whatever the zone: 21 -> "09:00 PM", 24 -> "12:00 AM" (in English). */
export const sentenceHour = (hour: number, locale = 'en') => timeOfDay(Date.UTC(2000, 0, 1, hour % 24), { timeZone: 'UTC', locale });
