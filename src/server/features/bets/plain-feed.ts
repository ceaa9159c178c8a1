import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../users/service.ts';
import { betOptions, bets, stakes } from './tables.ts';
import type { Bet } from '../../../shared/schemas/bets.ts';
import { presentBet } from './present.ts';
import { refereeUsername, visibleTo, type BetFilter } from './queries.ts';

/**
 * A feed page read the plain way: the visibility rule as written (bet_viewers), the filter as
 * written, the query builder's own row mapping, nothing kept between requests, each bet presented
 * by presentBet. The routes answer through queries.ts instead, whose page ids, kept bets and
 * hand-written JSON are there for speed (decision records 011 and 016 state the figures);
 * visibility.test.ts ("answers every feed page exactly as the plain reading does") holds that
 * answer to this one, field for field. PLAIN_PATHS=feed-reads answers the routes from here.
 */
export async function plainBetPage(
  db: Db,
  viewer: UserRow,
  filter: BetFilter,
  page: { limit: number; before?: number | undefined },
  now = new Date(),
): Promise<Bet[]> {
  const filters: Record<BetFilter['kind'], SQL | undefined> = {
    visible: undefined,
    friends: and(sql`${bets.creatorId} in (select creator_id from creators_seen where viewer_id = ${viewer.id})`, isNull(bets.crewId)),
    creator: filter.kind === 'creator' ? eq(bets.creatorId, filter.creatorId) : undefined,
    crew: filter.kind === 'crew' ? eq(bets.crewId, filter.crewId) : undefined,
    mine: or(eq(bets.creatorId, viewer.id), sql`${bets.id} in (select bet_id from ${stakes} where user_id = ${viewer.id})`),
  };
  const rows = await db
    .select({
      bet: bets,
      creatorUsername: users.username,
      refereeUsername,
    })
    .from(bets)
    .innerJoin(users, eq(users.id, bets.creatorId))
    .where(and(visibleTo(viewer), filters[filter.kind], page.before ? lt(bets.id, page.before) : undefined))
    .orderBy(desc(bets.id))
    .limit(page.limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.bet.id);
  const options = await db.select().from(betOptions).where(inArray(betOptions.betId, ids)).orderBy(asc(betOptions.idx));
  const own = await db.select().from(stakes).where(and(inArray(stakes.betId, ids), eq(stakes.userId, viewer.id)));
  return rows.map(({ bet, creatorUsername, refereeUsername }) =>
    presentBet(
      {
        bet,
        creatorUsername,
        refereeUsername,
        options: options.filter((option) => option.betId === bet.id),
        viewerStake: own.find((stake) => stake.betId === bet.id) ?? null,
      },
      now,
    ),
  );
}
