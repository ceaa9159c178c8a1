import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { ScreenTitle } from '../../../lib/screen-nav.tsx';
import { relativeTime, showDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useActivities } from '../api.ts';

type Tone = 'brand' | 'success' | 'danger' | 'warning' | 'neutral';

/** The activity types and their badges (docs/product.md §6.6), in the reader's language. */
export const activityBadges = (): Record<string, { label: string; tone: Tone }> => ({
  bet_created: { label: t('activities.badge.created'), tone: 'brand' },
  bet_placed: { label: t('activities.badge.participated'), tone: 'brand' },
  bet_resolved: { label: t('activities.badge.resolved'), tone: 'neutral' },
  bet_won: { label: t('activities.badge.won'), tone: 'success' },
  bet_lost: { label: t('activities.badge.lost'), tone: 'danger' },
  bet_refunded: { label: t('activities.badge.refunded'), tone: 'warning' },
  friend_request_sent: { label: t('activities.badge.friendRequest'), tone: 'neutral' },
  friend_accepted: { label: t('activities.badge.newFriend'), tone: 'success' },
});

export function ActivityPage() {
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useActivities(20);
  const items = data?.pages.flatMap((p) => p.activities) ?? [];
  const badges = activityBadges();
  return (
    <div className="space-y-6">
      <ScreenTitle>{t('activities.page.title')}</ScreenTitle>
      {isPending ? (
        <Loading message={t('activities.page.loading')} />
      ) : isError ? (
        <ErrorText>{t('activities.page.loadError')}</ErrorText>
      ) : items.length === 0 ? (
        <EmptyState title={t('activities.page.empty')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {items.map((a) => {
            const badge = badges[a.type] ?? { label: t('activities.badge.other'), tone: 'neutral' as const };
            return (
              <li key={a.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-3">
                <Badge tone={badge.tone}>{badge.label}</Badge>
                <div className="min-w-0 flex-1">
                  {/* The server words each line whole, for its reader ("You ...", "Bob and Carol ..."). */}
                  <p className="text-sm break-words">{a.description}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-300">
                    {showDateTime(a.createdAt) === relativeTime(a.createdAt)
                      ? relativeTime(a.createdAt)
                      : t('activities.item.when', { date: showDateTime(a.createdAt), ago: relativeTime(a.createdAt) })}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {hasNextPage && (
        <Button variant="secondary" className="w-full md:w-auto" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? t('activities.page.loadingMore') : t('activities.page.loadMore')}
        </Button>
      )}
    </div>
  );
}
