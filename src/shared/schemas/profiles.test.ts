import { describe, expect, it } from 'vitest';
import { computeAchievements } from './profiles.ts';

describe('achievements', () => {
  it('shows progress until each threshold of docs/product.md §8.2', () => {
    const none = computeAchievements({ totalWins: 0, totalBets: 3, winRate: 0, friends: 2 });
    expect(none.map((a) => [a.name, a.unlocked, a.progressText])).toEqual([
      ['First Win', false, '0/1'],
      ['Active Player', false, '3/10'],
      ['Hot Streak', false, '0%'],
      ['Social Butterfly', false, '2/5'],
    ]);
    expect(none[1]!.progress).toBeCloseTo(0.3);
  });

  it('unlocks at the thresholds: a win, 10 bets, 70%, 5 friends', () => {
    const all = computeAchievements({ totalWins: 7, totalBets: 10, winRate: 70, friends: 5 });
    expect(all.every((a) => a.unlocked && a.progress === 1)).toBe(true);
    const justBelow = computeAchievements({ totalWins: 6, totalBets: 9, winRate: 69, friends: 4 });
    expect(justBelow.map((a) => a.unlocked)).toEqual([true, false, false, false]);
  });
});
