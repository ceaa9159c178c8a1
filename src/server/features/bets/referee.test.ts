import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betDetailSchema, betTimelineSchema } from '../../../shared/schemas/bets.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { friendships } from '../friends/service.ts';
import { auditLedger } from '../wallet/service.ts';
import { notifyExpiredBets } from './service.ts';
import { voidBet } from './voiding.ts';
import { bets } from './tables.ts';

// Who decides a bet (docs/product.md §4.6): its creator, or a referee among the creator's friends.

describe(`a bet decided by a referee on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;
  let ref: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'RefAnn');
    ref = await createUser(app, 'RefRita');
    bob = await createUser(app, 'RefBob');
    stranger = await createUser(app, 'RefStranger');
    admin = await createUser(app, 'RefAdmin', { admin: true });
    await makeFriends(app, ann, ref);
    await makeFriends(app, ann, bob);
  });
  afterAll(async () => {
    await app?.close();
  });

  const detail = async (user: TestUser, betId: number) => {
    const response = await user.agent.get(`/api/bets/${betId}`);
    expect(response.statusCode, response.body).toBe(200);
    return betDetailSchema.parse(response.json());
  };
  const refereeBet = (title = 'Refereed') => createBetAs(ann, { title, resolution: { mode: 'referee', refereeId: ref.id } });
  const betCount = async () => (await app.db.select({ id: bets.id }).from(bets)).length;

  it('names the referee on the bet; only the referee may resolve it, and the referee may not stake', async () => {
    const bet = await refereeBet();
    expect(bet.resolution).toEqual({
      mode: 'referee',
      referee: { id: ref.id, username: 'RefRita' },
      proposedOption: null,
      evidence: null,
      challengeEndsAt: null,
      juryEndsAt: null,
      votesCast: 0,
      votesNeeded: 0,
      jurorsSeated: 0,
    });
    expect(bet.canResolve).toBe(false);
    const seenByReferee = await detail(ref, bet.id);
    expect(seenByReferee).toMatchObject({ canResolve: true, canStake: false });
    expect((await detail(bob, bet.id)).canResolve).toBe(false);
    // Every list shows it the same way.
    const feed = (await bob.agent.get('/api/bets')).json() as { id: number; resolution: unknown }[];
    expect(feed.find((b) => b.id === bet.id)?.resolution).toEqual(bet.resolution);

    const refused = await ref.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'The referee cannot bet on this bet', code: 'referee_cannot_stake' });

    expect((await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: '12.50' })).statusCode).toBe(200);
    const byCreator = await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 });
    expect(byCreator.statusCode).toBe(403);
    expect(byCreator.json()).toEqual({ error: 'Only the referee can resolve this bet', code: 'not_referee' });
    const byBob = await bob.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 });
    expect(byBob.json()).toMatchObject({ code: 'not_referee' });

    const byReferee = await ref.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 });
    expect(byReferee.statusCode, byReferee.body).toBe(200);
    expect(await balanceOf(app, bob.id)).toBe(100_000);
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });

  it('keeps the referee able to see and decide the bet after the friendship ends', async () => {
    const dora = await createUser(app, 'RefDora');
    await makeFriends(app, ann, dora);
    const bet = await createBetAs(ann, { title: 'Decided by Dora', resolution: { mode: 'referee', refereeId: dora.id } });
    await app.db.delete(friendships).where(eq(friendships.addresseeId, dora.id));
    expect((await detail(dora, bet.id)).canResolve).toBe(true);
    expect((await dora.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
  });

  it('tells the referee, not the creator, that an expired bet awaits a result', async () => {
    const bet = await createBetAs(ann, { title: 'Expires for Rita', resolution: { mode: 'referee', refereeId: ref.id }, expirationType: 'time', expirationValue: '1' });
    await app.db.update(bets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(bets.id, bet.id));
    expect(await notifyExpiredBets(app)).toBeGreaterThanOrEqual(1);
    const titles = async (user: TestUser) =>
      ((await user.agent.get('/api/notifications')).json() as { notifications: { title: string; betId: number | null }[] }).notifications
        .filter((n) => n.betId === bet.id)
        .map((n) => n.title);
    expect(await titles(ref)).toEqual(['Your bet needs a result']);
    expect(await titles(ann)).toEqual([]);
  });

  it('lets an admin resolve a refereed bet too', async () => {
    const bet = await refereeBet('Admin steps in');
    expect((await admin.agent.post(`/api/admin/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBeLessThan(300);
  });

  it('voids and refunds the bets a referee decides once the referee is gone, and only those', async () => {
    const eli = await createUser(app, 'RefEli');
    await makeFriends(app, ann, eli);
    const refereed = await createBetAs(ann, { title: 'Eli decides', resolution: { mode: 'referee', refereeId: eli.id } });
    const own = await createBetAs(ann, { title: 'Ann decides' });
    for (const betId of [refereed.id, own.id]) {
      expect((await bob.agent.post(`/api/bets/${betId}/participate`, { option: 0, amount: '7.25' })).statusCode).toBe(200);
    }
    const before = await balanceOf(app, bob.id);
    expect((await admin.agent.delete(`/api/admin/users/${eli.id}`)).statusCode).toBe(200);
    expect(await detail(bob, refereed.id)).toMatchObject({ status: 'void' });
    expect(await detail(bob, own.id)).toMatchObject({ status: 'active' });
    expect(await balanceOf(app, bob.id)).toBe(before + 725);
    const events = betTimelineSchema.parse((await bob.agent.get(`/api/bets/${refereed.id}/timeline`)).json()).events;
    expect(events.at(-1)).toMatchObject({ kind: 'voided', text: 'referee_deactivated' });
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });

  it('refuses a referee who is not a friend, the creator, or a deactivated player, and creates nothing', async () => {
    const before = await betCount();
    for (const [refereeId, message] of [
      [stranger.id, 'The referee must be one of your friends'],
      [ann.id, 'You cannot referee your own bet'],
      [999_999, 'The referee must be one of your friends'],
    ] as const) {
      const response = await ann.agent.post('/api/bets', {
        title: 'No referee',
        description: 'x',
        options: ['A', 'B'],
        resolution: { mode: 'referee', refereeId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'invalid_referee' });
    }
    for (const resolution of [{ mode: 'referee' }, { mode: 'oracle' }, { mode: 'referee', refereeId: 'ref' }]) {
      const response = await ann.agent.post('/api/bets', { title: 'No referee', description: 'x', options: ['A', 'B'], resolution });
      expect(response.statusCode, JSON.stringify(resolution)).toBe(400);
    }
    expect(await betCount()).toBe(before);
  });

  it('decides by its creator when nothing else is asked, as before', async () => {
    const bet = await createBetAs(ann, { title: 'Mine to call' });
    expect(bet.resolution).toMatchObject({ mode: 'creator', referee: null });
    expect(bet.canResolve).toBe(true);
  });

  it('tells what happened, oldest first: created, then resolved by whom, or voided', async () => {
    const bet = await refereeBet('On the record');
    const timeline = async (user: TestUser, id: number) => {
      const response = await user.agent.get(`/api/bets/${id}/timeline`);
      expect(response.statusCode, response.body).toBe(200);
      return betTimelineSchema.unwrap().strict().parse(response.json()).events;
    };
    expect(await timeline(bob, bet.id)).toEqual([{ at: bet.createdAt, kind: 'created', actor: { id: ann.id, username: 'RefAnn' } }]);
    expect((await ref.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 })).statusCode).toBe(200);
    const [created, resolved] = await timeline(bob, bet.id);
    expect(created?.kind).toBe('created');
    expect(resolved).toMatchObject({ kind: 'resolved', actor: { id: ref.id, username: 'RefRita' }, option: 1 });
    expect(Date.parse(resolved!.at)).toBeGreaterThanOrEqual(Date.parse(created!.at));

    expect((await stranger.agent.get(`/api/bets/${bet.id}/timeline`)).statusCode).toBe(404);

    const overdue = await createBetAs(ann, { title: 'Never called' });
    expect(await voidBet(app, overdue.id, 'expired_unresolved', { actorId: null, delete: false })).toBe(true);
    expect((await timeline(bob, overdue.id))[1]).toMatchObject({ kind: 'voided', actor: null, text: 'expired_unresolved' });
    const deleted = await createBetAs(ann, { title: 'Deleted by an admin' });
    expect((await admin.agent.delete(`/api/admin/bets/${deleted.id}`)).statusCode).toBeLessThan(300);
    expect((await admin.agent.get(`/api/bets/${deleted.id}/timeline`)).statusCode).toBe(404);
  });
});
