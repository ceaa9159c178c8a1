import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPANT_LIST_LIMIT, betDetailSchema, betListSchema, betSchema, ledgerPageSchema } from '../../../shared/schemas/bets.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import type { DomainEvent } from '../../plugins/domain-events.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';
import { rowsOf } from '../../db/client.ts';
import { voidOverdueBets } from './voiding.ts';
import { placeStakesTogether } from './stakes.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});

describe(`betting on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser; // creates bets
  let bob: TestUser; // Ann's friend
  let cat: TestUser; // Ann's friend
  let dan: TestUser; // a stranger
  let eve: TestUser; // admin
  const events: DomainEvent[] = [];
  const betEvents = (from: number) => events.slice(from).filter((e) => e.type.startsWith('bet_'));

  beforeAll(async () => {
    app = await createTestApp({ voidAfterDays: 7 });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    cat = await createUser(app, 'Cat');
    dan = await createUser(app, 'Dan');
    eve = await createUser(app, 'Eve', { admin: true });
    await makeFriends(app, ann, bob);
    await makeFriends(app, cat, ann);
    app.domainEvents.subscribe((event) => events.push(event));
  });

  afterAll(async () => {
    if (app) {
      // Whatever the tests did, the books balance.
      const audit = await auditLedger(app.db);
      expect(audit.violations).toEqual([]);
      await app.close();
    }
  });

  describe('creating a bet', () => {
    it('creates a live bet with every field of the Bet entity', async () => {
      const bet = await createBetAs(ann, { options: ['Home', '  ', 'Away', 'Draw', ''] });
      expect(bet).toMatchObject({
        title: 'Who wins the derby?',
        category: 'Sports',
        options: ['Home', 'Away', 'Draw'],
        optionAmounts: ['0.00', '0.00', '0.00'],
        odds: [1, 1, 1],
        optionStakeCounts: [0, 0, 0],
        participants: 0,
        creatorId: ann.id,
        creator: { id: ann.id, username: 'Ann' },
        status: 'active',
        isResolved: false,
        isExpired: false,
        expirationType: 'indefinite',
        expirationValue: '',
        expiresAt: null,
        winningOption: null,
        totalPot: '0.00',
        userParticipation: null,
        participantList: [],
        canStake: false,
        canResolve: true,
      });
      expect(events.at(-1)).toMatchObject({ type: 'bet_created', betId: bet.id });
    });

    it('falls back to General for an unknown category and sets the expiry from hours', async () => {
      const before = Date.now();
      const bet = await createBetAs(ann, { category: 'Cooking' as never, expirationType: 'time', expirationValue: '24' });
      expect(bet.category).toBe('General');
      const expiresAt = Date.parse(bet.expiresAt!);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 5000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 5000);
      expect(bet.canResolve).toBe(false);
    });

    it('accepts a date up to a year ahead', async () => {
      const at = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
      const bet = await createBetAs(ann, { expirationType: 'date', expirationValue: at });
      expect(bet.expiresAt).toBe(at);
    });

    const valid = {
      title: 'T',
      description: 'D',
      category: 'Sports',
      options: ['A', 'B'],
      expirationType: 'indefinite',
      expirationValue: '',
    };
    it.each([
      [{ title: undefined }, 'Title is required'],
      [{ title: '   ' }, 'Title is required'],
      [{ title: 'x'.repeat(201) }, 'Title too long'],
      [{ description: '' }, 'Description is required'],
      [{ description: 'x'.repeat(1001) }, 'Description too long'],
      [{ options: ['Only one', ' '] }, 'At least 2 options required'],
      [{ options: undefined }, 'At least 2 options required'],
      [{ options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) }, 'At most 10 options allowed'],
      [{ options: ['Same', 'same'] }, 'Options must be different'],
      [{ expirationType: 'weekly' }, 'Invalid expiration type'],
      [{ expirationType: 'time', expirationValue: '0' }, 'Hours must be a whole number from 1 to 8760'],
      [{ expirationType: 'time', expirationValue: '8761' }, 'Hours must be a whole number from 1 to 8760'],
      [{ expirationType: 'time', expirationValue: '1.5' }, 'Hours must be a whole number from 1 to 8760'],
      [{ expirationType: 'date', expirationValue: 'soon' }, 'Expiration date is invalid'],
      [{ expirationType: 'date', expirationValue: '2020-01-01T00:00:00Z' }, 'Expiration date must be in the future'],
      [{ expirationType: 'date', expirationValue: new Date(Date.now() + 400 * 24 * 3600_000).toISOString() }, 'Expiration date must be within one year'],
    ])('refuses %j with its message', async (change, message) => {
      const response = await ann.agent.post('/api/bets', { ...valid, ...change });
      expect(refusal(response)).toEqual({ status: 400, error: message, code: 'invalid_input' });
    });

    it('needs a session', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/bets', payload: valid });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('who sees a bet', () => {
    let betId: number;
    beforeAll(async () => {
      betId = (await createBetAs(ann, { title: 'Visibility check' })).id;
    });

    it('shows it to the creator, friends and admins, and 404s to everyone else', async () => {
      for (const viewer of [ann, bob, cat, eve]) {
        expect((await viewer.agent.get(`/api/bets/${betId}`)).statusCode).toBe(200);
      }
      expect(refusal(await dan.agent.get(`/api/bets/${betId}`))).toMatchObject({ status: 404, code: 'bet_not_found' });
      expect((await dan.agent.get('/api/bets/999999')).statusCode).toBe(404);
      expect((await dan.agent.get('/api/bets/abc')).statusCode).toBe(400);
    });

    it('lists it where it belongs', async () => {
      const ids = async (user: TestUser, url: string) => betListSchema.parse((await user.agent.get(url)).json()).map((b) => b.id);
      expect(await ids(bob, '/api/bets')).toContain(betId);
      expect(await ids(bob, '/api/bets/friends')).toContain(betId);
      expect(await ids(bob, `/api/bets/user/${ann.id}`)).toContain(betId);
      expect(await ids(dan, '/api/bets')).not.toContain(betId);
      expect(await ids(dan, '/api/bets/friends')).not.toContain(betId);
      expect(await ids(dan, `/api/bets/user/${ann.id}`)).toEqual([]);
      expect(await ids(eve, '/api/bets')).toContain(betId);
      expect(await ids(ann, '/api/my-bets')).toContain(betId);
      expect(await ids(bob, '/api/my-bets')).not.toContain(betId);
    });

    it('pages newest first', async () => {
      const page1 = betListSchema.parse((await ann.agent.get('/api/bets?limit=2')).json());
      expect(page1).toHaveLength(2);
      expect(page1[0]!.id).toBeGreaterThan(page1[1]!.id);
      const page2 = betListSchema.parse((await ann.agent.get(`/api/bets?limit=2&before=${page1[1]!.id}`)).json());
      expect(page2[0]!.id).toBeLessThan(page1[1]!.id);
      expect((await ann.agent.get('/api/bets?limit=500')).statusCode).toBe(400);
    });
  });

  describe('staking', () => {
    let betId: number;
    beforeAll(async () => {
      betId = (await createBetAs(ann, { title: 'Staking rules', options: ['Red', 'Blue', 'Green'] })).id;
    });

    it.each([
      [{ option: 0, amount: 0 }, 'Please enter a valid bet amount'],
      [{ option: 0, amount: -5 }, 'Please enter a valid bet amount'],
      [{ option: 0, amount: 'lots' }, 'Please enter a valid bet amount'],
      [{ option: 0, amount: '1e400' }, 'Please enter a valid bet amount'],
      [{ option: 0, amount: 0.5 }, 'Minimum bet is $1.00'],
      [{ option: 0, amount: '1.005' }, 'Amount can have at most 2 decimals'],
      [{ option: 3, amount: 5 }, 'Please choose an option'],
      [{ option: -1, amount: 5 }, 'Please choose an option'],
      [{ option: 0.5, amount: 5 }, 'Please choose an option'],
      [{ option: 3_000_000_000, amount: 5 }, 'Please choose an option'],
      [{ amount: 5 }, 'Please choose an option'],
    ])('refuses %j with its message and changes nothing', async (body, message) => {
      const before = await balanceOf(app, bob.id);
      const response = await bob.agent.post(`/api/bets/${betId}/participate`, body);
      expect(response.statusCode).toBe(400);
      expect(refusal(response).error).toBe(message);
      expect(await balanceOf(app, bob.id)).toBe(before);
    });

    it('refuses the creator and strangers', async () => {
      expect(refusal(await ann.agent.post(`/api/bets/${betId}/participate`, { option: 0, amount: 5 }))).toMatchObject({
        status: 403,
        error: 'You cannot bet on your own bet',
      });
      expect(refusal(await dan.agent.post(`/api/bets/${betId}/participate`, { option: 0, amount: 5 }))).toMatchObject({
        status: 404,
      });
    });

    it('takes a stake: debits the balance, writes the ledger, moves the odds', async () => {
      const eventsBefore = events.length;
      const response = await bob.agent.post(`/api/bets/${betId}/participate`, { option: 0, amount: '30' });
      expect(response.statusCode, response.body).toBe(200);
      // The answer is the bet with the new stake, not the detail (no participant list).
      const bet = betSchema.unwrap().strict().parse(response.json());
      expect(bet.optionAmounts).toEqual(['30.00', '0.00', '0.00']);
      expect(bet.odds).toEqual([1, null, null]);
      expect(bet.optionStakeCounts).toEqual([1, 0, 0]);
      expect(bet.totalPot).toBe('30.00');
      expect(bet.participants).toBe(1);
      expect(bet.userParticipation).toEqual({ amount: '30.00', option: 0, potentialWin: '30.00', payout: null });
      expect(await balanceOf(app, bob.id)).toBe(100_000 - 3000);
      // The event brings the pools read in the stake's transaction; the live layer reads who hears
      // about it (live.test.ts).
      const updates = betEvents(eventsBefore);
      expect(updates).toEqual([{ type: 'bet_updated', betId, actorId: bob.id, poolsOnly: true, snapshot: expect.any(Object) }]);
      const { snapshot } = updates[0] as Extract<DomainEvent, { type: 'bet_updated' }>;
      expect(snapshot).toMatchObject({ title: 'Staking rules', creatorId: ann.id });
      expect(snapshot?.pools).toEqual({
        betId,
        status: 'active',
        optionAmounts: ['30.00', '0.00', '0.00'],
        odds: [1, null, null],
        optionStakeCounts: [1, 0, 0],
        totalPot: '30.00',
        participants: 1,
        winningOption: null,
        crewId: null,
      });
      // The creator hears about it.
      expect(events.slice(eventsBefore).filter((e) => e.type === 'notification')).toEqual([
        expect.objectContaining({ type: 'notification', userId: ann.id }),
      ]);

      expect((await cat.agent.post(`/api/bets/${betId}/participate`, { option: 1, amount: 10 })).statusCode).toBe(200);
      const cats = betDetailSchema.parse((await cat.agent.get(`/api/bets/${betId}`)).json());
      expect(cats.odds).toEqual([40 / 30, 4, null]);
      expect(cats.canStake).toBe(false);
      // Newest first (docs/product.md §11.1).
      expect(cats.participantList.map((p) => [p.username, p.option, p.amount, p.potentialWin])).toEqual([
        ['Cat', 1, '10.00', '40.00'],
        ['Bob', 0, '30.00', '40.00'],
      ]);

      const ledger = ledgerPageSchema.parse((await bob.agent.get('/api/wallet/ledger')).json());
      expect(ledger.entries[0]).toMatchObject({ kind: 'stake', amount: '-30.00', balanceAfter: '970.00', betId });
      expect(ledger.entries.at(-1)).toMatchObject({ kind: 'grant', amount: '1000.00' });
    });

    it('answers a stake with the bet as the feed and the detail show it', async () => {
      // The stake's answer is built in its transaction (stake_on_bets), a read by bet_detail, a
      // list row by the feed query: three paths to one shape.
      const bet = await createBetAs(ann, { title: 'Three paths', options: ['Up', 'Down'] });
      const [first, second] = [await createUser(app, 'Fay'), await createUser(app, 'Gus')];
      for (const user of [first, second]) await makeFriends(app, user, ann);
      await first.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: '2.50' });
      const staked = await second.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: '7.25' });
      expect(staked.statusCode).toBe(200);
      const feed = betListSchema.parse((await second.agent.get('/api/bets/friends')).json());
      expect(staked.json()).toEqual(feed.find((b) => b.id === bet.id));
      const detail = betDetailSchema.parse((await second.agent.get(`/api/bets/${bet.id}`)).json());
      expect(detail.participantList.map((p) => [p.username, p.amount])).toEqual([['Gus', '7.25'], ['Fay', '2.50']]);
      const { participantList, canStake, canResolve, canDispute, canVote, ...listed } = detail;
      expect([participantList.length, canStake, canResolve, canDispute, canVote]).toEqual([2, false, false, false, false]);
      expect(staked.json()).toEqual(listed);
    });

    it('answers from its writes exactly what a read after them finds', async () => {
      // stake_on_bets builds its answer from the rows its writes return, since one statement
      // cannot read its own writes. The answer must be the committed state, field
      // for field, including the columns the presenters leave out.
      const bet = await createBetAs(ann, { title: 'Read after write', options: ['One', 'Two', 'Three'] });
      const [one, two] = [await createUser(app, 'Kim'), await createUser(app, 'Lou')];
      for (const user of [one, two]) await makeFriends(app, user, ann);
      const readBackOf = async (id: number) =>
        rowsOf<{ bet: unknown }>(
          await app.db.execute(sql`select json_build_object(
            'bet', row_to_json(b),
            'creatorUsername', u.username,
            'refereeUsername', (select r.username from users r where r.id = b.referee_id),
            'options', (select json_agg(row_to_json(o) order by o.idx) from bet_options o where o.bet_id = b.id)) as bet
            from bets b join users u on u.id = b.creator_id where b.id = ${id}`),
        )[0]!.bet;
      for (const [staker, option, amount] of [[one, 2, 150], [two, 2, 275]] as const) {
        const [answer] = await placeStakesTogether(app.db, [
          { userId: staker.id, betId: bet.id, option, amountCents: amount, username: staker.username },
        ]);
        expect(answer!.result).toBe('ok');
        const { viewerStake, ...rest } = answer!.bet!;
        expect(rest).toEqual(await readBackOf(bet.id));
        const [stake] = rowsOf<{ stake: unknown }>(
          await app.db.execute(sql`select row_to_json(s) as stake from stakes s where s.bet_id = ${bet.id} and s.user_id = ${staker.id}`),
        );
        expect(viewerStake).toEqual(stake!.stake);
        expect(answer!.notification).toMatchObject({ user_id: ann.id, type: 'bet_staked', from_user_id: staker.id });
      }

      // A batch: three users on the bet in one round, answered with the bet as the round left
      // it, then one of them again in a second round, refused, and once more on another bet.
      const other = await createBetAs(ann, { title: 'Read after write, too', options: ['A', 'B'] });
      const three = await createUser(app, 'Max');
      await makeFriends(app, three, ann);
      const call = (user: TestUser, betId: number, option: number, amountCents: number) =>
        ({ userId: user.id, betId, option, amountCents, username: user.username });
      const answers = await placeStakesTogether(app.db, [
        call(three, bet.id, 0, 100_001), // beyond the balance: refused, and round two may still stake here
        call(one, other.id, 1, 300),
        call(three, bet.id, 1, 500),
        call(two, other.id, 0, 700),
      ]);
      expect(answers.map((a) => a.result)).toEqual(['insufficient_balance', 'ok', 'ok', 'ok']);
      for (const answer of answers.slice(1)) {
        const { viewerStake: _stake, ...rest } = answer.bet!;
        expect(rest).toEqual(await readBackOf((answer.bet!.bet as { id: number }).id));
      }
      expect(await balanceOf(app, three.id)).toBe(100_000 - 500);
    });

    it('writes no notification for a creator who has muted stakes, and still takes the stake', async () => {
      const creator = await createUser(app, 'Mia');
      const staker = await createUser(app, 'Ned');
      await makeFriends(app, staker, creator);
      expect((await creator.agent.put('/api/users/preferences', { notifications: { bet_staked: false } })).statusCode).toBe(200);
      const bet = await createBetAs(creator, { title: 'Quiet please', options: ['Yes', 'No'] });
      const eventsBefore = events.length;
      expect((await staker.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 4 })).statusCode).toBe(200);
      expect(events.slice(eventsBefore).filter((e) => e.type === 'notification')).toEqual([]);
      const [{ count }] = rowsOf<{ count: number }>(
        await app.db.execute(sql`select count(*)::int as count from notifications where bet_id = ${bet.id}`),
      ) as [{ count: number }];
      expect(count).toBe(0);
      expect(await balanceOf(app, staker.id)).toBe(100_000 - 400);
    });

    it(`lists a bet's ${PARTICIPANT_LIST_LIMIT} most recent participants, newest first, and counts them all`, async () => {
      const bet = await createBetAs(ann, { title: 'A crowded bet', options: ['Yes', 'No'] });
      const stakers: TestUser[] = [];
      for (let i = 0; i <= PARTICIPANT_LIST_LIMIT; i++) {
        const staker = await createUser(app, `Crowd${i}`);
        await makeFriends(app, staker, ann);
        const response = await staker.agent.post(`/api/bets/${bet.id}/participate`, { option: i % 2, amount: 1 });
        expect(response.statusCode, response.body).toBe(200);
        stakers.push(staker);
      }
      const last = betDetailSchema.parse((await stakers.at(-1)!.agent.get(`/api/bets/${bet.id}`)).json());
      expect(last).toMatchObject({ participants: PARTICIPANT_LIST_LIMIT + 1, totalPot: `${PARTICIPANT_LIST_LIMIT + 1}.00` });
      expect(last.participantList.map((p) => p.username)).toEqual(stakers.slice(1).reverse().map((s) => s.username));
      // The first staker is no longer listed, yet their own stake still shows to them.
      const first = betDetailSchema.parse((await stakers[0]!.agent.get(`/api/bets/${bet.id}`)).json());
      expect(first.participantList.some((p) => p.userId === stakers[0]!.id)).toBe(false);
      expect(first.userParticipation).toMatchObject({ option: 0, amount: '1.00' });
    });

    it('refuses a second stake on the same bet', async () => {
      const response = await bob.agent.post(`/api/bets/${betId}/participate`, { option: 1, amount: 5 });
      expect(refusal(response)).toMatchObject({ status: 409, error: 'You have already placed a bet on this', code: 'already_staked' });
      expect(await balanceOf(app, bob.id)).toBe(97_000);
    });

    it('refuses more than the balance, and changes nothing', async () => {
      const staker = await createUser(app, 'Poor');
      await makeFriends(app, staker, ann);
      const response = await staker.agent.post(`/api/bets/${betId}/participate`, { option: 2, amount: '1000.01' });
      expect(refusal(response)).toMatchObject({ status: 409, error: 'Insufficient balance', code: 'insufficient_balance' });
      expect(await balanceOf(app, staker.id)).toBe(100_000);
      const bet = betDetailSchema.parse((await staker.agent.get(`/api/bets/${betId}`)).json());
      expect(bet.optionAmounts[2]).toBe('0.00');
      expect(bet.participants).toBe(2);
      // All of it is fine.
      expect((await staker.agent.post(`/api/bets/${betId}/participate`, { option: 2, amount: '1000.00' })).statusCode).toBe(200);
      expect(await balanceOf(app, staker.id)).toBe(0);
    });

    it('refuses stakes once the bet has expired by the database clock', async () => {
      const bet = await createBetAs(ann, { title: 'Expiring', expirationType: 'time', expirationValue: '1' });
      await app.database.withConnection((q) =>
        q("update bets set expires_at = now() - interval '1 second' where id = $1", [bet.id]),
      );
      const response = await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 });
      expect(refusal(response)).toMatchObject({ status: 409, code: 'bet_expired', error: 'This bet has expired' });
      const seen = betDetailSchema.parse((await ann.agent.get(`/api/bets/${bet.id}`)).json());
      expect(seen.isExpired).toBe(true);
      expect(seen.canResolve).toBe(true);
    });
  });

  describe('resolving', () => {
    it('pays winners to the cent, leftover cents by largest remainder, and keeps the counters', async () => {
      const bet = await createBetAs(ann, { title: 'Three winners' });
      const [w1, w2, w3, loser] = await Promise.all(['W1', 'W2', 'W3', 'L1'].map((n) => createUser(app, n)));
      for (const user of [w1!, w2!, w3!, loser!]) await makeFriends(app, user, ann);
      for (const user of [w1!, w2!, w3!]) {
        expect((await user.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 1 })).statusCode).toBe(200);
      }
      expect((await loser!.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: '1.01' })).statusCode).toBe(200);

      const eventsBefore = events.length;
      const response = await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 });
      expect(response.statusCode, response.body).toBe(200);
      const resolved = betDetailSchema.parse(response.json());
      expect(resolved).toMatchObject({ status: 'resolved', isResolved: true, winningOption: 0, canResolve: false });
      // Newest first: the loser, then W3, W2, W1; the leftover cent went to the earliest stakes.
      expect(resolved.participantList.map((p) => p.potentialWin)).toEqual(['0.00', '1.33', '1.34', '1.34']);
      expect(await balanceOf(app, w1!.id)).toBe(100_034);
      expect(await balanceOf(app, w3!.id)).toBe(100_033);
      expect(await balanceOf(app, loser!.id)).toBe(100_000 - 101);
      expect(betEvents(eventsBefore)).toEqual([
        { type: 'bet_resolved', betId: bet.id, actorId: ann.id, participantIds: [w1!.id, w2!.id, w3!.id, loser!.id] },
      ]);

      const me = await w1!.agent.get('/api/auth/user');
      // Winnings are the profit: 1.34 paid for 1.00 staked.
      expect(me.json()).toMatchObject({ totalBets: 1, totalWins: 1, winRate: 100, totalWinnings: '0.34', balance: '1000.34' });
      const lost = await loser!.agent.get('/api/auth/user');
      expect(lost.json()).toMatchObject({ totalBets: 1, totalWins: 0, winRate: 0 });
      const mine = betListSchema.parse((await w1!.agent.get('/api/my-bets')).json()).find((b) => b.id === bet.id);
      expect(mine?.userParticipation).toMatchObject({ amount: '1.00', option: 0, payout: '1.34' });

      const again = await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 });
      expect(refusal(again)).toMatchObject({ status: 409, code: 'already_resolved' });
      const staking = await dan.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 });
      expect(staking.statusCode).toBe(404);
    });

    it('refunds everyone when nobody backed the winner', async () => {
      const bet = await createBetAs(ann, { title: 'Nobody on Draw', options: ['Home', 'Away', 'Draw'] });
      await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 12.34 });
      const before = await balanceOf(app, bob.id);
      const response = await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 2 });
      expect(response.statusCode).toBe(200);
      expect(await balanceOf(app, bob.id)).toBe(before + 1234);
      const ledger = ledgerPageSchema.parse((await bob.agent.get('/api/wallet/ledger?limit=1')).json());
      expect(ledger.entries[0]).toMatchObject({ kind: 'refund', amount: '12.34', betId: bet.id });
    });

    it('lets only the creator resolve, and a timed bet only after it expires', async () => {
      const timed = await createBetAs(ann, { title: 'Timed', expirationType: 'time', expirationValue: '2' });
      expect(refusal(await bob.agent.post(`/api/bets/${timed.id}/resolve`, { winningOption: 0 }))).toMatchObject({
        status: 403,
        code: 'not_creator',
      });
      expect(refusal(await dan.agent.post(`/api/bets/${timed.id}/resolve`, { winningOption: 0 }))).toMatchObject({ status: 404 });
      expect(refusal(await ann.agent.post(`/api/bets/${timed.id}/resolve`, { winningOption: 0 }))).toMatchObject({
        status: 409,
        code: 'not_expired',
      });
      expect(refusal(await ann.agent.post(`/api/bets/${timed.id}/resolve`, { winningOption: 2 }))).toMatchObject({
        status: 409,
      });
      await app.database.withConnection((q) => q("update bets set expires_at = now() - interval '1 minute' where id = $1", [timed.id]));
      expect(refusal(await ann.agent.post(`/api/bets/${timed.id}/resolve`, { winningOption: 2 }))).toEqual({
        status: 400,
        error: 'Winning option must be between 0 and 1',
        code: 'invalid_option',
      });
      expect(refusal(await ann.agent.post(`/api/bets/${timed.id}/resolve`, { winningOption: 'one' }))).toMatchObject({ status: 400 });
      expect((await ann.agent.post(`/api/bets/${timed.id}/resolve`, { winningOption: 1 })).statusCode).toBe(200);
    });
  });

  describe('administration', () => {
    it('refuses the admin bet routes to users (403) and to signed-out callers (401)', async () => {
      const bet = await createBetAs(ann, { title: 'Admin target' });
      const calls = [
        ['PUT', `/api/admin/bets/${bet.id}`, { title: 'x', description: 'y' }],
        ['DELETE', `/api/admin/bets/${bet.id}`, undefined],
        ['POST', `/api/admin/bets/${bet.id}/resolve`, { winningOption: 0 }],
      ] as const;
      for (const [method, url, json] of calls) {
        expect((await ann.agent.request(method, url, { json })).statusCode).toBe(403);
        expect((await app.inject({ method, url, ...(json ? { payload: json } : {}) })).statusCode).toBe(401);
      }
    });

    it('edits title and description, both required', async () => {
      const bet = await createBetAs(ann, { title: 'Typo in titel' });
      expect(refusal(await eve.agent.put(`/api/admin/bets/${bet.id}`, { title: '', description: 'x' }))).toMatchObject({
        status: 400,
        error: 'Title is required',
      });
      expect(refusal(await eve.agent.put(`/api/admin/bets/${bet.id}`, { title: 'x' }))).toMatchObject({
        error: 'Description is required',
      });
      const response = await eve.agent.put(`/api/admin/bets/${bet.id}`, { title: 'Typo in title', description: 'Fixed.' });
      expect(response.json()).toMatchObject({ title: 'Typo in title', description: 'Fixed.' });
      expect((await eve.agent.put('/api/admin/bets/999999', { title: 'a', description: 'b' })).statusCode).toBe(404);
    });

    it('resolves any bet at any time', async () => {
      const bet = await createBetAs(ann, { title: 'Admin resolves early', expirationType: 'time', expirationValue: '48' });
      await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 3 });
      const response = await eve.agent.post(`/api/admin/bets/${bet.id}/resolve`, { winningOption: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'resolved', winningOption: 1 });
    });

    it('deletes a bet by voiding it and refunding every stake first', async () => {
      const bet = await createBetAs(ann, { title: 'To be deleted' });
      await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 7 });
      await cat.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 8 });
      const bobBefore = await balanceOf(app, bob.id);
      const catBefore = await balanceOf(app, cat.id);
      const response = await eve.agent.delete(`/api/admin/bets/${bet.id}`);
      expect(response.json()).toEqual({ id: bet.id, refunded: true });
      expect(await balanceOf(app, bob.id)).toBe(bobBefore + 700);
      expect(await balanceOf(app, cat.id)).toBe(catBefore + 800);
      expect((await ann.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(404);
      expect((await eve.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(404);
      expect((await eve.agent.delete(`/api/admin/bets/${bet.id}`)).statusCode).toBe(404);
      expect(betEvents(0).at(-1)).toMatchObject({ type: 'bet_voided', betId: bet.id });
    });
  });

  describe('the overdue sweep', () => {
    it('voids and refunds bets left unresolved VOID_AFTER_DAYS after expiry, once', async () => {
      const overdue = await createBetAs(ann, { title: 'Forgotten', expirationType: 'time', expirationValue: '1' });
      const recent = await createBetAs(ann, { title: 'Just expired', expirationType: 'time', expirationValue: '1' });
      await bob.agent.post(`/api/bets/${overdue.id}/participate`, { option: 0, amount: 4 });
      await app.database.withConnection(async (q) => {
        await q("update bets set expires_at = now() - interval '8 days' where id = $1", [overdue.id]);
        await q("update bets set expires_at = now() - interval '6 days' where id = $1", [recent.id]);
      });
      const before = await balanceOf(app, bob.id);
      const results = await Promise.all([voidOverdueBets(app), voidOverdueBets(app)]);
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await balanceOf(app, bob.id)).toBe(before + 400);
      const seen = betDetailSchema.parse((await ann.agent.get(`/api/bets/${overdue.id}`)).json());
      expect(seen.status).toBe('void');
      expect(betDetailSchema.parse((await ann.agent.get(`/api/bets/${recent.id}`)).json()).status).toBe('active');
    });
  });
});
