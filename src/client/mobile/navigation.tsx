import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The mobile shell's views (spec §2 'Mobile shell'). They switch inside the page without a URL
 * change; each switch is a browser history entry whose state names the view, so the Back button
 * returns to the previous view and a reload stays on the current one.
 */
export const VIEW_NAMES = [
  'dashboard',
  'bets',
  'bet',
  'friends',
  'profile-view',
  'leaderboard',
  'profile',
  'my-bets',
  'activity',
  'messages',
  'conversation',
  'events',
  'statistics',
  'insights',
  'settings',
  'profile-edit',
  'password-change',
  'notifications',
  'privacy',
  'admin',
  'user-management',
  'reports',
] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** A view, with the id of what it shows for the views of one thing (a bet, a friend, a chat). */
export interface MobileView {
  name: ViewName;
  id?: number;
}

interface HistoryEntry {
  view: MobileView;
  previous: MobileView | null;
}

const STATE_KEY = 'betbroMobile';

const isViewName = (value: unknown): value is ViewName => (VIEW_NAMES as readonly unknown[]).includes(value);

function readView(value: unknown): MobileView | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, id } = value as { name?: unknown; id?: unknown };
  if (!isViewName(name)) return null;
  return typeof id === 'number' && Number.isInteger(id) ? { name, id } : { name };
}

function readEntry(state: unknown): HistoryEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const entry = (state as Record<string, unknown>)[STATE_KEY];
  if (typeof entry !== 'object' || entry === null) return null;
  const view = readView((entry as { view?: unknown }).view);
  return view ? { view, previous: readView((entry as { previous?: unknown }).previous) } : null;
}

export const sameView = (a: MobileView, b: MobileView) => a.name === b.name && (a.id ?? null) === (b.id ?? null);

const PATH_VIEWS: Record<string, ViewName> = {
  '/': 'dashboard',
  '/friends': 'friends',
  '/profile': 'profile',
  '/my-bets': 'my-bets',
  '/leaderboard': 'leaderboard',
  '/activities': 'activity',
  '/messages': 'messages',
  '/events': 'events',
  '/statistics': 'statistics',
  '/insights': 'insights',
  '/settings': 'settings',
  '/notifications': 'notifications',
  '/admin': 'admin',
  '/user-management': 'user-management',
  '/reports': 'reports',
};

/** The view a desktop address stands for, so links into the app open the same screen on a phone. */
export function viewFromLocation(pathname: string, search: string): MobileView {
  const bet = /^\/bets\/(\d+)\/?$/.exec(pathname);
  if (bet) return { name: 'bet', id: Number(bet[1]) };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const name = PATH_VIEWS[path] ?? 'dashboard';
  const conversation = Number(new URLSearchParams(search).get('c'));
  if (name === 'messages' && Number.isInteger(conversation) && conversation > 0) return { name: 'conversation', id: conversation };
  return { name };
}

const entryHere = (): HistoryEntry =>
  readEntry(window.history.state) ?? { view: viewFromLocation(window.location.pathname, window.location.search), previous: null };

/** Keeps whatever else the history entry holds (the router's own key and index). */
const withEntry = (entry: HistoryEntry) => ({ ...((window.history.state as Record<string, unknown> | null) ?? {}), [STATE_KEY]: entry });

interface Navigation {
  view: MobileView;
  /** The view this history entry was opened from, if it was opened inside the shell. */
  previous: MobileView | null;
  /** Shows a view as a new history entry (nothing happens when it is already shown). */
  navigate: (view: MobileView) => void;
  /** Back to `parent`: the Back button's way when we came from there, else a step forward to it. */
  backTo: (parent: MobileView) => void;
  /** Back to wherever we came from, or to `fallback` when the shell opened on this view. */
  goBack: (fallback: MobileView) => void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function MobileNavigationProvider({ children }: { children: ReactNode }) {
  const [entry, setEntry] = useState<HistoryEntry>(entryHere);

  useEffect(() => {
    // The first view is recorded in the entry the app opened on, so Back can return to it.
    if (!readEntry(window.history.state)) window.history.replaceState(withEntry(entryHere()), '');
    const onPopState = (event: PopStateEvent) => setEntry(readEntry(event.state) ?? entryHere());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // The history entry is the truth about where we are; the state only mirrors it for rendering.
  const navigate = useCallback((view: MobileView) => {
    const current = entryHere();
    if (sameView(current.view, view)) return;
    const next = { view, previous: current.view };
    window.history.pushState(withEntry(next), '');
    setEntry(next);
    window.scrollTo({ top: 0 });
  }, []);

  const backTo = useCallback(
    (parent: MobileView) => {
      const { previous } = entryHere();
      if (previous && sameView(previous, parent)) window.history.back();
      else navigate(parent);
    },
    [navigate],
  );

  const goBack = useCallback(
    (fallback: MobileView) => {
      if (entryHere().previous) window.history.back();
      else navigate(fallback);
    },
    [navigate],
  );

  const value = useMemo(
    () => ({ view: entry.view, previous: entry.previous, navigate, backTo, goBack }),
    [entry, navigate, backTo, goBack],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useMobileNavigation(): Navigation {
  const context = useContext(NavigationContext);
  if (!context) throw new Error('useMobileNavigation needs a MobileNavigationProvider');
  return context;
}
