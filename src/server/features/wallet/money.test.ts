import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from './audit.ts';
import { moveMoney } from './service.ts';

/** A user's ledger rows, oldest first, with the command of the transaction that wrote each. */
async function ledgerOf(app: FastifyInstance, userId: number) {
  return rowsOf<{ kind: string; amount: number; after: number; bet: number | null; note: string | null; command: string }>(
    await app.db.execute(sql`select kind, amount_cents::int as amount, balance_after_cents::int as after, bet_id as bet, note,
        cmin::text as command
      from ledger_entries where user_id = ${userId} order by id`),
  );
}

describe(`moving money on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    ann = await createUser(app, 'MoneyAnn');
    bob = await createUser(app, 'MoneyBob');
    cat = await createUser(app, 'MoneyCat');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('moves several balances in one statement, each with its ledger row and the balance it left', async () => {
    const balances = await inTransaction(app.db, (tx) =>
      moveMoney(tx, 'adjustment', [
        { userId: bob.id, amountCents: -2_500, note: 'fee' },
        { userId: ann.id, amountCents: 1_250, note: 'prize' },
      ]),
    );
    expect(balances).toEqual(new Map([[bob.id, 97_500], [ann.id, 101_250]]));
    const [annRow, bobRow] = [(await ledgerOf(app, ann.id)).at(-1)!, (await ledgerOf(app, bob.id)).at(-1)!];
    expect(annRow).toMatchObject({ kind: 'adjustment', amount: 1_250, after: 101_250, bet: null, note: 'prize' });
    expect(bobRow).toMatchObject({ kind: 'adjustment', amount: -2_500, after: 97_500, bet: null, note: 'fee' });
    // Both rows were written by the same command of their transaction: one statement.
    expect(annRow.command).toBe(bobRow.command);
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });

  it('refuses a move below zero: it does not happen, and the caller rolls the others back', async () => {
    const refused = await inTransaction(app.db, (tx) =>
      moveMoney(tx, 'adjustment', [
        { userId: ann.id, amountCents: 500 },
        { userId: cat.id, amountCents: -100_001 },
      ]),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, code: 'insufficient_balance' });
    expect([await balanceOf(app, ann.id), await balanceOf(app, cat.id)]).toEqual([101_250, 100_000]);
    expect(await ledgerOf(app, cat.id)).toHaveLength(1);
  });

  it('refuses two moves for one user in one call, and a move for nobody', async () => {
    const refused = await inTransaction(app.db, (tx) =>
      moveMoney(tx, 'adjustment', [
        { userId: cat.id, amountCents: 100 },
        { userId: cat.id, amountCents: 200 },
      ]),
    ).catch((error: unknown) => error);
    expect(String((refused as Error).cause)).toMatch(/move_money takes one movement per user/);
    const nobody = await inTransaction(app.db, (tx) => moveMoney(tx, 'adjustment', [{ userId: 999_999, amountCents: 100 }])).catch(
      (error: unknown) => error,
    );
    expect(String((nobody as Error).cause)).toMatch(/each of a user that exists/);
    expect(await balanceOf(app, cat.id)).toBe(100_000);
  });

  it('is the one writer of the ledger: a stake, its payout and a new account each move money through it', async () => {
    const host = await createUser(app, 'MoneyHost');
    await makeFriends(app, host, cat);
    const bet = await createBetAs(host, { options: ['Yes', 'No'] });
    expect((await cat.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: '12.00' })).statusCode).toBe(200);
    expect((await host.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    expect((await ledgerOf(app, cat.id)).map((r) => [r.kind, r.amount, r.after, r.bet, r.note])).toEqual([
      ['grant', 100_000, 100_000, null, 'Starting balance'],
      ['stake', -1_200, 98_800, bet.id, null],
      ['payout', 1_200, 100_000, bet.id, null],
    ]);
    // The only code that writes a player's balance or ledger row is move_money itself, and a crew
    // season's (docs/product.md §6.7) move_crew_money.
    const writers = async (pattern: string) =>
      rowsOf<{ name: string }>(
        await app.db.execute(sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema() and p.prosrc ~* ${pattern} order by 1`),
      ).map((w) => w.name);
    expect(await writers('insert into ledger_entries|update users[^;]*set balance_cents')).toEqual(['move_money']);
    expect(await writers('insert into crew_ledger_entries|insert into crew_balances|update crew_balances')).toEqual(['move_crew_money']);
    // And no server code writes them around it.
    const serverDir = fileURLToPath(new URL('../../', import.meta.url));
    const around = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /insert\((crewL|l)edgerEntries\)|insert\(crewBalances\)|insert into (crew_)?ledger_entries|insert into crew_balances|set balance_cents|set\(\{[^}]*balanceCents/i.test(
          readFileSync(path.join(serverDir, file), 'utf8'),
        ),
      );
    expect(around).toEqual([]);
  });
});
