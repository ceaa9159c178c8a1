import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/audit.ts';

// Many clients at once against one bet: on PostgreSQL these are truly concurrent transactions
// on a pool of connections; on PGlite they interleave on its single connection.
describe(`concurrent stakes and resolves on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let creator: TestUser;
  let admin: TestUser;
  let players: TestUser[];

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { loginPerIp: 100, loginFailuresPerEmail: 100, loginWindowSeconds: 60, writesPerMinute: 10_000 } });
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
});
