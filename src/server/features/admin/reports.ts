import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money.ts';
import { REPORT_DAYS, type Reports } from '../../../shared/schemas/admin.ts';
import { bets } from '../bets/service.ts';
import { platformDays, platformTotals } from '../figures/service.ts';
import { users } from '../users/service.ts';

/**
 * Platform analytics for the admin page (docs/product.md §10.3), read from the running totals that
 * triggers keep in the transactions that change them (platform_totals, platform_days; the rules
 * of src/shared/player-figures.ts: refunded stakes and deleted bets do not count). A report
 * costs the same however many stakes, bets and users there are.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** Users online with an active account (a deactivated one's sockets are being closed). */
async function onlineActiveUsers(app: FastifyInstance): Promise<number> {
  const online = await app.presence.onlineUsers();
  if (online.length === 0) return 0;
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(users.id, online), isNull(users.deactivatedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Open bets whose expiry has passed: expired, not active (src/shared/bet-phase.ts), though the
 * running total counts every open bet (`status = 'active'`; a jury bet's proposed or disputed
 * result is neither, while its stakes still count in the active bet value). They are few (the sweep voids them after
 * VOID_AFTER_DAYS) and found by the bets' (status, expires_at) index.
 */
async function expiredBets(app: FastifyInstance, now: Date): Promise<number> {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bets)
    .where(and(eq(bets.status, 'active'), lte(bets.expiresAt, now), isNull(bets.deletedAt)));
  return Number(row?.n ?? 0);
}

export async function platformReports(app: FastifyInstance, now = new Date()): Promise<Reports> {
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (REPORT_DAYS - 1)));
  const [[totals], daily, onlineUsers, expired] = await Promise.all([
    app.db
      .select({
        stakes: sql<string>`coalesce(sum(${platformTotals.stakes}), 0)`,
        volume: sql<string>`coalesce(sum(${platformTotals.volumeCents}), 0)`,
        bets: sql<string>`coalesce(sum(${platformTotals.bets}), 0)`,
        activeBets: sql<string>`coalesce(sum(${platformTotals.activeBets}), 0)`,
        activeValue: sql<string>`coalesce(sum(${platformTotals.activeValueCents}), 0)`,
        users: sql<string>`coalesce(sum(${platformTotals.users}), 0)`,
      })
      .from(platformTotals),
    app.db
      .select({
        day: platformDays.day,
        volume: sql<string>`sum(${platformDays.volumeCents})`,
        newUsers: sql<string>`sum(${platformDays.newUsers})`,
        betsCreated: sql<string>`sum(${platformDays.betsCreated})`,
        betsResolved: sql<string>`sum(${platformDays.betsResolved})`,
      })
      .from(platformDays)
      .where(gte(platformDays.day, dayKey(firstDay)))
      .groupBy(platformDays.day),
    onlineActiveUsers(app),
    expiredBets(app, now),
  ]);
  const byDate = new Map(daily.map((d) => [d.day, d]));
  const volumeCents = Number(totals?.volume ?? 0);
  const totalUsers = Number(totals?.users ?? 0);
  const totalStakes = Number(totals?.stakes ?? 0);
  return {
    totalVolume: formatCents(volumeCents),
    // 1% of the volume, to the nearest cent; an analytics figure, nothing is deducted
    // (docs/product.md §2.7).
    platformCommission: formatCents(Math.round(volumeCents / 100)),
    activeBetValue: formatCents(Number(totals?.activeValue ?? 0)),
    totalUsers,
    onlineUsers,
    averageBetsPerUser: totalUsers > 0 ? Math.round((totalStakes / totalUsers) * 100) / 100 : 0,
    totalBets: Number(totals?.bets ?? 0),
    activeBets: Math.max(0, Number(totals?.activeBets ?? 0) - expired),
    totalStakes,
    daily: Array.from({ length: REPORT_DAYS }, (_, i) => {
      const date = dayKey(new Date(firstDay.getTime() + i * DAY_MS));
      const day = byDate.get(date);
      return {
        date,
        volume: formatCents(Number(day?.volume ?? 0)),
        newUsers: Number(day?.newUsers ?? 0),
        betsCreated: Number(day?.betsCreated ?? 0),
        betsResolved: Number(day?.betsResolved ?? 0),
      };
    }),
    generatedAt: now.toISOString(),
  };
}
