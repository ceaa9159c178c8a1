import { Menu } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { t } from '../lib/i18n.ts';
import { useCurrentUser } from '../lib/use-auth.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { VerifyEmailBanner } from '../features/account/components/verify-email-banner.tsx';
import { TimeZonePrompt } from '../features/profiles/time-zone-prompt.tsx';
import { BottomBar } from './bottom-bar.tsx';
import { useScreenNav } from '../lib/screen-nav.tsx';
import { SCREENS, narrowScreen } from '../app/screens.ts';
import { ScreenLoadBoundary } from '../app/screen-load-boundary.tsx';
import { Loading } from '../components/ui/blocks.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/ui/skip-link.tsx';
import type { MobileView } from './mobile-location.ts';
import { SlideInMenu } from './slide-in-menu.tsx';
import { useSoftKeyboard } from './use-soft-keyboard.ts';
import { FrameBalance, useFrame } from '../app/user-card.tsx';
import { ConnectionNotice } from '../app/connection-notice.tsx';

/** The current view: its narrow variant from the catalogue, else the one screen. */
function CurrentView({ view }: { view: MobileView }) {
  const screen = narrowScreen(view.name);
  return (
    <ScreenLoadBoundary screen={screen}>
      <Suspense fallback={<Loading message={t('ui.common.loading')} />}>
        <screen.Component />
      </Suspense>
    </ScreenLoadBoundary>
  );
}

/**
 * The signed-in app under 768 px (docs/product.md §13.3): a header with the menu, the view's
 * title and the bell; the current view; the bottom bar; the slide-in menu.
 */
export function MobileShell() {
  const user = useCurrentUser();
  const clock = useFrame(user);

  const { view, navigate } = useScreenNav();
  const [menuOpen, setMenuOpen] = useState(false);
  const keyboardUp = useSoftKeyboard();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  // A screen reader hears where a tap led: focus goes to the new view's title (not on first paint).
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    // Unless the new view has already put it somewhere itself (a chat, on its message box).
    if (!document.getElementById(MAIN_CONTENT_ID)?.contains(document.activeElement)) heading.current?.focus({ preventScroll: true });
    // A tab of the same screen (a crew's Standings) is no new view: the focus stays on the tab.
  }, [view.name, view.id]);

  const select = (name: MobileView['name']) => {
    setMenuOpen(false);
    navigate({ name });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 flex items-center gap-1 border-b border-slate-200 bg-white px-2 pt-[env(safe-area-inset-top)] dark:border-slate-800 dark:bg-slate-900">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label={t('mobile.shell.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Menu aria-hidden className="h-6 w-6" />
        </button>
        <div className="min-w-0 flex-1 py-1.5">
          <h1 ref={heading} tabIndex={-1} className="truncate text-lg leading-tight font-bold focus:outline-none" data-testid="view-title">
            {SCREENS[view.name].title}
          </h1>
          <p className="truncate text-xs text-slate-700 dark:text-slate-300">
            <span data-testid="current-username">{user.username}</span>
            {' · '}
            <FrameBalance user={user} crewId={view.name === 'crew' ? (view.id ?? null) : null} marked />
          </p>
        </div>
        <NotificationBell onOpen={() => navigate({ name: 'notifications' })} />
      </header>
      <main key={clock} id={MAIN_CONTENT_ID} tabIndex={-1} className="w-full min-w-0 flex-1 px-4 pt-4 pb-28 focus:outline-none">
        <VerifyEmailBanner />
        <TimeZonePrompt />
        <CurrentView view={view} />
      </main>
      {/* Just above the tab bar: clear of the header and the tab bar, and seen wherever the view is scrolled. */}
      <ConnectionNotice className="fixed inset-x-0 bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-30" />
      <BottomBar current={view.name} onSelect={(name) => navigate({ name })} hidden={keyboardUp} />
      <SlideInMenu open={menuOpen} onOpenChange={setMenuOpen} current={view.name} onSelect={select} />
    </div>
  );
}
