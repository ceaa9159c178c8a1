import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';
import { voidOverdueBets } from './voiding.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';

// Random sequences of everything that moves money; after every single step the books balance
// (the invariant of docs/product.md §2.6 and every other audit check).
type Op =
  | { kind: 'create'; by: number; options: number; timed: boolean }
  | { kind: 'stake'; by: number; bet: number; option: number; amount: string }
  | { kind: 'resolve'; by: number; bet: number; option: number }
  | { kind: 'adminResolve'; bet: number; option: number }
  | { kind: 'delete'; bet: number }
  | { kind: 'expire'; bet: number; daysAgo: number }
  | { kind: 'sweep' };

const amount = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 300 }).map(String) },
  { weight: 3, arbitrary: fc.integer({ min: 100, max: 120_000 }).map((c) => (c / 100).toFixed(2)) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-3', '0.5', '1.001', 'abc', '1000.00') },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), by: fc.nat(4), options: fc.integer({ min: 2, max: 4 }), timed: fc.boolean() }) },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('stake' as const), by: fc.nat(4), bet: fc.nat(9), option: fc.nat(2), amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resolve' as const), by: fc.nat(4), bet: fc.nat(9), option: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminResolve' as const), bet: fc.nat(9), option: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), bet: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), bet: fc.nat(9), daysAgo: fc.constantFrom(0, 10) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
);

describe(`money invariant under random operations on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let people: TestUser[];
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 100, loginPerEmailAndIp: 100, writesPerMinute: 100_000, readsPerMinute: 100_000 } });
    people = [];
    for (const name of ['Ada', 'Ben', 'Cy', 'Di', 'Ed']) people.push(await createUser(app, name));
    for (let i = 0; i < people.length; i += 1) {
      for (let j = i + 1; j < people.length; j += 1) await makeFriends(app, people[i]!, people[j]!);
    }
    admin = await createUser(app, 'Boss', { admin: true });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('holds after every step', async () => {
    const betIds: number[] = [];
    const succeeded = new Map<Op['kind'], number>();
    // Mostly one of the three newest bets (still open, so stakes land), sometimes any bet.
    const pick = (n: number) =>
      (n < 7 ? betIds[betIds.length - 1 - (n % Math.min(3, Math.max(betIds.length, 1)))] : betIds[n % Math.max(betIds.length, 1)]) ??
      999_999;

    async function run(operation: Op): Promise<number> {
      switch (operation.kind) {
        case 'create': {
          const response = await people[operation.by]!.agent.post('/api/bets', {
            title: `Bet ${betIds.length}`,
            description: 'Random',
            options: Array.from({ length: operation.options }, (_, i) => `Option ${i}`),
            expirationType: operation.timed ? 'time' : 'indefinite',
            expirationValue: operation.timed ? '1' : '',
          });
          if (response.statusCode === 201) betIds.push((response.json() as { id: number }).id);
          return response.statusCode;
        }
        case 'stake':
          return (
            await people[operation.by]!.agent.post(`/api/bets/${pick(operation.bet)}/participate`, {
              option: operation.option,
              amount: operation.amount,
            })
          ).statusCode;
        case 'resolve':
          return (await people[operation.by]!.agent.post(`/api/bets/${pick(operation.bet)}/resolve`, { winningOption: operation.option }))
            .statusCode;
        case 'adminResolve':
          return (await admin.agent.post(`/api/admin/bets/${pick(operation.bet)}/resolve`, { winningOption: operation.option }))
            .statusCode;
        case 'delete':
          return (await admin.agent.delete(`/api/admin/bets/${pick(operation.bet)}`)).statusCode;
        case 'expire':
          await app.database.withConnection((q) =>
            q(`update bets set expires_at = now() - make_interval(days => $2) - interval '1 minute' where id = $1 and expires_at is not null`, [
              pick(operation.bet),
              operation.daysAgo,
            ]),
          );
          return 200;
        case 'sweep':
          await voidOverdueBets(app);
          return 200;
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (operations) => {
        for (const operation of operations) {
          const status = await run(operation);
          if (status < 300) succeeded.set(operation.kind, (succeeded.get(operation.kind) ?? 0) + 1);
          // Refusals are fine; a server error never is.
          expect(status, JSON.stringify(operation)).toBeLessThan(500);
          const audit = await auditLedger(app.db);
          expect(audit.violations, JSON.stringify(operation)).toEqual([]);
        }
      }),
      { numRuns: 20 },
    );
    // The sequences really moved money: stakes were taken and bets were settled.
    expect(succeeded.get('stake') ?? 0).toBeGreaterThan(5);
    expect((succeeded.get('resolve') ?? 0) + (succeeded.get('adminResolve') ?? 0) + (succeeded.get('delete') ?? 0)).toBeGreaterThan(2);
  }, 240_000);
});
