import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MAX_CENTS, formatCents } from '../../../shared/money.ts';
import type { AdminUser, createUserBodySchema } from '../../../shared/schemas/admin.ts';
import type { Role } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction, isUniqueViolation, type Tx } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors.ts';
import { newPasswordProblem } from '../../password-policy.ts';
import { recordAdminAction } from '../audit-log/service.ts';
import { endSessionsOfUser, identities, revokeUserSessions } from '../auth/service.ts';
import { openBetsDecidedBy, voidBet } from '../bets/service.ts';
import { leaveEveryCrew } from '../crews/service.ts';
import { claimableUsername, usernameTaken, users, type UserRow } from '../users/service.ts';
import { grantStartingBalance, ledgerEntries, moveMoney } from '../wallet/service.ts';
import { createLocalAccount, identityIssuerOfLocalAccounts, localAccounts, usesEmbeddedProvider } from '../../oidc/provider.ts';
import { loadAdminUser, userNotFound } from './user-list.ts';

/**
 * User administration (docs/product.md §10.1, §10.5). Every change is checked here
 * and written to the audit log in the transaction that makes it.
 */

const emailTaken = () => conflict('Email is already registered', 'email_taken');

export { listUsers, userDetail } from './user-list.ts';

type CreateUserInput = z.output<typeof createUserBodySchema>;

async function emailIsRegistered(db: Db, email: string): Promise<boolean> {
  const [account] = await db.select({ id: localAccounts.id }).from(localAccounts).where(sql`lower(${localAccounts.email}) = ${email}`);
  if (account) return true;
  const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) collate "C" = ${email}`).limit(1);
  return Boolean(user);
}

/**
 * Add User: an email + password account on the embedded provider and the Betbro user behind it,
 * linked by the identity the provider will present at sign-in (its issuer, the account id as
 * subject), with the starting grant. All in one transaction, so a half-made account cannot exist.
 */
export async function createUser(app: FastifyInstance, admin: UserRow, input: CreateUserInput): Promise<AdminUser> {
  if (!usesEmbeddedProvider(app)) {
    throw conflict(
      'Users sign in through the configured identity provider; accounts cannot be created here',
      'local_accounts_disabled',
    );
  }
  const weak = newPasswordProblem(input.password, input.email);
  if (weak) throw badRequest(weak, 'weak_password');
  // Checked first for a clear answer; the unique indexes settle any race inside the transaction.
  const { skeleton } = await claimableUsername(app.db, input.username);
  if (await emailIsRegistered(app.db, input.email)) throw emailTaken();

  let userId: number;
  try {
    userId = await inTransaction(app.db, async (tx) => {
      const account = await createLocalAccount(tx, input.email, input.password);
      if (!account) throw emailTaken();
      const [created] = await tx
        .insert(users)
        .values({ username: input.username, usernameSkeleton: skeleton, email: input.email, role: input.role })
        .returning();
      if (!created) throw new Error('user insert returned nothing');
      await tx.insert(identities).values({
        userId: created.id,
        issuer: identityIssuerOfLocalAccounts(app.config),
        subject: String(account.id),
        email: input.email,
      });
      const balanceAfterCents = await grantStartingBalance(tx, created.id);
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: 'user.create',
        targetType: 'user',
        targetId: created.id,
        before: null,
        after: { username: created.username, email: created.email, role: created.role, balance: formatCents(balanceAfterCents) },
      });
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return loadAdminUser(app, userId);
}

/**
 * Locks the rows of every active admin, in id order, for the rest of the transaction. Two admins
 * removing or demoting each other at once then take turns, and the second sees the first's
 * change: the last admin can never disappear in a race.
 */
export async function lockActiveAdminIds(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** lockActiveAdminIds, for an admin's own action: they must still be one of them. */
async function lockActiveAdmins(tx: Tx, actor: UserRow): Promise<number[]> {
  const ids = await lockActiveAdminIds(tx);
  if (!ids.includes(actor.id)) throw forbidden('Admin access required');
  return ids;
}

async function lockUser(tx: Tx, userId: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw userNotFound();
  return row;
}

export interface Deactivation {
  id: number;
  deactivatedAt: string;
  deactivatedNow: boolean;
  sessionsRevoked: number;
  voidedBetIds: number[];
}

/**
 * Admin delete of a user (docs/product.md §10.1): the account is deactivated (sign-in refused,
 * every session revoked), the open bets it created are voided with every stake refunded, and the
 * ledger stays. Calling it again finishes any voiding an earlier call left undone.
 */
export async function deactivateUser(app: FastifyInstance, admin: UserRow, userId: number): Promise<Deactivation> {
  if (userId === admin.id) throw conflict('You cannot delete your own account', 'cannot_delete_self');
  const state = await inTransaction(app.db, async (tx) => {
    const admins = await lockActiveAdmins(tx, admin);
    const target = await lockUser(tx, userId);
    if (target.deactivatedAt) {
      return { deactivatedAt: target.deactivatedAt, deactivatedNow: false, sessionsRevoked: await revokeUserSessions(tx, userId) };
    }
    if (target.role === 'admin' && admins.every((id) => id === userId)) {
      throw conflict('The last admin cannot be removed', 'last_admin');
    }
    const [updated] = await tx
      .update(users)
      .set({ deactivatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ deactivatedAt: users.deactivatedAt });
    const deactivatedAt = updated?.deactivatedAt ?? new Date();
    const sessionsRevoked = await revokeUserSessions(tx, userId);
    await leaveEveryCrew(tx, userId);
    const openBets = await openBetsDecidedBy(tx, userId);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'user.deactivate',
      targetType: 'user',
      targetId: userId,
      before: { username: target.username, role: target.role, deactivatedAt: null, balance: formatCents(target.balanceCents) },
      after: {
        deactivatedAt: deactivatedAt.toISOString(),
        sessionsRevoked,
        openBetIds: openBets.map((b) => b.id),
      },
    });
    return { deactivatedAt, deactivatedNow: true, sessionsRevoked };
  });

  // The provider must not sign the account in again on its own, and its open sockets close
  // (a deactivated admin's no longer hear about every bet).
  await endSessionsOfUser(app, userId, null);

  // Each void is its own transaction (and its own audit row): the account is already closed, so
  // its creator can no longer resolve these bets or open new ones meanwhile.
  const open = await openBetsDecidedBy(app.db, userId);
  const voidedBetIds: number[] = [];
  for (const { id, role } of open) {
    try {
      if (await voidBet(app, id, `${role}_deactivated`, { actorId: admin.id, delete: false, audited: true })) voidedBetIds.push(id);
    } catch (error) {
      // Deleted by someone else in the meantime: nothing left to refund.
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
  }
  return {
    id: userId,
    deactivatedAt: state.deactivatedAt.toISOString(),
    deactivatedNow: state.deactivatedNow,
    sessionsRevoked: state.sessionsRevoked,
    voidedBetIds,
  };
}

export async function setRole(app: FastifyInstance, admin: UserRow, userId: number, role: Role): Promise<AdminUser> {
  const changed = await inTransaction(app.db, async (tx) => {
    const admins = await lockActiveAdmins(tx, admin);
    const target = await lockUser(tx, userId);
    if (target.deactivatedAt) throw conflict('This user has been deactivated', 'user_deactivated');
    if (target.role === role) return false;
    if (target.role === 'admin' && admins.every((id) => id === userId)) {
      throw conflict('The last admin cannot be demoted', 'last_admin');
    }
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      before: { role: target.role },
      after: { role },
    });
    return true;
  });
  // Admins see every bet: the user's open sockets hear about them from now on, or no longer.
  if (changed) app.domainEvents.emit({ type: 'audience_changed', userId });
  return loadAdminUser(app, userId);
}

/**
 * A signed balance adjustment: money created or removed by an admin, which docs/product.md §2.7
 * allows only as a logged `adjustment` ledger row. A debit never takes the balance below zero, a
 * credit never past the largest amount the app handles (MAX_CENTS): it is refused, and nothing
 * changes.
 */
export async function adjustBalance(
  app: FastifyInstance,
  admin: UserRow,
  userId: number,
  input: { amountCents: number; reason: string },
) {
  const entry = await inTransaction(app.db, async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.balanceCents + input.amountCents > MAX_CENTS) {
      throw badRequest(`The balance would pass the maximum of ${formatCents(MAX_CENTS)}`, 'balance_too_large');
    }
    const balances = await moveMoney(tx, 'adjustment', [{ userId, amountCents: input.amountCents, note: input.reason }]);
    const balanceAfterCents = balances.get(userId)!;
    // The user's row is locked until commit, so their newest ledger row is the one just written.
    const [row] = await tx
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    if (!row) throw new Error('adjustment ledger row missing');
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: 'user.adjust',
      targetType: 'user',
      targetId: userId,
      before: { balance: formatCents(target.balanceCents) },
      after: {
        balance: formatCents(balanceAfterCents),
        amount: formatCents(input.amountCents),
        reason: input.reason,
        ledgerEntryId: row.id,
      },
    });
    return row;
  });
  return {
    user: await loadAdminUser(app, userId),
    entry: {
      id: entry.id,
      kind: entry.kind,
      amount: formatCents(entry.amountCents),
      balanceAfter: formatCents(entry.balanceAfterCents),
      betId: entry.betId,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    },
  };
}
