import { Scale } from 'lucide-react';
import { ErrorText, Loading } from '../../components/ui/blocks.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { relativeTime, showDateTime } from '../../lib/format.ts';
import { ScreenLink } from '../../lib/screen-nav.tsx';
import { useOpenDisputes } from './api.ts';
import { PlayerLink } from './components/evidence.tsx';
import { Countdown } from './components/jury.tsx';

/**
 * The jury bets an admin should watch (docs/product.md §4.6), newest dispute first: each bet (to
 * its page), who disputed it and why, the jury's votes and when it ends. The admin Bet Management
 * and the dashboard's Admin Panel show it above the bets.
 */
export function OpenDisputesSection() {
  const { data, isPending, isError } = useOpenDisputes();
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
          {data.disputes.map(({ bet, disputedBy, reason, url, disputedAt }) => (
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
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                <span>
                  Votes: {bet.resolution.votesCast} of {bet.resolution.votesNeeded}
                </span>
                {bet.resolution.juryEndsAt && (
                  <span>
                    Jury ends {showDateTime(bet.resolution.juryEndsAt)} (<Countdown until={bet.resolution.juryEndsAt} />)
                  </span>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
