import { EmptyState } from '../../../components/ui/card.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useStatistics } from '../api.ts';
import { ErrorText, Loading, Section, Tile, TileGrid } from '../../../components/ui/blocks.tsx';

const monthLabel = (key: string) =>
  new Date(`${key}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Spec §2 mobile Statistics: totals, rank, this month, recent months and categories, all computed. */
export function StatisticsView() {
  const { data: stats, isPending, isError } = useStatistics();
  if (isPending) return <Loading message="Loading statistics..." />;
  if (isError || !stats) return <ErrorText>Failed to load statistics</ErrorText>;
  const hasData = stats.totalBets > 0 || stats.categories.length > 0;
  const activeMonths = stats.months.filter((m) => m.bets > 0).slice(-6).reverse();
  return (
    <div className="space-y-6">
      <TileGrid label="Totals">
        <Tile label="Total winnings" value={showAmount(stats.totalWinnings)} testId="stat-total-winnings" />
        <Tile label="Win rate" value={`${stats.winRate}%`} testId="stat-win-rate" />
        <Tile label="Total bets" value={stats.totalBets} testId="stat-total-bets" />
        <Tile label="Platform rank" value={stats.rank === null ? 'N/A' : `#${stats.rank}`} testId="stat-rank" />
      </TileGrid>
      {!hasData ? (
        <EmptyState title="No statistics available" />
      ) : (
        <>
          <Section title="This month">
            <dl className="grid grid-cols-3 gap-2 text-center">
              {[
                ['Bets', stats.monthlyBets],
                ['Wins', stats.monthlyWins],
                ['Profit', showAmount(stats.monthlyProfit)],
              ].map(([label, value]) => (
                <div key={String(label)} className="min-w-0 rounded-xl bg-white p-2 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                  <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
                  <dd className="truncate font-bold">{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
          {activeMonths.length > 0 && (
            <Section title="Recent months">
              <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
                {activeMonths.map((m) => (
                  <li key={m.month} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                    <span className="font-semibold">{monthLabel(m.month)}</span>
                    <span className="text-right text-slate-700 dark:text-slate-300">
                      {m.bets} bets · {m.wins} wins · {showAmount(m.profit)}
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section title="Categories">
            <ul className="space-y-3">
              {stats.categories.map((c) => (
                <li key={c.category}>
                  <div className="flex justify-between gap-2 text-sm">
                    <span className="font-semibold">{c.category}</span>
                    <span>
                      {c.share}% · {showAmount(c.amount)}
                    </span>
                  </div>
                  <div
                    className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                    role="progressbar"
                    aria-label={`${c.category} share of your stakes`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={c.share}
                  >
                    <div className="h-full bg-brand-600" style={{ width: `${c.share}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        </>
      )}
    </div>
  );
}
