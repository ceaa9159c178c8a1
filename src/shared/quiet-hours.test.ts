import { describe, expect, it } from 'vitest';
import { clockTimeIn, inQuietHours } from './quiet-hours.ts';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('reads the clock of the time zone, with summer time', () => {
    expect(clockTimeIn('UTC', at('2026-01-15T23:30:00Z'))).toBe('23:30');
    expect(clockTimeIn('Europe/Berlin', at('2026-01-15T23:30:00Z'))).toBe('00:30');
    expect(clockTimeIn('Europe/Berlin', at('2026-07-15T23:30:00Z'))).toBe('01:30');
    expect(clockTimeIn('America/New_York', at('2026-07-15T03:05:00Z'))).toBe('23:05');
  });

  it('spans midnight when from comes after to, including from and excluding to', () => {
    const quiet = { from: '22:00', to: '08:00' };
    expect(inQuietHours(quiet, 'UTC', at('2026-03-01T21:59:00Z'))).toBe(false);
    expect(inQuietHours(quiet, 'UTC', at('2026-03-01T22:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet, 'UTC', at('2026-03-02T03:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet, 'UTC', at('2026-03-02T07:59:00Z'))).toBe(true);
    expect(inQuietHours(quiet, 'UTC', at('2026-03-02T08:00:00Z'))).toBe(false);
  });

  it('keeps a span within one day', () => {
    const quiet = { from: '13:00', to: '14:30' };
    expect(inQuietHours(quiet, 'UTC', at('2026-03-01T12:59:00Z'))).toBe(false);
    expect(inQuietHours(quiet, 'UTC', at('2026-03-01T14:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet, 'UTC', at('2026-03-01T14:30:00Z'))).toBe(false);
  });

  it("counts on the player's clock, and on UTC before they chose a time zone", () => {
    const quiet = { from: '22:00', to: '08:00' };
    // 06:00 UTC is 07:00 in Berlin in winter (quiet) and 02:00 in New York (quiet); 09:00 UTC is 04:00 in New York.
    expect(inQuietHours(quiet, 'Europe/Berlin', at('2026-01-15T06:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet, 'Europe/Berlin', at('2026-01-15T07:00:00Z'))).toBe(false);
    expect(inQuietHours(quiet, 'America/New_York', at('2026-01-15T09:00:00Z'))).toBe(true);
    expect(inQuietHours(quiet, null, at('2026-01-15T09:00:00Z'))).toBe(false);
  });

  it('has none without quiet hours, or with equal ends', () => {
    expect(inQuietHours(null, 'UTC', at('2026-01-15T23:00:00Z'))).toBe(false);
    expect(inQuietHours({ from: '10:00', to: '10:00' }, 'UTC', at('2026-01-15T10:00:00Z'))).toBe(false);
  });
});
