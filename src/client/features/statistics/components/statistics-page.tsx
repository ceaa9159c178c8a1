import { BarChart3, DollarSign, Medal, Percent } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { Card, EmptyState, StatCard } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { ScreenTitle } from '../../../lib/screen-nav.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useStatistics } from '../api.ts';

const toDollars = (amount: string) => {
  const negative = amount.startsWith('-');
  const cents = parseAmountToCents(negative ? amount.slice(1) : amount) ?? 0;
  return (negative ? -cents : cents) / 100;
};
/** Room around the plot, so the first and last points, their dots and the axis labels are not cut off. */
const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
const monthLabel = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', timeZone: 'UTC' });

/** Statistics: totals, rank, the last 12 months and where the money goes, all from real data. */
export function StatisticsPage() {
  const { data: stats, isPending, isError } = useStatistics();
  if (isPending) return <Loading message="Loading statistics..." />;
  if (isError || !stats) return <ErrorText>Failed to load statistics</ErrorText>;
  const months = stats.months.map((m) => ({ month: monthLabel(m.month), bets: m.bets, wins: m.wins, profit: toDollars(m.profit) }));
  const hasData = stats.totalBets > 0 || stats.categories.length > 0;
  return (
    <div className="space-y-6">
      <ScreenTitle>Statistics</ScreenTitle>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {/* Player figures: "winnings" are profit, payouts minus stakes (docs/player-figures.md). */}
        <StatCard label="Total winnings (profit)" value={showAmount(stats.totalWinnings)} icon={<DollarSign className="h-5 w-5" />} testId="stat-total-winnings" />
        <StatCard label="Win rate" value={`${stats.winRate}%`} icon={<Percent className="h-5 w-5" />} testId="stat-win-rate" />
        <StatCard label="Total bets" value={stats.totalBets} icon={<BarChart3 className="h-5 w-5" />} testId="stat-total-bets" />
        <StatCard label="Platform rank" value={stats.rank === null ? 'N/A' : `#${stats.rank}`} icon={<Medal className="h-5 w-5" />} testId="stat-rank" />
      </div>
      {!hasData ? (
        <EmptyState title="No statistics available" />
      ) : (
        <>
          <div className="grid grid-cols-3 gap-3 sm:gap-4">
            <StatCard label="Bets this month" value={stats.monthlyBets} />
            <StatCard label="Wins this month" value={stats.monthlyWins} />
            <StatCard label="Profit this month" value={showAmount(stats.monthlyProfit)} />
          </div>
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <h2 className="mb-3 font-bold">Bets and wins, last 12 months</h2>
              <div className="h-64" role="img" aria-label="Bar chart of bets and wins per month">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={months} margin={CHART_MARGIN}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" />
                    <YAxis allowDecimals={false} width="auto" />
                    <Tooltip />
                    <Legend />
                    <Bar dataKey="bets" name="Bets" fill="#6366f1" />
                    <Bar dataKey="wins" name="Wins" fill="#10b981" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </Card>
            <Card>
              <h2 className="mb-3 font-bold">Profit per month ($)</h2>
              <div className="h-64 overflow-visible" role="img" aria-label="Line chart of profit per month">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={months} margin={CHART_MARGIN}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" />
                    <YAxis width="auto" />
                    <Tooltip />
                    <Line type="monotone" dataKey="profit" name="Profit" stroke="#4f46e5" strokeWidth={2} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </Card>
          </div>
          <Card>
            <h2 className="mb-3 font-bold">Where your stakes go</h2>
            <ul className="space-y-3">
              {stats.categories.map((c) => (
                <li key={c.category}>
                  <div className="flex flex-wrap justify-between gap-x-2 text-sm">
                    <span className="font-semibold">{c.category}</span>
                    <span>
                      {c.share}% · {showAmount(c.amount)} over {c.count} {c.count === 1 ? 'bet' : 'bets'}
                    </span>
                  </div>
                  <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden>
                    <div className="h-full bg-brand-600" style={{ width: `${c.share}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
    </div>
  );
}
