import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { skeleton } from '../../../shared/text-skeleton.ts';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { reservedLookAlike } from './usernames.ts';

describe('username skeletons (UTS #39)', () => {
  it('gives look-alikes one skeleton, ignoring case', () => {
    const groups = [
      ['alice', 'aIice', 'ALICE', 'a1ice', 'ALlCE', '\u0430lice'],
      ['bob', 'b0b', 'BOB', 'B0B', 'b\u043eb'],
      ['mike', 'rnike', 'MIKE'],
      ['olive_0', 'O1ive_o', '0live_O'],
    ];
    for (const group of groups) expect(new Set(group.map(skeleton)), group.join()).toHaveProperty('size', 1);
  });

  it('keeps different names apart', () => {
    const names = ['alice', 'alica', 'bob', 'bobby', 'sam', 'san', 'ann', 'anne', 'user_1', 'player_2'];
    expect(new Set(names.map(skeleton)).size).toBe(names.length);
  });

  it('finds reserved names behind case, underscores and look-alike letters', () => {
    for (const name of ['admin', 'Admin', 'ADM1N', 'adm_in', 'Supp0rt', 'r00t', 'Betbro', 'Moderat0r', 'HELP']) {
      expect(reservedLookAlike(name), name).toBe('This username is reserved');
    }
  });

  it('finds reserved words inside a name behind look-alike letters', () => {
    const cases = [
      ['admins', 'admin'],
      ['adm1ns', 'admin'],
      ['The_Adm1n', 'admin'],
      ['betbro_support', 'betbro'],
      ['betbr0_help', 'betbro'],
      ['TheM0derat0r', 'moderator'],
      ['0fficial_odds', 'official'],
      ['Supp0rt_desk', 'support'],
    ];
    for (const [name, word] of cases) expect(reservedLookAlike(name!), name).toBe(`Username must not contain the reserved word "${word}"`);
  });

  it('keeps ordinary names, including those that hold a reserved word in an ordinary one', () => {
    for (const name of ['admiral', 'supporter', 'Arsenal_supp0rter', 'rooted', 'helpful', 'alice', 'BadmintonBob', 'badm1nton_fan']) {
      expect(reservedLookAlike(name), name).toBeNull();
    }
  });
});

describe(`choosing a username on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let counter = 0;

  beforeAll(async () => {
    app = await createTestApp();
    admin = await createUser(app, 'Ada', { admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const refusals: [string, string][] = [
    ['admins', 'Username must not contain the reserved word "admin"'],
    ['adm1ns', 'Username must not contain the reserved word "admin"'],
    ['betbro_support', 'Username must not contain the reserved word "betbro"'],
    ['betbr0_help', 'Username must not contain the reserved word "betbro"'],
    ['TheM0derat0r', 'Username must not contain the reserved word "moderator"'],
    ['____', 'Username must contain a letter or a digit'],
    ['José', 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores'],
    ['Jose\u0301', 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores'],
    ['ann\u200B', 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores'],
  ];

  it.each(refusals)('refuses %j when a player completes their profile, and changes nothing', async (username, message) => {
    const newcomer = await createUser(app, `user_new${(counter += 1)}`);
    const response = await newcomer.agent.post('/api/complete-profile', { username });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.parse(response.json())).toEqual({ error: message, code: 'invalid_input' });
    expect((await newcomer.agent.get('/api/auth/user')).json()).toMatchObject({ username: newcomer.username });
  });

  it.each(refusals)('refuses %j when an admin adds a user, and adds nobody', async (username, message) => {
    const response = await admin.agent.post('/api/admin/users', { username, email: `new${(counter += 1)}@betbro.test`, password: 'a long enough passphrase' });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.parse(response.json())).toEqual({ error: message, code: 'invalid_input' });
    const found = await admin.agent.get(`/api/admin/users?q=${encodeURIComponent(`new${counter}@`)}`);
    expect(found.json()).toMatchObject({ total: 0 });
  });

  it('lets an ordinary name that holds a reserved word through', async () => {
    const newcomer = await createUser(app, `user_new${(counter += 1)}`);
    const response = await newcomer.agent.post('/api/complete-profile', { username: 'BadmintonBob' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ username: 'BadmintonBob' });
  });
});
