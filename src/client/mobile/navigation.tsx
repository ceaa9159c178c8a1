import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ScreenNavContext, type ScreenNav } from '../lib/screen-nav.tsx';
import {
  STATE_KEY,
  readEntry,
  sameView,
  viewFromLocation,
  type HistoryEntry,
  type MobileView,
} from './mobile-location.ts';


const entryHere = (): HistoryEntry =>
  readEntry(window.history.state) ?? { view: viewFromLocation(window.location.pathname, window.location.search), previous: null };

/** Keeps whatever else the history entry holds (the router's own key and index). */
const withEntry = (entry: HistoryEntry) => ({ ...((window.history.state as Record<string, unknown> | null) ?? {}), [STATE_KEY]: entry });

/** The narrow frame's navigation: views switch in the page, each a browser history entry. */
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
  const navigate = useCallback((view: MobileView, options: { replace?: boolean } = {}) => {
    const current = entryHere();
    if (sameView(current.view, view)) return;
    if (options.replace) {
      // Another part of the same screen (a tab): the entry changes, Back still leaves the screen.
      const next = { view, previous: current.previous };
      window.history.replaceState(withEntry(next), '');
      setEntry(next);
      return;
    }
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

  const value = useMemo((): ScreenNav => ({ narrow: true, view: entry.view, navigate, backTo, goBack, href: () => null }), [entry, navigate, backTo, goBack]);
  return <ScreenNavContext.Provider value={value}>{children}</ScreenNavContext.Provider>;
}
