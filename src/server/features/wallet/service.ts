import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { ledgerEntries, type LedgerKind } from '../../db/schema.ts';
import { assertCents } from '../../../shared/money.ts';
import { AppError } from '../../errors.ts';

/** A transaction or the database itself: anything that runs queries. */
export type Queryable = Pick<Db, 'execute' | 'insert' | 'select' | 'update' | 'delete'>;

export interface Movement {
  userId: number;
  kind: LedgerKind;
  /** Signed: positive credits the user, negative debits them. */
  amountCents: number;
  betId?: number | null;
  note?: string | null;
}

/**
 * Moves money into or out of one balance and writes its ledger row, in the caller's
 * transaction. The balance check and the change are one UPDATE, so two debits racing cannot
 * both pass a check that only one of them fits (DESIGN §5).
 */
export async function recordMovement(tx: Queryable, movement: Movement): Promise<{ balanceAfterCents: number }> {
  assertCents(movement.amountCents);
  const result = await tx.execute(sql`
    update users set balance_cents = balance_cents + ${movement.amountCents}
    where id = ${movement.userId} and balance_cents + ${movement.amountCents} >= 0
    returning balance_cents`);
  const row = rowsOf<{ balance_cents: number | string }>(result)[0];
  if (!row) throw new AppError(409, 'insufficient_balance', 'Insufficient balance');
  const balanceAfterCents = Number(row.balance_cents);
  await tx.insert(ledgerEntries).values({
    userId: movement.userId,
    kind: movement.kind,
    amountCents: movement.amountCents,
    balanceAfterCents,
    betId: movement.betId ?? null,
    note: movement.note ?? null,
  });
  return { balanceAfterCents };
}

/** Every new account starts with this much (spec §1). */
export const STARTING_GRANT_CENTS = 100_000;

export { auditLedger, type AuditResult, type AuditTotals } from './audit.ts';
