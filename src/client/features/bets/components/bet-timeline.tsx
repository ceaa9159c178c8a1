import type { BetTimeline } from '../../../../shared/schemas/bets.ts';
import { relativeTime, showDateTime } from '../../../lib/format.ts';
import { useBetTimeline } from '../api.ts';
import { PlayerLink } from './evidence.tsx';

type TimelineEvent = BetTimeline['events'][number];

/** An option's label by its index, or its number when the bet no longer lists it. */
export const optionName = (options: string[], option: number) => options[option] ?? `Option ${option + 1}`;

/** One event in words: what happened, by whom, to which option (docs/product.md §4.6). */
export function describeEvent(event: TimelineEvent, options: string[]): string {
  const by = event.actor ? ` by ${event.actor.username}` : '';
  const picked = event.option === undefined ? null : optionName(options, event.option);
  switch (event.kind) {
    case 'created':
      return `Created${by}`;
    case 'proposed':
      return `Result proposed${by}${picked === null ? '' : `: ${picked}`}`;
    case 'disputed':
      return `Disputed${by}`;
    case 'voted':
      return `Vote cast${by}${picked === null ? '' : `: ${picked}`}`;
    case 'resolved':
      return `Resolved${by}${picked === null ? '' : `: ${picked} won`}`;
    case 'voided':
      return `Voided${by}${event.text ? ` (${event.text})` : ''}`;
  }
}

/** What an event carries beyond its line: the evidence of a proposal, the reason of a dispute. */
function EventDetails({ event }: { event: TimelineEvent }) {
  // A voided event's text is its reason, said in its line already.
  const text = event.kind === 'voided' ? undefined : event.text;
  if (!text && !event.url) return null;
  return (
    <div className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-300">
      {text && <p className="whitespace-pre-wrap wrap-anywhere">{event.kind === 'disputed' ? `Reason: ${text}` : text}</p>}
      {event.url && (event.kind === 'disputed' ? <PlayerLink url={event.url} label="Dispute link" noun="Link" /> : <PlayerLink url={event.url} />)}
    </div>
  );
}

function TimelineSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading timeline...</span>
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
        Timeline
      </h2>
      {isPending ? (
        <TimelineSkeleton />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Failed to load the timeline
        </p>
      ) : data.events.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Nothing has happened yet.</p>
      ) : (
        <ol aria-label="Timeline" className="space-y-3 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
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
