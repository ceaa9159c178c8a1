import { Fragment } from 'react';
import { useFriendRequests } from '../features/friends/api.ts';
import { t } from '../lib/i18n.ts';
import { SCREENS, SCREEN_NAMES } from '../app/screens.ts';
import type { ViewName } from './mobile-location.ts';

// `'tab' in`, not the label itself: a label is worded only when drawn (in the reader's language).
const TABS = SCREEN_NAMES.filter((view) => 'tab' in SCREENS[view]);

/**
 * Five tabs along the bottom edge (docs/product.md §13.3), above the phone's home indicator; out
 * of the way (`hidden`) while the on-screen keyboard is up, so that it never covers the field
 * being typed in.
 */
export function BottomBar({ current, onSelect, hidden = false }: { current: ViewName; onSelect: (view: ViewName) => void; hidden?: boolean }) {
  const pending = useFriendRequests().data?.length ?? 0;
  return (
    <nav
      aria-label={t('mobile.bottomBar.label')}
      hidden={hidden}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-900"
    >
      <ul className="grid grid-cols-5">
        {TABS.map((view) => {
          const { tab: label, icon: Icon } = SCREENS[view];
          const active = current === view;
          return (
            <li key={view} className="min-w-0">
              <button
                type="button"
                onClick={() => onSelect(view)}
                aria-current={active ? 'page' : undefined}
                className={`relative flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-0 text-[10px] font-semibold tracking-tighter ${active ? 'text-brand-700 dark:text-brand-100' : 'text-slate-600 dark:text-slate-300'}`}
              >
                <Icon aria-hidden className="h-5 w-5" />
                {/* Whole even on a 320 px screen, where a fifth of it is 64 px: "Leaderboard" goes on two lines rather than become "Leaderb…". */}
                <span className="max-w-full text-center leading-tight" data-testid="tab-label">
                  {label?.split('\u00AD').map((part, i) => (
                    <Fragment key={part}>
                      {i > 0 && <wbr />}
                      {part}
                    </Fragment>
                  ))}
                </span>
                {view === 'friends' && pending > 0 && (
                  <span className="absolute top-1 start-1/2 ms-1.5 min-w-4 rounded-full bg-red-700 px-1 text-[10px] leading-4 text-white">
                    <span aria-hidden>{pending}</span>
                    <span className="sr-only">{t('mobile.bottomBar.pendingRequests', { count: pending })}</span>
                  </span>
                )}
                {active && <span aria-hidden className="absolute inset-x-4 top-0 h-0.5 rounded-full bg-brand-600" />}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
