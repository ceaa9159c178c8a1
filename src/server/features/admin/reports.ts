import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import { REPORT_DAYS, type Reports } from '../../../shared/schemas/admin.ts';
import { rowsOf } from '../../db/client.ts';
import { bets, stakes, users } from '../../db/schema.ts';

/** Platform analytics for the admin page (spec §2 Analytics), computed from the data each time. */

const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (column: unknown) => sql`to_char((${column} at time zone 'UTC')::date, 'YYYY-MM-DD')`;

type Series = 'volume' | 'users' | 'created' | 'resolved';

export async function platformReports(app: FastifyInstance, now = new Date()): Promise<Reports> {
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (REPORT_DAYS - 1)));
  const from = sql`${firstDay.toISOString()}::timestamptz`;
  const until = sql`${new Date(firstDay.getTime() + REPORT_DAYS * DAY_MS).toISOString()}::timestamptz`;

  const [totals] = rowsOf<Record<string, number | string>>(
    await app.db.execute(sql`select
      (select coalesce(sum(amount_cents), 0)::bigint from ${stakes}) as volume,
      (select count(*)::int from ${stakes}) as total_stakes,
      (select coalesce(sum(total_pot_cents), 0)::bigint from ${bets} where status = 'active' and deleted_at is null) as active_value,
      (select count(*)::int from ${bets} where status = 'active' and deleted_at is null) as active_bets,
      (select count(*)::int from ${bets}) as total_bets,
      (select count(*)::int from ${users} where deactivated_at is null) as users,
      (select count(*)::int from ${stakes} s join ${users} u on u.id = s.user_id where u.deactivated_at is null) as user_stakes`),
  );
  const daily = rowsOf<{ series: Series; day: string; value: number | string }>(
    await app.db.execute(sql`
      select 'volume' as series, ${utcDay(sql`created_at`)} as day, sum(amount_cents)::bigint as value from ${stakes}
        where created_at >= ${from} and created_at < ${until} group by 2
      union all
      select 'users', ${utcDay(sql`created_at`)}, count(*)::bigint from ${users}
        where created_at >= ${from} and created_at < ${until} group by 2
      union all
      select 'created', ${utcDay(sql`created_at`)}, count(*)::bigint from ${bets}
        where created_at >= ${from} and created_at < ${until} group by 2
      union all
      select 'resolved', ${utcDay(sql`resolved_at`)}, count(*)::bigint from ${bets}
        where status = 'resolved' and resolved_at >= ${from} and resolved_at < ${until} group by 2`),
  );
  const activeUserIds = await app.db.select({ id: users.id }).from(users).where(sql`${users.deactivatedAt} is null`);
  const online = await app.presence.onlineAmong(activeUserIds.map((u) => u.id));

  const days = Array.from({ length: REPORT_DAYS }, (_, i) => ({
    date: dayKey(new Date(firstDay.getTime() + i * DAY_MS)),
    volumeCents: 0,
    newUsers: 0,
    betsCreated: 0,
    betsResolved: 0,
  }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const row of daily) {
    const day = byDate.get(row.day);
    if (!day) continue;
    const value = Number(row.value);
    if (row.series === 'volume') day.volumeCents = value;
    else if (row.series === 'users') day.newUsers = value;
    else if (row.series === 'created') day.betsCreated = value;
    else day.betsResolved = value;
  }

  const volumeCents = Number(totals?.volume ?? 0);
  const totalUsers = Number(totals?.users ?? 0);
  const userStakes = Number(totals?.user_stakes ?? 0);
  return {
    totalVolume: formatCents(volumeCents),
    // 1% of the volume, to the nearest cent; an analytics figure, nothing is deducted (DESIGN §5).
    platformCommission: formatCents(Math.round(volumeCents / 100)),
    activeBetValue: formatCents(Number(totals?.active_value ?? 0)),
    totalUsers,
    onlineUsers: online.size,
    averageBetsPerUser: totalUsers > 0 ? Math.round((userStakes / totalUsers) * 100) / 100 : 0,
    totalBets: Number(totals?.total_bets ?? 0),
    activeBets: Number(totals?.active_bets ?? 0),
    totalStakes: Number(totals?.total_stakes ?? 0),
    daily: days.map((d) => ({
      date: d.date,
      volume: formatCents(d.volumeCents),
      newUsers: d.newUsers,
      betsCreated: d.betsCreated,
      betsResolved: d.betsResolved,
    })),
    generatedAt: now.toISOString(),
  };
}
