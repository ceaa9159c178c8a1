import { Scale } from 'lucide-react';
import { useState } from 'react';
import type { Bet } from '../../../shared/schemas/bets.ts';
import { ErrorText, Loading } from '../../components/ui/blocks.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { countOf, relativeTime, showDateTime } from '../../lib/format.ts';
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
        Open disputes
      </h2>
      {isPending ? (
        <Loading message="Loading disputes..." />
      ) : isError ? (
        <ErrorText>Failed to fetch disputes</ErrorText>
      ) : data.disputes.length === 0 ? (
        <EmptyState icon={<Scale className="h-8 w-8" />} title="No open disputes" />
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
                <span className="wrap-anywhere">Disputed by {disputedBy.username}</span>{' '}
                <time dateTime={disputedAt} title={showDateTime(disputedAt)}>
                  {relativeTime(disputedAt)}
                </time>
              </p>
              <p className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-700 dark:text-slate-300">Reason: {reason}</p>
              {url && (
                <div className="text-sm">
                  <PlayerLink url={url} label="Dispute link" noun="Link" />
                </div>
              )}
              {decidedBy === 'jury' ? (
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                  <span>{countOf(bet.resolution.jurorsSeated, 'juror')} seated</span>
                  <span>
                    Votes: {bet.resolution.votesCast} of {bet.resolution.votesNeeded}
                  </span>
                  {bet.resolution.juryEndsAt && (
                    <span>
                      Jury ends {showDateTime(bet.resolution.juryEndsAt)} (<Countdown until={bet.resolution.juryEndsAt} />)
                    </span>
                  )}
                </p>
              ) : (
                <div className="text-sm text-slate-700 dark:text-slate-300">
                  <p className="font-semibold text-amber-800 dark:text-amber-200">
                    {bet.resolution.jurorsSeated === 0 ? 'No juror could be seated' : `Only ${countOf(bet.resolution.jurorsSeated, 'juror')} could be seated`}: an
                    admin decides.
                  </p>
                  {bet.resolution.juryEndsAt && (
                    <p className="wrap-anywhere">
                      Otherwise {bet.resolution.proposedOption === null ? 'the proposed result' : optionName(bet.options, bet.resolution.proposedOption)} stands on{' '}
                      {showDateTime(bet.resolution.juryEndsAt)} (<Countdown until={bet.resolution.juryEndsAt} />)
                    </p>
                  )}
                </div>
              )}
              <Button variant="secondary" size="sm" aria-label={`Decide ${bet.title}`} onClick={() => setDeciding(bet)}>
                Decide
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deciding && <ResolveBetDialog bet={deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}
