import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { createBetAs, createUser, type TestUser } from '../test/fixtures.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

describe(`the NUL character in a request on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'Ann');
  });
  afterAll(async () => {
    await app?.close();
  });

  const refused = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(response.body))).toEqual({ error: 'Text must not contain the NUL character', code: 'invalid_input' });
  };

  it('is refused in a body, at any depth, and changes nothing', async () => {
    const before = (await ann.agent.get('/api/users/profile')).json();
    refused(await ann.agent.post('/api/users/profile', { favoriteCategory: '\u0000' }));
    refused(await ann.agent.post('/api/users/profile', { bio: 'a\u0000b', location: 'Ghent' }));
    expect((await ann.agent.get('/api/users/profile')).json()).toEqual(before);
    refused(await ann.agent.post('/api/bets', { title: 'Fine', description: 'Fine', options: ['Yes', 'N\u0000o'] }));
    refused(await ann.agent.post('/api/bets', { title: 'Fine', ['x\u0000']: 1 }));
    expect((await ann.agent.get('/api/my-bets')).json()).toEqual([]);
  });

  it('is refused in a query string and in a path', async () => {
    refused(await ann.agent.get('/api/users/search?q=%00'));
    const bet = await createBetAs(ann);
    refused(await ann.agent.get(`/api/bets/${bet.id}%00`));
  });

  it('leaves every other character to the rules of its field', async () => {
    const response = await ann.agent.post('/api/users/profile', { bio: 'New\nlines, 💸 and ẞ are text' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ bio: 'New\nlines, 💸 and ẞ are text' });
    const control = await ann.agent.post('/api/users/profile', { bio: 'A bell \u0007 rings' });
    expect(errorBodySchema.parse(control.json())).toEqual({ error: 'Bio contains invisible or control characters', code: 'invalid_input' });
  });
});
