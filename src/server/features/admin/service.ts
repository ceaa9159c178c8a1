import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MAX_CENTS, formatCents } from '../../../shared/money.ts';
import type {
  AdminUser,
  AdminUserRow,
  AdminUserDetail,
  AdminUserList,
  adminUserListQuerySchema,
  createUserBodySchema,
} from '../../../shared/schemas/admin.ts';
import type { Role } from '../../../shared/schemas/users.ts';
import type { PlayerFigures } from '../../../shared/player-figures.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { inTransaction, isUniqueViolation, type Tx } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { newPasswordProblem } from '../../password-policy.ts';
import { recordAdminAction } from '../audit-log/service.ts';
import { endSessionsOfUser, identities, revokeUserSessions, sessions } from '../auth/service.ts';
import { bets, listBets, openBetsDecidedBy, stakes, voidBet } from '../bets/service.ts';
import { leaveEveryCrew } from '../crews/service.ts';
import { allTimeFiguresOf, figuresOf, platformTotals, playerFigures, presentFigures } from '../figures/service.ts';
import { claimableUsername, presentUser, usernameTaken, users, type UserRow } from '../users/service.ts';
import { LEDGER_KINDS, grantStartingBalance, ledgerEntries, moveMoney } from '../wallet/service.ts';
import { createLocalAccount, identityIssuerOfLocalAccounts, localAccounts, usesEmbeddedProvider } from '../../oidc/provider.ts';

/**
 * User administration (docs/product.md §10.1, §10.5). Every change is checked here
 * and written to the audit log in the transaction that makes it.
 */

const userNotFound = () => notFound('User not found', 'user_not_found');
const emailTaken = () => conflict('Email is already registered', 'email_taken');

// Qualified by hand: drizzle writes a lone column of the outer table unqualified, which the
// subquery would read as its own bets.id.
const betsCreatedSql = sql<number>`(select count(*) from ${bets} b where b.creator_id = ${users}.id and b.deleted_at is null)::int`;

export function presentAdminUser(row: UserRow, allTime: PlayerFigures, extra: { isOnline: boolean; betsCreated: number }): AdminUser {
  return {
    ...presentUser(row, allTime, { showEmail: true, isOnline: extra.isOnline }),
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    betsCreated: Number(extra.betsCreated),
  };
}

/** Users as the admin list shows them, in the order of `ids`, without their ranks (adminUserRowSchema). */
async function presentAdminRows(app: FastifyInstance, ids: number[]): Promise<AdminUserRow[]> {
  if (ids.length === 0) return [];
  const [rows, figures, online] = await Promise.all([
    app.db.select({ user: users, betsCreated: betsCreatedSql }).from(users).where(inArray(users.id, ids)),
    allTimeFiguresOf(app.db, ids),
    app.presence.onlineAmong(ids),
  ]);
  const byId = new Map(rows.map((r) => [r.user.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { rank: _rank, ...listed } = presentAdminUser(row.user, presentFigures('all', figures.get(id)!, null), {
      isOnline: online.has(id),
      betsCreated: row.betsCreated,
    });
    return [listed];
  });
}

/** `%` and `_` typed into the search box are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type ListQuery = z.output<typeof adminUserListQuerySchema>;

/** The ids of one page of users by all-time bets: those with bets from their index, then the others by id. */
async function pageByBets(app: FastifyInstance, query: ListQuery, status: SQL): Promise<number[]> {
  const dir = query.order === 'asc' ? sql`asc` : sql`desc`;
  const bettors = (offset: number, limit: number) =>
    app.db.execute(sql`select f.user_id as id from ${playerFigures} f join ${users} u on u.id = f.user_id
      where f.period = 'all' and ${status} order by f.bets ${dir}, f.user_id ${dir} offset ${offset} limit ${limit}`);
  const others = (offset: number, limit: number) =>
    app.db.execute(sql`select u.id from ${users} u
      where ${status} and not exists (select 1 from ${playerFigures} f where f.user_id = u.id and f.period = 'all')
      order by u.id ${dir} offset ${offset} limit ${limit}`);
  const countBettors = async () => {
    const [row] = rowsOf<{ n: number | string }>(
      await app.db.execute(sql`select count(*) as n from ${playerFigures} f join ${users} u on u.id = f.user_id
        where f.period = 'all' and ${status}`),
    );
    return Number(row?.n ?? 0);
  };
  // Descending, the bettors come first; ascending, those without a bet. The second group is only
  // read once a page reaches past the first, which takes counting the first.
  const [first, second] = query.order === 'asc' ? [others, bettors] : [bettors, others];
  const ids = rowsOf<{ id: number }>(await first(query.offset, query.limit)).map((r) => Number(r.id));
  if (ids.length === query.limit) return ids;
  const firstCount = query.order === 'asc' ? (await countAll(app, status)) - (await countBettors()) : await countBettors();
  const rest = rowsOf<{ id: number }>(await second(Math.max(0, query.offset - firstCount), query.limit - ids.length));
  return [...ids, ...rest.map((r) => Number(r.id))];
}

async function countAll(app: FastifyInstance, status: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await app.db.execute(sql`select count(*) as n from ${users} u where ${status}`));
  return Number(row?.n ?? 0);
}

/** How many users each status has, from the platform's running totals. */
async function userCounts(app: FastifyInstance): Promise<{ active: number; deactivated: number }> {
  const [row] = rowsOf<{ active: number | string | null; deactivated: number | string | null }>(
    await app.db.execute(sql`select sum(users) as active, sum(deactivated_users) as deactivated from ${platformTotals}`),
  );
  return { active: Number(row?.active ?? 0), deactivated: Number(row?.deactivated ?? 0) };
}

/**
 * The admin's user list. Without a search, each order reads its own index (sign-up: the id;
 * balance; bets: the all-time figures) and the total comes from the running totals, so a page
 * costs the same however many users there are. A search reads the users whose name or email
 * starts with it, from their indexes, and sorts those.
 */
export async function listUsers(app: FastifyInstance, query: ListQuery): Promise<AdminUserList> {
  const status =
    query.status === 'active' ? sql`u.deactivated_at is null` : query.status === 'deactivated' ? sql`u.deactivated_at is not null` : sql`true`;
  const dir = query.order === 'asc' ? sql`asc` : sql`desc`;
  let ids: number[];
  let total: number;
  if (query.q) {
    const pattern = `${escapeLike(query.q.toLowerCase())}%`;
    const matches = sql`(select id from ${users} where lower(username) collate "C" like ${pattern}
      union select id from ${users} where lower(email) collate "C" like ${pattern}) m join ${users} u on u.id = m.id`;
    const key = { signup: sql`u.id`, balance: sql`u.balance_cents`, bets: sql`coalesce(f.bets, 0)` }[query.sort];
    const [page, [counted]] = await Promise.all([
      app.db.execute(sql`select u.id from ${matches}
        left join ${playerFigures} f on f.user_id = u.id and f.period = 'all'
        where ${status} order by ${key} ${dir}, u.id ${dir} offset ${query.offset} limit ${query.limit}`),
      app.db.execute(sql`select count(*) as n from ${matches} where ${status}`).then((r) => rowsOf<{ n: number | string }>(r)),
    ]);
    ids = rowsOf<{ id: number }>(page).map((r) => Number(r.id));
    total = Number(counted?.n ?? 0);
  } else {
    const counts = await userCounts(app);
    total = query.status === 'active' ? counts.active : query.status === 'deactivated' ? counts.deactivated : counts.active + counts.deactivated;
    if (query.sort === 'bets') {
      ids = await pageByBets(app, query, status);
    } else {
      // Sign-up order is id order.
      const key = query.sort === 'balance' ? sql`u.balance_cents ${dir}, u.id ${dir}` : sql`u.id ${dir}`;
      const page = await app.db.execute(sql`select u.id from ${users} u where ${status} order by ${key}
        offset ${query.offset} limit ${query.limit}`);
      ids = rowsOf<{ id: number }>(page).map((r) => Number(r.id));
    }
  }
  const end = query.offset + ids.length;
  return { users: await presentAdminRows(app, ids), total, nextOffset: end < total ? end : null };
}

async function loadAdminUser(app: FastifyInstance, userId: number): Promise<AdminUser> {
  const [row] = await app.db.select({ user: users, betsCreated: betsCreatedSql }).from(users).where(eq(users.id, userId));
  if (!row) throw userNotFound();
  const [allTime, isOnline] = await Promise.all([figuresOf(app.db, userId, 'all'), app.presence.isOnline(userId)]);
  return presentAdminUser(row.user, allTime, { isOnline, betsCreated: row.betsCreated });
}

export async function userDetail(app: FastifyInstance, admin: UserRow, userId: number): Promise<AdminUserDetail> {
  const user = await loadAdminUser(app, userId);
  const [ledgerRows, created, [stakeCount], [sessionCount]] = await Promise.all([
    app.db
      .select({
        kind: ledgerEntries.kind,
        count: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .groupBy(ledgerEntries.kind),
    listBets(app.db, admin, { kind: 'creator', creatorId: userId }, { limit: 50 }),
    app.db.select({ n: sql<number>`count(*)::int` }).from(stakes).where(eq(stakes.userId, userId)),
    app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))),
  ]);
  const byKind = new Map(ledgerRows.map((r) => [r.kind, r]));
  return {
    user,
    ledgerSummary: LEDGER_KINDS.map((kind) => {
      const row = byKind.get(kind);
      return { kind, count: Number(row?.count ?? 0), total: formatCents(Number(row?.total ?? 0)) };
    }),
    bets: created,
    stakesCount: Number(stakeCount?.n ?? 0),
    activeSessions: Number(sessionCount?.n ?? 0),
    deactivated: user.deactivatedAt !== null,
  };
}

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
