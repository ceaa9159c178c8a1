import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { relativeTime } from '../../../lib/format.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api.ts';

/** The bell with the unread count; its panel lists the latest notifications. */
export function NotificationBell() {
  const { data } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = data?.unreadCount ?? 0;
  const latest = data?.notifications.slice(0, 8) ?? [];
  return (
    <Popover.Root>
      <Popover.Trigger
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Bell aria-hidden className="h-5 w-5" />
        {unread > 0 && (
          <span data-testid="unread-count" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white">
            {unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-96 rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <div className="mb-2 flex items-center justify-between">
            <h2 className="font-bold">Notifications</h2>
            <Button variant="ghost" size="sm" disabled={unread === 0} onClick={() => markAll.mutate(undefined)}>
              Mark all read
            </Button>
          </div>
          {latest.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">You're all caught up.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {latest.map((n) => (
                <li key={n.id} className="flex gap-3 py-2.5">
                  <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`} />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-semibold">{n.title}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{n.body}</p>
                    <p className="text-xs text-slate-500">{relativeTime(n.createdAt)}</p>
                  </div>
                  {!n.read && (
                    <Button variant="ghost" size="sm" onClick={() => markRead.mutate(n.id)} aria-label={`Mark "${n.title}" read`}>
                      Read
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Link to="/notifications" className="mt-3 block text-center text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
            See all notifications
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
