import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { betOptions, bets, friendships, stakes, users } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import type { UserRow } from '../auth/sessions.ts';

export type BetRow = typeof bets.$inferSelect;
export type OptionRow = typeof betOptions.$inferSelect;
export type StakeRow = typeof stakes.$inferSelect;

export interface BetBundle {
  bet: BetRow;
  creatorUsername: string;
  options: OptionRow[];
  viewerStake: StakeRow | null;
}

/** SQL: `a` and `b` are friends (an accepted request either way). */
export function areFriendsSql(a: SQL | number, b: SQL | number): SQL {
  return sql`exists (select 1 from ${friendships} f where f.status = 'accepted' and (
    (f.requester_id = ${a} and f.addressee_id = ${b}) or (f.requester_id = ${b} and f.addressee_id = ${a})))`;
}

/**
 * Who sees a bet (DESIGN §7): its creator, the creator's friends, whoever staked on it; admins
 * see all. Deleted bets are seen by nobody.
 */
export function visibleTo(viewer: Pick<UserRow, 'id' | 'role'>): SQL {
  const notDeleted = sql`${bets.deletedAt} is null`;
  if (viewer.role === 'admin') return notDeleted;
  return sql`${notDeleted} and (
    ${bets.creatorId} = ${viewer.id}
    or exists (select 1 from ${stakes} s where s.bet_id = ${bets.id} and s.user_id = ${viewer.id})
    or ${areFriendsSql(sql`${bets.creatorId}`, viewer.id)})`;
}

export type BetFilter =
  | { kind: 'visible' }
  | { kind: 'friends' }
  | { kind: 'creator'; creatorId: number }
  | { kind: 'mine' };

function filterSql(viewer: UserRow, filter: BetFilter): SQL | undefined {
  switch (filter.kind) {
    case 'visible':
      return undefined;
    case 'friends':
      return sql`(${bets.creatorId} = ${viewer.id} or ${areFriendsSql(sql`${bets.creatorId}`, viewer.id)})`;
    case 'creator':
      return eq(bets.creatorId, filter.creatorId);
    case 'mine':
      return sql`(${bets.creatorId} = ${viewer.id} or exists (select 1 from ${stakes} s where s.bet_id = ${bets.id} and s.user_id = ${viewer.id}))`;
  }
}

/** Completes bet rows with their options and the viewer's own stake. */
async function bundle(db: Db | Tx, viewerId: number, rows: { bet: BetRow; creatorUsername: string }[]): Promise<BetBundle[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.bet.id);
  const [options, viewerStakes] = await Promise.all([
    db.select().from(betOptions).where(inArray(betOptions.betId, ids)).orderBy(asc(betOptions.betId), asc(betOptions.idx)),
    db.select().from(stakes).where(and(inArray(stakes.betId, ids), eq(stakes.userId, viewerId))),
  ]);
  const optionsByBet = new Map<number, OptionRow[]>();
  for (const option of options) {
    const list = optionsByBet.get(option.betId) ?? [];
    list.push(option);
    optionsByBet.set(option.betId, list);
  }
  const stakeByBet = new Map(viewerStakes.map((s) => [s.betId, s]));
  return rows.map((r) => ({
    ...r,
    options: optionsByBet.get(r.bet.id) ?? [],
    viewerStake: stakeByBet.get(r.bet.id) ?? null,
  }));
}

export async function listBets(
  db: Db,
  viewer: UserRow,
  filter: BetFilter,
  page: { limit: number; before?: number | undefined },
): Promise<BetBundle[]> {
  const conditions = [visibleTo(viewer), filterSql(viewer, filter), page.before ? lt(bets.id, page.before) : undefined];
  const rows = await db
    .select({ bet: bets, creatorUsername: users.username })
    .from(bets)
    .innerJoin(users, eq(users.id, bets.creatorId))
    .where(and(...conditions.filter((c): c is SQL => c !== undefined)))
    .orderBy(desc(bets.id))
    .limit(page.limit);
  return bundle(db, viewer.id, rows);
}

/** One bet as `viewer` may see it, or null (the caller answers 404: never reveal it exists). */
export async function findVisibleBet(db: Db | Tx, viewer: UserRow, betId: number): Promise<BetBundle | null> {
  const rows = await db
    .select({ bet: bets, creatorUsername: users.username })
    .from(bets)
    .innerJoin(users, eq(users.id, bets.creatorId))
    .where(and(eq(bets.id, betId), visibleTo(viewer)));
  const [found] = await bundle(db, viewer.id, rows);
  return found ?? null;
}

export async function listParticipants(db: Db, betId: number) {
  return db
    .select({ stake: stakes, username: users.username })
    .from(stakes)
    .innerJoin(users, eq(users.id, stakes.userId))
    .where(eq(stakes.betId, betId))
    .orderBy(asc(stakes.id));
}
