import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../shared/money.ts';
import { parseAmountToCents } from '../../../shared/money.ts';
import { accountExportSchema, type AccountExport } from '../../../shared/schemas/account.ts';
import { conversationSchema } from '../../../shared/schemas/chat.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { preferencesSchema } from '../../../shared/schemas/notifications.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

/** A signed amount of the API ("-25.50") in cents. */
const cents = (amount: string) => (amount.startsWith('-') ? -1 : 1) * parseAmountToCents(amount.replace(/^-/, ''))!;

describe(`"Take your data": GET /api/account/export on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;
  let raw: { statusCode: number; headers: Record<string, unknown>; body: string };
  let exported: AccountExport;
  let annsBetId: number;
  let bobsBetId: number;

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    await makeFriends(app, ann, bob);

    const profile = await ann.agent.post('/api/users/profile', { bio: 'Odds are my thing', location: 'Leeds', favoriteCategory: 'Sports' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await ann.agent.put('/api/users/preferences', { theme: 'dark', privacy: { findableByEmail: false } })).statusCode).toBe(200);

    annsBetId = (await createBetAs(ann, { title: 'Will it rain on Sunday?', options: ['Rain', 'Dry', 'Snow'] })).id;
    bobsBetId = (await createBetAs(bob, { title: 'Derby winner' })).id;
    const stake = await ann.agent.post(`/api/bets/${bobsBetId}/participate`, { option: 1, amount: '25.50' });
    expect(stake.statusCode, stake.body).toBe(200);
    // Bob's stake on Ann's bet counts in its pools, but is not Ann's.
    expect((await bob.agent.post(`/api/bets/${annsBetId}/participate`, { option: 0, amount: '7' })).statusCode).toBe(200);

    const conversation = conversationSchema.parse((await ann.agent.post('/api/conversations', { userId: bob.id })).json());
    expect((await ann.agent.post(`/api/conversations/${conversation.id}/messages`, { text: 'Ann writes: loser buys lunch' })).statusCode).toBe(201);
    expect((await bob.agent.post(`/api/conversations/${conversation.id}/messages`, { text: 'Bob writes: deal, secretly' })).statusCode).toBe(201);
    expect((await ann.agent.post(`/api/bets/${bobsBetId}/comments`, { text: 'Ann comments: away win' })).statusCode).toBe(201);
    expect((await bob.agent.post(`/api/bets/${annsBetId}/comments`, { text: 'Bob comments: bring an umbrella' })).statusCode).toBe(201);

    raw = await ann.agent.get('/api/account/export');
    expect(raw.statusCode, raw.body).toBe(200);
    exported = accountExportSchema.unwrap().strict().parse(JSON.parse(raw.body));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is a JSON file to download, named after the player and the day, never cached', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="betbro-Ann-${today}.json"`);
    expect(raw.headers['cache-control']).toBe('no-store');
  });

  it('holds the profile, with the own email and the balance in dollars', async () => {
    expect(exported.profile).toEqual({
      id: ann.id,
      username: 'Ann',
      email: 'ann@betbro.test',
      emailVerified: true,
      firstName: null,
      bio: 'Odds are my thing',
      location: 'Leeds',
      favoriteCategory: 'Sports',
      role: 'user',
      balance: '974.50',
      createdAt: expect.any(String),
    });
    expect(await balanceOf(app, ann.id)).toBe(97_450);
  });

  it('holds the preferences as GET /api/users/preferences answers them', async () => {
    const preferences = preferencesSchema.parse((await ann.agent.get('/api/users/preferences')).json());
    expect(exported.preferences).toEqual(preferences);
    expect(exported.preferences).toMatchObject({ theme: 'dark', privacy: { findableByEmail: false, showOnLeaderboard: true } });
  });

  it('holds the bets the player created, with their options, and only those', () => {
    expect(exported.bets.map((b) => [b.id, b.title, b.options, b.optionAmounts, b.creator.username])).toEqual([
      [annsBetId, 'Will it rain on Sunday?', ['Rain', 'Dry', 'Snow'], ['7.00', '0.00', '0.00'], 'Ann'],
    ]);
  });

  it('holds their stakes, not the stakes of others on their bets', () => {
    expect(exported.stakes).toEqual([
      {
        id: expect.any(Number),
        betId: bobsBetId,
        betTitle: 'Derby winner',
        option: 1,
        optionLabel: 'Away',
        amount: '25.50',
        outcome: null,
        payout: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('holds every ledger row, oldest first, summing to the balance', () => {
    expect(exported.ledger.map((e) => [e.kind, e.amount, e.betId])).toEqual([
      ['grant', '1000.00', null],
      ['stake', '-25.50', bobsBetId],
    ]);
    expect(exported.ledger.reduce((sum, e) => sum + cents(e.amount), 0)).toBe(cents(exported.profile.balance));
    expect(exported.ledger.at(-1)?.balanceAfter).toBe(exported.profile.balance);
  });

  it('holds their friends with when the friendship began', () => {
    expect(exported.friends).toEqual([{ id: bob.id, username: 'Bob', since: expect.any(String) }]);
  });

  it('holds the messages and comments they sent, and nothing others wrote to them', () => {
    expect(exported.messages).toEqual([
      {
        id: expect.any(Number),
        conversationId: expect.any(Number),
        recipient: { id: bob.id, username: 'Bob' },
        text: 'Ann writes: loser buys lunch',
        createdAt: expect.any(String),
      },
    ]);
    expect(exported.comments).toEqual([{ id: expect.any(Number), betId: bobsBetId, text: 'Ann comments: away win', createdAt: expect.any(String) }]);
    expect(raw.body).not.toContain('Bob writes');
    expect(raw.body).not.toContain('Bob comments');
  });

  it("holds no other player's email", () => {
    expect(raw.body).not.toContain('bob@betbro.test');
  });

  it('answers only the player it belongs to', async () => {
    const bobs = accountExportSchema.parse(JSON.parse((await bob.agent.get('/api/account/export')).body));
    expect(bobs.profile.username).toBe('Bob');
    expect(bobs.bets.map((b) => b.id)).toEqual([bobsBetId]);
    expect(JSON.stringify(bobs)).not.toContain('ann@betbro.test');
  });

  it("keeps a stake on a bet an admin deleted, and that bet's words out", async () => {
    const root = await createUser(app, 'ExportRoot', { admin: true });
    const removed = await createBetAs(bob, { title: 'Words nobody may read', options: ['Said', 'Unsaid'] });
    expect((await ann.agent.post(`/api/bets/${removed.id}/participate`, { option: 0, amount: '3' })).statusCode).toBe(200);
    expect((await root.agent.delete(`/api/admin/bets/${removed.id}`)).statusCode).toBe(200);
    const after = await ann.agent.get('/api/account/export');
    expect(after.body).not.toContain('Words nobody may read');
    expect(after.body).not.toContain('Unsaid');
    const data = accountExportSchema.unwrap().strict().parse(JSON.parse(after.body));
    expect(data.stakes.find((s) => s.betId === removed.id)).toMatchObject({ betTitle: null, optionLabel: null, outcome: 'refunded', amount: '3.00' });
    const sum = data.ledger.reduce((total, row) => total + Math.round(Number(row.amount) * 100), 0);
    expect(formatCents(sum)).toBe(data.profile.balance);
  });

  it('holds their crews, their crew ledger by season, and the crew messages they sent', async () => {
    const crew = (await bob.agent.post('/api/crews', { name: 'Export crew', startingBalance: '50.00' })).json() as { id: number };
    const { token } = (await bob.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string };
    expect((await ann.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
    const crewBet = await createBetAs(bob, { title: 'Crew export bet', crewId: crew.id });
    expect((await ann.agent.post(`/api/bets/${crewBet.id}/participate`, { option: 0, amount: '12' })).statusCode).toBe(200);
    expect((await ann.agent.post(`/api/crews/${crew.id}/messages`, { text: 'Ann in the crew' })).statusCode).toBe(201);
    expect((await bob.agent.post(`/api/crews/${crew.id}/messages`, { text: 'Bob in the crew' })).statusCode).toBe(201);
    const after = await ann.agent.get('/api/account/export');
    const data = accountExportSchema.unwrap().strict().parse(JSON.parse(after.body));
    expect(data.crews).toEqual([{ id: crew.id, name: 'Export crew', owner: false, joinedAt: expect.any(String) }]);
    expect(data.crewLedger.map((r) => [r.crewId, r.season, r.kind, r.amount, r.balanceAfter, r.betId])).toEqual([
      [crew.id, 1, 'grant', '50.00', '50.00', null],
      [crew.id, 1, 'stake', '-12.00', '38.00', crewBet.id],
    ]);
    expect(data.crewMessages).toEqual([{ id: expect.any(Number), crewId: crew.id, text: 'Ann in the crew', createdAt: expect.any(String) }]);
    expect(after.body).not.toContain('Bob in the crew');
    // The crew stake is not the player's own money.
    expect(data.profile.balance).toBe(exported.profile.balance);
  });

  it('is 401 signed out', async () => {
    const response = await new HttpAgent(app).get('/api/account/export');
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json()).code).toBe('unauthorized');
  });
});
