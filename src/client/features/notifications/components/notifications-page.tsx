import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relativeTime } from '../../../lib/format.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api.ts';

export function NotificationsPage() {
  const { data, isPending } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const list = data?.notifications ?? [];
  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex items-center justify-between">
        <h1 className="text-3xl font-bold">Notifications</h1>
        <Button variant="secondary" disabled={(data?.unreadCount ?? 0) === 0} onClick={() => markAll.mutate(undefined)}>
          Mark all read
        </Button>
      </div>
      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading notifications...
        </p>
      ) : list.length === 0 ? (
        <EmptyState icon={<Bell className="h-10 w-10" />} title="No notifications yet" />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {list.map((n) => (
            <li key={n.id} className="flex items-start gap-3 px-4 py-3" data-testid="notification">
              <span aria-hidden className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`} />
              <div className="flex-1">
                <p className="font-semibold">
                  {n.title}
                  {!n.read && <span className="sr-only"> (unread)</span>}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">{n.body}</p>
                <p className="text-xs text-slate-500">
                  {relativeTime(n.createdAt)}
                  {n.betId && (
                    <>
                      {' · '}
                      <Link to={`/bets/${n.betId}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
                        View bet
                      </Link>
                    </>
                  )}
                  {n.conversationId && (
                    <>
                      {' · '}
                      <Link to={`/messages?c=${n.conversationId}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
                        Open chat
                      </Link>
                    </>
                  )}
                </p>
              </div>
              {!n.read && (
                <Button variant="ghost" size="sm" onClick={() => markRead.mutate(n.id)} aria-label={`Mark "${n.title}" read`}>
                  Mark read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
