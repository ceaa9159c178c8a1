import { BarChart3, DollarSign, Medal, Percent } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { Card, EmptyState, StatCard } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { ScreenTitle } from '../../../lib/screen-nav.tsx';
import { showAmount } from '../../../lib/format.ts';
import { activeLocale, t } from '../../../lib/i18n.ts';
import { categoryLabel } from '../../../lib/category-label.ts';
import { useStatistics } from '../api.ts';

const toDollars = (amount: string) => {
  const negative = amount.startsWith('-');
  const cents = parseAmountToCents(negative ? amount.slice(1) : amount) ?? 0;
  return (negative ? -cents : cents) / 100;
};
/** Room around the plot, so the first and last points, their dots and the axis labels are not cut off. */
const CHART_MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
const monthLabel = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleDateString(activeLocale(), { month: 'short', timeZone: 'UTC' });

/** Statistics: totals, rank, the last 12 months and where the money goes, all from real data. */
export function StatisticsPage() {
  const { data: stats, isPending, isError } = useStatistics();
  if (isPending) return <Loading message={t('statistics.page.loading')} />;
  if (isError || !stats) return <ErrorText>{t('statistics.page.loadFailed')}</ErrorText>;
  const months = stats.months.map((m) => ({ month: monthLabel(m.month), bets: m.bets, wins: m.wins, profit: toDollars(m.profit) }));
  const hasData = stats.totalBets > 0 || stats.categories.length > 0;
  return (
    <div className="space-y-6">
      <ScreenTitle>{t('statistics.page.title')}</ScreenTitle>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {/* Player figures: "winnings" are profit, payouts minus stakes (docs/player-figures.md). */}
        <StatCard label={t('statistics.page.totalWinnings')} value={showAmount(stats.totalWinnings)} icon={<DollarSign className="h-5 w-5" />} testId="stat-total-winnings" />
        <StatCard label={t('statistics.page.winRate')} value={t('statistics.page.percent', { value: stats.winRate })} icon={<Percent className="h-5 w-5" />} testId="stat-win-rate" />
        <StatCard label={t('statistics.page.totalBets')} value={stats.totalBets} icon={<BarChart3 className="h-5 w-5" />} testId="stat-total-bets" />
        <StatCard label={t('statistics.page.rank')} value={stats.rank === null ? t('statistics.page.noRank') : `#${stats.rank}`} icon={<Medal className="h-5 w-5" />} testId="stat-rank" />
      </div>
      {!hasData ? (
        <EmptyState title={t('statistics.page.empty')} />
      ) : (
        <>
          <div className="grid grid-cols-3 gap-3 sm:gap-4">
            <StatCard label={t('statistics.page.monthlyBets')} value={stats.monthlyBets} />
            <StatCard label={t('statistics.page.monthlyWins')} value={stats.monthlyWins} />
            <StatCard label={t('statistics.page.monthlyProfit')} value={showAmount(stats.monthlyProfit)} />
          </div>
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <h2 className="mb-3 font-bold">{t('statistics.page.betsChartTitle')}</h2>
              <div className="h-64" role="img" aria-label={t('statistics.page.betsChartLabel')}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={months} margin={CHART_MARGIN}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" />
                    <YAxis allowDecimals={false} width="auto" />
                    <Tooltip />
                    <Legend />
                    <Bar dataKey="bets" name={t('statistics.page.betsSeries')} fill="#6366f1" />
                    <Bar dataKey="wins" name={t('statistics.page.winsSeries')} fill="#10b981" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </Card>
            <Card>
              <h2 className="mb-3 font-bold">{t('statistics.page.profitChartTitle')}</h2>
              <div className="h-64 overflow-visible" role="img" aria-label={t('statistics.page.profitChartLabel')}>
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={months} margin={CHART_MARGIN}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" />
                    <YAxis width="auto" />
                    <Tooltip />
                    <Line type="monotone" dataKey="profit" name={t('statistics.page.profitSeries')} stroke="#4f46e5" strokeWidth={2} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </Card>
          </div>
          <Card>
            <h2 className="mb-3 font-bold">{t('statistics.page.categoriesTitle')}</h2>
            <ul className="space-y-3">
              {stats.categories.map((c) => (
                <li key={c.category}>
                  <div className="flex flex-wrap justify-between gap-x-2 text-sm">
                    <span className="font-semibold">{categoryLabel(c.category)}</span>
                    <span>{t('statistics.page.categoryShare', { share: c.share, amount: showAmount(c.amount), count: c.count })}</span>
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
