import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { MobileView } from '../mobile/mobile-location.ts';
import { pathOf } from './screens.ts';

export type { MobileView as ScreenTarget } from '../mobile/mobile-location.ts';

/**
 * How a screen moves to another, the same call in both frames: the desktop frame changes the
 * address, the narrow frame switches views inside the page (spec §2).
 */
export interface ScreenNav {
  narrow: boolean;
  /** The screen shown, with the id of what it shows (a bet, a friend, a chat). */
  view: MobileView;
  /** Shows a screen (nothing happens when it is already shown). */
  navigate: (view: MobileView) => void;
  /** Back to `parent`: the Back button's way when we came from there, else a step forward to it. */
  backTo: (parent: MobileView) => void;
  /** Back to wherever we came from, or to `fallback` when the app opened on this screen. */
  goBack: (fallback: MobileView) => void;
}

export const ScreenNavContext = createContext<ScreenNav | null>(null);

export function useScreenNav(): ScreenNav {
  const context = useContext(ScreenNavContext);
  if (!context) throw new Error('useScreenNav needs a frame (ScreenNavContext)');
  return context;
}

/** The desktop frame's navigation: addresses, and the browser's Back. */
export function DesktopScreenNav({ name, children }: { name: MobileView['name']; children: ReactNode }) {
  const go = useNavigate();
  const { id } = useParams();
  const value = useMemo((): ScreenNav => {
    const navigate = (view: MobileView) => void go(pathOf(view.name, view.id) ?? '/');
    const goBack = (fallback: MobileView) => {
      if ((window.history.state as { idx?: number } | null)?.idx) void go(-1);
      else navigate(fallback);
    };
    return { narrow: false, view: { name, ...(id === undefined ? {} : { id: Number(id) }) }, navigate, goBack, backTo: goBack };
  }, [go, name, id]);
  return <ScreenNavContext.Provider value={value}>{children}</ScreenNavContext.Provider>;
}

/** A way to another screen: a link on the desktop, a button that switches views in the narrow frame. */
export function ScreenLink({ to, className, children }: { to: MobileView; className?: string; children: ReactNode }) {
  const nav = useScreenNav();
  const path = pathOf(to.name, to.id);
  if (nav.narrow || path === null) {
    return (
      <button type="button" onClick={() => nav.navigate(to)} className={`text-left ${className ?? ''}`}>
        {children}
      </button>
    );
  }
  return (
    <Link to={path} className={className}>
      {children}
    </Link>
  );
}

/** A screen's heading: the desktop frame shows it above the screen; the narrow frame's top bar already does. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  const nav = useScreenNav();
  if (nav.narrow) return null;
  return <h1 className="text-3xl font-bold break-words">{children}</h1>;
}
