import { describe, expect, it } from 'vitest';
import { hasLookAlikes, skeleton } from './text-skeleton.ts';

describe('look-alike skeletons (UTS #39)', () => {
  it('gives look-alikes one skeleton, ignoring case', () => {
    const groups = [
      ['Yes', 'YES', 'yes', '\u03A5es', 'Y\u0435s'], // a Greek capital upsilon, a Cyrillic small ie
      ['alice', 'aIice', 'ALICE', 'a1ice', 'ALlCE', '\u0430lice'],
      ['bob', 'b0b', 'BOB', 'B0B', 'b\u043eb'],
      ['mike', 'rnike', 'MIKE'],
      ['olive_0', 'O1ive_o', '0live_O'],
      ['\u{1F600}\u{1F600}', '\u{1F600}\u200D\u{1F600}'], // a joiner between two emoji that do not join
      ['\u2764', '\u2764\uFE0F'],
    ];
    for (const group of groups) expect(new Set(group.map(skeleton)), group.join()).toHaveProperty('size', 1);
  });

  it('keeps different texts apart', () => {
    const texts = ['Yes', 'No', 'Yes!', 'alice', 'alica', 'bob', 'bobby', 'Home', 'Away', 'Draw', 'Café', 'Cafe', 'user_1', 'player_2'];
    expect(new Set(texts.map(skeleton)).size).toBe(texts.length);
  });

  it('finds look-alikes among a list', () => {
    expect(hasLookAlikes(['Yes', 'No'])).toBe(false);
    expect(hasLookAlikes(['Yes', 'No', '\u03A5es'])).toBe(true);
    expect(hasLookAlikes(['Home', 'Draw', 'H0ME'])).toBe(true);
  });
});
