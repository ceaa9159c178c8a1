import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import {
  isoWeek,
  nextWeekStart,
  periodStart,
  type Leaderboard,
  type LeaderboardPeriod,
} from '../../../shared/schemas/leaderboard.ts';
import { winRatePercent } from '../../../shared/schemas/users.ts';
import { rowsOf } from '../../db/client.ts';
import type { UserRow } from '../auth/sessions.ts';
import { friendIdsOf } from '../friends/service.ts';

/**
 * The leaderboard: players ranked by net profit over the period (payouts and refunds minus the
 * stakes of bets settled in it); ties by win rate, then the earlier sign-up. Users who opted out
 * of the global board appear only to themselves and on their friends' boards.
 */

interface RankedRow {
  id: number;
  username: string;
  total_wins: number;
  total_bets: number;
  balance_cents: number | string;
  profit: number | string;
  settled: number | string;
  rank: number | string;
}

async function rankedPlayers(
  app: FastifyInstance,
  options: { viewerId: number; scope: 'global' | 'friends'; since: Date; onlySettled?: boolean },
): Promise<RankedRow[]> {
  const friendIds = options.scope === 'friends' ? await friendIdsOf(app.db, options.viewerId) : [];
  const scopeCondition =
    options.scope === 'friends'
      ? sql`u.id in (${sql.join([options.viewerId, ...friendIds].map((id) => sql`${id}`), sql`, `)})`
      : sql`(coalesce(p.show_on_leaderboard, true) or u.id = ${options.viewerId})`;
  return rowsOf<RankedRow>(
    await app.db.execute(sql`
      with period_stats as (
        select s.user_id, sum(s.settled_cents - s.amount_cents) as profit, count(*) as settled
        from stakes s join bets b on b.id = s.bet_id
        where s.settled_cents is not null and b.resolved_at >= ${options.since.toISOString()}
        group by s.user_id
      )
      select u.id, u.username, u.total_wins, u.total_bets, u.balance_cents,
        coalesce(ps.profit, 0) as profit, coalesce(ps.settled, 0) as settled,
        row_number() over (
          order by coalesce(ps.profit, 0) desc,
            case when u.total_bets > 0 then u.total_wins::float / u.total_bets else 0 end desc,
            u.created_at asc, u.id asc
        ) as rank
      from users u
      left join user_preferences p on p.user_id = u.id
      left join period_stats ps on ps.user_id = u.id
      where u.deactivated_at is null and ${scopeCondition}
        ${options.onlySettled ? sql`and ps.settled > 0` : sql``}
      order by rank`),
  );
}

export async function leaderboard(
  app: FastifyInstance,
  viewer: UserRow,
  query: { period: LeaderboardPeriod; scope: 'global' | 'friends' },
  now = new Date(),
): Promise<Leaderboard> {
  const players = await rankedPlayers(app, { viewerId: viewer.id, scope: query.scope, since: periodStart(query.period, now) });
  const top = players.slice(0, 10);
  const online = await app.presence.onlineAmong(top.map((p) => p.id));
  const meIndex = players.findIndex((p) => p.id === viewer.id);
  const me = players[meIndex];
  const ahead = meIndex > 0 ? players[meIndex - 1] : undefined;
  const { week, year } = isoWeek(now);
  return {
    period: query.period,
    scope: query.scope,
    entries: top.map((p) => ({
      rank: Number(p.rank),
      id: p.id,
      username: p.username,
      isOnline: online.has(p.id),
      totalWins: p.total_wins,
      winRate: winRatePercent(p.total_wins, p.total_bets),
      balance: formatCents(Number(p.balance_cents)),
      weeklyEarnings: formatCents(Number(p.profit)),
    })),
    me: me
      ? {
          rank: Number(me.rank),
          weeklyEarnings: formatCents(Number(me.profit)),
          gapToNext: ahead ? formatCents(Number(ahead.profit) - Number(me.profit)) : null,
        }
      : null,
    playerCount: players.length,
    week: { number: week, year, resetsAt: nextWeekStart(now).toISOString() },
  };
}

/**
 * A user's platform rank: their place on the all-time global board among players with at least
 * one settled stake; null when they have none or opted out.
 */
export async function rankOf(app: FastifyInstance, userId: number): Promise<number | null> {
  const [prefs] = rowsOf<{ show: boolean }>(
    await app.db.execute(sql`select show_on_leaderboard as show from user_preferences where user_id = ${userId}`),
  );
  if (prefs && !prefs.show) return null;
  const players = await rankedPlayers(app, { viewerId: userId, scope: 'global', since: new Date(0), onlySettled: true });
  const me = players.find((p) => p.id === userId);
  return me ? Number(me.rank) : null;
}
