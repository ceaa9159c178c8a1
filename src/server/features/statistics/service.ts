import { and, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents, formatDollars } from '../../../shared/money.ts';
import type { BetEvent, Insight, Statistics } from '../../../shared/schemas/statistics.ts';
import { BET_CATEGORIES, type BetCategory } from '../../../shared/schemas/bets.ts';
import { winRatePercent } from '../../../shared/schemas/users.ts';
import { rowsOf } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../auth/sessions.ts';
import { listBets } from '../bets/queries.ts';
import { friendIdsOf } from '../friends/service.ts';
import { rankOf } from '../leaderboard/service.ts';

/** Statistics, insights and events, all computed from the user's own data. */

const monthKey = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/** The user's stakes with their bet's outcome; `outcome` is null while unsettled. */
interface StakeFact {
  amount: number;
  settled: number | null;
  category: BetCategory;
  placed_at: Date;
  resolved_at: Date | null;
  outcome: 'won' | 'lost' | 'refunded' | null;
}

async function stakeFacts(app: FastifyInstance, userId: number): Promise<StakeFact[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await app.db.execute(sql`
      select s.amount_cents as amount, s.settled_cents as settled, b.category, s.created_at as placed_at, b.resolved_at,
        case
          when s.settled_cents is null then null
          when b.status = 'void' or wo.pool_cents = 0 then 'refunded'
          when s.option_idx = b.winning_option then 'won'
          else 'lost'
        end as outcome
      from stakes s
      join bets b on b.id = s.bet_id
      left join bet_options wo on wo.bet_id = b.id and wo.idx = b.winning_option
      where s.user_id = ${userId}
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

export async function statistics(app: FastifyInstance, user: UserRow, now = new Date()): Promise<Statistics> {
  const [facts, rank] = await Promise.all([stakeFacts(app, user.id), rankOf(app, user.id)]);
  const months = Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return { month: monthKey(date), bets: 0, wins: 0, profitCents: 0 };
  });
  const byMonth = new Map(months.map((m) => [m.month, m]));
  const categories = new Map<BetCategory, { amount: number; count: number }>();
  let staked = 0;
  for (const fact of facts) {
    const placed = byMonth.get(monthKey(fact.placed_at));
    if (placed) placed.bets += 1;
    if (fact.resolved_at && fact.settled !== null) {
      const settledMonth = byMonth.get(monthKey(fact.resolved_at));
      if (settledMonth) {
        settledMonth.profitCents += fact.settled - fact.amount;
        if (fact.outcome === 'won') settledMonth.wins += 1;
      }
    }
    const category = categories.get(fact.category) ?? { amount: 0, count: 0 };
    category.amount += fact.amount;
    category.count += 1;
    categories.set(fact.category, category);
    staked += fact.amount;
  }
  const current = months[months.length - 1]!;
  return {
    totalWinnings: formatCents(user.totalWinningsCents),
    winRate: winRatePercent(user.totalWins, user.totalBets),
    totalBets: user.totalBets,
    totalWins: user.totalWins,
    rank,
    monthlyBets: current.bets,
    monthlyWins: current.wins,
    monthlyProfit: formatCents(current.profitCents),
    months: months.map((m) => ({ month: m.month, bets: m.bets, wins: m.wins, profit: formatCents(m.profitCents) })),
    categories: BET_CATEGORIES.filter((c) => categories.has(c))
      .map((c) => ({
        category: c,
        amount: formatCents(categories.get(c)!.amount),
        count: categories.get(c)!.count,
        share: staked === 0 ? 0 : Math.round((categories.get(c)!.amount / staked) * 100),
      }))
      .sort((a, b) => b.share - a.share),
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
      reason = `5% of your balance, because your win rate of ${rate}% is about even`;
    }
  }
  const cents = Math.max(100, Math.floor((balanceCents * share) / 100 / 100) * 100);
  return { cents: Math.min(cents, Math.max(balanceCents, 0)), share, reason };
}

export async function insights(app: FastifyInstance, user: UserRow, now = new Date()): Promise<Insight[]> {
  const facts = await stakeFacts(app, user.id);
  if (facts.length === 0) return [];
  const outcomes = facts.filter((f) => f.outcome === 'won' || f.outcome === 'lost');
  const wins = outcomes.filter((f) => f.outcome === 'won');
  const result: Insight[] = [];

  // Win rate and trend: the last 30 days against the 30 before.
  const inWindow = (f: StakeFact, fromDays: number, toDays: number) =>
    f.resolved_at !== null &&
    f.resolved_at.getTime() > now.getTime() - fromDays * DAY_MS &&
    f.resolved_at.getTime() <= now.getTime() - toDays * DAY_MS;
  const recent = outcomes.filter((f) => inWindow(f, 30, 0));
  const before = outcomes.filter((f) => inWindow(f, 60, 30));
  const rate = percent(wins.length, outcomes.length);
  let trend = 'There is not enough history yet to show a trend.';
  if (recent.length > 0 && before.length > 0) {
    const recentRate = percent(recent.filter((f) => f.outcome === 'won').length, recent.length);
    const beforeRate = percent(before.filter((f) => f.outcome === 'won').length, before.length);
    trend =
      recentRate === beforeRate
        ? `Over the last 30 days it held steady at ${recentRate}%.`
        : `Over the last 30 days it was ${recentRate}%, ${recentRate > beforeRate ? 'up' : 'down'} from ${beforeRate}% in the 30 days before.`;
  }
  result.push({
    id: 'win_rate',
    title: 'Win rate',
    value: `${rate}%`,
    explanation: `You won ${wins.length} of your ${outcomes.length} settled bets. ${trend}`,
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
    const bands = new Array<number>(8).fill(0);
    for (const f of wins) bands[Math.floor(f.placed_at.getUTCHours() / 3)]! += 1;
    const best = bands.indexOf(Math.max(...bands));
    const hour = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    result.push({
      id: 'best_hours',
      title: 'Best time to bet',
      value: `${hour(best * 3)}-${hour(best * 3 + 3)} UTC`,
      explanation: `${bands[best]} of your ${wins.length} wins came from stakes placed between ${hour(best * 3)} and ${hour(best * 3 + 3)} UTC.`,
    });
  }

  const friendIds = await friendIdsOf(app.db, user.id);
  const friendRows =
    friendIds.length === 0
      ? []
      : await app.db
          .select({ wins: users.totalWins, bets: users.totalBets })
          .from(users)
          .where(and(sql`${users.id} in ${friendIds}`, sql`${users.totalBets} > 0`));
  if (friendRows.length > 0) {
    const average = Math.round(friendRows.reduce((sum, f) => sum + winRatePercent(f.wins, f.bets), 0) / friendRows.length);
    result.push({
      id: 'friends_win_rate',
      title: "Friends' win rate",
      value: `${average}%`,
      explanation:
        friendRows.length === 1
          ? `Your 1 friend with settled bets wins ${average}% of them; you win ${rate}%.`
          : `Your ${friendRows.length} friends with settled bets win ${average}% of them on average; you win ${rate}%.`,
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

