import { Trophy } from 'lucide-react';
import type { StandingRow } from '../../../../shared/schemas/crews.ts';
import { ErrorText, Loading, Section } from '../../../components/ui/blocks.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { showAmount, showDate } from '../../../lib/format.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useCrewStandings, usePastSeasons } from '../api.ts';

/** A profit with its sign: "+$5.00", "-$5.00", "$0.00" (decided on the amount, whatever the language shows it as). */
const showProfit = (profit: string) => {
  const shown = showAmount(profit);
  const text = profit.trim();
  return text.startsWith('-') || !/[1-9]/.test(text) ? shown : `+${shown}`;
};

/** A rank, or "–" for a member without a bet this season, who is not ranked (and is read so); `labelled`: read as "Rank 1". */
function Rank({ rank, labelled = false }: { rank: number | null; labelled?: boolean }) {
  if (rank === null) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{t('crews.standings.notRanked')}</span>
      </>
    );
  }
  return (
    <>
      {labelled && <span className="sr-only">{t('crews.standings.rankLabel')} </span>}
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
  const you = (row: StandingRow) => row.user.id === me.id && <span className="text-brand-700 dark:text-brand-100"> {t('crews.common.you')}</span>;
  if (narrow) {
    return (
      <ol aria-label={caption} className="space-y-2">
        {rows.map((row) => (
          <li key={row.user.id} className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-extrabold dark:bg-slate-800">
              <Rank rank={row.rank} labelled />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold wrap-anywhere">
                {row.user.username}
                {you(row)}
              </span>
              <span className="block text-xs text-slate-700 dark:text-slate-300">
                {row.inPlay === '0.00'
                  ? t('crews.standings.betsAndWins', { bets: row.bets, wins: row.wins })
                  : t('crews.standings.betsWinsInPlay', { bets: row.bets, wins: row.wins, amount: showAmount(row.inPlay) })}
              </span>
            </span>
            <span className="shrink-0 text-end">
              <span className="block font-bold">{showAmount(row.balance)}</span>
              <span className="block text-xs text-slate-700 dark:text-slate-300">{t('crews.standings.profitLine', { amount: showProfit(row.profit) })}</span>
            </span>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600 dark:text-slate-300">
          <tr>
            <th className="px-4 py-2 font-medium">{t('crews.standings.colRank')}</th>
            <th className="px-4 py-2 font-medium">{t('crews.standings.colPlayer')}</th>
            <th className="px-4 py-2 text-end font-medium">{t('crews.standings.colBalance')}</th>
            <th className="px-4 py-2 text-end font-medium">{t('crews.standings.colInPlay')}</th>
            <th className="px-4 py-2 text-end font-medium">{t('crews.standings.colProfit')}</th>
            <th className="px-4 py-2 text-end font-medium">{t('crews.standings.colBets')}</th>
            <th className="px-4 py-2 text-end font-medium">{t('crews.standings.colWins')}</th>
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
              <td className="px-4 py-2.5 text-end font-semibold">{showAmount(row.balance)}</td>
              <td className="px-4 py-2.5 text-end">{showAmount(row.inPlay)}</td>
              <td className="px-4 py-2.5 text-end">{showProfit(row.profit)}</td>
              <td className="px-4 py-2.5 text-end">{row.bets}</td>
              <td className="px-4 py-2.5 text-end">{row.wins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** This season's standings. */
function CurrentStandings({ crewId }: { crewId: number }) {
  const standings = useCrewStandings(crewId);
  const title = standings.data ? t('crews.standings.title', { number: standings.data.season.number }) : t('crews.standings.thisSeason');
  return (
    <Section title={title}>
      {standings.isPending ? (
        <Loading message={t('crews.standings.loading')} />
      ) : standings.isError ? (
        <ErrorText>{t('crews.standings.loadError')}</ErrorText>
      ) : standings.data.rows.length === 0 ? (
        <EmptyState icon={<Trophy className="h-10 w-10" />} title={t('crews.standings.empty')} />
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
            {t('crews.standings.explainer')}
          </p>
          <StandingsTable rows={standings.data.rows} caption={title} />
        </>
      )}
    </Section>
  );
}

/**
 * The standings tab: this season's standings, then the archive. Both are read at once; the
 * archive is drawn once the standings are there, so that they do not push it down as they arrive.
 */
export function StandingsTab({ crewId }: { crewId: number }) {
  const standings = useCrewStandings(crewId);
  usePastSeasons(crewId);
  return (
    <div className="space-y-8">
      <CurrentStandings crewId={crewId} />
      {!standings.isPending && <PastSeasons crewId={crewId} />}
    </div>
  );
}

/** The archive: each season that ended, newest first, with its winner and final standings. */
function PastSeasons({ crewId }: { crewId: number }) {
  const seasons = usePastSeasons(crewId);
  return (
    <Section title={t('crews.standings.pastTitle')}>
      {seasons.isPending ? (
        <Loading message={t('crews.standings.pastLoading')} />
      ) : seasons.isError ? (
        <ErrorText>{t('crews.standings.pastLoadError')}</ErrorText>
      ) : seasons.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('crews.standings.pastEmpty')}</p>
      ) : (
        <ul className="space-y-3">
          {seasons.data.map((season) => (
            <li key={season.number}>
              <details className="group rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                <summary className="cursor-pointer list-inside rounded-2xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand-600">
                  <span className="font-semibold">{t('crews.standings.pastSeasonName', { number: season.number })}</span>
                  <span className="text-sm text-slate-700 dark:text-slate-300">
                    {' '}
                    {season.winner
                      ? tNodes('crews.standings.pastSeasonWinner', {
                          start: showDate(season.startsAt),
                          end: showDate(season.endsAt),
                          winner: <span className="font-semibold wrap-anywhere">{season.winner.username}</span>,
                        })
                      : t('crews.standings.pastSeasonNoWinner', { start: showDate(season.startsAt), end: showDate(season.endsAt) })}
                  </span>
                </summary>
                <div className="px-4 pb-4">
                  {season.rows.length === 0 ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">{t('crews.standings.pastNobody')}</p>
                  ) : (
                    <StandingsTable rows={season.rows} caption={t('crews.standings.finalCaption', { number: season.number })} />
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
