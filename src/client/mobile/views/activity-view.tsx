import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { relativeTime, showDateTime } from '../../lib/format.ts';
import { useActivities } from '../../features/activity/api.ts';
import { ACTIVITY_BADGES } from '../../features/activity/components/activity-page.tsx';
import { ErrorText, Loading } from '../components/mobile-ui.tsx';

/** Spec §2 mobile Activity feed: what happened, when, with a badge per kind. */
export function ActivityView() {
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useActivities(20);
  const items = data?.pages.flatMap((p) => p.activities) ?? [];
  if (isPending) return <Loading message="Loading activity..." />;
  if (isError) return <ErrorText>Failed to load activity</ErrorText>;
  if (items.length === 0) return <EmptyState title="No activity yet. Create a bet or add friends to get things going." />;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
        {items.map((a) => {
          const badge = ACTIVITY_BADGES[a.type] ?? { label: 'Activity', tone: 'neutral' as const };
          return (
            <li key={a.id} className="space-y-1 px-4 py-3">
              <div className="flex items-center justify-between gap-2">
                <Badge tone={badge.tone}>{badge.label}</Badge>
                <span className="text-xs text-slate-600 dark:text-slate-300">{relativeTime(a.createdAt)}</span>
              </div>
              <p className="text-sm break-words">
                <span className="font-semibold">{a.username}</span> · {a.description}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-300">{showDateTime(a.createdAt)}</p>
            </li>
          );
        })}
      </ul>
      {hasNextPage && (
        <Button variant="secondary" className="w-full" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
