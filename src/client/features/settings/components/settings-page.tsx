import { Bell, KeyRound, LogOut, Shield, UserPen } from 'lucide-react';
import type { Preferences } from '../../../../shared/schemas/notifications.ts';
import { ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { Loading, RowButton, Section, Tile, TileGrid } from '../../../components/ui/blocks.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { showAmount, showDate } from '../../../lib/format.ts';
import { applyTheme } from '../../../lib/theme.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuth, useCurrentUser } from '../../../lib/use-auth.tsx';
import { CalendarFeed } from '../../calendar/calendar-feed.tsx';
import { usePreferences, useUpdatePreferences } from '../../profiles/api.ts';
import { TimeZonePicker } from '../../profiles/time-zone-picker.tsx';
import { PrivacySettings } from './privacy-screen.tsx';
import { YourDataSection } from './your-data-section.tsx';

const THEMES: [Preferences['theme'], string][] = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['system', 'System'],
];

/**
 * Settings (docs/product.md §13.7, both layouts): account, betting stats, theme, time zone, sign
 * out. The desktop shows privacy here and links to the Notifications screen, which holds what
 * the player hears about; the narrow frame links to each of their views.
 */
export function SettingsPage() {
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const { narrow, navigate } = useScreenNav();
  const { data: prefs, isPending } = usePreferences();
  const update = useUpdatePreferences();
  const setTheme = (theme: Preferences['theme']) => {
    applyTheme(theme);
    update.mutate(
      { theme },
      {
        onSuccess: () => toast.success('Theme updated'),
        onError: () => toast.error('Update Failed', { description: 'Your change was not saved.' }),
      },
    );
  };
  // The choice shows at once; the saved preference takes over when the server has it.
  const shownTheme = (update.isPending ? update.variables?.theme : undefined) ?? prefs?.theme;

  return (
    <div className="max-w-3xl space-y-6">
      <ScreenTitle>Settings</ScreenTitle>
      <Section title="Account">
        <Card className="p-4">
          <dl className="space-y-2 text-sm">
            {[
              ['Username', user.username],
              ['Email', user.email ?? 'Not shared by your identity provider'],
              ['Role', user.role === 'admin' ? 'Admin' : 'User'],
              ['Member since', showDate(user.createdAt)],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="min-w-0 truncate text-right font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </Section>
      <Section title="Betting">
        <TileGrid label="Betting stats">
          <Tile label="Balance" value={showAmount(user.balance)} />
          <Tile label="Bets" value={user.totalBets} />
          <Tile label="Wins" value={user.totalWins} />
          <Tile label="Win rate" value={`${user.winRate}%`} />
        </TileGrid>
      </Section>
      {narrow ? (
        <Section title="Manage">
          <Card className="p-1">
          <RowButton icon={<UserPen className="h-5 w-5" />} label="Edit Profile" hint="Bio, location, favorite category" onClick={() => navigate({ name: 'profile-edit' })} />
          <RowButton icon={<KeyRound className="h-5 w-5" />} label="Change Password" hint="Your sign-in password" onClick={() => navigate({ name: 'password-change' })} />
          <RowButton icon={<Bell className="h-5 w-5" />} label="Notifications" hint="What you hear about, by mail too; quiet hours" onClick={() => navigate({ name: 'notifications' })} />
          <RowButton icon={<Shield className="h-5 w-5" />} label="Privacy" hint="Leaderboard and search" onClick={() => navigate({ name: 'privacy' })} />
          </Card>
        </Section>
      ) : (
        <>
          {/* One place for each setting: what the player hears about lives on the Notifications screen. */}
          <Section title="Notifications">
            <Card className="p-1">
              <RowButton
                icon={<Bell className="h-5 w-5" />}
                label="Notifications"
                hint="What you hear about, by mail too; quiet hours; push on this device"
                onClick={() => navigate({ name: 'notifications' })}
              />
            </Card>
          </Section>
          <PrivacySettings />
        </>
      )}
      <Section title="Preferences">
        <Card className="space-y-4 p-4">
          {isPending || !prefs ? (
            <Loading message="Loading preferences..." />
          ) : (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">Theme</legend>
              <div className="grid max-w-md grid-cols-3 gap-2">
                {THEMES.map(([theme, label]) => (
                  <label
                    key={theme}
                    className={`flex min-h-10 cursor-pointer items-center justify-center rounded-xl text-sm font-semibold ring-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${shownTheme === theme ? 'bg-brand-600 text-white ring-brand-600' : 'ring-slate-300 dark:ring-slate-700'}`}
                  >
                    <input type="radio" name="theme" value={theme} checked={shownTheme === theme} onChange={() => setTheme(theme)} className="sr-only" />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-300">Language</dt>
              <dd className="font-semibold">English</dd>
            </div>
          </dl>
        </Card>
      </Section>
      {/* The one place the clock is chosen: every time shown, quiet hours and the daily digest follow it. */}
      <Section title="Time zone">
        <Card className="p-4">
          <TimeZonePicker />
        </Card>
      </Section>
      <CalendarFeed />
      <YourDataSection />
      <button
        type="button"
        onClick={() => void signOut()}
        // Signing out loses nothing, so it does not wear the red of deleting the account.
        className="flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-white px-6 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 md:w-auto dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-slate-700"
      >
        <LogOut aria-hidden className="h-5 w-5" /> Sign Out
      </button>
    </div>
  );
}
