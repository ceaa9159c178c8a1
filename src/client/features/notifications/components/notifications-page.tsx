import { Bell } from 'lucide-react';
import { ScreenLink, ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { Loading, Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { relativeTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
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
      {narrow && <BackButton label={t('notifications.page.back')} onClick={() => goBack({ name: 'settings' })} />}
      <ScreenTitle>{t('notifications.page.title')}</ScreenTitle>
      <Section
        title={unread > 0 ? t('notifications.page.unreadCount', { count: unread }) : t('notifications.page.allRead')}
        action={
          <Button variant="secondary" size="sm" disabled={unread === 0} onClick={() => markAll.mutate(undefined)}>
            {t('notifications.page.markAllRead')}
          </Button>
        }
      >
        {isPending ? (
          <Loading message={t('notifications.page.loading')} />
        ) : list.length === 0 ? (
          <EmptyState icon={<Bell className="h-10 w-10" />} title={t('notifications.page.empty')} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
            {list.map((n) => (
              <li key={n.id} className="space-y-2 px-4 py-3" data-testid="notification">
                <div className="flex items-start gap-3">
                  <span aria-hidden className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">
                      {n.title}
                      {!n.read && <span className="sr-only"> {t('notifications.page.unreadMark')}</span>}
                    </p>
                    <p className="text-sm wrap-anywhere text-slate-700 dark:text-slate-300">{n.body}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-300">{relativeTime(n.createdAt)}</p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 ps-5">
                  {n.betId && (
                    <ScreenLink to={{ name: 'bet', id: n.betId }} className={linkClass}>
                      {t('notifications.page.viewBet')}
                    </ScreenLink>
                  )}
                  {n.conversationId && (
                    <ScreenLink to={{ name: 'conversation', id: n.conversationId }} className={linkClass}>
                      {t('notifications.page.openChat')}
                    </ScreenLink>
                  )}
                  {n.crewId && (
                    <ScreenLink to={{ name: 'crew', id: n.crewId }} className={linkClass}>
                      {t('notifications.page.openCrew')}
                    </ScreenLink>
                  )}
                  {!n.read && (
                    <Button variant="ghost" size="sm" onClick={() => markRead.mutate(n.id)} aria-label={t('notifications.page.markReadLabel', { title: n.title })}>
                      {t('notifications.page.markRead')}
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
