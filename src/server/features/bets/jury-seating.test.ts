import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betDetailSchema, betTimelineSchema, juryPoolSchema, openDisputesSchema } from '../../../shared/schemas/bets.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { PLAIN_READER, notifications, notificationWords } from '../notifications/service.ts';
import { auditLedger } from '../wallet/service.ts';
import { finishJuryWindows } from './jury.ts';

// A jury is seated, not gathered (docs/product.md §4.6): each test is an attack on a jury bet's
// outcome. A jury bet needs JURY_QUORUM possible jurors at its creation; a dispute seats the
// creator's friends (a crew's members) from before the bet was created who did not stake, and only
// they vote; with fewer than the quorum seated the admins decide, and if none does, the proposal
// stands: a dispute never voids a bet for free.

describe(`a jury that cannot be packed on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let counter = 0;

  beforeAll(async () => {
    app = await createTestApp();
    admin = await createUser(app, 'SeatAdmin', { admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const fresh = (prefix: string) => createUser(app, `${prefix}${(counter += 1)}`);
  /** Friends through the API, as an attacker makes them: a request, then its acceptance. */
  const befriend = async (a: TestUser, b: TestUser) => {
    expect((await a.agent.post('/api/friends', { addresseeId: b.id })).statusCode).toBe(201);
    expect((await b.agent.post(`/api/friends/${a.id}/accept`)).statusCode).toBe(200);
  };
  const detail = async (user: TestUser, betId: number) => {
    const response = await user.agent.get(`/api/bets/${betId}`);
    expect(response.statusCode, response.body).toBe(200);
    return betDetailSchema.parse(response.json());
  };
  const stake = async (user: TestUser, betId: number, option: number, amount: string) => {
    const response = await user.agent.post(`/api/bets/${betId}/participate`, { option, amount });
    expect(response.statusCode, response.body).toBe(200);
  };
  const propose = async (creator: TestUser, betId: number, option: number) => {
    const response = await creator.agent.post(`/api/bets/${betId}/resolve`, { winningOption: option });
    expect(response.statusCode, response.body).toBe(200);
  };
  const dispute = async (user: TestUser, betId: number) => {
    const response = await user.agent.post(`/api/bets/${betId}/dispute`, { reason: 'That is not what happened' });
    expect(response.statusCode, response.body).toBe(200);
    return betDetailSchema.parse(response.json());
  };
  const vote = (user: TestUser, betId: number, option: number) => user.agent.post(`/api/bets/${betId}/votes`, { option });
  const endWindow = (betId: number, column: 'challenge_ends_at' | 'jury_ends_at') =>
    app.db.execute(sql`update bets set ${sql.raw(column)} = now() - interval '1 second' where id = ${betId}`);
  const ledgerClean = async () => expect((await auditLedger(app.db)).violations).toEqual([]);
  /** A creator with `n` friends from before any of their bets. */
  const circle = async (n: number) => {
    const creator = await fresh('Host');
    const friends: TestUser[] = [];
    for (let i = 0; i < n; i += 1) {
      const friend = await fresh('Pal');
      await makeFriends(app, creator, friend);
      friends.push(friend);
    }
    // Every friendship began before the bets that follow.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { creator, friends };
  };

  it('refuses a jury bet with fewer possible jurors than the quorum, and says so beforehand', async () => {
    const { creator, friends } = await circle(2);
    const pool = await creator.agent.get('/api/bets/jury-pool');
    expect(pool.statusCode).toBe(200);
    expect(juryPoolSchema.parse(pool.json())).toEqual({ possibleJurors: 2, quorum: 3 });
    const before = (await creator.agent.get('/api/my-bets')).json();
    const refused = await creator.agent.post('/api/bets', { title: 'Two friends', description: 'Too few', options: ['Yes', 'No'], resolution: { mode: 'jury' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'A jury needs at least 3 of your friends who could vote on it', code: 'not_enough_jurors' });
    expect((await creator.agent.get('/api/my-bets')).json()).toEqual(before);
    // A deleted friend is no juror.
    const third = await fresh('Gone');
    await makeFriends(app, creator, third);
    expect(juryPoolSchema.parse((await creator.agent.get('/api/bets/jury-pool')).json()).possibleJurors).toBe(3);
    expect((await third.agent.request('DELETE', '/api/account', { json: { confirm: third.username } })).statusCode).toBe(200);
    expect(juryPoolSchema.parse((await creator.agent.get('/api/bets/jury-pool')).json()).possibleJurors).toBe(2);
    // A third friend makes it possible.
    await makeFriends(app, creator, await fresh('Third'));
    expect((await createBetAs(creator, { title: 'Three friends', resolution: { mode: 'jury' } })).resolution.mode).toBe('jury');
    expect(friends).toHaveLength(2);
  });

  it('refuses a crew jury bet with fewer than the quorum of other members, and a stranger asking about the crew learns nothing', async () => {
    const owner = await fresh('Captain');
    const crew = (await owner.agent.post('/api/crews', { name: `Seating crew ${counter}` })).json() as { id: number };
    const { token } = (await owner.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string };
    for (const member of [await fresh('Deck'), await fresh('Deck')]) expect((await member.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
    expect(juryPoolSchema.parse((await owner.agent.get(`/api/bets/jury-pool?crewId=${crew.id}`)).json())).toEqual({ possibleJurors: 2, quorum: 3 });
    const refused = await owner.agent.post('/api/bets', { title: 'Crew', description: 'Too few', options: ['Yes', 'No'], crewId: crew.id, resolution: { mode: 'jury' } });
    expect(refused.json()).toEqual({ error: 'A jury needs at least 3 other members of the crew who could vote on it', code: 'not_enough_jurors' });
    expect((await (await fresh('Outsider')).agent.get(`/api/bets/jury-pool?crewId=${crew.id}`)).statusCode).toBe(404);
  });

  it('seats only friends from before the bet: two friends made after its creation cannot vote it through (403)', async () => {
    const { creator, friends } = await circle(4);
    const [honest1, honest2, staker, loser] = friends as [TestUser, TestUser, TestUser, TestUser];
    const bet = await createBetAs(creator, { title: 'Packed after creation', options: ['Mine', 'Theirs'], resolution: { mode: 'jury' } });
    await stake(staker, bet.id, 0, '20.00');
    await stake(loser, bet.id, 1, '20.00');
    // The attack: the creator makes two fresh friends, who would vote for the proposal.
    const [shill1, shill2] = [await fresh('Shill'), await fresh('Shill')];
    await befriend(creator, shill1);
    await befriend(shill2, creator);
    await propose(creator, bet.id, 0);
    const disputed = await dispute(loser, bet.id);
    for (const shill of [shill1, shill2]) {
      expect((await detail(shill, bet.id)).canVote).toBe(false);
      const refused = await vote(shill, bet.id, 0);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'not_juror' });
    }
    // Only the two honest friends sit: fewer than three, so no jury is called.
    expect(disputed.resolution).toMatchObject({ jurorsSeated: 2, votesNeeded: 0, votesCast: 0 });
    expect((await detail(honest1, bet.id)).canVote).toBe(false);
    expect((await vote(honest2, bet.id, 1)).statusCode).toBe(403);
    expect((await detail(loser, bet.id)).status).toBe('disputed');
    await ledgerClean();
  });

  it('fixes the jury when the dispute is raised: friends made after it are refused (403), and an honest juror unfriended still votes', async () => {
    const { creator, friends } = await circle(5);
    const [j1, j2, j3, staker, loser] = friends as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const bet = await createBetAs(creator, { title: 'Packed after the dispute', options: ['Mine', 'Theirs'], resolution: { mode: 'jury' } });
    await stake(staker, bet.id, 0, '30.00');
    await stake(loser, bet.id, 1, '10.00');
    await propose(creator, bet.id, 0);
    const disputed = await dispute(loser, bet.id);
    // The attack: three fresh friends now, and the honest jurors unfriended.
    const shills = [await fresh('Late'), await fresh('Late'), await fresh('Late')];
    for (const shill of shills) await befriend(creator, shill);
    for (const shill of shills) {
      const refused = await vote(shill, bet.id, 0);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Only the jurors seated when the result was disputed can vote', code: 'not_juror' });
    }
    expect(disputed.resolution).toMatchObject({ jurorsSeated: 3, votesNeeded: 3 });
    const called = (await app.db.select().from(notifications).where(eq(notifications.betId, bet.id))).filter((n) => n.type === 'bet_disputed');
    expect(called.map((n) => n.userId).sort((a, b) => a - b)).toEqual([j1, j2, j3].map((j) => j.id).sort((a, b) => a - b));
    for (const juror of [j1, j2, j3]) expect((await creator.agent.delete(`/api/friends/${juror.id}`)).statusCode).toBe(200);
    const loser0 = await balanceOf(app, loser.id);
    // The seated jurors still see the bet, still vote, and settle it.
    expect((await detail(j1, bet.id)).canVote).toBe(true);
    for (const juror of [j1, j2, j3]) expect((await vote(juror, bet.id, 1)).statusCode).toBe(200);
    expect(await detail(loser, bet.id)).toMatchObject({ status: 'resolved', winningOption: 1 });
    expect(await balanceOf(app, loser.id)).toBe(loser0 + 4_000);
    await ledgerClean();
  });

  it('seats only the crew members who joined before the bet: invites minted after it bring no jurors (403)', async () => {
    const owner = await fresh('Skipper');
    const crew = (await owner.agent.post('/api/crews', { name: `Packing crew ${counter}` })).json() as { id: number };
    const { token } = (await owner.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string };
    const members = [await fresh('Hand'), await fresh('Hand'), await fresh('Hand'), await fresh('Hand')];
    for (const member of members) expect((await member.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const bet = await createBetAs(owner, { title: 'Crew packing', options: ['Mine', 'Theirs'], crewId: crew.id, resolution: { mode: 'jury' } });
    const [honest1, honest2, staker, loser] = members as [TestUser, TestUser, TestUser, TestUser];
    await stake(staker, bet.id, 0, '5.00');
    await stake(loser, bet.id, 1, '5.00');
    // The attack: a member mints a link for two newcomers after the bet was made.
    const late = ((await staker.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string }).token;
    const newcomers = [await fresh('Newbie'), await fresh('Newbie')];
    for (const newcomer of newcomers) expect((await newcomer.agent.post(`/api/crews/join/${late}`)).statusCode).toBe(200);
    await propose(owner, bet.id, 0);
    const disputed = await dispute(loser, bet.id);
    for (const newcomer of newcomers) expect((await vote(newcomer, bet.id, 0)).statusCode).toBe(403);
    expect(disputed.resolution).toMatchObject({ jurorsSeated: 2, votesNeeded: 0 });
    for (const honest of [honest1, honest2]) expect((await vote(honest, bet.id, 1)).statusCode).toBe(403);
    await ledgerClean();
  });

  it('leaves no free void when every friend staked: the dispute goes to the admins, and unanswered, the proposal stands', async () => {
    const { creator, friends } = await circle(3);
    const [winner1, winner2, loser] = friends as [TestUser, TestUser, TestUser];
    const bet = await createBetAs(creator, { title: 'Everyone bet', options: ['Red', 'Blue'], resolution: { mode: 'jury' } });
    await stake(winner1, bet.id, 0, '50.00');
    await stake(winner2, bet.id, 0, '50.00');
    await stake(loser, bet.id, 1, '200.00');
    const [w1, w2, l] = [await balanceOf(app, winner1.id), await balanceOf(app, winner2.id), await balanceOf(app, loser.id)];
    await propose(creator, bet.id, 0);
    // The attack: the loser disputes at no cost, with no juror to be found.
    const disputed = await dispute(loser, bet.id);
    expect((await vote(creator, bet.id, 1)).statusCode).toBe(403);
    // No admin decides: at the jury's end the proposal stands, and the loser keeps the loss.
    await endWindow(bet.id, 'jury_ends_at');
    expect((await Promise.all([finishJuryWindows(app), finishJuryWindows(app)])).reduce((a, b) => a + b)).toBe(1);
    expect(await detail(loser, bet.id)).toMatchObject({ status: 'resolved', winningOption: 0, userParticipation: { payout: '0.00' } });
    expect(await balanceOf(app, loser.id)).toBe(l);
    // Meanwhile it waited in the admins' queue, no jury seated.
    expect(disputed.resolution).toMatchObject({ jurorsSeated: 0, votesNeeded: 0 });
    expect(await balanceOf(app, winner1.id)).toBe(w1 + 15_000);
    expect(await balanceOf(app, winner2.id)).toBe(w2 + 15_000);
    const events = betTimelineSchema.parse((await loser.agent.get(`/api/bets/${bet.id}/timeline`)).json()).events;
    expect(events.map((e) => e.kind)).toEqual(['created', 'proposed', 'disputed', 'resolved']);
    const told = (await app.db.select().from(notifications).where(eq(notifications.betId, bet.id))).find((n) => n.userId === creator.id && n.type === 'bet_settled');
    expect(notificationWords(told!, PLAIN_READER)).toEqual({ title: 'Bet resolved', body: 'No admin overturned it: "Red" won in "Everyone bet"' });
    expect(openDisputesSchema.parse((await admin.agent.get('/api/admin/disputes')).json()).disputes.some((d) => d.bet.id === bet.id)).toBe(false);
    await ledgerClean();
  });

  it('lets an admin overturn a dispute from the queue before the jury window ends', async () => {
    const { creator, friends } = await circle(3);
    const [staker1, staker2, loser] = friends as [TestUser, TestUser, TestUser];
    const bet = await createBetAs(creator, { title: 'Admin decides', options: ['Red', 'Blue'], resolution: { mode: 'jury' } });
    await stake(staker1, bet.id, 0, '30.00');
    await stake(staker2, bet.id, 0, '30.00');
    await stake(loser, bet.id, 1, '60.00');
    const l = await balanceOf(app, loser.id);
    await propose(creator, bet.id, 0);
    await dispute(loser, bet.id);
    const queued = openDisputesSchema.parse((await admin.agent.get('/api/admin/disputes')).json()).disputes.find((d) => d.bet.id === bet.id);
    expect(queued?.decidedBy).toBe('admins');
    const overturned = await admin.agent.post(`/api/admin/bets/${bet.id}/resolve`, { winningOption: 1 });
    expect(overturned.statusCode, overturned.body).toBe(200);
    expect(await balanceOf(app, loser.id)).toBe(l + 12_000);
    await endWindow(bet.id, 'jury_ends_at');
    expect(await finishJuryWindows(app)).toBe(0);
    expect((await detail(loser, bet.id)).winningOption).toBe(1);
    await ledgerClean();
  });
});
