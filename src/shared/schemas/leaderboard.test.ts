import { describe, expect, it } from 'vitest';
import { isoWeek, nextWeekStart, periodStart, weekStart } from './leaderboard.ts';

describe('ISO weeks', () => {
  it.each([
    ['2026-11-22T12:00:00Z', 47, 2026], // a Sunday
    ['2026-11-23T00:00:00Z', 48, 2026], // the Monday after
    ['2026-01-01T00:00:00Z', 1, 2026], // a Thursday
    ['2021-01-03T00:00:00Z', 53, 2020], // belongs to the last week of 2020
    ['2024-12-30T00:00:00Z', 1, 2025], // a Monday in the first week of 2025
  ])('%s is week %i of %i', (at, week, year) => {
    expect(isoWeek(new Date(at))).toEqual({ week, year });
  });

  it('resets on Monday 00:00 UTC', () => {
    expect(weekStart(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(nextWeekStart(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextWeekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('starts months on the 1st and all time at the epoch', () => {
    expect(periodStart('month', new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStart('all', new Date()).getTime()).toBe(0);
  });
});
