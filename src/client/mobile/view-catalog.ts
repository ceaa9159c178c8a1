import {
  Activity,
  BarChart3,
  CalendarClock,
  FileBarChart,
  Home,
  Lightbulb,
  ListChecks,
  MessageCircle,
  Settings,
  Shield,
  Target,
  Trophy,
  User,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import type { ViewName } from './navigation.tsx';

/** What the header calls each view. */
export const VIEW_TITLES: Record<ViewName, string> = {
  dashboard: 'Dashboard',
  bets: 'Active Bets',
  bet: 'Bet',
  friends: 'Friends',
  'profile-view': 'Friend Profile',
  leaderboard: 'Leaderboard',
  profile: 'Profile',
  'my-bets': 'My Bets',
  activity: 'Activity',
  messages: 'Messages',
  conversation: 'Conversation',
  events: 'Events',
  statistics: 'Statistics',
  insights: 'Insights',
  settings: 'Settings',
  'profile-edit': 'Edit Profile',
  'password-change': 'Change Password',
  notifications: 'Notifications',
  privacy: 'Privacy',
  admin: 'Admin Panel',
  'user-management': 'User Management',
  reports: 'Reports',
};

export interface NavItem {
  view: ViewName;
  label: string;
  icon: LucideIcon;
}

/** Spec §2: the bottom bar's five tabs. */
export const TAB_ITEMS: NavItem[] = [
  { view: 'dashboard', label: 'Dashboard', icon: Home },
  { view: 'bets', label: 'Bets', icon: Target },
  { view: 'friends', label: 'Friends', icon: Users },
  { view: 'leaderboard', label: 'Leaderboard', icon: Trophy },
  { view: 'profile', label: 'Profile', icon: User },
];

/** Spec §2: the slide-in menu, in its order. */
export const MENU_ITEMS: NavItem[] = [
  { view: 'dashboard', label: 'Dashboard', icon: Home },
  { view: 'bets', label: 'Active Bets', icon: Target },
  { view: 'friends', label: 'Friends', icon: Users },
  { view: 'leaderboard', label: 'Leaderboard', icon: Trophy },
  { view: 'profile', label: 'Profile', icon: User },
  { view: 'my-bets', label: 'My Bets', icon: ListChecks },
  { view: 'activity', label: 'Activity', icon: Activity },
  { view: 'messages', label: 'Messages', icon: MessageCircle },
  { view: 'events', label: 'Events', icon: CalendarClock },
  { view: 'statistics', label: 'Statistics', icon: BarChart3 },
  { view: 'insights', label: 'Insights', icon: Lightbulb },
  { view: 'settings', label: 'Settings', icon: Settings },
];

/** Spec §2: the admins' part of the menu. */
export const ADMIN_MENU_ITEMS: NavItem[] = [
  { view: 'admin', label: 'Admin Panel', icon: Shield },
  { view: 'user-management', label: 'User Management', icon: UsersRound },
  { view: 'reports', label: 'Reports', icon: FileBarChart },
];
