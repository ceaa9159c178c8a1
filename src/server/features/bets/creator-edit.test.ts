import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betDetailSchema } from '../../../shared/schemas/bets.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import type { DomainEvent } from '../../plugins/domain-events.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});

describe(`the creator edits an unstaked bet on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser; // creates bets
  let bob: TestUser; // Ann's friend
  let dan: TestUser; // a stranger
  let eve: TestUser; // admin
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    dan = await createUser(app, 'Dan');
    eve = await createUser(app, 'Eve', { admin: true });
    await makeFriends(app, ann, bob);
    app.domainEvents.subscribe((event) => events.push(event));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('changes title and description while nobody has staked, and announces it', async () => {
    const bet = await createBetAs(ann, { title: 'Typo in titel' });
    const before = events.length;
    const response = await ann.agent.put(`/api/bets/${bet.id}`, { title: '  Typo in title ', description: 'Fixed.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(betDetailSchema.parse(response.json())).toMatchObject({ id: bet.id, title: 'Typo in title', description: 'Fixed.', participants: 0 });
    // Its words changed, not only its pools: what shows the bet is read again.
    expect(events.slice(before)).toEqual([{ type: 'bet_updated', betId: bet.id, actorId: ann.id, poolsOnly: false }]);
    const seen = betDetailSchema.parse((await bob.agent.get(`/api/bets/${bet.id}`)).json());
    expect(seen.title).toBe('Typo in title');
  });

  it('checks both fields with the messages of docs/product.md §4.2', async () => {
    const bet = await createBetAs(ann);
    expect(refusal(await ann.agent.put(`/api/bets/${bet.id}`, { title: '', description: 'x' }))).toMatchObject({
      status: 400,
      error: 'Title is required',
    });
    expect(refusal(await ann.agent.put(`/api/bets/${bet.id}`, { title: 'x', description: 'y'.repeat(1001) }))).toMatchObject({
      status: 400,
      error: 'Description too long',
    });
  });

  it('refuses once someone has staked (409), leaving the words as they were', async () => {
    const bet = await createBetAs(ann, { title: 'Staked on these words' });
    expect((await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);
    expect(refusal(await ann.agent.put(`/api/bets/${bet.id}`, { title: 'Different words', description: 'z' }))).toEqual({
      status: 409,
      error: 'This bet already has stakes',
      code: 'bet_has_stakes',
    });
    expect(betDetailSchema.parse((await ann.agent.get(`/api/bets/${bet.id}`)).json()).title).toBe('Staked on these words');
  });

  it('refuses anyone but the creator: friends and admins 403, strangers 404, signed-out 401', async () => {
    const bet = await createBetAs(ann);
    const body = { title: 'Hijacked', description: 'Not yours' };
    expect(refusal(await bob.agent.put(`/api/bets/${bet.id}`, body))).toMatchObject({ status: 403, code: 'not_creator' });
    // Admins edit through /api/admin/bets/{id}, which leaves an audit trail.
    expect(refusal(await eve.agent.put(`/api/bets/${bet.id}`, body))).toMatchObject({ status: 403, code: 'not_creator' });
    expect(refusal(await dan.agent.put(`/api/bets/${bet.id}`, body))).toMatchObject({ status: 404, code: 'bet_not_found' });
    expect((await app.inject({ method: 'PUT', url: `/api/bets/${bet.id}`, payload: body })).statusCode).toBe(401);
    expect((await ann.agent.put('/api/bets/999999', body)).statusCode).toBe(404);
  });

  it('refuses a settled bet (403)', async () => {
    const bet = await createBetAs(ann);
    expect((await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    expect(refusal(await ann.agent.put(`/api/bets/${bet.id}`, { title: 'Too late', description: 'Settled' }))).toMatchObject({
      status: 403,
      code: 'bet_closed',
    });
  });
});
