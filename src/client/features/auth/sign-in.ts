import { safeReturnPath } from '../../../shared/return-path.ts';

/**
 * Starting sign-in (docs/product.md §9.1): a random 64-hex state kept in sessionStorage, then
 * /api/login with the page to come back to, the one open now unless another is named.
 */

export const OAUTH_STATE_KEY = 'betbro_oauth_state';

export function randomState(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The page open now, path and query, when sign-in may come back to it (the dashboard needs no name). */
export function pageHere(): string | null {
  const here = safeReturnPath(`${window.location.pathname}${window.location.search}`);
  return here === '/' ? null : here;
}

/** The address that starts sign-in and comes back to `returnTo`. */
export function signInAddress(state: string, returnTo: string | null): string {
  const query = new URLSearchParams({ state });
  const page = safeReturnPath(returnTo);
  if (page !== null && page !== '/') query.set('returnTo', page);
  return `/api/login?${query}`;
}

/**
 * The landing page's button before the app has started: its form loads `/?sign-in=1`
 * (landing-page.tsx), which the app, once started, takes as the tap it was.
 */
export const SIGN_IN_PARAM = 'sign-in';

/** Whether this page is the landing page's button pressed before the app had started. */
export function signInAskedBeforeStart(): boolean {
  return window.location.pathname === '/' && new URLSearchParams(window.location.search).get(SIGN_IN_PARAM) === '1';
}

export function startSignIn(returnTo: string | null = pageHere()): void {
  const state = randomState();
  sessionStorage.setItem(OAUTH_STATE_KEY, state);
  window.location.assign(signInAddress(state, returnTo));
}

/** The state saved for this callback; removed on every callback, whatever its outcome. */
export function takeSavedState(): string | null {
  const saved = sessionStorage.getItem(OAUTH_STATE_KEY);
  sessionStorage.removeItem(OAUTH_STATE_KEY);
  return saved;
}
