import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { answeredByDatabase } from '../../db/transaction.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';
import { placeStakesTogether, stakeBatchesOf, type StakeCall } from './stakes.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';

// Many clients at once against one bet: on PostgreSQL these are truly concurrent transactions
// on a pool of connections; on PGlite they interleave on its single connection.
describe(`concurrent stakes and resolves on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let creator: TestUser;
  let admin: TestUser;
  let players: TestUser[];

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 100, loginPerEmailAndIp: 100, writesPerMinute: 10_000, readsPerMinute: 10_000 } });
    creator = await createUser(app, 'Host');
    admin = await createUser(app, 'Referee', { admin: true });
    players = [];
    for (let i = 0; i < 50; i += 1) {
      const player = await createUser(app, `Player${i}`);
      await makeFriends(app, player, creator);
      players.push(player);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('50 stakes at once, some beyond balance, one user twice, then two racing resolves', async () => {
    const bet = await createBetAs(creator, { options: ['Yes', 'No', 'Maybe'] });
    // Every fifth player asks for more than the 1,000.00 they hold.
    const attempts = players.map((player, i) => ({
      player,
      option: i % 3,
      amount: i % 5 === 0 ? '1000.01' : ((i * 37) % 900) + 1 + (i % 7) / 100,
    }));
    // One player sends two stakes at the same moment.
    attempts.push({ player: players[1]!, option: 2, amount: 5 });

    const responses = await Promise.all(
      attempts.map((a) => a.player.agent.post(`/api/bets/${bet.id}/participate`, { option: a.option, amount: a.amount })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200 || s === 409), JSON.stringify(statuses)).toBe(true);
    const accepted = statuses.filter((s) => s === 200).length;
    const beyondBalance = attempts.filter((a) => a.amount === '1000.01').length;
    // Everyone with a valid amount got exactly one stake in: the double-sender once, not twice.
    expect(accepted).toBe(players.length - beyondBalance);
    const refusedCodes = responses.filter((r) => r.statusCode === 409).map((r) => (r.json() as { code: string }).code).sort();
    expect(refusedCodes).toEqual([...Array(beyondBalance).fill('insufficient_balance'), 'already_staked'].sort());

    const [stakeCount] = rowsOf<{ n: number | string }>(
      await app.db.execute(sql`select count(*) as n from stakes where bet_id = ${bet.id}`),
    );
    expect(Number(stakeCount?.n)).toBe(accepted);

    const [byCreator, byAdmin] = await Promise.all([
      creator.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 }),
      admin.agent.post(`/api/admin/bets/${bet.id}/resolve`, { winningOption: 1 }),
    ]);
    const outcomes = [byCreator.statusCode, byAdmin.statusCode].sort();
    expect(outcomes).toEqual([200, 409]);

    const payouts = rowsOf<{ user_id: number; n: number | string }>(
      await app.db.execute(sql`select user_id, count(*) as n from ledger_entries
        where bet_id = ${bet.id} and kind in ('payout', 'refund') group by user_id`),
    );
    expect(payouts.every((p) => Number(p.n) === 1)).toBe(true);

    const negative = rowsOf(await app.db.execute(sql`select id from users where balance_cents < 0`));
    expect(negative).toEqual([]);
    const audit = await auditLedger(app.db);
    expect(audit.violations).toEqual([]);
    expect(audit.totals.balancesCents + audit.totals.openPoolsCents).toBe(audit.totals.grantsCents);
  }, 120_000);

  // Stakes arriving together are placed together, in one transaction (StakeBatches in stakes.ts,
  // migration 0009): each must still meet the rules on its own, in the order they were taken.
  it('stakes on several bets at once: batched, and each answered by its own rules', async () => {
    const host = await createUser(app, 'BatchHost');
    const stakers: TestUser[] = [];
    for (let i = 0; i < 24; i += 1) {
      const staker = await createUser(app, `Batcher${i}`);
      await makeFriends(app, staker, host);
      stakers.push(staker);
    }
    const bets: Awaited<ReturnType<typeof createBetAs>>[] = [];
    for (let i = 0; i < 4; i += 1) bets.push(await createBetAs(host, { title: `Batch bet ${i}`, options: ['Yes', 'No'] }));
    const counts = { ...stakeBatchesOf(app).counts };

    // Each staker asks for 600.00 on two bets at once, holding 1,000.00: exactly one can be taken.
    const attempts = stakers.flatMap((staker, i) => [
      { staker, bet: bets[i % 4]!, option: 0, amount: '600.00' },
      { staker, bet: bets[(i + 1) % 4]!, option: 1, amount: '600.00' },
    ]);
    const responses = await Promise.all([
      ...attempts.map((a) => a.staker.agent.post(`/api/bets/${a.bet.id}/participate`, { option: a.option, amount: a.amount })),
      host.agent.post(`/api/bets/${bets[0]!.id}/participate`, { option: 0, amount: 5 }),
      stakers[0]!.agent.post(`/api/bets/${bets[0]!.id + 1_000_000}/participate`, { option: 0, amount: 5 }),
    ]);
    const codeOf = (r: (typeof responses)[number]) => (r.statusCode === 200 ? 'ok' : (r.json() as { code: string }).code);
    expect(codeOf(responses.at(-2)!)).toBe('own_bet');
    expect(codeOf(responses.at(-1)!)).toBe('bet_not_found');
    stakers.forEach((staker, i) => {
      expect([codeOf(responses[2 * i]!), codeOf(responses[2 * i + 1]!)].sort(), staker.username).toEqual(['insufficient_balance', 'ok']);
    });
    // Each answer is the staker's own: the bet they staked on, with their stake.
    for (const [i, response] of responses.slice(0, attempts.length).entries()) {
      if (response.statusCode !== 200) continue;
      const answered = response.json() as { id: number; userParticipation?: { amount: string; option: number } };
      expect(answered.id).toBe(attempts[i]!.bet.id);
      expect(answered.userParticipation).toMatchObject({ amount: '600.00', option: attempts[i]!.option });
    }
    for (const staker of stakers) expect(await balanceOf(app, staker.id)).toBe(40_000);

    // On PostgreSQL the requests overlap and queue for the database, so some went out together.
    // PGlite runs each query on this thread, so there the requests took turns and went alone.
    const after = stakeBatchesOf(app).counts;
    if (testDbKind === 'postgres') expect(after.batched - counts.batched, JSON.stringify(after)).toBeGreaterThan(0);
    const audit = await auditLedger(app.db);
    expect(audit.violations).toEqual([]);
  }, 120_000);

  it('stakes placed in one turn go out as one batch, each refused or placed in the order taken', async () => {
    const host = await createUser(app, 'TurnHost');
    const first = await createUser(app, 'TurnFirst');
    const second = await createUser(app, 'TurnSecond');
    for (const staker of [first, second]) await makeFriends(app, staker, host);
    const [betA, betB] = [await createBetAs(host, { options: ['Yes', 'No'] }), await createBetAs(host, { options: ['Yes', 'No'] })];
    const call = (staker: TestUser, betId: number, amountCents: number) =>
      stakeBatchesOf(app).place({
        userId: staker.id,
        betId,
        option: 0,
        amountCents,
        username: staker.username,
      });
    const counts = { ...stakeBatchesOf(app).counts };
    const outcomes = await Promise.all([
      call(first, betA.id, 100), // alone: nothing else is running yet
      call(second, betA.id, 90_000), // the rest wait for it, then go together
      call(second, betB.id, 20_000), // beyond what is left of the 1,000.00 after the stake before it
      call(second, betB.id, 5_000),
      call(first, betA.id, 100), // first already staked on A
      call(host, betB.id, 100), // the host's own bet
    ]);
    expect(outcomes.map((o) => o.result)).toEqual(['ok', 'ok', 'insufficient_balance', 'ok', 'already_staked', 'own_bet']);
    expect(stakeBatchesOf(app).counts).toEqual({
      alone: counts.alone + 1,
      batches: counts.batches + 1,
      batched: counts.batched + 5,
      againAlone: counts.againAlone,
    });
    expect(await balanceOf(app, second.id)).toBe(5_000);
    expect(await balanceOf(app, first.id)).toBe(99_900);
    expect((await auditLedger(app.db)).violations).toEqual([]);
  }, 60_000);

  it('leaves the same money, pools and figures as the same stakes placed one at a time', async () => {
    // Batching is there for speed (decision records 012, 015); placing each stake alone, in
    // order, is the plain way and the reference. Two mirrored worlds get the same calls.
    const world = async (tag: string) => {
      const host = await createUser(app, `Mirror${tag}Host`);
      const stakers = [];
      for (let i = 0; i < 4; i += 1) {
        const staker = await createUser(app, `Mirror${tag}${i}`);
        await makeFriends(app, staker, host);
        stakers.push(staker);
      }
      const bets = [await createBetAs(host, { options: ['Yes', 'No', 'Maybe'] }), await createBetAs(host, { options: ['Yes', 'No'] })];
      return { host, stakers, bets };
    };
    // Placed stakes, a second stake on the same bet, a stake beyond what is left, the host's own bet.
    const plan: [staker: number | 'host', bet: number, option: number, amountCents: number][] = [
      [0, 0, 0, 40_000],
      [1, 0, 2, 25_000],
      [0, 1, 1, 50_000],
      [0, 1, 0, 10_000],
      [2, 1, 1, 100_001],
      [1, 0, 1, 500],
      ['host', 0, 0, 100],
      [3, 0, 1, 100_000],
      [2, 0, 0, 100],
    ];
    const callsOf = (w: Awaited<ReturnType<typeof world>>) =>
      plan.map(([who, bet, option, amountCents]): StakeCall => {
        const staker = who === 'host' ? w.host : w.stakers[who]!;
        return { userId: staker.id, betId: w.bets[bet]!.id, option, amountCents, username: staker.username };
      });
    const stateOf = async (w: Awaited<ReturnType<typeof world>>) => {
      const people = [w.host, ...w.stakers];
      const balances = await Promise.all(people.map((p) => balanceOf(app, p.id)));
      const pools = [];
      for (const bet of w.bets) {
        pools.push(rowsOf(await app.db.execute(sql`select idx, pool_cents, stake_count from bet_options where bet_id = ${bet.id} order by idx`)));
      }
      const figures = [];
      for (const p of people) {
        figures.push(rowsOf(await app.db.execute(sql`select period, bets, wagered_cents, profit_cents from player_figures where user_id = ${p.id} order by period`)));
      }
      const ledger = [];
      for (const p of people) {
        ledger.push(rowsOf(await app.db.execute(sql`select kind, amount_cents, balance_after_cents from ledger_entries where user_id = ${p.id} order by id`)));
      }
      return { balances, pools, figures, ledger };
    };

    const alone = await world('A');
    const aloneResults = [];
    for (const call of callsOf(alone)) aloneResults.push((await stakeBatchesOf(app).place(call)).result);
    const together = await world('B');
    const counts = { ...stakeBatchesOf(app).counts };
    const togetherResults = (await Promise.all(callsOf(together).map((call) => stakeBatchesOf(app).place(call)))).map((o) => o.result);
    // The first went alone and the other eight waited for it, then went as one batch.
    expect(stakeBatchesOf(app).counts.batches).toBeGreaterThan(counts.batches);

    expect(togetherResults).toEqual(aloneResults);
    expect(aloneResults).toEqual(['ok', 'ok', 'ok', 'already_staked', 'insufficient_balance', 'already_staked', 'own_bet', 'ok', 'ok']);
    expect(await stateOf(together)).toEqual(await stateOf(alone));
    expect((await auditLedger(app.db)).violations).toEqual([]);
  }, 60_000);

  it('a batch that fails places none of its stakes', async () => {
    const host = await createUser(app, 'AtomicHost');
    const staker = await createUser(app, 'AtomicStaker');
    await makeFriends(app, staker, host);
    const bet = await createBetAs(host, { options: ['Yes', 'No'] });
    const valid: StakeCall = { userId: staker.id, betId: bet.id, option: 0, amountCents: 500, username: staker.username };
    // The second stake passes every rule but breaks a constraint of the stakes table (under a
    // stake's minimum, which only the route checks): the statement fails after the first was
    // written and debited.
    const other = await createUser(app, 'AtomicOther');
    await makeFriends(app, other, host);
    const batch = [valid, { ...valid, userId: other.id, username: other.username, amountCents: 50 }];
    const refused = await placeStakesTogether(app.db, batch).then(
      () => null,
      (error: unknown) => error,
    );
    // The database's own refusal, which is what lets the batcher place each stake again alone;
    // a lost connection is not one.
    expect(answeredByDatabase(refused)).toBe(true);
    expect(answeredByDatabase(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(false);
    expect(await balanceOf(app, staker.id)).toBe(100_000);
    const [stakeCount] = rowsOf<{ n: number | string }>(
      await app.db.execute(sql`select count(*) as n from stakes where bet_id = ${bet.id}`),
    );
    expect(Number(stakeCount?.n)).toBe(0);
    // The same first stake alone goes through.
    const [answer] = await placeStakesTogether(app.db, [valid]);
    expect(answer?.result).toBe('ok');
    expect(await balanceOf(app, staker.id)).toBe(99_500);
  }, 60_000);
});
