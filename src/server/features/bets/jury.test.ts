import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betDetailSchema, betTimelineSchema, openDisputesSchema } from '../../../shared/schemas/bets.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { PLAIN_READER, notifications, notificationWords } from '../notifications/service.ts';
import { auditLedger } from '../wallet/service.ts';
import { finishJuryWindows } from './jury.ts';
import { bets } from './tables.ts';

// A jury bet (docs/product.md §4.6): the creator proposes, a staker may dispute, the creator's
// other friends vote. The windows are ended by moving their deadlines into the past, as the
// clock would, and running the sweep.

describe(`a bet decided by a jury on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser; // creates the bets
  let bob: TestUser; // stakes on option 0
  let cat: TestUser; // stakes on option 1
  let jurors: TestUser[]; // friends of Ann without a stake
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'JuryAnn');
    bob = await createUser(app, 'JuryBob');
    cat = await createUser(app, 'JuryCat');
    jurors = [await createUser(app, 'JuryDan'), await createUser(app, 'JuryEve'), await createUser(app, 'JuryFay'), await createUser(app, 'JuryGus')];
    stranger = await createUser(app, 'JuryStranger');
    admin = await createUser(app, 'JuryAdmin', { admin: true });
    for (const friend of [bob, cat, ...jurors]) await makeFriends(app, ann, friend);
  });
  afterAll(async () => {
    await app?.close();
  });

  const detail = async (user: TestUser, betId: number) => {
    const response = await user.agent.get(`/api/bets/${betId}`);
    expect(response.statusCode, response.body).toBe(200);
    return betDetailSchema.parse(response.json());
  };
  const timeline = async (user: TestUser, betId: number) => {
    const response = await user.agent.get(`/api/bets/${betId}/timeline`);
    expect(response.statusCode, response.body).toBe(200);
    return betTimelineSchema.parse(response.json()).events;
  };
  /** A jury bet with Bob's $30 on "Yes" and Cat's $10 on "No": a pot of $40. */
  const stakedJuryBet = async (title: string) => {
    const bet = await createBetAs(ann, { title, options: ['Yes', 'No'], resolution: { mode: 'jury' } });
    expect((await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 30 })).statusCode).toBe(200);
    expect((await cat.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 10 })).statusCode).toBe(200);
    return bet;
  };
  const propose = async (betId: number, winningOption: number, evidence?: { text?: string; url?: string }) => {
    const response = await ann.agent.post(`/api/bets/${betId}/resolve`, { winningOption, ...(evidence ? { evidence } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return betDetailSchema.parse(response.json());
  };
  const dispute = (user: TestUser, betId: number, reason = 'That is not what happened') =>
    user.agent.post(`/api/bets/${betId}/dispute`, { reason, url: 'https://example.com/replay' });
  const vote = (user: TestUser, betId: number, option: number) => user.agent.post(`/api/bets/${betId}/votes`, { option });
  /** The clock passes a window's end: the deadline moves into the past. */
  const endWindow = async (betId: number, column: 'challenge_ends_at' | 'jury_ends_at') =>
    app.db.execute(sql`update bets set ${sql.raw(column)} = now() - interval '1 second' where id = ${betId}`);
  const statusOf = async (betId: number) => (await app.db.select({ status: bets.status }).from(bets).where(eq(bets.id, betId)))[0]?.status;
  const ledgerClean = async () => expect((await auditLedger(app.db)).violations).toEqual([]);

  it('takes a proposal with evidence, closes the bet to stakes, and pays the proposal once its window ends undisputed', async () => {
    const bet = await stakedJuryBet('Undisputed');
    expect(bet.resolution.mode).toBe('jury');
    const [bob0, cat0] = [await balanceOf(app, bob.id), await balanceOf(app, cat.id)];
    const proposed = await propose(bet.id, 0, { text: 'Final score 2-1', url: 'https://example.com/score' });
    expect(proposed.status).toBe('proposed');
    expect(proposed.resolution).toMatchObject({ proposedOption: 0, evidence: { text: 'Final score 2-1', url: 'https://example.com/score' }, votesCast: 0, votesNeeded: 0 });
    const window = Date.parse(proposed.resolution.challengeEndsAt!) - Date.now();
    expect(window).toBeGreaterThan(86_400_000 - 60_000);
    expect(window).toBeLessThanOrEqual(86_400_000);
    expect(proposed.canResolve).toBe(false);
    // The stakers are told, and may dispute; nobody stakes any more.
    const told = await app.db.select().from(notifications).where(eq(notifications.betId, bet.id));
    expect(told.filter((n) => n.type === 'bet_proposed').map((n) => n.userId).sort()).toEqual([bob.id, cat.id].sort());
    expect(await detail(cat, bet.id)).toMatchObject({ canDispute: true, canVote: false, canStake: false });
    expect((await detail(jurors[0]!, bet.id)).canDispute).toBe(false);
    const late = await jurors[0]!.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 5 });
    expect(late.json()).toEqual({ error: 'This bet is closed', code: 'bet_closed' });
    const again = await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'A result has already been proposed', code: 'already_proposed' });
    await ledgerClean();

    // Before the window ends, the sweep leaves it alone.
    expect(await finishJuryWindows(app)).toBe(0);
    await endWindow(bet.id, 'challenge_ends_at');
    expect(await finishJuryWindows(app)).toBe(1);
    expect(await finishJuryWindows(app)).toBe(0);
    const settled = await detail(bob, bet.id);
    expect(settled).toMatchObject({ status: 'resolved', winningOption: 0 });
    expect(await balanceOf(app, bob.id)).toBe(bob0 + 4_000);
    expect(await balanceOf(app, cat.id)).toBe(cat0);
    expect((await timeline(cat, bet.id)).map((e) => [e.kind, e.actor?.username ?? null, e.option ?? null])).toEqual([
      ['created', 'JuryAnn', null],
      ['proposed', 'JuryAnn', 0],
      ['resolved', null, 0],
    ]);
    expect((await timeline(cat, bet.id))[1]).toMatchObject({ text: 'Final score 2-1', url: 'https://example.com/score' });
    await ledgerClean();
  });

  it('lets a staker dispute, calls the jury, and pays the whole pot to the side the jury picks, to the cent', async () => {
    const bet = await stakedJuryBet('Overturned');
    const [bob0, cat0] = [await balanceOf(app, bob.id), await balanceOf(app, cat.id)];
    await propose(bet.id, 0);
    const disputed = await dispute(cat, bet.id);
    expect(disputed.statusCode, disputed.body).toBe(200);
    const afterDispute = betDetailSchema.parse(disputed.json());
    expect(afterDispute.status).toBe('disputed');
    expect(afterDispute.resolution).toMatchObject({ votesCast: 0, votesNeeded: 3 });
    expect(Date.parse(afterDispute.resolution.juryEndsAt!) - Date.now()).toBeGreaterThan(259_200_000 - 60_000);
    // Every juror is called; the stakers and the creator are not jurors.
    const called = (await app.db.select().from(notifications).where(eq(notifications.betId, bet.id))).filter((n) => n.type === 'bet_disputed');
    expect(called.map((n) => n.userId).sort((a, b) => a - b)).toEqual(jurors.map((j) => j.id).sort((a, b) => a - b));
    expect((await detail(jurors[0]!, bet.id)).canVote).toBe(true);
    for (const notJuror of [ann, bob, cat]) expect((await detail(notJuror, bet.id)).canVote).toBe(false);

    // An admin sees it among the open disputes.
    const open = openDisputesSchema.parse((await admin.agent.get('/api/admin/disputes')).json());
    expect(open.disputes.find((d) => d.bet.id === bet.id)).toMatchObject({ disputedBy: { id: cat.id, username: 'JuryCat' }, reason: 'That is not what happened', url: 'https://example.com/replay' });
    expect((await bob.agent.get('/api/admin/disputes')).statusCode).toBe(403);

    expect((await vote(jurors[0]!, bet.id, 1)).statusCode).toBe(200);
    expect((await vote(jurors[1]!, bet.id, 0)).statusCode).toBe(200);
    // Until the bet settles, a vote's choice stays hidden from everyone.
    const hidden = (await timeline(jurors[2]!, bet.id)).filter((e) => e.kind === 'voted');
    expect(hidden.map((e) => [e.actor?.username, e.option])).toEqual([
      ['JuryDan', undefined],
      ['JuryEve', undefined],
    ]);
    const third = await vote(jurors[2]!, bet.id, 1);
    expect(third.statusCode, third.body).toBe(200);
    expect(betDetailSchema.parse(third.json())).toMatchObject({ status: 'resolved', winningOption: 1, resolution: { votesCast: 3, votesNeeded: 3 } });
    // Cat, alone on "No", is paid the whole $40 pot: her $10 back and Bob's $30.
    expect(await balanceOf(app, cat.id)).toBe(cat0 + 4_000);
    expect(await balanceOf(app, bob.id)).toBe(bob0);
    const events = await timeline(bob, bet.id);
    expect(events.map((e) => e.kind)).toEqual(['created', 'proposed', 'disputed', 'voted', 'voted', 'voted', 'resolved']);
    expect(events[2]).toMatchObject({ actor: { username: 'JuryCat' }, text: 'That is not what happened', url: 'https://example.com/replay' });
    expect(events.filter((e) => e.kind === 'voted').map((e) => e.option)).toEqual([1, 0, 1]);
    // Everyone hears the outcome: the stakers by their payout, the creator and the voters by the verdict.
    const outcome = (await app.db.select().from(notifications).where(eq(notifications.betId, bet.id))).filter((n) => n.type === 'bet_settled');
    const byId = (a: number, b: number) => a - b;
    expect(outcome.map((n) => n.userId).sort(byId)).toEqual([ann, bob, cat, jurors[0]!, jurors[1]!, jurors[2]!].map((u) => u.id).sort(byId));
    expect(notificationWords(outcome.find((n) => n.userId === jurors[1]!.id)!, PLAIN_READER)).toEqual({ title: 'Bet resolved', body: 'The jury decided: "No" won in "Overturned"' });
    // A fourth juror is too late: the bet is settled.
    expect((await vote(jurors[3]!, bet.id, 0)).json()).toEqual({ error: 'This bet has already been resolved', code: 'already_resolved' });
    expect(openDisputesSchema.parse((await admin.agent.get('/api/admin/disputes')).json()).disputes.some((d) => d.bet.id === bet.id)).toBe(false);
    await ledgerClean();
  });

  it('voids the bet and refunds every stake exactly when the jury misses its quorum', async () => {
    const bet = await stakedJuryBet('No quorum');
    const [bob0, cat0] = [await balanceOf(app, bob.id), await balanceOf(app, cat.id)];
    await propose(bet.id, 1);
    expect((await dispute(bob, bet.id)).statusCode).toBe(200);
    expect((await vote(jurors[0]!, bet.id, 0)).statusCode).toBe(200);
    expect((await vote(jurors[1]!, bet.id, 0)).statusCode).toBe(200);
    expect(await finishJuryWindows(app)).toBe(0);
    await endWindow(bet.id, 'jury_ends_at');
    const late = await vote(jurors[2]!, bet.id, 0);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: "The jury's time is over", code: 'jury_over' });
    // Two instances sweep at once: one voids it.
    expect((await Promise.all([finishJuryWindows(app), finishJuryWindows(app)])).reduce((a, b) => a + b)).toBe(1);
    expect(await detail(bob, bet.id)).toMatchObject({ status: 'void', userParticipation: { payout: '30.00' } });
    expect(await balanceOf(app, bob.id)).toBe(bob0 + 3_000);
    expect(await balanceOf(app, cat.id)).toBe(cat0 + 1_000);
    const events = await timeline(cat, bet.id);
    expect(events.at(-1)).toMatchObject({ kind: 'voided', actor: null, text: 'jury_no_quorum' });
    await ledgerClean();
  });

  it('voids the bet on a tie', async () => {
    const bet = await createBetAs(ann, { title: 'Tie', options: ['Red', 'Green', 'Blue'], resolution: { mode: 'jury' } });
    expect((await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: '7.77' })).statusCode).toBe(200);
    const bob0 = await balanceOf(app, bob.id);
    await propose(bet.id, 0);
    expect((await dispute(bob, bet.id)).statusCode).toBe(200);
    for (const [i, option] of [0, 1, 2].entries()) expect((await vote(jurors[i]!, bet.id, option)).statusCode).toBe(200);
    expect(await detail(bob, bet.id)).toMatchObject({ status: 'void', userParticipation: { payout: '7.77' } });
    expect(await balanceOf(app, bob.id)).toBe(bob0 + 777);
    expect((await timeline(bob, bet.id)).at(-1)).toMatchObject({ kind: 'voided', text: 'jury_tie' });
    await ledgerClean();
  });

  it('refuses every step out of turn, and changes nothing', async () => {
    const bet = await stakedJuryBet('Refusals');
    const fresh = await createBetAs(ann, { title: 'Not proposed', resolution: { mode: 'jury' } });
    expect((await bob.agent.post(`/api/bets/${fresh.id}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);

    // Nothing to dispute or vote on before a proposal.
    expect((await dispute(bob, fresh.id)).json()).toEqual({ error: 'No result has been proposed for this bet', code: 'not_proposed' });
    expect((await vote(jurors[0]!, fresh.id, 0)).json()).toEqual({ error: 'This bet has no jury', code: 'no_jury' });
    // Whose step it is comes first: anyone else is 403 whatever the bet's state.
    expect((await dispute(jurors[0]!, fresh.id)).json()).toMatchObject({ code: 'not_staker' });
    expect((await vote(bob, fresh.id, 0)).json()).toMatchObject({ code: 'not_juror' });
    // Only the creator proposes.
    expect((await bob.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).json()).toMatchObject({ code: 'not_creator' });
    // Evidence must be a web address, and the option must exist.
    const badLink = await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0, evidence: { url: 'javascript:alert(1)' } });
    expect(badLink.statusCode).toBe(400);
    expect((await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 5 })).json()).toMatchObject({ code: 'invalid_option' });
    expect(await statusOf(bet.id)).toBe('active');

    await propose(bet.id, 0);
    // Only a staker disputes, with a reason; a stranger does not even see the bet.
    const byJuror = await dispute(jurors[0]!, bet.id);
    expect(byJuror.statusCode).toBe(403);
    expect(byJuror.json()).toEqual({ error: 'Only a player with a stake can dispute this result', code: 'not_staker' });
    expect((await dispute(ann, bet.id)).statusCode).toBe(403);
    expect((await dispute(stranger, bet.id)).statusCode).toBe(404);
    expect((await cat.agent.post(`/api/bets/${bet.id}/dispute`, { reason: '   ' })).statusCode).toBe(400);
    expect((await vote(jurors[0]!, bet.id, 0)).json()).toMatchObject({ code: 'no_jury' });
    // Too late.
    await endWindow(bet.id, 'challenge_ends_at');
    const tooLate = await dispute(cat, bet.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({ error: 'The time to dispute this result is over', code: 'challenge_over' });
    expect(await statusOf(bet.id)).toBe('proposed');
    await app.db.execute(sql`update bets set challenge_ends_at = now() + interval '1 hour' where id = ${bet.id}`);

    expect((await dispute(cat, bet.id)).statusCode).toBe(200);
    const second = await dispute(bob, bet.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'This result is already disputed', code: 'already_disputed' });
    // A staker, the creator and a stranger are not jurors; a juror votes once, for an option that exists.
    const byStaker = await vote(bob, bet.id, 0);
    expect(byStaker.statusCode).toBe(403);
    expect(byStaker.json()).toEqual({ error: 'Only the jurors seated when the result was disputed can vote', code: 'not_juror' });
    expect((await vote(ann, bet.id, 0)).statusCode).toBe(403);
    expect((await vote(stranger, bet.id, 0)).statusCode).toBe(404);
    expect((await vote(jurors[0]!, bet.id, 7)).statusCode).toBe(400);
    expect((await vote(jurors[0]!, bet.id, 1)).statusCode).toBe(200);
    const twice = await vote(jurors[0]!, bet.id, 0);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'You have already voted', code: 'already_voted' });
    expect((await detail(jurors[0]!, bet.id)).resolution.votesCast).toBe(1);
    // Disputing or voting on a creator's or a referee's bet: there is no jury.
    const plain = await createBetAs(ann, { title: 'Plain' });
    expect((await vote(jurors[0]!, plain.id, 0)).json()).toMatchObject({ code: 'no_jury' });
    await ledgerClean();
  });

  it('lets an admin resolve a disputed bet at any time, and a juror vote then settles nothing more', async () => {
    const bet = await stakedJuryBet('Admin steps in');
    const cat0 = await balanceOf(app, cat.id);
    await propose(bet.id, 0);
    expect((await dispute(cat, bet.id)).statusCode).toBe(200);
    expect((await detail(admin, bet.id)).canResolve).toBe(true);
    const resolved = await admin.agent.post(`/api/admin/bets/${bet.id}/resolve`, { winningOption: 1 });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await balanceOf(app, cat.id)).toBe(cat0 + 4_000);
    expect((await vote(jurors[0]!, bet.id, 0)).json()).toMatchObject({ code: 'already_resolved' });
    await endWindow(bet.id, 'jury_ends_at');
    expect(await finishJuryWindows(app)).toBe(0);
    await ledgerClean();
  });

  it('lets an admin delete a proposed bet: every stake refunded, and the sweep leaves it alone', async () => {
    const bet = await stakedJuryBet('Deleted while proposed');
    await propose(bet.id, 0);
    const deleted = await admin.agent.delete(`/api/admin/bets/${bet.id}`);
    expect(deleted.json()).toEqual({ id: bet.id, refunded: true });
    await endWindow(bet.id, 'challenge_ends_at');
    expect(await finishJuryWindows(app)).toBe(0);
    await ledgerClean();
  });
});
