import { describe, expect, it } from 'vitest';
import { isReservedLookAlike, usernameSkeleton } from './usernames.ts';

describe('username skeletons (UTS #39)', () => {
  it('gives look-alikes one skeleton, ignoring case', () => {
    const groups = [
      ['alice', 'aIice', 'ALICE', 'a1ice', 'ALlCE', '\u0430lice'],
      ['bob', 'b0b', 'BOB', 'B0B', 'b\u043eb'],
      ['mike', 'rnike', 'MIKE'],
      ['olive_0', 'O1ive_o', '0live_O'],
    ];
    for (const group of groups) expect(new Set(group.map(usernameSkeleton)), group.join()).toHaveProperty('size', 1);
  });

  it('keeps different names apart', () => {
    const names = ['alice', 'alica', 'bob', 'bobby', 'sam', 'san', 'ann', 'anne', 'user_1', 'player_2'];
    expect(new Set(names.map(usernameSkeleton)).size).toBe(names.length);
  });

  it('finds reserved names behind case, underscores and look-alike letters', () => {
    for (const name of ['admin', 'Admin', 'ADM1N', 'adm_in', 'Supp0rt', 'r00t', 'Betbro', 'Moderat0r', 'HELP']) {
      expect(isReservedLookAlike(name), name).toBe(true);
    }
    for (const name of ['admiral', 'supporter', 'rooted', 'helpful', 'alice']) expect(isReservedLookAlike(name), name).toBe(false);
  });
});
