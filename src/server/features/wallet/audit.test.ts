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
  ];
  it.each([
    ['a stake of no such user', 'update stakes set user_id = user_id + 100000 where bet_id = $1'],
    ['a ledger row on no such bet', 'update ledger_entries set bet_id = bet_id + 100000 where bet_id = $1'],
    ['an activity on no such bet', 'update activities set bet_id = bet_id + 100000 where bet_id = $1'],
    ['a notification from no such user', 'update notifications set from_user_id = 100000 where bet_id = $1'],
  ])('leaves %s to the foreign keys, which refuse it', async (_name, statement) => {
    const refused = await app.database.withConnection((q) => q(statement, [betId])).then(
      () => null,
      (error: { code?: string }) => error.code,
    );
    expect(refused).toBe('23503'); // foreign_key_violation
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });

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
