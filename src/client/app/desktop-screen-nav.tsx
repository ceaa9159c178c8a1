import { useMemo, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ScreenNavContext, type ScreenNav } from '../lib/screen-nav.tsx';
import { pathOf } from './screens.ts';
import type { MobileView } from '../lib/view-names.ts';

/** The desktop frame's navigation: addresses from the screen catalogue, and the browser's Back. */
export function DesktopScreenNav({ name, children }: { name: MobileView['name']; children: ReactNode }) {
  const go = useNavigate();
  const { id } = useParams();
  const value = useMemo((): ScreenNav => {
    const href = (view: MobileView) => pathOf(view.name, view.id);
    const navigate = (view: MobileView) => void go(href(view) ?? '/');
    const goBack = (fallback: MobileView) => {
      if ((window.history.state as { idx?: number } | null)?.idx) void go(-1);
      else navigate(fallback);
    };
    return { narrow: false, view: { name, ...(id === undefined ? {} : { id: Number(id) }) }, navigate, goBack, backTo: goBack, href };
  }, [go, name, id]);
  return <ScreenNavContext.Provider value={value}>{children}</ScreenNavContext.Provider>;
}
