import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createdInviteSchema, invitePreviewSchema, inviteSchema, type CreatedInvite } from '../../../shared/schemas/invites.ts';
import { friendships } from '../friends/service.ts';
import { invites } from './tables.ts';
import { PLAIN_READER, notifications, notificationWords } from '../notifications/service.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const refusal = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, ...errorBodySchema.parse(JSON.parse(r.body)) });

describe(`invites on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let anon: HttpAgent;
  let counter = 0;
  const newUser = (prefix: string) => createUser(app, `${prefix}${(counter += 1)}`);

  beforeAll(async () => {
    app = await createTestApp({ publicUrl: 'https://betbro.example' });
    anon = new HttpAgent(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function invite(user: TestUser, body?: unknown): Promise<CreatedInvite> {
    const response = await user.agent.post('/api/invites', body);
    expect(response.statusCode, response.body).toBe(201);
    return createdInviteSchema.unwrap().strict().parse(response.json());
  }
  const friendshipOf = async (a: TestUser, b: TestUser) =>
    (await app.db.select().from(friendships)).filter(
      (f) => (f.requesterId === a.id && f.addresseeId === b.id) || (f.requesterId === b.id && f.addresseeId === a.id),
    );
  const inviteRow = async (token: string) =>
    (await app.db.select().from(invites).where(eq(invites.tokenHash, createHash('sha256').update(token).digest('hex'))))[0]!;
  const noticesOf = async (user: TestUser) =>
    (await app.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'invite_accepted')))).map((row) => ({
      ...row,
      ...notificationWords(row, PLAIN_READER),
    }));

  it('creates a personal link: random token, stored hashed, valid 7 days', async () => {
    const ann = await newUser('Ann');
    const before = Date.now();
    const created = await invite(ann);
    expect(created.url).toBe(`https://betbro.example/invite/${created.token}`);
    expect(Buffer.from(created.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const days = (Date.parse(created.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const row = await inviteRow(created.token);
    expect(row).toMatchObject({ inviterId: ann.id, maxUses: 50, uses: 0, betId: null, revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect((await invite(ann)).token).not.toBe(created.token);
    expect(refusal(await anon.post('/api/invites', {}))).toMatchObject({ status: 401 });
    expect(refusal(await ann.agent.post('/api/invites', { betId: 'x' }))).toMatchObject({ status: 400, code: 'invalid_input' });
  });

  it('shows who invites to anyone with the link; unknown tokens are 404', async () => {
    const ann = await newUser('Ann');
    const { token, expiresAt } = await invite(ann);
    const preview = await anon.get(`/api/invites/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ inviter: { id: ann.id, username: ann.username }, expiresAt, betId: null, bet: null });
    expect(refusal(await anon.get('/api/invites/not-a-real-token'))).toMatchObject({ status: 404, code: 'invite_not_found' });
    // Longer than any token: Fastify's limit on a path parameter answers first.
    expect(refusal(await anon.get(`/api/invites/${'x'.repeat(201)}`))).toMatchObject({ status: 414 });
  });

  it('makes the two friends at once; accepting again answers the same and changes nothing', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    const { token } = await invite(ann);
    const accepted = await bob.agent.post(`/api/invites/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ friend: { id: ann.id, username: ann.username }, betId: null });
    expect(await friendshipOf(ann, bob)).toMatchObject([{ status: 'accepted' }]);
    expect((await bob.agent.get('/api/friends')).json()).toMatchObject([{ id: ann.id }]);
    expect((await ann.agent.get('/api/friends')).json()).toMatchObject([{ id: bob.id }]);
    const notices = await noticesOf(ann);
    expect(notices).toMatchObject([{ title: 'Invite accepted', body: `${bob.username} accepted your invite and is now your friend`, fromUserId: bob.id }]);
    expect((await inviteRow(token)).uses).toBe(1);

    const again = await bob.agent.post(`/api/invites/${token}/accept`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    expect((await inviteRow(token)).uses).toBe(1);
    expect(await noticesOf(ann)).toHaveLength(1);
    expect(await friendshipOf(ann, bob)).toHaveLength(1);
  });

  it('refuses your own invite with 400 and asks the signed-out to sign in', async () => {
    const ann = await newUser('Ann');
    const { token } = await invite(ann);
    expect(refusal(await ann.agent.post(`/api/invites/${token}/accept`))).toMatchObject({ status: 400, code: 'own_invite' });
    expect(refusal(await anon.post(`/api/invites/${token}/accept`))).toMatchObject({ status: 401 });
    expect((await inviteRow(token)).uses).toBe(0);
  });

  it('accepts a pending request between the two, whoever sent it', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    const cat = await newUser('Cat');
    expect((await bob.agent.post('/api/friends', { addresseeId: ann.id })).statusCode).toBe(201);
    expect((await ann.agent.post('/api/friends', { addresseeId: cat.id })).statusCode).toBe(201);
    const { token } = await invite(ann);
    expect((await bob.agent.post(`/api/invites/${token}/accept`)).statusCode).toBe(200);
    expect((await cat.agent.post(`/api/invites/${token}/accept`)).statusCode).toBe(200);
    expect(await friendshipOf(ann, bob)).toMatchObject([{ status: 'accepted', requesterId: bob.id }]);
    expect(await friendshipOf(ann, cat)).toMatchObject([{ status: 'accepted', requesterId: ann.id }]);
    expect((await bob.agent.get('/api/friend-requests')).json()).toEqual([]);
    expect((await ann.agent.get('/api/friend-requests')).json()).toEqual([]);
  });

  it('counts a use but changes no friendship for those who already are friends', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    await makeFriends(app, ann, bob);
    const { token } = await invite(ann);
    expect((await bob.agent.post(`/api/invites/${token}/accept`)).json()).toEqual({ friend: { id: ann.id, username: ann.username }, betId: null });
    expect(await friendshipOf(ann, bob)).toHaveLength(1);
    expect(await noticesOf(ann)).toMatchObject([{ body: `${bob.username} accepted your invite` }]);
  });

  it('lets only the inviter revoke, by token or by the id from the list; then it is 404', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    const first = await invite(ann);
    const second = await invite(ann);
    expect((await bob.agent.post(`/api/invites/${first.token}/accept`)).statusCode).toBe(200);

    const listed = (await ann.agent.get('/api/invites')).json() as unknown[];
    expect(listed.map((i) => inviteSchema.unwrap().strict().parse(i))).toMatchObject([
      { id: (await inviteRow(second.token)).id, uses: 0, maxUses: 50, expiresAt: second.expiresAt, betId: null },
      { id: (await inviteRow(first.token)).id, uses: 1, maxUses: 50, expiresAt: first.expiresAt, betId: null },
    ]);
    expect((await bob.agent.get('/api/invites')).json()).toEqual([]);

    expect(refusal(await bob.agent.delete(`/api/invites/${first.token}`))).toMatchObject({ status: 404 });
    expect(refusal(await bob.agent.delete(`/api/invites/${(await inviteRow(first.token)).id}`))).toMatchObject({ status: 404 });
    expect(refusal(await anon.delete(`/api/invites/${first.token}`))).toMatchObject({ status: 401 });
    expect((await anon.get(`/api/invites/${first.token}`)).statusCode).toBe(200);

    expect((await ann.agent.delete(`/api/invites/${first.token}`)).json()).toEqual({ ok: true });
    expect((await ann.agent.delete(`/api/invites/${(await inviteRow(second.token)).id}`)).json()).toEqual({ ok: true });
    expect((await ann.agent.delete(`/api/invites/${first.token}`)).statusCode).toBe(200);
    const cat = await newUser('Cat');
    for (const { token } of [first, second]) {
      expect(refusal(await anon.get(`/api/invites/${token}`))).toMatchObject({ status: 404, code: 'invite_not_found' });
      expect(refusal(await cat.agent.post(`/api/invites/${token}/accept`))).toMatchObject({ status: 404, code: 'invite_not_found' });
    }
    expect((await ann.agent.get('/api/invites')).json()).toEqual([]);
    expect(await friendshipOf(ann, cat)).toEqual([]);
  });

  it('is 404 once expired', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    const { token } = await invite(ann);
    await app.db.update(invites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invites.inviterId, ann.id));
    expect(refusal(await anon.get(`/api/invites/${token}`))).toMatchObject({ status: 404, code: 'invite_not_found' });
    expect(refusal(await bob.agent.post(`/api/invites/${token}/accept`))).toMatchObject({ status: 404, code: 'invite_not_found' });
    expect(await friendshipOf(ann, bob)).toEqual([]);
    expect((await ann.agent.get('/api/invites')).json()).toEqual([]);
  });

  it('serves 50 people, then is used up (those who used it still get their answer)', async () => {
    const ann = await newUser('Ann');
    const { token } = await invite(ann);
    const early = await newUser('Early');
    expect((await early.agent.post(`/api/invites/${token}/accept`)).statusCode).toBe(200);
    // 48 more people used it meanwhile.
    await app.db.update(invites).set({ uses: 49 }).where(eq(invites.inviterId, ann.id));
    const fiftieth = await newUser('Fiftieth');
    expect((await fiftieth.agent.post(`/api/invites/${token}/accept`)).statusCode).toBe(200);
    expect((await inviteRow(token)).uses).toBe(50);

    const late = await newUser('Late');
    expect(refusal(await late.agent.post(`/api/invites/${token}/accept`))).toMatchObject({ status: 404, code: 'invite_used_up' });
    expect(refusal(await anon.get(`/api/invites/${token}`))).toMatchObject({ status: 404 });
    expect(await friendshipOf(ann, late)).toEqual([]);
    expect((await inviteRow(token)).uses).toBe(50);
    expect((await early.agent.post(`/api/invites/${token}/accept`)).statusCode).toBe(200);
  });

  it('serves 50 people at once, never 51', async () => {
    const ann = await newUser('Ann');
    const { token } = await invite(ann);
    await app.db.update(invites).set({ uses: 47 }).where(eq(invites.inviterId, ann.id));
    const crowd = await Promise.all(Array.from({ length: 6 }, () => newUser('Crowd')));
    const statuses = await Promise.all(crowd.map(async (u) => (await u.agent.post(`/api/invites/${token}/accept`)).statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 404)).toHaveLength(3);
    expect((await inviteRow(token)).uses).toBe(50);
  });

  it('allows 20 active invites per player: 429 past that, room again after a revoke', async () => {
    const ann = await newUser('Ann');
    const made = await Promise.all(Array.from({ length: 20 }, () => ann.agent.post('/api/invites')));
    expect(made.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const refused = await ann.agent.post('/api/invites');
    expect(refusal(refused)).toMatchObject({ status: 429, code: 'too_many_invites' });
    expect((await ann.agent.get('/api/invites')).json()).toHaveLength(20);
    const { token } = made[0]!.json() as CreatedInvite;
    expect((await ann.agent.delete(`/api/invites/${token}`)).statusCode).toBe(200);
    await invite(ann);
    expect((await ann.agent.post('/api/invites')).statusCode).toBe(429);
  });

  it('shares a bet: the newcomer lands on it and can stake on it', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    const cat = await newUser('Cat');
    const bet = await createBetAs(ann, { title: 'Shared bet', options: ['Yes', 'No', 'Maybe'], expirationType: 'time', expirationValue: '48' });
    const { token } = await invite(ann, { betId: bet.id });
    expect(invitePreviewSchema.unwrap().strict().parse((await anon.get(`/api/invites/${token}`)).json())).toEqual({
      inviter: { id: ann.id, username: ann.username },
      expiresAt: expect.any(String),
      betId: bet.id,
      bet: { id: bet.id, title: 'Shared bet', options: ['Yes', 'No', 'Maybe'], odds: [1, 1, 1], totalPot: '0.00', expiresAt: bet.expiresAt },
    });
    expect((await bob.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(404);
    expect((await bob.agent.post(`/api/invites/${token}/accept`)).json()).toEqual({
      friend: { id: ann.id, username: ann.username },
      betId: bet.id,
    });
    expect((await bob.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(200);
    const staked = await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 10 });
    expect(staked.statusCode, staked.body).toBe(200);
    // The preview shows the odds as they are now.
    expect((await anon.get(`/api/invites/${token}`)).json()).toMatchObject({ bet: { odds: [null, 1, null], totalPot: '10.00' } });

    // Only its creator shares a bet: the newcomer would not see anyone else's.
    expect(refusal(await bob.agent.post('/api/invites', { betId: bet.id }))).toMatchObject({ status: 403, code: 'not_bet_creator' });
    expect(refusal(await cat.agent.post('/api/invites', { betId: bet.id }))).toMatchObject({ status: 404, code: 'bet_not_found' });
    expect(refusal(await cat.agent.post('/api/invites', { betId: 999_999 }))).toMatchObject({ status: 404, code: 'bet_not_found' });
  });

  it('never shares a crew bet: its crew joins by the crew’s own links', async () => {
    const ann = await newUser('Ann');
    const crew = await ann.agent.post('/api/crews', { name: `Crew of ${ann.username}` });
    expect(crew.statusCode, crew.body).toBe(201);
    const crewBet = await createBetAs(ann, { title: 'Crew only', crewId: (crew.json() as { id: number }).id });
    expect(refusal(await ann.agent.post('/api/invites', { betId: crewBet.id }))).toMatchObject({ status: 403, code: 'crew_bet' });
    expect((await ann.agent.get('/api/invites')).json()).toEqual([]);
  });

  it('shows no bet once it is deleted, and 404s with the other refusals for a revoked link', async () => {
    const ann = await newUser('Ann');
    const admin = await createUser(app, `Admin${(counter += 1)}`, { admin: true });
    const bet = await createBetAs(ann, { title: 'Soon gone' });
    const { token } = await invite(ann, { betId: bet.id });
    expect((await admin.agent.delete(`/api/admin/bets/${bet.id}`)).statusCode).toBe(200);
    expect((await anon.get(`/api/invites/${token}`)).json()).toMatchObject({ betId: bet.id, bet: null });
    expect((await ann.agent.delete(`/api/invites/${token}`)).statusCode).toBe(200);
    expect(refusal(await anon.get(`/api/invites/${token}`))).toMatchObject({ status: 404, code: 'invite_not_found' });
  });

  it('respects the inviter switching the notification off', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    expect((await ann.agent.put('/api/users/preferences', { notifications: { invite_accepted: false } })).statusCode).toBe(200);
    const { token } = await invite(ann);
    expect((await bob.agent.post(`/api/invites/${token}/accept`)).statusCode).toBe(200);
    expect(await noticesOf(ann)).toEqual([]);
    expect(await friendshipOf(ann, bob)).toMatchObject([{ status: 'accepted' }]);
  });
});
