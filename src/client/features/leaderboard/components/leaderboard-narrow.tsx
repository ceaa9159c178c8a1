import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { OnlineBadge } from '../../../components/ui/badge.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/hooks/use-auth.tsx';
import { useLeaderboard } from '../api.ts';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';

type Period = 'week' | 'month' | 'all';
const TOP = 10;

/** Spec §2: ranks 1 to 3 stand out in gold, silver and bronze. */
const RANK_STYLES: Record<number, string> = {
  1: 'bg-amber-400 text-amber-950',
  2: 'bg-slate-300 text-slate-900',
  3: 'bg-orange-300 text-orange-950',
};
const ROW_STYLES: Record<number, string> = {
  1: 'ring-amber-300 bg-amber-50 dark:bg-amber-950/40 dark:ring-amber-800',
  2: 'ring-slate-300 bg-slate-50 dark:bg-slate-800/60 dark:ring-slate-600',
  3: 'ring-orange-200 bg-orange-50 dark:bg-orange-950/40 dark:ring-orange-800',
};

/** Spec §2 mobile Leaderboard: the top 10 with rank, username, wins, balance and win rate. */
export function LeaderboardView() {
  const me = useCurrentUser();
  const [period, setPeriod] = useState<Period>('week');
  const { data, isPending, isError } = useLeaderboard(period, 'global');
  const entries = (data?.entries ?? []).slice(0, TOP);
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Period" className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        {(
          [
            ['week', 'Weekly'],
            ['month', 'Monthly'],
            ['all', 'All Time'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={period === key}
            onClick={() => setPeriod(key)}
            className={`rounded-lg text-sm font-semibold ${period === key ? 'bg-white text-brand-700 shadow dark:bg-slate-900 dark:text-brand-100' : 'text-slate-700 dark:text-slate-200'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {isPending ? (
        <Loading message="Loading rankings..." />
      ) : isError || !data ? (
        <ErrorText>Failed to load the leaderboard</ErrorText>
      ) : entries.length === 0 ? (
        <EmptyState icon={<Trophy className="h-10 w-10" />} title="No Rankings Yet" />
      ) : (
        <>
          {data.me && (
            <Card className="flex items-center gap-3 p-4" data-testid="your-rank">
              <span className="text-2xl font-extrabold text-brand-700 dark:text-brand-100">#{data.me.rank}</span>
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-semibold">Your rank</span>
                <span className="block text-slate-700 dark:text-slate-300">
                  {data.me.gapToNext === null ? "You're #1!" : `${showAmount(data.me.gapToNext)} to reach #${data.me.rank - 1}`}
                </span>
              </span>
            </Card>
          )}
          <ol className="space-y-2" aria-label="Top 10">
            {entries.map((entry) => (
              <li
                key={entry.id}
                data-testid={`rank-${entry.rank}`}
                className={`flex items-center gap-3 rounded-2xl p-3 ring-1 ${ROW_STYLES[entry.rank] ?? 'bg-white ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'}`}
              >
                <span
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-extrabold ${RANK_STYLES[entry.rank] ?? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
                >
                  <span className="sr-only">Rank </span>
                  {entry.rank}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate font-semibold">
                      {entry.username}
                      {entry.id === me.id && <span className="text-brand-700 dark:text-brand-100"> (you)</span>}
                    </span>
                  </span>
                  <span className="block text-xs text-slate-700 dark:text-slate-300">
                    {entry.totalWins} {entry.totalWins === 1 ? 'win' : 'wins'} · {entry.winRate}% win rate
                  </span>
                  <OnlineBadge online={entry.isOnline} />
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-bold">{showAmount(entry.balance)}</span>
                  <span className="block text-xs text-slate-700 dark:text-slate-300">balance</span>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
