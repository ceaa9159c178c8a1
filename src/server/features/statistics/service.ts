import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents, formatDollars } from '../../../shared/money.ts';
import type { BetEvent, Insight, Statistics } from '../../../shared/schemas/statistics.ts';
import { BET_CATEGORIES, type BetCategory } from '../../../shared/schemas/bets.ts';
import { periodKey, winRatePercent } from '../../../shared/player-figures.ts';
import { rowsOf } from '../../db/client.ts';
import { playerFigures } from '../figures/service.ts';
import { hourOn, sentenceHour, zoneNote } from '../../../shared/clock.ts';
import { type UserRow } from '../users/service.ts';
import { readerOf } from '../notifications/service.ts';
import { wordsIn } from '../../i18n.ts';
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

/**
 * The rule behind the suggested stake, also shown to the user: `rule` says which share of the
 * balance and why ('default' until 5 settled bets; then by the win rate `rate`).
 */
export function suggestedStakeCents(
  balanceCents: number,
  wins: number,
  outcomes: number,
): { cents: number; share: number; rule: 'default' | 'high' | 'low' | 'even'; rate: number } {
  let share = 5;
  let rule: 'default' | 'high' | 'low' | 'even' = 'default';
  const rate = percent(wins, outcomes);
  if (outcomes >= 5) {
    if (rate >= 60) {
      share = 8;
      rule = 'high';
    } else if (rate < 40) {
      share = 2;
      rule = 'low';
    } else {
      rule = 'even';
    }
  }
  const cents = Math.max(100, Math.floor((balanceCents * share) / 100 / 100) * 100);
  return { cents: Math.min(cents, Math.max(balanceCents, 0)), share, rule, rate };
}

/**
 * The insights (docs/product.md §13.10), worded for their reader: in their language, with the
 * hours on their clock (their time zone preference; UTC, said so, until chosen).
 */
export async function insights(app: FastifyInstance, user: UserRow, now = new Date()): Promise<Insight[]> {
  const [facts, allTime, reader] = await Promise.all([stakeFacts(app, user.id), figuresOf(app.db, user.id, 'all', now), readerOf(app.db, user.id)]);
  if (facts.length === 0) return [];
  const t = wordsIn(reader.locale);
  const money = (cents: number) => formatDollars(cents, reader.locale);
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
  let trend = t('insight.trend.none');
  if (recent.length > 0 && before.length > 0) {
    const recentRate = percent(recent.filter((f) => f.outcome === 'won').length, recent.length);
    const beforeRate = percent(before.filter((f) => f.outcome === 'won').length, before.length);
    trend =
      recentRate === beforeRate
        ? t('insight.trend.steady', { rate: recentRate })
        : t('insight.trend.moved', { rate: recentRate, direction: recentRate > beforeRate ? 'up' : 'down', before: beforeRate });
  }
  const open = allTime.openBets;
  result.push({
    id: 'win_rate',
    title: t('insight.winRate.title'),
    value: t('insight.percent', { value: allTime.winRate }),
    explanation: t('insight.winRate.explanation', { wins: allTime.wins, bets: allTime.bets, settled: allTime.settledBets, open, trend }),
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
    const name = t('insight.category', { category });
    result.push({
      id: 'strongest_category',
      title: t('insight.strongest.title'),
      value: name,
      explanation: t('insight.strongest.explanation', { category: name, profit: `${profit >= 0 ? '+' : ''}${money(profit)}`, count }),
    });
  }

  const sortedAmounts = facts.map((f) => f.amount).sort((a, b) => a - b);
  const median = sortedAmounts[Math.floor((sortedAmounts.length - 1) / 2)]!;
  const balanceShare =
    user.balanceCents > 0 ? new Intl.NumberFormat(reader.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format((median / user.balanceCents) * 100) : null;
  result.push({
    id: 'typical_stake',
    title: t('insight.typical.title'),
    value: money(median),
    explanation:
      balanceShare === null
        ? t('insight.typical.emptyBalance', { stake: money(median) })
        : t('insight.typical.explanation', { stake: money(median), share: balanceShare, balance: money(user.balanceCents) }),
  });

  if (wins.length > 0) {
    // Three-hour bands of the player's own day.
    const { timeZone } = reader;
    const bands = new Array<number>(8).fill(0);
    for (const f of wins) bands[Math.floor(hourOn(f.placed_at, { timeZone: timeZone ?? 'UTC' }) / 3)]! += 1;
    const best = bands.indexOf(Math.max(...bands));
    const [from, until] = [sentenceHour(best * 3, reader.locale), sentenceHour(best * 3 + 3, reader.locale)];
    result.push({
      id: 'best_hours',
      title: t('insight.hours.title'),
      value: `${from}-${until}${zoneNote(timeZone)}`,
      explanation: t('insight.hours.explanation', { count: bands[best]!, wins: wins.length, from, until: `${until}${zoneNote(timeZone)}` }),
    });
  }

  const friendIds = await friendIdsOf(app.db, user.id);
  const friendFigures = [...(await allTimeFiguresOf(app.db, friendIds)).values()].filter((f) => f.bets > 0);
  if (friendFigures.length > 0) {
    const average = Math.round(friendFigures.reduce((sum, f) => sum + winRatePercent(f.wins, f.bets), 0) / friendFigures.length);
    result.push({
      id: 'friends_win_rate',
      title: t('insight.friends.title'),
      value: t('insight.percent', { value: average }),
      explanation: t('insight.friends.explanation', { friends: friendFigures.length, average, own: allTime.winRate }),
    });
  }

  const suggestion = suggestedStakeCents(user.balanceCents, wins.length, outcomes.length);
  result.push({
    id: 'suggested_stake',
    title: t('insight.suggested.title'),
    value: money(suggestion.cents),
    explanation: t('insight.suggested.explanation', { stake: money(suggestion.cents), rule: suggestion.rule, rate: suggestion.rate }),
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

