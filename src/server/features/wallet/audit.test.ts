import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBetAs, createUser, makeFriends } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from './audit.ts';

// The audit is only worth something if it fails on broken books: each tampering is caught.
describe(`ledger audit on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let betId: number;

  beforeAll(async () => {
    app = await createTestApp();
    const host = await createUser(app, 'Host');
    const guest = await createUser(app, 'Guest');
    await makeFriends(app, host, guest);
    betId = (await createBetAs(host)).id;
    expect((await guest.agent.post(`/api/bets/${betId}/participate`, { option: 1, amount: 25 })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('passes on honest books', async () => {
    const { violations, totals } = await auditLedger(app.db);
    expect(violations).toEqual([]);
    expect(totals).toMatchObject({ users: 2, balancesCents: 197_500, openPoolsCents: 2500, grantsCents: 200_000 });
  });

  const tamperings: [string, string, RegExp][] = [
    ['a balance changed without a ledger row', "update users set balance_cents = balance_cents + $2 where username = 'Guest' and $1::int > 0", /balance equals the sum of the ledger/],
    ['a pool changed without a stake', 'update bet_options set pool_cents = pool_cents + $2 where bet_id = $1 and idx = 0', /option pools equal their stakes/],
    ['a pot out of line with its pools', 'update bets set total_pot_cents = total_pot_cents + $2 where id = $1', /bet pot equals its option pools/],
    // No foreign key stops these since decision record 014: the audit does.
    ['a stake of no such user', 'update stakes set user_id = user_id + $2 where bet_id = $1', /stakes row \d+: user_id \d+ names no such row/],
    ['a ledger row on no such bet', "update ledger_entries set bet_id = bet_id + $2 where bet_id = $1 or (bet_id = $1 + 100 and $2 < 0)", /ledger_entries row \d+: bet_id \d+ names no such row/],
    ['an activity on no such bet', 'update activities set bet_id = bet_id + $2 where bet_id = $1 or (bet_id = $1 + 100 and $2 < 0)', /activities row \d+: bet_id \d+ names no such row/],
    ['a notification from no such user', 'update notifications set from_user_id = from_user_id + $2 where bet_id = $1', /notifications row \d+: from_user_id \d+ names no such row/],
  ];
  it.each(tamperings)('catches %s', async (_name, statement, expected) => {
    // Break the books for real, audit, then put them back.
    await app.database.withConnection((q) => q(statement, [betId, 100]));
    try {
      const { violations } = await auditLedger(app.db);
      expect(violations.join('\n')).toMatch(expected);
    } finally {
      await app.database.withConnection((q) => q(statement, [betId, -100]));
    }
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });
});
