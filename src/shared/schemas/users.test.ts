import { describe, expect, it } from 'vitest';
import { usernameSchema } from './users.ts';

const firstMessage = (name: unknown) => usernameSchema.safeParse(name).error?.issues[0]?.message;

describe('the username rule', () => {
  it('says which characters a name may hold', () => {
    const message = 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores';
    for (const name of ['José', 'Jose\u0301', 'bad name!', 'Zoë_99', 'Mr.Bet', 'ann\u200B', '\u0430\u043b\u0438\u0441\u0430']) {
      expect(firstMessage(name), name).toBe(message);
    }
  });

  it('needs a letter or a digit', () => {
    for (const name of ['___', '____', '____________________']) expect(firstMessage(name), name).toBe('Username must contain a letter or a digit');
    expect(usernameSchema.parse('_a_')).toBe('_a_');
  });

  it('refuses reserved names whole, and reserved words anywhere in a name', () => {
    for (const name of ['admin', 'Support', 'ROOT', 'Adm_In', 'no_reply']) expect(firstMessage(name), name).toBe('This username is reserved');
    const cases = [
      ['admins', 'admin'],
      ['TheAdmin', 'admin'],
      ['sysadmin_42', 'admin'],
      ['betbro_support', 'betbro'],
      ['BetBroFan', 'betbro'],
      ['Chief_Moderator', 'moderator'],
      ['official_odds', 'official'],
      ['support_desk', 'support'],
    ];
    for (const [name, word] of cases) expect(firstMessage(name), name).toBe(`Username must not contain the reserved word "${word}"`);
  });

  it('keeps ordinary names that hold a reserved word, or a reserved name that is refused only whole', () => {
    for (const name of ['BadmintonBob', 'badminton_fan', 'Arsenal_supporter', 'Supporters', 'admiral', 'rooted', 'helpful', 'teamwork', 'modest']) {
      expect(usernameSchema.safeParse(name).success, name).toBe(true);
    }
  });
});
