import { Suspense, useEffect, useMemo, useState, useTransition, type ReactNode } from 'react';
import { Route, Routes, matchPath } from 'react-router';
import type { CurrentUser } from '../../shared/schemas/auth.ts';
import { needsProfileSetup } from '../../shared/schemas/users.ts';
import { FullScreenLoader } from '../components/ui/spinner.tsx';
import { Loading } from '../components/ui/blocks.tsx';
import { readStoredAuth } from '../lib/auth-storage.ts';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { useResumeInvite } from '../features/invites/resume-invite.ts';
import { t } from '../lib/i18n.ts';
import { askWhoAmIAtStart, holdsSession, useAuth } from '../lib/use-auth.tsx';
import { viewHere } from '../mobile/mobile-location.ts';
import { isMobileNow, useIsMobile } from '../mobile/use-is-mobile.ts';
import { startFirstRead } from '../lib/api.ts';
import { readsAtStart } from '../lib/first-reads.ts';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen.ts';
import type { ViewName } from '../lib/view-names.ts';
import { DesktopScreenNav } from './desktop-screen-nav.tsx';
import { SCREENS, SCREEN_NAMES, narrowScreen } from './screens.ts';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { ScreenLoadBoundary } from './screen-load-boundary.tsx';

// Only the gate, the landing page and the 404 page are in the first script: a signed-out visitor
// downloads none of the signed-in screens. Each desktop screen, the desktop frame, the mobile shell
// (only under 768 px), the sign-in callback and profile setup come in their own chunks.
const AuthCallbackScreen = lazyScreen(() => import('../features/auth/components/auth-callback-page.tsx'), (m) => m.AuthCallbackPage);
const CompleteProfileScreen = lazyScreen(() => import('../features/auth/components/complete-profile-page.tsx'), (m) => m.CompleteProfilePage);
const AppLayoutScreen = lazyScreen(() => import('./app-layout.tsx'), (m) => m.AppLayout);
const MobileScreen = lazyScreen(() => import('../mobile/mobile-app.tsx'), (m) => m.MobileApp);
const InviteScreen = lazyScreen(() => import('../features/invites/components/invite-page.tsx'), (m) => m.InvitePage);
const CrewJoinScreen = lazyScreen(() => import('../features/crews/components/crew-join-page.tsx'), (m) => m.CrewJoinPage);
/** The pages a mailed link opens (and the provider's "Forgot password?"), signed in or not. */
const ACCOUNT_PAGES = [
  { path: '/verify-email', screen: lazyScreen(() => import('../features/account/components/verify-email-page.tsx'), (m) => m.VerifyEmailPage) },
  { path: '/forgot-password', screen: lazyScreen(() => import('../features/account/components/forgot-password-page.tsx'), (m) => m.ForgotPasswordPage) },
  { path: '/reset-password', screen: lazyScreen(() => import('../features/account/components/reset-password-page.tsx'), (m) => m.ResetPasswordPage) },
];
/** Every signed-in screen with a desktop address (docs/product.md §13.2), plus bet deep links. */
const SIGNED_IN_ROUTES = SCREEN_NAMES.flatMap((name) => {
  const { path, screen } = SCREENS[name];
  return path === undefined ? [] : [{ name, path, screen }];
});

/** Starts fetching the code of the screen this user will see: the same choice as the gate below. */
function preloadScreenFor(user: { username: string } | null): void {
  if (!user) return;
  if (needsProfileSetup(user.username)) return CompleteProfileScreen.preload();
  if (isMobileNow()) {
    MobileScreen.preload();
    return narrowScreen(viewHere().name).preload();
  }
  const route = SIGNED_IN_ROUTES.find(({ path }) => matchPath(path, window.location.pathname));
  if (!route) return;
  AppLayoutScreen.preload();
  route.screen.preload();
}

/**
 * The first screen's reads (the dashboard's, a bet page's) start beside its code, so that it draws
 * complete when that code has run. Each path starts once (first-reads.ts).
 */
function startFirstReadsFor(user: Pick<CurrentUser, 'role' | 'username'> | null): void {
  for (const path of readsAtStart(user, window.location.pathname, isMobileNow() ? 'mobile' : 'desktop')) startFirstRead(path);
}

// Before React has drawn anything: for the user the stored sign-in names, and for whoever the
// server says is here. A signed-out visitor fetches nothing more.
function storedUser() {
  try {
    return readStoredAuth(localStorage)?.user ?? null;
  } catch {
    return null; // storage blocked: the server's answer below still counts
  }
}
const stored = storedUser();
preloadScreenFor(stored);
// The stored sign-in draws the first screen at once, before "who am I?" answers, and with a
// session cookie there the page's Link header has already fetched that screen's reads: they start
// now, so that the screen takes those answers instead of asking again beside them. Once the server
// has said who is here they start for that user too (a stale stored sign-in may have named
// another role's reads, which are then never taken).
if (holdsSession()) startFirstReadsFor(stored);
// A mailed link's page, whoever opens it: its code downloads beside the first script's start.
ACCOUNT_PAGES.find(({ path }) => matchPath(path, window.location.pathname))?.screen.preload();
void askWhoAmIAtStart().then((user) => {
  preloadScreenFor(user);
  startFirstReadsFor(user);
}, () => undefined);

/** The whole-screen loader while the app starts: in English, the words of index.html's own loader. */
function AppLoader() {
  return <FullScreenLoader message={t('app.router.loadingApp')} />;
}
const appLoader = <AppLoader />;

/**
 * Whether the code of these screens has arrived (or failed to: rendering them then shows the
 * error). Waiting here, with the loader already on screen, rather than in a Suspense boundary
 * spares the first screen React's pause before it replaces a fallback that has just appeared.
 */
function useScreensLoaded(screens: Pick<LazyScreen, 'load' | 'isLoaded'>[]): boolean {
  const loadedNow = screens.every((screen) => screen.isLoaded());
  const [settledFor, setSettledFor] = useState<typeof screens | null>(null);
  useEffect(() => {
    if (loadedNow) return;
    let live = true;
    const settle = () => {
      if (live) setSettledFor(screens);
    };
    Promise.all(screens.map((screen) => screen.load())).then(settle, settle);
    return () => {
      live = false;
    };
  }, [loadedNow, screens]);
  return loadedNow || settledFor === screens;
}

/**
 * The gate in front of every signed-in screen (docs/product.md §13.1): a spinner while the user
 * loads, the landing page when signed out, profile setup while the username is still generated.
 */
function SignedIn({ name, screen }: { name: ViewName; screen: LazyScreen }) {
  const { status, user } = useAuth();
  const isMobile = useIsMobile();
  const setup = user !== null && needsProfileSetup(user.username);
  const firstDesktopScreen = !AppLayoutScreen.isLoaded();
  // The first screen waits for its code behind the loader; later screens load inside the frame.
  const needed = useMemo(
    (): Pick<LazyScreen, 'load' | 'isLoaded'>[] =>
      user === null
        ? []
        : setup
          ? [CompleteProfileScreen]
          : isMobile
            ? [MobileScreen, narrowScreen(viewHere().name)]
            : firstDesktopScreen
              ? [AppLayoutScreen, screen]
              : [AppLayoutScreen],
    [user, setup, isMobile, firstDesktopScreen, screen],
  );
  const loaded = useScreensLoaded(needed);
  // The first signed-in screen is drawn as a transition, which React renders in small slices,
  // instead of in one long task that would keep a slow phone from responding meanwhile.
  const [revealed, setRevealed] = useState(false);
  const [, startTransition] = useTransition();
  const ready = user !== null && loaded;
  useEffect(() => {
    if (ready && !revealed) startTransition(() => setRevealed(true));
  }, [ready, revealed]);
  if (status === 'loading') return appLoader;
  if (!user) return <LandingPage />;
  if (!loaded || !revealed) return appLoader;
  if (setup) {
    return (
      <Suspense fallback={appLoader}>
        <CompleteProfileScreen.Component />
      </Suspense>
    );
  }
  if (isMobile) {
    return (
      <Suspense fallback={appLoader}>
        <MobileScreen.Component />
      </Suspense>
    );
  }
  // The screen's chunk downloads alongside the frame's instead of after it.
  screen.preload();
  const Screen = screen.Component;
  return (
    <Suspense fallback={appLoader}>
      <AppLayoutScreen.Component>
        <DesktopScreenNav name={name}>
          <ScreenLoadBoundary screen={screen}>
            {/* While a screen's chunk loads inside the desktop frame: the sidebar stays, the content waits. */}
            <Suspense fallback={<Loading message={t('ui.common.loading')} />}>
              <Screen />
            </Suspense>
          </ScreenLoadBoundary>
        </DesktopScreenNav>
      </AppLayoutScreen.Component>
    </Suspense>
  );
}

function CallbackRoute(): ReactNode {
  return (
    <Suspense fallback={appLoader}>
      <AuthCallbackScreen.Component />
    </Suspense>
  );
}

function InviteRoute(): ReactNode {
  return (
    <Suspense fallback={appLoader}>
      <InviteScreen.Component />
    </Suspense>
  );
}

/** A page outside the sign-in gate, in its own chunk. */
function OpenPageRoute({ screen }: { screen: LazyScreen }): ReactNode {
  return (
    <Suspense fallback={appLoader}>
      <screen.Component />
    </Suspense>
  );
}

export function AppRoutes() {
  useResumeInvite();
  return (
    <Routes>
      <Route path="/auth-callback" element={<CallbackRoute />} />
      <Route path="/invite/:token" element={<InviteRoute />} />
      {/* Signed in or not, like a friend invite; more specific than /crews/:id, so it wins. */}
      <Route path="/crews/join/:token" element={<OpenPageRoute screen={CrewJoinScreen} />} />
      {ACCOUNT_PAGES.map(({ path, screen }) => (
        <Route key={path} path={path} element={<OpenPageRoute screen={screen} />} />
      ))}
      {SIGNED_IN_ROUTES.map(({ name, path, screen }) => (
        <Route key={path} path={path} element={<SignedIn name={name} screen={screen} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
