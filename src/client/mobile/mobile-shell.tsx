import { Bell, Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../features/auth/hooks/use-auth.tsx';
import { useNotifications } from '../features/notifications/api.ts';
import { usePreferences } from '../features/profile/api.ts';
import { useLiveUpdates } from '../app/use-live-updates.ts';
import { showAmount } from '../lib/format.ts';
import { applyTheme } from '../lib/theme.ts';
import { BottomBar } from './bottom-bar.tsx';
import { useMobileNavigation, type MobileView } from './navigation.tsx';
import { SlideInMenu } from './slide-in-menu.tsx';
import { VIEW_TITLES } from './view-catalog.ts';
import { ActiveBetsView } from './views/active-bets-view.tsx';
import { ActivityView } from './views/activity-view.tsx';
import { AdminPanelView } from './views/admin-panel-view.tsx';
import { BetView } from './views/bet-view.tsx';
import { DashboardView } from './views/dashboard-view.tsx';
import { EventsView } from './views/events-view.tsx';
import { FriendProfileView } from './views/friend-profile-view.tsx';
import { FriendsView } from './views/friends-view.tsx';
import { InsightsView } from './views/insights-view.tsx';
import { LeaderboardView } from './views/leaderboard-view.tsx';
import { ConversationView, MessagesView } from './views/messages-view.tsx';
import { MyBetsView } from './views/my-bets-view.tsx';
import { MyProfileView } from './views/my-profile-view.tsx';
import { NotificationsView } from './views/notifications-view.tsx';
import { PasswordChangeView } from './views/password-change-view.tsx';
import { PrivacyView } from './views/privacy-view.tsx';
import { ProfileEditView } from './views/profile-edit-view.tsx';
import { ReportsView } from './views/reports-view.tsx';
import { SettingsView } from './views/settings-view.tsx';
import { StatisticsView } from './views/statistics-view.tsx';
import { UserManagementView } from './views/user-management-view.tsx';

function CurrentView({ view }: { view: MobileView }) {
  switch (view.name) {
    case 'dashboard':
      return <DashboardView />;
    case 'bets':
      return <ActiveBetsView />;
    case 'bet':
      return <BetView id={view.id} />;
    case 'friends':
      return <FriendsView />;
    case 'profile-view':
      return <FriendProfileView id={view.id} />;
    case 'leaderboard':
      return <LeaderboardView />;
    case 'profile':
      return <MyProfileView />;
    case 'my-bets':
      return <MyBetsView />;
    case 'activity':
      return <ActivityView />;
    case 'messages':
      return <MessagesView />;
    case 'conversation':
      return <ConversationView id={view.id} />;
    case 'events':
      return <EventsView />;
    case 'statistics':
      return <StatisticsView />;
    case 'insights':
      return <InsightsView />;
    case 'settings':
      return <SettingsView />;
    case 'profile-edit':
      return <ProfileEditView />;
    case 'password-change':
      return <PasswordChangeView />;
    case 'notifications':
      return <NotificationsView />;
    case 'privacy':
      return <PrivacyView />;
    case 'admin':
      return <AdminPanelView />;
    case 'user-management':
      return <UserManagementView />;
    case 'reports':
      return <ReportsView />;
  }
}

function NotificationsButton({ onClick }: { onClick: () => void }) {
  const unread = useNotifications().data?.unreadCount ?? 0;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
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

/**
 * The signed-in app under 768 px (spec §2 'Mobile shell'): a header with the menu, the view's
 * title and the bell; the current view; the bottom bar; the slide-in menu.
 */
export function MobileShell() {
  const user = useCurrentUser();
  useLiveUpdates(user.id);
  const theme = usePreferences().data?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);

  const { view, navigate } = useMobileNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  // A screen reader hears where a tap led: focus goes to the new view's title (not on first paint).
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    heading.current?.focus({ preventScroll: true });
  }, [view]);

  const select = (name: MobileView['name']) => {
    setMenuOpen(false);
    navigate({ name });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 flex items-center gap-1 border-b border-slate-200 bg-white px-2 pt-[env(safe-area-inset-top)] dark:border-slate-800 dark:bg-slate-900">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Menu aria-hidden className="h-6 w-6" />
        </button>
        <div className="min-w-0 flex-1 py-1.5">
          <h1 ref={heading} tabIndex={-1} className="truncate text-lg leading-tight font-bold focus:outline-none" data-testid="view-title">
            {VIEW_TITLES[view.name]}
          </h1>
          <p className="truncate text-xs text-slate-700 dark:text-slate-300">
            <span data-testid="current-username">{user.username}</span>
            {' · '}
            <span data-testid="current-balance">{showAmount(user.balance)}</span>
          </p>
        </div>
        <NotificationsButton onClick={() => navigate({ name: 'notifications' })} />
      </header>
      <main id="mobile-main" className="w-full min-w-0 flex-1 px-4 pt-4 pb-28">
        <CurrentView view={view} />
      </main>
      <BottomBar current={view.name} onSelect={(name) => navigate({ name })} />
      <SlideInMenu open={menuOpen} onOpenChange={setMenuOpen} current={view.name} onSelect={select} />
    </div>
  );
}
