import { describe, expect, it } from 'vitest';
import {
  computeFigures,
  isoWeek,
  nextWeekStart,
  periodKey,
  periodStart,
  rankAmong,
  weekStart,
  winRatePercent,
  type FigureStake,
} from './player-figures.ts';

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
    expect(periodKey('week', new Date('2026-11-25T23:59:59Z'))).toBe('2026-11-23');
    expect(periodKey('month', new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(periodKey('all', new Date('2026-11-30T23:59:59Z'))).toBe('1970-01-01');
  });
});

describe('the player figures', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  // The worked history: one win, one loss, one refunded stake and one open stake, this week.
  const history: FigureStake[] = [
    { amountCents: 10_000, placedAt: at('2026-11-23T09:00:00Z'), outcome: 'won', paidCents: 25_000 },
    { amountCents: 4_000, placedAt: at('2026-11-23T10:00:00Z'), outcome: 'lost', paidCents: 0 },
    { amountCents: 7_000, placedAt: at('2026-11-24T10:00:00Z'), outcome: 'refunded', paidCents: 7_000 },
    { amountCents: 2_500, placedAt: at('2026-11-25T08:00:00Z'), outcome: null, paidCents: null },
  ];

  it('count a refunded stake nowhere, open and settled stakes as bets, wins among settled', () => {
    const figures = computeFigures(history, 'week', now);
    expect(figures).toEqual({ bets: 3, settledBets: 2, wins: 1, wageredCents: 16_500, profitCents: 11_000 });
    expect(winRatePercent(figures.wins, figures.bets)).toBe(33);
  });

  it('are the same in every period that holds the same stakes', () => {
    expect(computeFigures(history, 'month', now)).toEqual(computeFigures(history, 'week', now));
    expect(computeFigures(history, 'all', now)).toEqual(computeFigures(history, 'week', now));
  });

  it('count a stake in the week and month it was placed in, with its outcome when it settles later', () => {
    const lastWeek: FigureStake = { amountCents: 5_000, placedAt: at('2026-11-16T10:00:00Z'), outcome: 'lost', paidCents: 0 };
    const lastMonth: FigureStake = { amountCents: 3_000, placedAt: at('2026-10-31T23:59:59Z'), outcome: 'won', paidCents: 9_000 };
    const stakes = [...history, lastWeek, lastMonth];
    expect(computeFigures(stakes, 'week', now).bets).toBe(3);
    expect(computeFigures(stakes, 'month', now)).toEqual({ bets: 4, settledBets: 3, wins: 1, wageredCents: 21_500, profitCents: 6_000 });
    expect(computeFigures(stakes, 'all', now)).toEqual({ bets: 5, settledBets: 4, wins: 2, wageredCents: 24_500, profitCents: 12_000 });
  });

  it('give a win rate of 0 without bets, and whole percent otherwise', () => {
    expect(winRatePercent(0, 0)).toBe(0);
    expect(winRatePercent(2, 3)).toBe(67);
    expect(winRatePercent(1, 2)).toBe(50);
  });

  it('rank ties together and count only higher profits', () => {
    expect(rankAmong([500, 200, 200, 0, -100], 200)).toBe(2);
    expect(rankAmong([500, 200, 200, 0, -100], 0)).toBe(4);
    expect(rankAmong([500, 200, 200, 0, -100], 500)).toBe(1);
    expect(rankAmong([500, 200, 200, 0, -100], -100)).toBe(5);
  });
});
