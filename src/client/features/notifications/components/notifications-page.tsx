import { Bell } from 'lucide-react';
import { ScreenLink, ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { Loading, Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { relativeTime } from '../../../lib/format.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api.ts';
import { NotificationSettings } from '../notification-settings.tsx';

const linkClass = 'inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50 dark:text-brand-100 dark:ring-slate-700 dark:hover:bg-slate-800';

/** Notifications (the bell, and a view in the narrow frame; docs/product.md §13.6): the list with read marks, and which kinds to receive. */
export function NotificationsPage() {
  const { narrow, goBack } = useScreenNav();
  const { data, isPending } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const list = data?.notifications ?? [];
  const unread = data?.unreadCount ?? 0;
  return (
    <div className="max-w-3xl space-y-6">
      {narrow && <BackButton label="Back" onClick={() => goBack({ name: 'settings' })} />}
      <ScreenTitle>Notifications</ScreenTitle>
      <Section
        title={unread > 0 ? `${unread} unread` : 'All read'}
        action={
          <Button variant="secondary" size="sm" disabled={unread === 0} onClick={() => markAll.mutate(undefined)}>
            Mark all read
          </Button>
        }
      >
        {isPending ? (
          <Loading message="Loading notifications..." />
        ) : list.length === 0 ? (
          <EmptyState icon={<Bell className="h-10 w-10" />} title="No notifications yet" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
            {list.map((n) => (
              <li key={n.id} className="space-y-2 px-4 py-3" data-testid="notification">
                <div className="flex items-start gap-3">
                  <span aria-hidden className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {n.title}
                      {!n.read && <span className="sr-only"> (unread)</span>}
                    </p>
                    <p className="text-sm wrap-anywhere text-slate-700 dark:text-slate-300">{n.body}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-300">{relativeTime(n.createdAt)}</p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 pl-5">
                  {n.betId && (
                    <ScreenLink to={{ name: 'bet', id: n.betId }} className={linkClass}>
                      View bet
                    </ScreenLink>
                  )}
                  {n.conversationId && (
                    <ScreenLink to={{ name: 'conversation', id: n.conversationId }} className={linkClass}>
                      Open chat
                    </ScreenLink>
                  )}
                  {n.crewId && (
                    <ScreenLink to={{ name: 'crew', id: n.crewId }} className={linkClass}>
                      Open crew
                    </ScreenLink>
                  )}
                  {!n.read && (
                    <Button variant="ghost" size="sm" onClick={() => markRead.mutate(n.id)} aria-label={`Mark "${n.title}" read`}>
                      Mark read
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <NotificationSettings />
    </div>
  );
}
