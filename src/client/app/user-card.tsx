import { useEffect } from 'react';
import type { CurrentUser } from '../../shared/schemas/auth.ts';
import { browserTimeZone, useAdoptBrowserTimeZone, usePreferences } from '../features/profiles/api.ts';
import { useMyCrew } from '../lib/crews-list.ts';
import { displayTimeZone, setDisplayTimeZone, showAmount } from '../lib/format.ts';
import { activeLocale, loadLocale, t, tNodes } from '../lib/i18n.ts';
import { applyTheme } from '../lib/theme.ts';
import { useLiveUpdates } from './use-live-updates.ts';

/**
 * What both frames do for the signed-in user: live updates over the socket, their theme, and
 * their time zone told to the server while they have chosen none. Every time on screen is read in
 * that zone: the answer is the clock's key, which the frame gives its screens so that they draw
 * again when it changes.
 */
export function useFrame(user: CurrentUser): string {
  useLiveUpdates(user.id);
  const preferences = usePreferences().data;
  const theme = preferences?.theme;
  useAdoptBrowserTimeZone(preferences?.timeZone);
  // Set while drawing, before the screens below draw with it; the same zone again changes nothing.
  if (preferences) setDisplayTimeZone(preferences.timeZone ?? browserTimeZone());
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  // The player's language, chosen in Settings or taken from the browser at their first sign-in.
  const locale = preferences?.locale;
  useEffect(() => {
    if (locale && locale !== activeLocale()) void loadLocale(locale);
  }, [locale]);
  // The zone the screens read, the device's until one is set: the device's zone named outright
  // reads the same, so taking it does not draw the screens again (nor cut short what they do).
  return displayTimeZone() ?? browserTimeZone();
}

/**
 * The balance the frame shows: the player's own, or inside a crew (`crewId`, its page) their
 * balance in that crew's season, named as such, since that is the money they play with there.
 */
export function FrameBalance({ user, crewId = null, marked = false }: { user: CurrentUser; crewId?: number | null; marked?: boolean }) {
  const { crew } = useMyCrew(crewId);
  if (crew) {
    return (
      <span data-testid={marked ? 'crew-header-balance' : undefined}>
        {tNodes('app.frameBalance.crew', { crew: <span className="wrap-anywhere">{crew.name}</span>, balance: showAmount(crew.balance) })}
      </span>
    );
  }
  return <span data-testid={marked ? 'current-balance' : undefined}>{showAmount(user.balance)}</span>;
}

/** The crew whose page this address is (`/crews/:id`, `/crews/:id/<tab>`), else null. */
export function crewIdOfPath(pathname: string): number | null {
  const match = /^\/crews\/(\d+)(?:\/[a-z-]+)?\/?$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** The user card (docs/product.md §13.2): initial, username, balance, an Admin badge for admins (sidebar and menu). */
export function UserCard({ user, marked = false, crewId = null }: { user: CurrentUser; marked?: boolean; crewId?: number | null }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
      <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
        {user.username.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="truncate font-semibold" data-testid={marked ? 'current-username' : undefined}>
          {user.username}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <FrameBalance user={user} crewId={crewId} marked={marked} />
        </p>
        {user.role === 'admin' && <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900">{t('app.userCard.admin')}</span>}
      </div>
    </div>
  );
}
