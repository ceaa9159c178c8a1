import {
  Activity,
  BarChart3,
  Bell,
  CalendarClock,
  FileBarChart,
  Handshake,
  Home,
  KeyRound,
  Lightbulb,
  ListChecks,
  MessageCircle,
  MessagesSquare,
  Pencil,
  Settings,
  Shield,
  ShieldCheck,
  Target,
  Trophy,
  User,
  UserRound,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen.ts';
import type { ViewName } from '../lib/view-names.ts';

/**
 * The desktop sidebar's sections (docs/product.md §13.2), in their order. Each title is worded in
 * the reader's language when it is read (a getter): never read one at a module's top level.
 */
export const SECTIONS = [
  { id: 'main', get title() { return t('app.sections.main'); } },
  { id: 'betting', get title() { return t('app.sections.betting'); } },
  { id: 'social', get title() { return t('app.sections.social'); } },
  { id: 'analytics', get title() { return t('app.sections.analytics'); } },
  { id: 'admin', get title() { return t('app.sections.admin'); }, adminOnly: true },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

export interface ScreenEntry {
  /**
   * The heading of the screen, and its name in the sidebar and the slide-in menu: a getter that
   * words it in the reader's language when read, so never read at a module's top level.
   */
  title: string;
  icon: LucideIcon;
  /** The desktop address (`:id` for the thing shown); none for views only the narrow frame has. */
  path?: string;
  /** The desktop sidebar section that lists it. */
  section?: SectionId;
  /** Listed in the narrow frame's slide-in menu (the admins' part when `section` is 'admin'). */
  menu?: boolean;
  /**
   * Its label in the narrow frame's bottom bar; a soft hyphen (U+00AD) marks where a label too wide
   * for a fifth of a small phone may go on to a second line (without a hyphen shown or read out).
   * A getter too, in the reader's language; `'tab' in entry` says whether there is one.
   */
  tab?: string;
  /** The screen, in both frames. */
  screen: LazyScreen;
  /** Only where the narrow layout really differs: what the narrow frame shows instead. */
  narrow?: LazyScreen;
}

const adminPages = () => import('../features/admin/components/admin-pages.tsx');

/**
 * Every signed-in screen, once: its address, title, place in the navigation, and code. The
 * desktop router, the sidebar, the narrow frame's views, bottom bar and menu are all read from
 * here; the order is the slide-in menu's (docs/product.md §13.3).
 */
export const SCREENS: Record<ViewName, ScreenEntry> = {
  dashboard: {
    get title() { return t('app.screens.dashboard.title'); },
    icon: Home, path: '/', section: 'main', menu: true,
    get tab() { return t('app.screens.dashboard.tab'); },
    screen: lazyScreen(() => import('../features/dashboard/components/dashboard-page.tsx'), (m) => m.DashboardPage),
    narrow: lazyScreen(() => import('../features/dashboard/components/dashboard-narrow.tsx'), (m) => m.DashboardView),
  },
  bets: {
    get title() { return t('app.screens.bets.title'); },
    icon: Target, menu: true,
    get tab() { return t('app.screens.bets.tab'); },
    screen: lazyScreen(() => import('../features/bets/components/active-bets-screen.tsx'), (m) => m.ActiveBetsView),
  },
  friends: {
    get title() { return t('app.screens.friends.title'); },
    icon: Users, path: '/friends', section: 'social', menu: true,
    get tab() { return t('app.screens.friends.tab'); },
    screen: lazyScreen(() => import('../features/friends/components/friends-page.tsx'), (m) => m.FriendsPage),
  },
  leaderboard: {
    get title() { return t('app.screens.leaderboard.title'); },
    icon: Trophy, path: '/leaderboard', section: 'betting', menu: true,
    get tab() { return t('app.screens.leaderboard.tab'); },
    screen: lazyScreen(() => import('../features/leaderboard/components/leaderboard-page.tsx'), (m) => m.LeaderboardPage),
  },
  profile: {
    get title() { return t('app.screens.profile.title'); },
    icon: User, path: '/profile', section: 'main', menu: true,
    get tab() { return t('app.screens.profile.tab'); },
    screen: lazyScreen(() => import('../features/profiles/components/profile-page.tsx'), (m) => m.ProfilePage),
  },
  'my-bets': {
    get title() { return t('app.screens.myBets.title'); },
    icon: ListChecks, path: '/my-bets', section: 'betting', menu: true,
    screen: lazyScreen(() => import('../features/bets/components/my-bets-page.tsx'), (m) => m.MyBetsPage),
  },
  activity: {
    get title() { return t('app.screens.activity.title'); },
    icon: Activity, path: '/activities', section: 'social', menu: true,
    screen: lazyScreen(() => import('../features/activities/components/activity-page.tsx'), (m) => m.ActivityPage),
  },
  messages: {
    get title() { return t('app.screens.messages.title'); },
    icon: MessageCircle, path: '/messages', section: 'social', menu: true,
    screen: lazyScreen(() => import('../features/chat/components/messages-page.tsx'), (m) => m.MessagesPage),
  },
  crews: {
    get title() { return t('app.screens.crews.title'); },
    icon: Handshake, path: '/crews', section: 'social', menu: true,
    screen: lazyScreen(() => import('../features/crews/components/crews-page.tsx'), (m) => m.CrewsPage),
  },
  events: {
    get title() { return t('app.screens.events.title'); },
    icon: CalendarClock, path: '/events', section: 'betting', menu: true,
    screen: lazyScreen(() => import('../features/statistics/components/events-page.tsx'), (m) => m.EventsPage),
  },
  statistics: {
    get title() { return t('app.screens.statistics.title'); },
    icon: BarChart3, path: '/statistics', section: 'analytics', menu: true,
    screen: lazyScreen(() => import('../features/statistics/components/statistics-page.tsx'), (m) => m.StatisticsPage),
  },
  insights: {
    get title() { return t('app.screens.insights.title'); },
    icon: Lightbulb, path: '/insights', section: 'analytics', menu: true,
    screen: lazyScreen(() => import('../features/statistics/components/insights-page.tsx'), (m) => m.InsightsPage),
  },
  settings: {
    get title() { return t('app.screens.settings.title'); },
    icon: Settings, path: '/settings', section: 'main', menu: true,
    screen: lazyScreen(() => import('../features/settings/components/settings-page.tsx'), (m) => m.SettingsPage),
  },
  admin: {
    get title() { return t('app.screens.admin.title'); },
    icon: Shield, path: '/admin', section: 'admin', menu: true,
    screen: lazyScreen(adminPages, (m) => m.AdminPage),
  },
  'user-management': {
    get title() { return t('app.screens.userManagement.title'); },
    icon: UsersRound, path: '/user-management', section: 'admin', menu: true,
    screen: lazyScreen(adminPages, (m) => m.UserManagementPage),
  },
  reports: {
    get title() { return t('app.screens.reports.title'); },
    icon: FileBarChart, path: '/reports', section: 'admin', menu: true,
    screen: lazyScreen(adminPages, (m) => m.ReportsPage),
  },
  bet: {
    get title() { return t('app.screens.bet.title'); },
    icon: Target, path: '/bets/:id',
    screen: lazyScreen(() => import('../features/bets/components/bet-detail-page.tsx'), (m) => m.BetDetailPage),
  },
  crew: {
    get title() { return t('app.screens.crew.title'); },
    icon: Handshake, path: '/crews/:id/:tab?',
    screen: lazyScreen(() => import('../features/crews/components/crew-page.tsx'), (m) => m.CrewPage),
  },
  'profile-view': {
    get title() { return t('app.screens.profileView.title'); },
    icon: UserRound,
    screen: lazyScreen(() => import('../features/friends/components/friend-profile.tsx'), (m) => m.FriendProfileView),
  },
  conversation: {
    get title() { return t('app.screens.conversation.title'); },
    icon: MessagesSquare,
    screen: lazyScreen(() => import('../features/chat/components/messages-page.tsx'), (m) => m.ConversationScreen),
  },
  notifications: {
    get title() { return t('app.screens.notifications.title'); },
    icon: Bell, path: '/notifications',
    screen: lazyScreen(() => import('../features/notifications/components/notifications-page.tsx'), (m) => m.NotificationsPage),
  },
  'profile-edit': {
    get title() { return t('app.screens.profileEdit.title'); },
    icon: Pencil,
    screen: lazyScreen(() => import('../features/profiles/components/profile-edit-screen.tsx'), (m) => m.ProfileEditView),
  },
  'password-change': {
    get title() { return t('app.screens.passwordChange.title'); },
    icon: KeyRound,
    screen: lazyScreen(() => import('../features/settings/components/password-change-screen.tsx'), (m) => m.PasswordChangeView),
  },
  privacy: {
    get title() { return t('app.screens.privacy.title'); },
    icon: ShieldCheck,
    screen: lazyScreen(() => import('../features/settings/components/privacy-screen.tsx'), (m) => m.PrivacyView),
  },
};

export const SCREEN_NAMES = Object.keys(SCREENS) as ViewName[];

/** What the narrow frame shows for a view: its narrow variant, else the one screen. */
export const narrowScreen = (name: ViewName): LazyScreen => SCREENS[name].narrow ?? SCREENS[name].screen;

/** The desktop address of a view, or null for views only the narrow frame has. */
export function pathOf(name: ViewName, id?: number, tab?: string): string | null {
  if (name === 'conversation') return id === undefined ? '/messages' : `/messages?c=${id}`;
  const path = SCREENS[name].path;
  if (path === undefined) return null;
  return path.replace(':id', String(id ?? '')).replace('/:tab?', tab ? `/${tab}` : '');
}
