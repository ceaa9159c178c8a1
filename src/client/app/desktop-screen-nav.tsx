import { useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { focusWhenShown } from '../components/focus.ts';
import { MAIN_CONTENT_ID } from '../components/ui/skip-link.tsx';
import { ScreenNavContext, type ScreenNav } from '../lib/screen-nav.tsx';
import { pathOf } from './screens.ts';
import type { MobileView } from '../lib/view-names.ts';

/** The screen shown last (name and id), across the frame's renders: a new one moves the focus. */
let lastScreen: string | null = null;

/**
 * After moving to another screen, a keyboard or screen reader user carries on from its heading,
 * not from the top of the page or the link that led there. Not on the first screen, not for a
 * tab of the same screen, and not when the new screen has put the focus in itself already.
 */
function useFocusOnNewScreen(screen: string) {
  useEffect(() => {
    const previous = lastScreen;
    lastScreen = screen;
    if (previous === null || previous === screen) return;
    const main = document.getElementById(MAIN_CONTENT_ID);
    focusWhenShown(() => {
      if (!main || (main.contains(document.activeElement) && document.activeElement !== main)) return null;
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      return heading;
    });
  }, [screen]);
}

/** The desktop frame's navigation: addresses from the screen catalogue, and the browser's Back. */
export function DesktopScreenNav({ name, children }: { name: MobileView['name']; children: ReactNode }) {
  const go = useNavigate();
  const { id, tab } = useParams();
  useFocusOnNewScreen(`${name}:${id ?? ''}`);
  const value = useMemo((): ScreenNav => {
    const href = (view: MobileView) => pathOf(view.name, view.id, view.tab);
    const navigate = (view: MobileView, options: { replace?: boolean } = {}) => void go(href(view) ?? '/', { replace: options.replace ?? false });
    const goBack = (fallback: MobileView) => {
      if ((window.history.state as { idx?: number } | null)?.idx) void go(-1);
      else navigate(fallback);
    };
    const view = { name, ...(id === undefined ? {} : { id: Number(id) }), ...(tab === undefined ? {} : { tab }) };
    return { narrow: false, view, navigate, goBack, backTo: goBack, href };
  }, [go, name, id, tab]);
  return <ScreenNavContext.Provider value={value}>{children}</ScreenNavContext.Provider>;
}
