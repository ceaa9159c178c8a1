import { useSyncExternalStore } from 'react';

/** Narrower than 768 px, Betbro is the mobile layout (docs/product.md §1, §13.3). */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_MEDIA_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is narrow enough for the mobile layout right now. */
export function isMobileNow(): boolean {
  return mediaQuery()?.matches ?? false;
}

/** Follows the window across the breakpoint, e.g. when a tablet is turned. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
