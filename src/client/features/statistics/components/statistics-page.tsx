import { BarChart3, DollarSign, Medal, Percent } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { Card, EmptyState, StatCard } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useStatistics } from '../api.ts';

const toDollars = (amount: string) => {
  const negative = amount.startsWith('-');
  const cents = parseAmountToCents(negative ? amount.slice(1) : amount) ?? 0;
  return (negative ? -cents : cents) / 100;
};
const monthLabel = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', timeZone: 'UTC' });

/** Statistics: totals, rank, the last 12 months and where the money goes, all from real data. */
export function StatisticsPage() {
  const { data: stats, isPending, isError } = useStatistics();
  if (isPending) {
    return (
      <p className="flex items-center gap-2" role="status">
        <Spinner /> Loading statistics...
      </p>
    );
  }
  if (isError || !stats) {
    return (
      <p role="alert" className="text-red-600">
        Failed to load statistics
      </p>
    );
  }
  const months = stats.months.map((m) => ({ month: monthLabel(m.month), bets: m.bets, wins: m.wins, profit: toDollars(m.profit) }));
  const hasData = stats.totalBets > 0 || stats.categories.length > 0;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Statistics</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total winnings" value={showAmount(stats.totalWinnings)} icon={<DollarSign className="h-5 w-5" />} />
        <StatCard label="Win rate" value={`${stats.winRate}%`} icon={<Percent className="h-5 w-5" />} />
        <StatCard label="Total bets" value={stats.totalBets} icon={<BarChart3 className="h-5 w-5" />} />
        <StatCard label="Platform rank" value={stats.rank === null ? 'N/A' : `#${stats.rank}`} icon={<Medal className="h-5 w-5" />} />
      </div>
      {!hasData ? (
        <EmptyState title="No statistics available" />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Bets this month" value={stats.monthlyBets} />
            <StatCard label="Wins this month" value={stats.monthlyWins} />
            <StatCard label="Profit this month" value={showAmount(stats.monthlyProfit)} />
          </div>
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <h2 className="mb-3 font-bold">Bets and wins, last 12 months</h2>
              <div className="h-64" role="img" aria-label="Bar chart of bets and wins per month">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={months}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" />
                    <YAxis allowDecimals={false} />
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
              <div className="h-64" role="img" aria-label="Line chart of profit per month">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={months}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" />
                    <YAxis />
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
                  <div className="flex justify-between text-sm">
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
