import { Crown, Medal, Trophy } from 'lucide-react';
import { useState } from 'react';
import type { Leaderboard, LeaderboardEntry, LeaderboardPeriod } from '../../../../shared/schemas/leaderboard.ts';
import { ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { OnlineBadge } from '../../../components/ui/badge.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { showAmount } from '../../../lib/format.ts';
import { activeLocale, t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useLeaderboard } from '../api.ts';

type Scope = 'global' | 'friends';

/** The narrow leaderboard shows the top 10 (docs/product.md §13.6). */
const NARROW_TOP = 10;

/** The real time until the weekly reset, in days (from two days on), else hours, else minutes. */
export function timeUntil(iso: string, now = Date.now()): { unit: 'day' | 'hour' | 'minute'; count: number } {
  const minutes = Math.max(1, Math.round((Date.parse(iso) - now) / 60_000));
  if (minutes >= 48 * 60) return { unit: 'day', count: Math.floor(minutes / (24 * 60)) };
  if (minutes >= 60) return { unit: 'hour', count: Math.floor(minutes / 60) };
  return { unit: 'minute', count: minutes };
}

/** "Weekly rankings reset in 2 days", "... in 5 hours", "... in 12 minutes". */
function resetLine(iso: string, now: number): string {
  const { unit, count } = timeUntil(iso, now);
  if (unit === 'day') return t('leaderboard.period.resetInDays', { count });
  if (unit === 'hour') return t('leaderboard.period.resetInHours', { count });
  return t('leaderboard.period.resetInMinutes', { count });
}

/** What the header says about the period shown: the week and its reset, the month (in the reader's language), or all time. */
export function periodLine(board: Pick<Leaderboard, 'period' | 'startsOn' | 'week'>, now = Date.now()): { text: string; badge: string | null } {
  if (board.period === 'week') return { text: resetLine(board.week.resetsAt, now), badge: t('leaderboard.period.weekBadge', { number: board.week.number }) };
  if (board.period === 'month') {
    const month = new Date(`${board.startsOn}T00:00:00Z`).toLocaleDateString(activeLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return { text: t('leaderboard.period.monthly'), badge: month };
  }
  return { text: t('leaderboard.period.allTime'), badge: null };
}

/**
 * The podium's places by rank, not by position in the list: players who tie share a rank, so two
 * players tied first are both Champion and the next one is 3rd Place, with nobody 2nd.
 */
const PLACES = [
  { place: () => t('leaderboard.podium.first'), icon: Crown, tone: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100', dot: 'bg-amber-400 text-amber-950' },
  { place: () => t('leaderboard.podium.second'), icon: Medal, tone: 'bg-slate-100 text-slate-900 ring-slate-300 dark:bg-slate-800 dark:text-slate-100', dot: 'bg-slate-300 text-slate-900' },
  { place: () => t('leaderboard.podium.third'), icon: Trophy, tone: 'bg-orange-100 text-orange-900 ring-orange-300 dark:bg-orange-950 dark:text-orange-100', dot: 'bg-orange-300 text-orange-950' },
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
          className={`rounded-lg px-3.5 py-1.5 text-sm font-semibold ${value === key ? 'bg-white text-brand-700 shadow dark:bg-slate-900 dark:text-brand-100' : 'text-slate-700 dark:text-slate-200'}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

const placeOf = (entry: LeaderboardEntry) => PLACES[entry.rank - 1];

/** The viewer is using the app right now: their own screens never show them offline. */
const isOnline = (entry: LeaderboardEntry, me: { id: number }) => entry.isOnline || entry.id === me.id;

/** A profit as signed cents ("-5.00" -> -500). */
const profitCents = (amount: string) => (amount.trim().startsWith('-') ? -1 : 1) * (parseAmountToCents(amount.trim().replace(/^-/, '')) ?? 0);

/**
 * What the viewer needs to move up: the profit that reaches the nearest player ahead, with that
 * player's rank when the list shows them (ties make it more than one place up); only #1 is told so.
 */
export function gapLine(me: NonNullable<Leaderboard['me']>, entries: LeaderboardEntry[]): string {
  if (me.gapToNext === null) return t('leaderboard.me.first');
  const target = profitCents(me.weeklyEarnings) + profitCents(me.gapToNext);
  const ahead = entries.find((entry) => profitCents(entry.weeklyEarnings) === target && entry.rank < me.rank);
  return ahead ? t('leaderboard.me.gapToRank', { amount: showAmount(me.gapToNext), rank: ahead.rank }) : t('leaderboard.me.gapToMoveUp', { amount: showAmount(me.gapToNext) });
}

/** The narrow list: rank, player, wins and win rate, and the profit the ranking is by. */
function RankedList({ entries }: { entries: LeaderboardEntry[] }) {
  const me = useCurrentUser();
  return (
    <ol className="space-y-2" aria-label={t('leaderboard.list.label', { count: NARROW_TOP })}>
      {entries.slice(0, NARROW_TOP).map((entry, i) => (
        <li key={entry.id} data-testid={`rank-${i + 1}`} className={`flex items-center gap-3 rounded-2xl p-3 ring-1 ${placeOf(entry)?.tone ?? 'bg-white ring-slate-200 dark:bg-slate-900 dark:ring-slate-800'}`}>
          <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-extrabold ${placeOf(entry)?.dot ?? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
            <span className="sr-only">{t('leaderboard.list.rank')} </span>
            {entry.rank}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold wrap-anywhere">
              {entry.username}
              {entry.id === me.id && <span className="text-brand-700 dark:text-brand-100"> {t('leaderboard.list.you')}</span>}
            </span>
            <span className="block text-xs text-slate-700 dark:text-slate-300">
              {t('leaderboard.list.winsLine', { wins: entry.totalWins, rate: entry.winRate })}
            </span>
            <OnlineBadge online={isOnline(entry, me)} />
          </span>
          <span className="shrink-0 text-end">
            <span className="block font-bold">{showAmount(entry.weeklyEarnings)}</span>
            <span className="block text-xs text-slate-700 dark:text-slate-300">{t('leaderboard.list.profit')}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The desktop podium (every player ranked 1 to 3, ties included) and the full table. */
function PodiumAndTable({ entries }: { entries: LeaderboardEntry[] }) {
  const me = useCurrentUser();
  return (
    <>
      <ol className="grid gap-4 sm:grid-cols-3" aria-label={t('leaderboard.podium.label')}>
        {entries.flatMap((entry) => {
          const place = placeOf(entry);
          if (!place) return [];
          const { icon: Icon, tone } = place;
          return [
            <li key={entry.id} className={`rounded-2xl p-5 text-center ring-1 ${tone}`}>
              <Icon aria-hidden className="mx-auto h-8 w-8" />
              <p className="mt-1 text-sm font-bold uppercase">{place.place()}</p>
              <p className="mt-1 text-lg font-bold wrap-anywhere">{entry.username}</p>
              <p className="text-sm">{t('leaderboard.podium.profit', { amount: showAmount(entry.weeklyEarnings) })}</p>
            </li>,
          ];
        })}
      </ol>
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('leaderboard.table.caption')}</caption>
          <thead className="text-slate-600 dark:text-slate-300">
            <tr>
              <th className="px-4 py-2 font-medium">{t('leaderboard.table.rank')}</th>
              <th className="px-4 py-2 font-medium">{t('leaderboard.table.player')}</th>
              <th className="px-4 py-2 text-end font-medium">{t('leaderboard.table.wins')}</th>
              <th className="px-4 py-2 text-end font-medium">{t('leaderboard.table.winRate')}</th>
              <th className="px-4 py-2 text-end font-medium">{t('leaderboard.table.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-2.5 font-bold">{entry.rank}</td>
                <td className="px-4 py-2.5">
                  <span className="me-2 font-semibold wrap-anywhere">{entry.username}</span>
                  <OnlineBadge online={isOnline(entry, me)} />
                </td>
                <td className="px-4 py-2.5 text-end">{entry.totalWins}</td>
                <td className="px-4 py-2.5 text-end">{t('leaderboard.table.winRateValue', { rate: entry.winRate })}</td>
                <td className="px-4 py-2.5 text-end font-semibold">{showAmount(entry.weeklyEarnings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}

/** The leaderboard (docs/product.md §7.1, §13.6), ranked by profit over the chosen period, in both layouts. */
export function LeaderboardPage() {
  const { narrow } = useScreenNav();
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const [scope, setScope] = useState<Scope>('global');
  const { data, isPending, isError } = useLeaderboard(period, scope);
  const header = data && periodLine(data);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <ScreenTitle>{t('leaderboard.page.title')}</ScreenTitle>
          {data && header && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300" data-testid="leaderboard-period">
              <span>{header.text}</span>
              {header.badge && <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-800">{header.badge}</span>}
              <span>{t('leaderboard.page.playerCount', { count: data.playerCount })}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Toggle
            label={t('leaderboard.filter.period')}
            value={period}
            onChange={setPeriod}
            options={[
              ['week', t('leaderboard.filter.weekly')],
              ['month', t('leaderboard.filter.monthly')],
              ['all', t('leaderboard.filter.allTime')],
            ]}
          />
          <Toggle
            label={t('leaderboard.filter.scope')}
            value={scope}
            onChange={setScope}
            options={[
              ['global', t('leaderboard.filter.global')],
              ['friends', t('leaderboard.filter.friends')],
            ]}
          />
        </div>
      </div>

      {isPending ? (
        <Loading message={t('leaderboard.page.loading')} />
      ) : isError || !data ? (
        <ErrorText>{t('leaderboard.page.loadError')}</ErrorText>
      ) : data.entries.length === 0 ? (
        <EmptyState icon={<Trophy className="h-10 w-10" />} title={t('leaderboard.page.empty')} />
      ) : (
        <>
          {data.me && (
            <Card className="flex flex-wrap items-center gap-4 p-4" data-testid="your-rank">
              <span className="text-3xl font-extrabold text-brand-700 dark:text-brand-100">#{data.me.rank}</span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{t('leaderboard.me.title')}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {gapLine(data.me, data.entries)}
                </p>
              </div>
              <p className="text-end">
                <span className="block text-lg font-bold">{showAmount(data.me.weeklyEarnings)}</span>
                <span className="block text-xs text-slate-700 dark:text-slate-300">{t('leaderboard.me.profit')}</span>
              </p>
            </Card>
          )}
          {narrow ? <RankedList entries={data.entries} /> : <PodiumAndTable entries={data.entries} />}
        </>
      )}
    </div>
  );
}
