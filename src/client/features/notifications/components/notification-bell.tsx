import { Bell } from 'lucide-react';
import { t } from '../../../lib/i18n.ts';
import { useNotifications } from '../api.ts';

/** The bell in both frames' top bars, with the unread count; it opens the notifications screen. */
export function NotificationBell({ onOpen }: { onOpen: () => void }) {
  const unread = useNotifications().data?.unreadCount ?? 0;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={unread > 0 ? t('notifications.bell.labelUnread', { count: unread }) : t('notifications.bell.label')}
      className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Bell aria-hidden className="h-6 w-6" />
      {unread > 0 && (
        <span data-testid="unread-count" className="absolute top-1 right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white">
          {unread}
        </span>
      )}
    </button>
  );
}
