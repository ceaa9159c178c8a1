import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents, formatDollars } from '../../../shared/money.ts';
import type { BetEvent, Insight, Statistics } from '../../../shared/schemas/statistics.ts';
import { BET_CATEGORIES, type BetCategory } from '../../../shared/schemas/bets.ts';
import { periodKey, winRatePercent } from '../../../shared/player-figures.ts';
import { rowsOf } from '../../db/client.ts';
import { playerFigures } from '../figures/service.ts';
import { hourOn, sentenceHour, zoneNote } from '../../../shared/clock.ts';
import { userPreferences, type UserRow } from '../users/service.ts';
import { bets, listBets, stakes } from '../bets/service.ts';
import { allTimeFiguresOf, figuresByPeriod, figuresOf } from '../figures/service.ts';
import { friendIdsOf } from '../friends/service.ts';

/**
 * Statistics, insights and events, from the caller's own rows: the player figures
 * (src/shared/player-figures.ts) from their read model, and the caller's stakes for what the
 * figures do not hold (categories, stake sizes, hours). A refunded stake counts nowhere here either.
 */

const monthKey = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The user's stakes that count (not refunded, and not on a crew's bet: the crew's economy, §6.7),
 * with their bet's category; `outcome` is null while open.
 */
interface StakeFact {
  amount: number;
  settled: number | null;
  category: BetCategory;
  placed_at: Date;
  resolved_at: Date | null;
  outcome: 'won' | 'lost' | null;
}

async function stakeFacts(app: FastifyInstance, userId: number): Promise<StakeFact[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await app.db.execute(sql`
      select s.amount_cents as amount, s.settled_cents as settled, b.category, s.created_at as placed_at, b.resolved_at, s.outcome
      from ${stakes} s
      join ${bets} b on b.id = s.bet_id
      where s.user_id = ${userId} and s.outcome is distinct from 'refunded' and b.crew_id is null
      order by s.id`),
  );
  return rows.map((r) => ({
    amount: Number(r.amount),
    settled: r.settled === null ? null : Number(r.settled),
    category: r.category as BetCategory,
    placed_at: new Date(r.placed_at as string),
    resolved_at: r.resolved_at ? new Date(r.resolved_at as string) : null,
    outcome: r.outcome as StakeFact['outcome'],
  }));
}

/** The last 12 calendar months (UTC), oldest first, with the user's figures in each. */
async function monthFigures(app: FastifyInstance, userId: number, now: Date) {
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)));
  const rows = await app.db
    .select()
    .from(playerFigures)
    .where(
      and(
        eq(playerFigures.userId, userId),
        eq(playerFigures.period, 'month'),
        gte(playerFigures.startsOn, periodKey('month', months[0]!)),
      ),
    );
  const byMonth = new Map(rows.map((r) => [r.startsOn.slice(0, 7), r]));
  return months.map((date) => {
    const row = byMonth.get(monthKey(date));
    return { month: monthKey(date), bets: row?.bets ?? 0, wins: row?.wins ?? 0, profit: formatCents(row?.profitCents ?? 0) };
  });
}

export async function statistics(app: FastifyInstance, user: UserRow, now = new Date()): Promise<Statistics> {
  const [facts, figures, months] = await Promise.all([
    stakeFacts(app, user.id),
    figuresByPeriod(app.db, user.id, now),
    monthFigures(app, user.id, now),
  ]);
  const categories = new Map<BetCategory, { amount: number; count: number }>();
  for (const fact of facts) {
    const category = categories.get(fact.category) ?? { amount: 0, count: 0 };
    category.amount += fact.amount;
    category.count += 1;
    categories.set(fact.category, category);
  }
  const wagered = facts.reduce((sum, f) => sum + f.amount, 0);
  return {
    totalWinnings: figures.all.profit,
    winRate: figures.all.winRate,
    totalBets: figures.all.bets,
    totalWins: figures.all.wins,
    rank: figures.all.rank,
    monthlyBets: figures.month.bets,
    monthlyWins: figures.month.wins,
    monthlyProfit: figures.month.profit,
    months,
    categories: BET_CATEGORIES.filter((c) => categories.has(c))
      .map((c) => ({
        category: c,
        amount: formatCents(categories.get(c)!.amount),
        count: categories.get(c)!.count,
        share: wagered === 0 ? 0 : Math.round((categories.get(c)!.amount / wagered) * 100),
      }))
      .sort((a, b) => b.share - a.share),
    figures,
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const DAY_MS = 24 * 60 * 60 * 1000;

/** The rule behind the suggested stake, also shown to the user. */
export function suggestedStakeCents(balanceCents: number, wins: number, outcomes: number): { cents: number; share: number; reason: string } {
  let share = 5;
  let reason = 'a steady 5% of your balance, the default until you have 5 settled bets';
  if (outcomes >= 5) {
    const rate = percent(wins, outcomes);
    if (rate >= 60) {
      share = 8;
      reason = `8% of your balance, because you win ${rate}% of your settled bets`;
    } else if (rate < 40) {
      share = 2;
      reason = `2% of your balance, because you win ${rate}% of your settled bets: small stakes protect it`;
    } else {
      reason = `5% of your balance, because you win ${rate}% of your settled bets, about even`;
    }
  }
  const cents = Math.max(100, Math.floor((balanceCents * share) / 100 / 100) * 100);
  return { cents: Math.min(cents, Math.max(balanceCents, 0)), share, reason };
}

/** The player's time zone preference, null until chosen. */
async function timeZoneOf(app: FastifyInstance, userId: number): Promise<string | null> {
  const [row] = await app.db.select({ timeZone: userPreferences.timeZone }).from(userPreferences).where(eq(userPreferences.userId, userId));
  return row?.timeZone ?? null;
}

export async function insights(app: FastifyInstance, user: UserRow, now = new Date()): Promise<Insight[]> {
  const [facts, allTime] = await Promise.all([stakeFacts(app, user.id), figuresOf(app.db, user.id, 'all', now)]);
  if (facts.length === 0) return [];
  const outcomes = facts.filter((f) => f.outcome !== null);
  const wins = outcomes.filter((f) => f.outcome === 'won');
  const result: Insight[] = [];

  // Trends compare win rates over settled bets only, and say so.
  const inWindow = (f: StakeFact, fromDays: number, toDays: number) =>
    f.resolved_at !== null &&
    f.resolved_at.getTime() > now.getTime() - fromDays * DAY_MS &&
    f.resolved_at.getTime() <= now.getTime() - toDays * DAY_MS;
  const recent = outcomes.filter((f) => inWindow(f, 30, 0));
  const before = outcomes.filter((f) => inWindow(f, 60, 30));
  let trend = 'There is not enough history yet to show a trend.';
  if (recent.length > 0 && before.length > 0) {
    const recentRate = percent(recent.filter((f) => f.outcome === 'won').length, recent.length);
    const beforeRate = percent(before.filter((f) => f.outcome === 'won').length, before.length);
    trend =
      recentRate === beforeRate
        ? `Over bets settled in the last 30 days it held steady at ${recentRate}% of settled bets won.`
        : `Over bets settled in the last 30 days you won ${recentRate}% of them, ${recentRate > beforeRate ? 'up' : 'down'} from ${beforeRate}% in the 30 days before.`;
  }
  const open = allTime.openBets;
  result.push({
    id: 'win_rate',
    title: 'Win rate',
    value: `${allTime.winRate}%`,
    explanation:
      `You won ${allTime.wins} of your ${allTime.bets} bet${allTime.bets === 1 ? '' : 's'}` +
      ` (won ${allTime.wins} of ${allTime.settledBets} settled${open > 0 ? `, ${open} still open` : ''}). ${trend}`,
  });

  const byCategory = new Map<BetCategory, { profit: number; count: number }>();
  for (const f of facts) {
    if (f.settled === null) continue;
    const entry = byCategory.get(f.category) ?? { profit: 0, count: 0 };
    entry.profit += f.settled - f.amount;
    entry.count += 1;
    byCategory.set(f.category, entry);
  }
  const strongest = [...byCategory.entries()].sort((a, b) => b[1].profit - a[1].profit || b[1].count - a[1].count)[0];
  if (strongest) {
    const [category, { profit, count }] = strongest;
    result.push({
      id: 'strongest_category',
      title: 'Strongest category',
      value: category,
      explanation: `${category} is where you do best: ${profit >= 0 ? '+' : ''}${formatDollars(profit)} over ${count} settled bet${count === 1 ? '' : 's'}.`,
    });
  }

  const sortedAmounts = facts.map((f) => f.amount).sort((a, b) => a - b);
  const median = sortedAmounts[Math.floor((sortedAmounts.length - 1) / 2)]!;
  const balanceShare = user.balanceCents > 0 ? ((median / user.balanceCents) * 100).toFixed(1) : null;
  result.push({
    id: 'typical_stake',
    title: 'Typical stake',
    value: formatDollars(median),
    explanation:
      balanceShare === null
        ? `Your typical stake is ${formatDollars(median)}; your balance is empty right now.`
        : `Your typical stake is ${formatDollars(median)}, ${balanceShare}% of your current balance of ${formatDollars(user.balanceCents)}.`,
  });

  if (wins.length > 0) {
    // Three-hour bands of the player's own day: their time zone preference (UTC, said so, until chosen).
    const timeZone = await timeZoneOf(app, user.id);
    const bands = new Array<number>(8).fill(0);
    for (const f of wins) bands[Math.floor(hourOn(f.placed_at, { timeZone: timeZone ?? 'UTC' }) / 3)]! += 1;
    const best = bands.indexOf(Math.max(...bands));
    const [from, until] = [sentenceHour(best * 3), sentenceHour(best * 3 + 3)];
    result.push({
      id: 'best_hours',
      title: 'Best time to bet',
      value: `${from}-${until}${zoneNote(timeZone)}`,
      explanation: `${bands[best]} of your ${wins.length} wins came from stakes placed between ${from} and ${until}${zoneNote(timeZone)}.`,
    });
  }

  const friendIds = await friendIdsOf(app.db, user.id);
  const friendFigures = [...(await allTimeFiguresOf(app.db, friendIds)).values()].filter((f) => f.bets > 0);
  if (friendFigures.length > 0) {
    const average = Math.round(friendFigures.reduce((sum, f) => sum + winRatePercent(f.wins, f.bets), 0) / friendFigures.length);
    result.push({
      id: 'friends_win_rate',
      title: "Friends' win rate",
      value: `${average}%`,
      explanation:
        friendFigures.length === 1
          ? `Your 1 friend with bets wins ${average}% of them; you win ${allTime.winRate}%.`
          : `Your ${friendFigures.length} friends with bets win ${average}% of them on average; you win ${allTime.winRate}%.`,
    });
  }

  const suggestion = suggestedStakeCents(user.balanceCents, wins.length, outcomes.length);
  result.push({
    id: 'suggested_stake',
    title: 'Suggested stake',
    value: formatDollars(suggestion.cents),
    explanation: `A stake of ${formatDollars(suggestion.cents)} is ${suggestion.reason}.`,
  });
  return result;
}

/** Bets visible to the user expiring in the next 14 days, and the user's bets awaiting resolution. */
export async function upcomingEvents(app: FastifyInstance, user: UserRow, now = new Date()): Promise<BetEvent[]> {
  const horizon = new Date(now.getTime() + 14 * DAY_MS);
  const visible = await listBets(app.db, user, { kind: 'visible' }, { limit: 100 }, now);
  const events: BetEvent[] = [];
  for (const bet of visible) {
    if (bet.status !== 'active' || !bet.expiresAt) continue;
    const expiresAt = new Date(bet.expiresAt);
    if (expiresAt <= now) {
      if (bet.creatorId === user.id) events.push({ kind: 'awaiting_resolution', at: bet.expiresAt, bet });
    } else if (expiresAt <= horizon) {
      events.push({ kind: 'expiring', at: bet.expiresAt, bet });
    }
  }
  // Overdue resolutions first (oldest first), then what expires soonest.
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

