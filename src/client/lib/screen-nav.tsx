import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MobileView } from './view-names.ts';

export type { MobileView as ScreenTarget } from './view-names.ts';

/**
 * How a screen moves to another, the same call in both frames: the desktop frame changes the
 * address, the narrow frame switches views inside the page (docs/product.md §13.3).
 */
export interface ScreenNav {
  narrow: boolean;
  /** The screen shown, with the id of what it shows (a bet, a friend, a chat). */
  view: MobileView;
  /**
   * Shows a screen (nothing happens when it is already shown); `replace` puts it in place of the
   * current history entry instead of a new one (another tab of the same screen).
   */
  navigate: (view: MobileView, options?: { replace?: boolean }) => void;
  /** Back to `parent`: the Back button's way when we came from there, else a step forward to it. */
  backTo: (parent: MobileView) => void;
  /** Back to wherever we came from, or to `fallback` when the app opened on this screen. */
  goBack: (fallback: MobileView) => void;
  /** The address of a screen, where the frame has addresses (the desktop); null in the narrow frame. */
  href: (view: MobileView) => string | null;
}

export const ScreenNavContext = createContext<ScreenNav | null>(null);

export function useScreenNav(): ScreenNav {
  const context = useContext(ScreenNavContext);
  if (!context) throw new Error('useScreenNav needs a frame (ScreenNavContext)');
  return context;
}

/** A way to another screen: a link on the desktop, a button that switches views in the narrow frame. */
export function ScreenLink({ to, className, children }: { to: MobileView; className?: string; children: ReactNode }) {
  const nav = useScreenNav();
  const path = nav.href(to);
  if (path === null) {
    return (
      <button type="button" onClick={() => nav.navigate(to)} className={`text-start ${className ?? ''}`}>
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

/**
 * A screen's heading: the desktop frame shows it above the screen; the narrow frame's top bar
 * already names the screen, so there it is left out, or, with `always`, shown one level down.
 */
export function ScreenTitle({ always = false, children }: { always?: boolean; children: ReactNode }) {
  const nav = useScreenNav();
  if (!nav.narrow) return <h1 tabIndex={-1} className="text-3xl font-bold wrap-anywhere focus:outline-none">{children}</h1>;
  return always ? <h2 className="text-2xl font-bold wrap-anywhere">{children}</h2> : null;
}
