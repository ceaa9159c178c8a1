import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { assertCents } from '../../../shared/money.ts';
import { AppError } from '../../errors.ts';
import { formatCents } from '../../../shared/money.ts';
import type { CREW_LEDGER_KINDS, ledgerEntries, LedgerKind } from './tables.ts';

type CrewLedgerKind = (typeof CREW_LEDGER_KINDS)[number];

/** A transaction or the database itself: anything that runs queries. */
export type Queryable = Pick<Db, 'execute' | 'insert' | 'select' | 'update' | 'delete'>;

/** One movement of money: into one balance (positive) or out of it (negative). */
export interface Move {
  userId: number;
  amountCents: number;
  betId?: number | null;
  note?: string | null;
}

/**
 * Moves money, in the caller's transaction: each move changes one balance and writes its ledger
 * row, all of one kind, in one statement of move_money (money.sql), the one place money moves
 * (docs/decisions/023-money-moves-in-one-place.md). A stake's debit is its other caller, from
 * inside stake_on_bets. At most one move per user in a call: a settlement pays each staker once.
 *
 * Answers each user's balance after their move. A move that would take a balance below zero does
 * not happen; then this throws 409 insufficient_balance, and the caller's transaction, which may
 * hold the other moves of the call, must roll back (inTransaction does, on any throw).
 */
export async function moveMoney(tx: Queryable, kind: LedgerKind, moves: readonly Move[]): Promise<Map<number, number>> {
  if (moves.length === 0) return new Map();
  for (const move of moves) assertCents(move.amountCents);
  const rows = rowsOf<{ user_id: number; balance_after: number | string }>(
    await tx.execute(sql`select user_id, balance_after from move_money(
      ${sql.param(moves.map((m) => m.userId))}::integer[],
      ${sql.param(moves.map((m) => m.amountCents))}::bigint[],
      ${kind},
      ${sql.param(moves.map((m) => m.betId ?? null))}::integer[],
      ${sql.param(moves.map((m) => m.note ?? null))}::text[])`),
  );
  if (rows.length < moves.length) throw new AppError(409, 'insufficient_balance', 'Insufficient balance');
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.balance_after)]));
}

/** One movement of a crew season's money: one member's balance in one season. */
export interface CrewMove {
  seasonId: number;
  userId: number;
  amountCents: number;
  betId?: number | null;
}

/**
 * Moves a crew season's money (docs/product.md §6.7), as moveMoney moves the players' own: one
 * statement of move_crew_money (money.sql), the only writer of crew balances and their ledger.
 * A `grant` opens a member's balance in a season once; a member granted already is left out of
 * the answer, and nothing is thrown for them. Any other move that does not fit throws 409.
 */
export async function moveCrewMoney(tx: Queryable, kind: CrewLedgerKind, moves: readonly CrewMove[]): Promise<Map<number, number>> {
  if (moves.length === 0) return new Map();
  for (const move of moves) assertCents(move.amountCents);
  const rows = rowsOf<{ moved_user: number; balance_after: number | string }>(
    await tx.execute(sql`select moved_user, balance_after from move_crew_money(
      ${sql.param(moves.map((m) => m.seasonId))}::integer[],
      ${sql.param(moves.map((m) => m.userId))}::integer[],
      ${sql.param(moves.map((m) => m.amountCents))}::bigint[],
      ${kind},
      ${sql.param(moves.map((m) => m.betId ?? null))}::integer[])`),
  );
  if (kind !== 'grant' && rows.length < moves.length) throw new AppError(409, 'insufficient_balance', 'Insufficient balance');
  return new Map(rows.map((row) => [Number(row.moved_user), Number(row.balance_after)]));
}

/** Every new account starts with this much (docs/product.md §2.2). */
export const STARTING_GRANT_CENTS = 100_000;

/** The starting grant of a new account, in the transaction that creates it; answers the balance after it. */
export async function grantStartingBalance(tx: Queryable, userId: number): Promise<number> {
  const balances = await moveMoney(tx, 'grant', [{ userId, amountCents: STARTING_GRANT_CENTS, note: 'Starting balance' }]);
  return balances.get(userId)!;
}

/** A ledger row as the API and the data export show it. */
export function presentLedgerEntry(row: typeof ledgerEntries.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind,
    amount: formatCents(row.amountCents),
    balanceAfter: formatCents(row.balanceAfterCents),
    betId: row.betId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export { auditLedger, type AuditResult, type AuditTotals } from './audit.ts';
export { CREW_LEDGER_KINDS, crewBalances, crewLedgerEntries, LEDGER_KINDS, ledgerEntries, type LedgerKind } from './tables.ts';
