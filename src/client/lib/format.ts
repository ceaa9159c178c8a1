import { dayAndTime, friendlyMoment, relativeTime as sharedRelativeTime, timeOfDay, type Clock } from '../../shared/clock.ts';
import { formatDollars, parseAmountToCents, type Cents } from '../../shared/money.ts';
import { activeLocale, t } from './i18n.ts';

/**
 * How amounts, counts and times read on screen: in the reader's language (lib/i18n.ts) and, for
 * times, on their clock.
 */

/** "1000.00" from the API -> "$1,000.00" on screen ("-5.00" -> "-$5.00"; "1.000,00 $" in German). */
export function showAmount(amount: string): string {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const cents = parseAmountToCents(negative ? text.slice(1) : text) ?? 0;
  return formatDollars(negative ? -cents : cents, activeLocale());
}

/** Cents on screen: 100000 -> "$1,000.00", in the reader's language. */
export const showCents = (cents: Cents) => formatDollars(cents, activeLocale());

/** A number on screen with the reader's grouping: 1234 -> "1,234" ("1.234" in German). */
export const showNumber = (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(activeLocale(), options).format(value);

/** How long ago `iso` was: "just now", "5m ago", "3h ago", "2d ago". */
export const relativeTime = (iso: string, now = Date.now()) => sharedRelativeTime(t, iso, now);

/**
 * What is left until `iso`, as a countdown says it: "2d 4h left", "23h 59m left", "4m 10s left",
 * "9s left", and "Time is up" once it has passed.
 */
export function timeLeft(iso: string, now = Date.now()): string {
  const seconds = Math.floor((Date.parse(iso) - now) / 1000);
  if (!(seconds > 0)) return t('time.up');
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('time.leftDays', { days, hours });
  if (hours > 0) return t('time.leftHours', { hours, minutes });
  if (minutes > 0) return t('time.leftMinutes', { minutes, seconds: seconds % 60 });
  return t('time.leftSeconds', { seconds });
}

/**
 * The one clock every time on screen is read in (docs/product.md §8.3): the player's time zone
 * preference, the device's until they choose one. The frames set it from the preferences; it is
 * remembered on the device so the first screen already shows it.
 */
const ZONE_KEY = 'betbro_time_zone';
let displayZone: string | undefined = (() => {
  try {
    return globalThis.localStorage?.getItem(ZONE_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked: the device's clock until the preferences arrive
  }
})();

/** The zone times are shown in now (undefined: the device's). */
export const displayTimeZone = () => displayZone;

/** Shows every time from now on in `zone` (null: the device's); whether that changed anything. */
export function setDisplayTimeZone(zone: string | null): boolean {
  const next = zone ?? undefined;
  if (next === displayZone) return false;
  displayZone = next;
  try {
    if (next) globalThis.localStorage?.setItem(ZONE_KEY, next);
    else globalThis.localStorage?.removeItem(ZONE_KEY);
  } catch {
    // storage blocked: the preferences set it again next time
  }
  return true;
}

const inZone = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions => (displayZone ? { ...options, timeZone: displayZone } : options);

/** The player's clock, in their language (src/shared/clock.ts words the times on it). */
const playerClock = (): Clock => ({ timeZone: displayZone, locale: activeLocale() });

/** A day, in the player's clock: "Nov 28, 2026" (without the year: "Nov 28"). */
export const showDate = (iso: string, { year = true } = {}) =>
  new Date(iso).toLocaleDateString(activeLocale(), inZone({ ...(year ? { year: 'numeric' } : {}), month: 'short', day: 'numeric' }));

/** A time of day, in the player's clock: "09:05 PM" (with seconds: "09:05:07 PM"). */
export const showTime = (iso: string | number, { seconds = false } = {}) => timeOfDay(iso, playerClock(), { seconds });

/** A day with its weekday, in the player's clock: "Saturday, November 28". */
export const showDay = (iso: string) => new Date(iso).toLocaleDateString(activeLocale(), inZone({ weekday: 'long', month: 'long', day: 'numeric' }));

/** A day and a time, in the player's clock: "Nov 28, 09:05 PM", as the server words its deadlines. */
export const showDayAndTime = (iso: string) => dayAndTime(iso, playerClock());

/**
 * A moment in friendly form, in the player's clock: the recent past as an age ("just now",
 * "5m ago", "3h ago"), anything else as a day and a time ("Nov 28, 09:05 PM").
 */
export const showDateTime = (iso: string, now = Date.now()): string => friendlyMoment(t, iso, playerClock(), now);

/** "1 participant", "2 participants". */
export const participantCount = (count: number) => t('format.participants', { count });
