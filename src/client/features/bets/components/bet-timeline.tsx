import type { BetTimeline } from '../../../../shared/schemas/bets.ts';
import { relativeTime, showDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useBetTimeline } from '../api.ts';
import { PlayerLink } from './evidence.tsx';

type TimelineEvent = BetTimeline['events'][number];

/** An option's label by its index, or its number when the bet no longer lists it. */
export const optionName = (options: string[], option: number) => options[option] ?? t('bets.timeline.optionNumber', { number: option + 1 });

/** One event in words: what happened, by whom, to which option (docs/product.md §4.6). */
export function describeEvent(event: TimelineEvent, options: string[]): string {
  const name = event.actor?.username;
  const option = event.option === undefined ? null : optionName(options, event.option);
  switch (event.kind) {
    case 'created':
      return name === undefined ? t('bets.timeline.created') : t('bets.timeline.createdBy', { name });
    case 'proposed':
      if (option === null) return name === undefined ? t('bets.timeline.proposed') : t('bets.timeline.proposedBy', { name });
      return name === undefined ? t('bets.timeline.proposedOption', { option }) : t('bets.timeline.proposedByOption', { name, option });
    case 'disputed':
      return name === undefined ? t('bets.timeline.disputed') : t('bets.timeline.disputedBy', { name });
    case 'voted':
      if (option === null) return name === undefined ? t('bets.timeline.voted') : t('bets.timeline.votedBy', { name });
      return name === undefined ? t('bets.timeline.votedOption', { option }) : t('bets.timeline.votedByOption', { name, option });
    case 'resolved':
      if (option === null) return name === undefined ? t('bets.timeline.resolved') : t('bets.timeline.resolvedBy', { name });
      return name === undefined ? t('bets.timeline.resolvedOption', { option }) : t('bets.timeline.resolvedByOption', { name, option });
    case 'voided':
      if (!event.text) return name === undefined ? t('bets.timeline.voided') : t('bets.timeline.voidedBy', { name });
      return name === undefined ? t('bets.timeline.voidedReason', { reason: event.text }) : t('bets.timeline.voidedByReason', { name, reason: event.text });
  }
}

/** What an event carries beyond its line: the evidence of a proposal, the reason of a dispute. */
function EventDetails({ event }: { event: TimelineEvent }) {
  // A voided event's text is its reason, said in its line already.
  const text = event.kind === 'voided' ? undefined : event.text;
  if (!text && !event.url) return null;
  return (
    <div className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-300">
      {text && <p className="whitespace-pre-wrap wrap-anywhere">{event.kind === 'disputed' ? t('bets.common.reason', { reason: text }) : text}</p>}
      {event.url && (event.kind === 'disputed' ? <PlayerLink url={event.url} kind="dispute" /> : <PlayerLink url={event.url} />)}
    </div>
  );
}

function TimelineSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">{t('bets.timeline.loading')}</span>
      <ul aria-hidden className="space-y-3">
        {[0, 1, 2].map((i) => (
          <li key={i} className="space-y-1.5">
            <div className="h-3 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What happened to the bet, oldest first: made, proposed, disputed, voted on, resolved or voided. */
export function BetTimelineSection({ betId, options }: { betId: number; options: string[] }) {
  const { data, isPending, isError } = useBetTimeline(betId);
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="mb-3 text-lg font-bold">
        {t('bets.timeline.heading')}
      </h2>
      {isPending ? (
        <TimelineSkeleton />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('bets.timeline.loadFailed')}
        </p>
      ) : data.events.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('bets.timeline.empty')}</p>
      ) : (
        <ol aria-label={t('bets.timeline.heading')} className="space-y-3 border-s-2 border-slate-200 ps-4 dark:border-slate-700">
          {data.events.map((event, i) => (
            <li key={`${event.at}-${event.kind}-${i}`} className="min-w-0">
              <time dateTime={event.at} title={relativeTime(event.at)} className="block text-xs text-slate-600 dark:text-slate-400">
                {showDateTime(event.at)}
              </time>
              <p className="text-sm font-medium wrap-anywhere">{describeEvent(event, options)}</p>
              <EventDetails event={event} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
