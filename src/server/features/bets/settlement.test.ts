import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';

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
