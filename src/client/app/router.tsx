import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { needsProfileSetup } from '../../shared/schemas/users.ts';
import { FullScreenLoader } from '../components/ui/spinner.tsx';
import { AuthCallbackPage } from '../features/auth/components/auth-callback-page.tsx';
import { CompleteProfilePage } from '../features/auth/components/complete-profile-page.tsx';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { useAuth } from '../features/auth/hooks/use-auth.tsx';
import { AppLayout } from './app-layout.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { BetDetailPage } from '../features/bets/components/bet-detail-page.tsx';
import { MyBetsPage } from '../features/bets/components/my-bets-page.tsx';
import { FriendsPage } from '../features/friends/components/friends-page.tsx';
import { ProfilePage } from '../features/profile/components/profile-page.tsx';
import { ActivityPage } from '../features/activity/components/activity-page.tsx';
import { AdminPage, ReportsPage, UserManagementPage } from '../features/admin/components/admin-pages.tsx';
import { MessagesPage } from '../features/chat/components/messages-page.tsx';
import { LeaderboardPage } from '../features/leaderboard/components/leaderboard-page.tsx';
import { NotificationsPage } from '../features/notifications/components/notifications-page.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { EventsPage } from '../features/statistics/components/events-page.tsx';
import { InsightsPage } from '../features/statistics/components/insights-page.tsx';
import { StatisticsPage } from '../features/statistics/components/statistics-page.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { MobileApp } from '../mobile/mobile-app.tsx';
import { useIsMobile } from '../mobile/use-is-mobile.ts';

/**
 * Spec §2's gate in front of every signed-in screen: a spinner while the user loads, the
 * landing page when signed out, profile setup while the username is still generated.
 */
function SignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const isMobile = useIsMobile();
  if (status === 'loading') return <FullScreenLoader message="Loading Betbro..." />;
  if (!user) return <LandingPage />;
  if (needsProfileSetup(user.username)) return <CompleteProfilePage />;
  if (isMobile) return <MobileApp />;
  return <AppLayout>{children}</AppLayout>;
}

/** Every signed-in screen of spec §2, plus bet deep links. */
const SIGNED_IN_ROUTES: { path: string; element: ReactNode }[] = [
  { path: '/', element: <DashboardPage /> },
  { path: '/bets/:id', element: <BetDetailPage /> },
  { path: '/friends', element: <FriendsPage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/my-bets', element: <MyBetsPage /> },
  { path: '/leaderboard', element: <LeaderboardPage /> },
  { path: '/activities', element: <ActivityPage /> },
  { path: '/messages', element: <MessagesPage /> },
  { path: '/events', element: <EventsPage /> },
  { path: '/statistics', element: <StatisticsPage /> },
  { path: '/insights', element: <InsightsPage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/admin', element: <AdminPage /> },
  { path: '/user-management', element: <UserManagementPage /> },
  { path: '/reports', element: <ReportsPage /> },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth-callback" element={<AuthCallbackPage />} />
      {SIGNED_IN_ROUTES.map(({ path, element }) => (
        <Route key={path} path={path} element={<SignedIn>{element}</SignedIn>} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
