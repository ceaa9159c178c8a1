import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { formatCents } from '../../../shared/money.ts';
import type { AdminUser, AdminUserRow, AdminUserDetail, AdminUserList, adminUserListQuerySchema } from '../../../shared/schemas/admin.ts';
import type { PlayerFigures } from '../../../shared/player-figures.ts';
import { rowsOf } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { sessions } from '../auth/service.ts';
import { bets, listBets, stakes } from '../bets/service.ts';
import { allTimeFiguresOf, figuresOf, platformTotals, playerFigures, presentFigures } from '../figures/service.ts';
import { presentUser, users, type UserRow } from '../users/service.ts';
import { LEDGER_KINDS, ledgerEntries } from '../wallet/service.ts';

/**
 * The admins' list of users and a user's detail (docs/product.md §10.1): a page at a time, sorted
 * and searched, each with their figures, whether they are online and what they created.
 */

export const userNotFound = () => notFound('User not found', 'user_not_found');

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

export async function loadAdminUser(app: FastifyInstance, userId: number): Promise<AdminUser> {
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

