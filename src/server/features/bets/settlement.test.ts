import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';
import type { PayoutPreview } from '../../../shared/schemas/bets.ts';

/**
 * For each table a settlement writes, the rows it wrote for the bet and how many commands of its
 * transaction wrote them (PostgreSQL's cmin): one command is one statement.
 */
async function writesOf(app: FastifyInstance, betId: number) {
  const [row] = rowsOf<Record<string, string>>(
    await app.db.execute(sql`select
      (select count(*) || ' in ' || count(distinct cmin::text) from ledger_entries where bet_id = ${betId} and kind <> 'stake') as ledger,
      (select count(*) || ' in ' || count(distinct cmin::text) from stakes where bet_id = ${betId}) as stakes,
      (select count(*) || ' in ' || count(distinct cmin::text) from notifications where bet_id = ${betId} and type = 'bet_settled') as notifications,
      (select count(*) || ' in ' || count(distinct cmin::text) from activities where bet_id = ${betId} and type in ('bet_won', 'bet_lost', 'bet_refunded')) as activities`),
  );
  return row;
}

describe(`settling a bet on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let host: TestUser;
  let players: TestUser[];

  beforeAll(async () => {
    app = await createTestApp();
    host = await createUser(app, 'SettleHost');
    players = [];
    for (const name of ['SettleAda', 'SettleBen', 'SettleCy', 'SettleDi', 'SettleEd']) {
      const player = await createUser(app, name);
      await makeFriends(app, player, host);
      players.push(player);
    }
  });

  afterAll(async () => {
    await app?.close();
  });

  const stakeAll = async (betId: number, options: number[]) => {
    for (const [i, player] of players.entries()) {
      const staked = await player.agent.post(`/api/bets/${betId}/participate`, { option: options[i], amount: `${10 + i}.00` });
      expect(staked.statusCode).toBe(200);
    }
  };

  it('pays every winner in one movement and writes every outcome, feed line and notification in one statement each', async () => {
    const bet = await createBetAs(host, { options: ['Yes', 'No'] });
    // Three winners, two losers.
    await stakeAll(bet.id, [0, 1, 0, 1, 0]);
    expect((await host.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);

    expect(await writesOf(app, bet.id)).toEqual({ ledger: '3 in 1', stakes: '5 in 1', notifications: '5 in 1', activities: '5 in 1' });
    const outcomes = rowsOf<{ username: string; outcome: string; settled: number }>(
      await app.db.execute(sql`select u.username, s.outcome, s.settled_cents::int as settled from stakes s
        join users u on u.id = s.user_id where s.bet_id = ${bet.id} order by s.id`),
    );
    // A pot of 60.00 over a winning pool of 36.00 (10 + 12 + 14).
    expect(outcomes.map((o) => [o.username, o.outcome, o.settled])).toEqual([
      ['SettleAda', 'won', 1667],
      ['SettleBen', 'lost', 0],
      ['SettleCy', 'won', 2000],
      ['SettleDi', 'lost', 0],
      ['SettleEd', 'won', 2333],
    ]);
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });

  it('refunds every stake of a voided bet in one movement', async () => {
    const admin = await createUser(app, 'SettleBoss', { admin: true });
    const bet = await createBetAs(host, { options: ['Yes', 'No'] });
    await stakeAll(bet.id, [1, 1, 0, 1, 0]);
    expect((await admin.agent.delete(`/api/admin/bets/${bet.id}`)).statusCode).toBe(200);

    expect(await writesOf(app, bet.id)).toEqual({ ledger: '5 in 1', stakes: '5 in 1', notifications: '5 in 1', activities: '5 in 1' });
    const refunds = rowsOf<{ kind: string; amount: number }>(
      await app.db.execute(sql`select kind, amount_cents::int as amount from ledger_entries where bet_id = ${bet.id} and kind <> 'stake' order by user_id`),
    );
    expect(refunds).toEqual([1000, 1100, 1200, 1300, 1400].map((amount) => ({ kind: 'refund', amount })));
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });
});

describe(`the payouts a decider reads before resolving, on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let host: TestUser;
  let players: TestUser[];

  beforeAll(async () => {
    app = await createTestApp();
    host = await createUser(app, 'PreviewHost');
    players = [];
    for (const name of ['PreviewAda', 'PreviewBen', 'PreviewCy', 'PreviewDi']) {
      const player = await createUser(app, name);
      await makeFriends(app, player, host);
      players.push(player);
    }
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows each stake what the settlement then pays it, to the cent, leftover cents included', async () => {
    const bet = await createBetAs(host, { options: ['Yes', 'No', 'Maybe'] });
    // A pot of 10.00 over a winning pool of 3.00: thirds of a cent, one leftover cent to place.
    for (const [i, [option, amount]] of ([[0, '1.00'], [0, '1.00'], [0, '1.00'], [1, '7.00']] as const).entries()) {
      expect((await players[i]!.agent.post(`/api/bets/${bet.id}/participate`, { option, amount })).statusCode).toBe(200);
    }
    const asked = await host.agent.get(`/api/bets/${bet.id}/payouts?winningOption=0`);
    expect(asked.statusCode).toBe(200);
    const preview = asked.json<PayoutPreview>();
    expect(preview.kind).toBe('payout');
    expect(preview.rows.map((r) => [r.user.username, r.stake, r.returns, r.profit])).toEqual([
      ['PreviewAda', '1.00', '3.34', '2.34'],
      ['PreviewBen', '1.00', '3.33', '2.33'],
      ['PreviewCy', '1.00', '3.33', '2.33'],
      ['PreviewDi', '7.00', '0.00', '-7.00'],
    ]);

    expect((await host.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    const settled = rowsOf<{ username: string; settled: string }>(
      await app.db.execute(sql`select u.username, to_char(s.settled_cents / 100.0, 'FM0.00') as settled from stakes s
        join users u on u.id = s.user_id where s.bet_id = ${bet.id} order by s.id`),
    );
    expect(settled.map((s) => [s.username, s.settled])).toEqual(preview.rows.map((r) => [r.user.username, r.returns]));
  });

  it('says a refund when nobody backed the option, and answers only whoever may resolve the bet', async () => {
    const admin = await createUser(app, 'PreviewBoss', { admin: true });
    const stranger = await createUser(app, 'PreviewNobody');
    const bet = await createBetAs(host, { options: ['Yes', 'No', 'Maybe'] });
    expect((await players[0]!.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: '5.00' })).statusCode).toBe(200);

    const refund = (await host.agent.get(`/api/bets/${bet.id}/payouts?winningOption=2`)).json<PayoutPreview>();
    expect([refund.kind, refund.rows.map((r) => [r.returns, r.profit])]).toEqual(['refund', [['5.00', '0.00']]]);
    expect((await admin.agent.get(`/api/bets/${bet.id}/payouts?winningOption=1`)).statusCode).toBe(200);
    expect((await players[0]!.agent.get(`/api/bets/${bet.id}/payouts?winningOption=1`)).json()).toMatchObject({ code: 'not_creator' });
    expect((await stranger.agent.get(`/api/bets/${bet.id}/payouts?winningOption=1`)).statusCode).toBe(404);
    expect((await host.agent.get(`/api/bets/${bet.id}/payouts?winningOption=3`)).json()).toMatchObject({ code: 'invalid_option' });
  });
});
