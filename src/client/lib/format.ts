import { formatDollars, parseAmountToCents } from '../../shared/money.ts';

/** "1000.00" from the API -> "$1,000.00" on screen ("-5.00" -> "-$5.00"). */
export function showAmount(amount: string): string {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const cents = parseAmountToCents(negative ? text.slice(1) : text) ?? 0;
  return formatDollars(negative ? -cents : cents);
}

/** Relative times as docs/product.md §13 words them: just now, m ago, h ago, d ago. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/**
 * What is left until `iso`, as a countdown says it: "2d 4h left", "23h 59m left", "4m 10s left",
 * "9s left", and "Time is up" once it has passed.
 */
export function timeLeft(iso: string, now = Date.now()): string {
  const seconds = Math.floor((Date.parse(iso) - now) / 1000);
  if (!(seconds > 0)) return 'Time is up';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h left`;
  if (hours > 0) return `${hours}h ${minutes}m left`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s left`;
  return `${seconds}s left`;
}

export const showDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export const showDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "1 participant", "2 participants": a count with its noun, singular for one. */
export const countOf = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export const participantCount = (count: number) => countOf(count, 'participant');
