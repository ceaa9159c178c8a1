import { describe, expect, it } from 'vitest';
import en from './i18n/catalogues/en.json' with { type: 'json' };
import { translator } from './i18n/messages.ts';
import { dayAndTime, friendlyMoment, hourOn, relativeTime, sentenceHour, sentenceTime, timeOfDay, zoneNote } from './clock.ts';

const EN = 'en-US';
const t = translator('en', en);

describe('the one clock', () => {
  it('says how long ago, as docs/product.md §13 words it', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime(t, '2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(relativeTime(t, '2026-11-22T11:55:00Z', now)).toBe('5m ago');
    expect(relativeTime(t, '2026-11-22T09:00:00Z', now)).toBe('3h ago');
    expect(relativeTime(t, '2026-11-19T12:00:00Z', now)).toBe('3d ago');
  });

  it('reads a moment on the clock of a zone', () => {
    const at = '2026-11-28T23:07:00.000Z';
    expect(dayAndTime(at, { timeZone: 'UTC', locale: EN })).toBe('Nov 28, 11:07 PM');
    expect(dayAndTime(at, { timeZone: 'Asia/Tokyo', locale: EN })).toBe('Nov 29, 08:07 AM');
    expect(dayAndTime(at, { timeZone: 'America/New_York', locale: EN })).toBe('Nov 28, 06:07 PM');
    expect(timeOfDay(at, { timeZone: 'Asia/Kolkata', locale: EN })).toBe('04:37 AM');
    expect(timeOfDay(at, { timeZone: 'Asia/Kolkata', locale: EN }, { seconds: true })).toBe('04:37:00 AM');
  });

  it('gives the recent past as an age, and the rest, the future included, as a day and a time', () => {
    const now = Date.parse('2026-11-28T23:07:00.000Z');
    const clock = { timeZone: 'Asia/Tokyo', locale: EN };
    expect(friendlyMoment(t, '2026-11-28T22:07:00.000Z', clock, now)).toBe('1h ago');
    expect(friendlyMoment(t, '2026-11-26T23:07:00.000Z', clock, now)).toBe('Nov 27, 08:07 AM');
    expect(friendlyMoment(t, '2026-11-29T01:00:00.000Z', clock, now)).toBe('Nov 29, 10:00 AM');
  });

  it("words a server's sentence on its reader's clock, and names UTC while the reader has chosen none", () => {
    const at = '2026-11-28T23:07:00.000Z';
    expect(sentenceTime(at, 'Asia/Tokyo')).toBe('Nov 29, 08:07 AM');
    expect(sentenceTime(at, null)).toBe('Nov 28, 11:07 PM UTC');
    expect([zoneNote('Europe/Paris'), zoneNote(null)]).toEqual(['', ' UTC']);
  });

  it('reads the hour of the day in a zone, and words an hour of the day', () => {
    const at = Date.parse('2026-11-28T23:07:00.000Z');
    expect(hourOn(at, { timeZone: 'UTC' })).toBe(23);
    expect(hourOn(at, { timeZone: 'Asia/Tokyo' })).toBe(8);
    expect(hourOn(Date.parse('2026-11-28T15:00:00.000Z'), { timeZone: 'Asia/Tokyo' })).toBe(0);
    expect([0, 3, 12, 21, 24].map((hour) => sentenceHour(hour))).toEqual(['12:00 AM', '03:00 AM', '12:00 PM', '09:00 PM', '12:00 AM']);
  });
});
