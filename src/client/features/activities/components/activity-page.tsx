import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { ScreenTitle } from '../../../lib/screen-nav.tsx';
import { relativeTime, showDateTime } from '../../../lib/format.ts';
import { useActivities } from '../api.ts';

/** The activity types and their badges (docs/product.md §6.6). */
export const ACTIVITY_BADGES: Record<string, { label: string; tone: 'brand' | 'success' | 'danger' | 'warning' | 'neutral' }> = {
  bet_created: { label: 'Created', tone: 'brand' },
  bet_placed: { label: 'Participated', tone: 'brand' },
  bet_resolved: { label: 'Resolved', tone: 'neutral' },
  bet_won: { label: 'Won', tone: 'success' },
  bet_lost: { label: 'Lost', tone: 'danger' },
  bet_refunded: { label: 'Refunded', tone: 'warning' },
  friend_request_sent: { label: 'Friend request', tone: 'neutral' },
  friend_accepted: { label: 'New friend', tone: 'success' },
};

export function ActivityPage() {
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useActivities(20);
  const items = data?.pages.flatMap((p) => p.activities) ?? [];
  return (
    <div className="space-y-6">
      <ScreenTitle>Activity</ScreenTitle>
      {isPending ? (
        <Loading message="Loading activity..." />
      ) : isError ? (
        <ErrorText>Failed to load activity</ErrorText>
      ) : items.length === 0 ? (
        <EmptyState title="No activity yet. Create a bet or add friends to get things going." />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {items.map((a) => {
            const badge = ACTIVITY_BADGES[a.type] ?? { label: 'Activity', tone: 'neutral' as const };
            return (
              <li key={a.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-3">
                <Badge tone={badge.tone}>{badge.label}</Badge>
                <div className="min-w-0 flex-1">
                  {/* The server words each line whole, for its reader ("You ...", "Bob and Carol ..."). */}
                  <p className="text-sm break-words">{a.description}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-300">
                    {showDateTime(a.createdAt) === relativeTime(a.createdAt) ? relativeTime(a.createdAt) : `${showDateTime(a.createdAt)} · ${relativeTime(a.createdAt)}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {hasNextPage && (
        <Button variant="secondary" className="w-full md:w-auto" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
