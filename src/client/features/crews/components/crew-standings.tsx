import { Trophy } from 'lucide-react';
import type { StandingRow } from '../../../../shared/schemas/crews.ts';
import { ErrorText, Loading, Section } from '../../../components/ui/blocks.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { countOf, showAmount, showDate } from '../../../lib/format.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useCrewStandings, usePastSeasons } from '../api.ts';

/** A profit with its sign: "+$5.00", "-$5.00", "$0.00". */
const showProfit = (profit: string) => {
  const shown = showAmount(profit);
  return shown.startsWith('-') || shown === '$0.00' ? shown : `+${shown}`;
};

/** A rank, or "–" for a member without a bet this season, who is not ranked (and is read so). */
function Rank({ rank, prefix = '' }: { rank: number | null; prefix?: string }) {
  if (rank === null) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">Not ranked yet</span>
      </>
    );
  }
  return (
    <>
      {prefix && <span className="sr-only">{prefix}</span>}
      {rank}
    </>
  );
}

/**
 * A season's standings, by balance plus the money in play: a table on the desktop, a ranked list
 * in the narrow frame (seven columns do not fit a phone).
 */
function StandingsTable({ rows, caption }: { rows: StandingRow[]; caption: string }) {
  const { narrow } = useScreenNav();
  const me = useCurrentUser();
  const you = (row: StandingRow) => row.user.id === me.id && <span className="text-brand-700 dark:text-brand-100"> (you)</span>;
  if (narrow) {
    return (
      <ol aria-label={caption} className="space-y-2">
        {rows.map((row) => (
          <li key={row.user.id} className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-extrabold dark:bg-slate-800">
              <Rank rank={row.rank} prefix="Rank " />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold wrap-anywhere">
                {row.user.username}
                {you(row)}
              </span>
              <span className="block text-xs text-slate-700 dark:text-slate-300">
                {countOf(row.bets, 'bet')} · {countOf(row.wins, 'win')}
                {row.inPlay !== '0.00' && ` · ${showAmount(row.inPlay)} in play`}
              </span>
            </span>
            <span className="shrink-0 text-right">
              <span className="block font-bold">{showAmount(row.balance)}</span>
              <span className="block text-xs text-slate-700 dark:text-slate-300">{showProfit(row.profit)} profit</span>
            </span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600 dark:text-slate-300">
          <tr>
            <th className="px-4 py-2 font-medium">Rank</th>
            <th className="px-4 py-2 font-medium">Player</th>
            <th className="px-4 py-2 text-right font-medium">Balance</th>
            <th className="px-4 py-2 text-right font-medium">In play</th>
            <th className="px-4 py-2 text-right font-medium">Profit</th>
            <th className="px-4 py-2 text-right font-medium">Bets</th>
            <th className="px-4 py-2 text-right font-medium">Wins</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-4 py-2.5 font-bold">
                <Rank rank={row.rank} />
              </td>
              <td className="px-4 py-2.5 font-semibold wrap-anywhere">
                {row.user.username}
                {you(row)}
              </td>
              <td className="px-4 py-2.5 text-right font-semibold">{showAmount(row.balance)}</td>
              <td className="px-4 py-2.5 text-right">{showAmount(row.inPlay)}</td>
              <td className="px-4 py-2.5 text-right">{showProfit(row.profit)}</td>
              <td className="px-4 py-2.5 text-right">{row.bets}</td>
              <td className="px-4 py-2.5 text-right">{row.wins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** This season's standings. */
export function CurrentStandings({ crewId }: { crewId: number }) {
  const standings = useCrewStandings(crewId);
  const title = standings.data ? `Season ${standings.data.season.number} standings` : 'This season';
  return (
    <Section title={title}>
      {standings.isPending ? (
        <Loading message="Loading standings..." />
      ) : standings.isError ? (
        <ErrorText>Failed to load the standings</ErrorText>
      ) : standings.data.rows.length === 0 ? (
        <EmptyState icon={<Trophy className="h-10 w-10" />} title="No standings yet" />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
            Ranked by balance plus money in play. A member without a bet this season is not ranked yet (–).
          </p>
          <StandingsTable rows={standings.data.rows} caption={title} />
        </>
      )}
    </Section>
  );
}

/** The archive: each season that ended, newest first, with its winner and final standings. */
export function PastSeasons({ crewId }: { crewId: number }) {
  const seasons = usePastSeasons(crewId);
  return (
    <Section title="Past seasons">
      {seasons.isPending ? (
        <Loading message="Loading past seasons..." />
      ) : seasons.isError ? (
        <ErrorText>Failed to load the past seasons</ErrorText>
      ) : seasons.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No season has ended yet. Each season's final standings are kept here.</p>
      ) : (
        <ul className="space-y-3">
          {seasons.data.map((season) => (
            <li key={season.number}>
              <details className="group rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                <summary className="cursor-pointer list-inside rounded-2xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand-600">
                  <span className="font-semibold">Season {season.number}</span>
                  <span className="text-sm text-slate-700 dark:text-slate-300">
                    {' '}
                    · {showDate(season.startsAt)} to {showDate(season.endsAt)} ·{' '}
                    {season.winner ? (
                      <>
                        Winner: <span className="font-semibold wrap-anywhere">{season.winner.username}</span>
                      </>
                    ) : (
                      'No winner'
                    )}
                  </span>
                </summary>
                <div className="px-4 pb-4">
                  {season.rows.length === 0 ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">Nobody played this season.</p>
                  ) : (
                    <StandingsTable rows={season.rows} caption={`Season ${season.number} final standings`} />
                  )}
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
