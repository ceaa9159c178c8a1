import { Scale } from 'lucide-react';
import { useState } from 'react';
import type { Bet } from '../../../shared/schemas/bets.ts';
import { ErrorText, Loading } from '../../components/ui/blocks.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { relativeTime, showDateTime } from '../../lib/format.ts';
import { t, tNodes } from '../../lib/i18n.ts';
import { ScreenLink } from '../../lib/screen-nav.tsx';
import { ResolveBetDialog } from './admin-bets-panel.tsx';
import { useOpenDisputes } from './api.ts';
import { optionName } from './components/bet-timeline.tsx';
import { PlayerLink } from './components/evidence.tsx';
import { Countdown } from './components/jury.tsx';

/**
 * The jury bets an admin should watch (docs/product.md §4.6), newest dispute first: each bet (to
 * its page), who disputed it and why, and who decides it: its seated jury (the votes, when it
 * ends), or, when too few jurors could be seated, the admins (the admins' queue: unless one
 * decides in time, the proposal stands). Decide resolves it with the option the admin picks. The
 * admin Bet Management and the dashboard's Admin Panel show it above the bets.
 */
export function OpenDisputesSection() {
  const { data, isPending, isError } = useOpenDisputes();
  const [deciding, setDeciding] = useState<Bet | null>(null);
  return (
    <section aria-labelledby="open-disputes-heading" className="space-y-3">
      <h2 id="open-disputes-heading" className="text-lg font-bold">
        {t('bets.disputes.heading')}
      </h2>
      {isPending ? (
        <Loading message={t('bets.disputes.loading')} />
      ) : isError ? (
        <ErrorText>{t('bets.disputes.loadFailed')}</ErrorText>
      ) : data.disputes.length === 0 ? (
        <EmptyState icon={<Scale className="h-8 w-8" />} title={t('bets.disputes.empty')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {data.disputes.map(({ bet, decidedBy, disputedBy, reason, url, disputedAt }) => (
            <li key={bet.id} data-testid="open-dispute" className="min-w-0 space-y-1 px-4 py-3">
              <h3 className="font-semibold wrap-anywhere">
                <ScreenLink to={{ name: 'bet', id: bet.id }} className="hover:underline">
                  {bet.title}
                </ScreenLink>
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                <span className="wrap-anywhere">{t('bets.disputes.disputedBy', { name: disputedBy.username })}</span>{' '}
                <time dateTime={disputedAt} title={showDateTime(disputedAt)}>
                  {relativeTime(disputedAt)}
                </time>
              </p>
              <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-700 dark:text-slate-300">{t('bets.common.reason', { reason })}</p>
              {url && (
                <div className="text-sm">
                  <PlayerLink url={url} kind="dispute" />
                </div>
              )}
              {decidedBy === 'jury' ? (
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                  <span>{t('bets.jury.seated', { count: bet.resolution.jurorsSeated })}</span>
                  <span>{t('bets.jury.votes', { cast: bet.resolution.votesCast, needed: bet.resolution.votesNeeded })}</span>
                  {bet.resolution.juryEndsAt && (
                    <span>
                      {tNodes('bets.disputes.juryEnds', {
                        date: showDateTime(bet.resolution.juryEndsAt),
                        countdown: <Countdown until={bet.resolution.juryEndsAt} />,
                      })}
                    </span>
                  )}
                </p>
              ) : (
                <div className="text-sm text-slate-700 dark:text-slate-300">
                  <p className="font-semibold text-amber-800 dark:text-amber-200">{t('bets.disputes.tooFew', { count: bet.resolution.jurorsSeated })}</p>
                  {bet.resolution.juryEndsAt && (
                    <p className="wrap-anywhere">
                      {bet.resolution.proposedOption === null
                        ? tNodes('bets.disputes.proposalStands', {
                            date: showDateTime(bet.resolution.juryEndsAt),
                            countdown: <Countdown until={bet.resolution.juryEndsAt} />,
                          })
                        : tNodes('bets.disputes.optionStands', {
                            option: optionName(bet.options, bet.resolution.proposedOption),
                            date: showDateTime(bet.resolution.juryEndsAt),
                            countdown: <Countdown until={bet.resolution.juryEndsAt} />,
                          })}
                    </p>
                  )}
                </div>
              )}
              <Button variant="secondary" size="sm" aria-label={t('bets.disputes.decideLabel', { title: bet.title })} onClick={() => setDeciding(bet)}>
                {t('bets.disputes.decide')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deciding && <ResolveBetDialog bet={deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}
