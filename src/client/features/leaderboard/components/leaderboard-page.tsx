import { Crown, Medal, Trophy } from 'lucide-react';
import { useState } from 'react';
import type { LeaderboardEntry } from '../../../../shared/schemas/leaderboard.ts';
import { OnlineBadge } from '../../../components/ui/badge.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useLeaderboard } from '../api.ts';

type Period = 'week' | 'month' | 'all';
type Scope = 'global' | 'friends';

/** "in 2 days", "in 5 hours", "in 12 minutes": the real time until the weekly reset. */
export function timeUntil(iso: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.round((Date.parse(iso) - now) / 60_000));
  if (minutes >= 48 * 60) return `${Math.floor(minutes / (24 * 60))} days`;
  if (minutes >= 60) return `${Math.floor(minutes / 60)} hours`;
  return `${minutes} minutes`;
}

const PODIUM = [
  { place: 'Champion', icon: Crown, tone: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100' },
  { place: '2nd Place', icon: Medal, tone: 'bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-100' },
  { place: '3rd Place', icon: Trophy, tone: 'bg-orange-100 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100' },
];

function Toggle<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: [T, string][]; onChange: (v: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
      {options.map(([key, text]) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => onChange(key)}
          className={`rounded-lg px-3.5 py-1.5 text-sm font-semibold ${value === key ? 'bg-white text-brand-700 shadow dark:bg-slate-900 dark:text-brand-100' : 'text-slate-600 dark:text-slate-300'}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** The leaderboard of spec §2, with real periods, scopes, week number and reset time. */
export function LeaderboardPage() {
  const [period, setPeriod] = useState<Period>('week');
  const [scope, setScope] = useState<Scope>('global');
  const { data, isPending, isError } = useLeaderboard(period, scope);
  const podium = (data?.entries ?? []).slice(0, 3);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Leaderboard</h1>
          {data && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600 dark:text-slate-300">
              <span>Weekly rankings reset in {timeUntil(data.week.resetsAt)}</span>
              <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-700">Week {data.week.number}</span>
              <span>
                · {data.playerCount} {data.playerCount === 1 ? 'player' : 'players'}
              </span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Toggle label="Period" value={period} onChange={setPeriod} options={[['week', 'Weekly'], ['month', 'Monthly'], ['all', 'All Time']]} />
          <Toggle label="Scope" value={scope} onChange={setScope} options={[['global', 'Global'], ['friends', 'Friends']]} />
        </div>
      </div>

      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading rankings...
        </p>
      ) : isError || !data ? (
        <p role="alert" className="text-red-600">
          Failed to load the leaderboard
        </p>
      ) : data.entries.length === 0 ? (
        <EmptyState icon={<Trophy className="h-10 w-10" />} title="No Rankings Yet" />
      ) : (
        <>
          {data.me && (
            <Card className="flex flex-wrap items-center gap-4" data-testid="your-rank">
              <span className="text-3xl font-extrabold text-brand-700 dark:text-brand-100">#{data.me.rank}</span>
              <div>
                <p className="font-semibold">Your rank</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {data.me.gapToNext === null ? "You're #1!" : `${showAmount(data.me.gapToNext)} to reach #${data.me.rank - 1}`}
                </p>
              </div>
              <p className="ml-auto text-lg font-bold">{showAmount(data.me.weeklyEarnings)}</p>
            </Card>
          )}
          <ol className="grid gap-4 sm:grid-cols-3" aria-label="Podium">
            {podium.map((entry, i) => {
              const { place, icon: Icon, tone } = PODIUM[i]!;
              return (
                <li key={entry.id} className={`rounded-2xl p-5 text-center ring-1 ${tone}`}>
                  <Icon aria-hidden className="mx-auto h-8 w-8" />
                  <p className="mt-1 text-sm font-bold uppercase">{place}</p>
                  <p className="mt-1 text-lg font-bold">{entry.username}</p>
                  <p className="text-sm">{showAmount(entry.weeklyEarnings)}</p>
                </li>
              );
            })}
          </ol>
          <Card className="p-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Full ranking</caption>
              <thead className="text-slate-500">
                <tr>
                  <th className="px-4 py-2 font-medium">Rank</th>
                  <th className="px-4 py-2 font-medium">Player</th>
                  <th className="px-4 py-2 text-right font-medium">Wins</th>
                  <th className="px-4 py-2 text-right font-medium">Win rate</th>
                  <th className="px-4 py-2 text-right font-medium">Profit</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry: LeaderboardEntry) => (
                  <tr key={entry.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="px-4 py-2.5 font-bold">{entry.rank}</td>
                    <td className="px-4 py-2.5">
                      <span className="mr-2 font-semibold">{entry.username}</span>
                      <OnlineBadge online={entry.isOnline} />
                    </td>
                    <td className="px-4 py-2.5 text-right">{entry.totalWins}</td>
                    <td className="px-4 py-2.5 text-right">{entry.winRate}%</td>
                    <td className="px-4 py-2.5 text-right font-semibold">{showAmount(entry.weeklyEarnings)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </>
      )}
    </div>
  );
}
