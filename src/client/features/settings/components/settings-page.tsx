import { Bell, KeyRound, LogOut, Shield, UserPen } from 'lucide-react';
import type { Preferences } from '../../../../shared/schemas/notifications.ts';
import { ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { Loading, RowButton, Section, Tile, TileGrid } from '../../../components/ui/blocks.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { showAmount, showDate } from '../../../lib/format.ts';
import { loadLocale, t } from '../../../lib/i18n.ts';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { applyTheme } from '../../../lib/theme.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuth, useCurrentUser } from '../../../lib/use-auth.tsx';
import { CalendarFeed } from '../../calendar/calendar-feed.tsx';
import { usePreferences, useUpdatePreferences } from '../../profiles/api.ts';
import { TimeZonePicker } from '../../profiles/time-zone-picker.tsx';
import { PrivacySettings } from './privacy-screen.tsx';
import { YourDataSection } from './your-data-section.tsx';

const themes = (): [Preferences['theme'], string][] => [
  ['light', t('settings.theme.light')],
  ['dark', t('settings.theme.dark')],
  ['system', t('settings.theme.system')],
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
        onSuccess: () => toast.success(t('settings.theme.updatedToast')),
        onError: () => toast.error(t('settings.updateFailedToast'), { description: t('settings.theme.failedToastDescription') }),
      },
    );
  };
  // Saved first, then the screens are drawn again in the new language, which says it is saved.
  const setLanguage = (locale: string) =>
    update.mutateAsync({ locale }).then(
      () => loadLocale(locale).then(() => toast.success(t('language.saved'))),
      () => toast.error(t('settings.updateFailedToast'), { description: t('language.failed') }),
    );
  // The choice shows at once; the saved preference takes over when the server has it.
  const shownTheme = (update.isPending ? update.variables?.theme : undefined) ?? prefs?.theme;

  return (
    <div className="max-w-3xl space-y-6">
      <ScreenTitle>{t('settings.title')}</ScreenTitle>
      <Section title={t('settings.account.title')}>
        <Card className="p-4">
          <dl className="space-y-2 text-sm">
            {[
              [t('settings.account.username'), user.username],
              [t('settings.account.email'), user.email ?? t('settings.account.emailNotShared')],
              [t('settings.account.role'), user.role === 'admin' ? t('settings.account.roleAdmin') : t('settings.account.roleUser')],
              [t('settings.account.memberSince'), showDate(user.createdAt)],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="min-w-0 truncate text-end font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </Section>
      <Section title={t('settings.betting.title')}>
        <TileGrid label={t('settings.betting.statsLabel')}>
          <Tile label={t('settings.betting.balance')} value={showAmount(user.balance)} />
          <Tile label={t('settings.betting.bets')} value={user.totalBets} />
          <Tile label={t('settings.betting.wins')} value={user.totalWins} />
          <Tile label={t('settings.betting.winRate')} value={t('settings.betting.winRateValue', { rate: user.winRate })} />
        </TileGrid>
      </Section>
      {narrow ? (
        <Section title={t('settings.manage.title')}>
          <Card className="p-1">
          <RowButton icon={<UserPen className="h-5 w-5" />} label={t('settings.manage.editProfile')} hint={t('settings.manage.editProfileHint')} onClick={() => navigate({ name: 'profile-edit' })} />
          <RowButton icon={<KeyRound className="h-5 w-5" />} label={t('settings.manage.changePassword')} hint={t('settings.manage.changePasswordHint')} onClick={() => navigate({ name: 'password-change' })} />
          <RowButton icon={<Bell className="h-5 w-5" />} label={t('settings.manage.notifications')} hint={t('settings.manage.notificationsHint')} onClick={() => navigate({ name: 'notifications' })} />
          <RowButton icon={<Shield className="h-5 w-5" />} label={t('settings.manage.privacy')} hint={t('settings.manage.privacyHint')} onClick={() => navigate({ name: 'privacy' })} />
          </Card>
        </Section>
      ) : (
        <>
          {/* One place for each setting: what the player hears about lives on the Notifications screen. */}
          <Section title={t('settings.notifications.title')}>
            <Card className="p-1">
              <RowButton
                icon={<Bell className="h-5 w-5" />}
                label={t('settings.notifications.link')}
                hint={t('settings.notifications.linkHint')}
                onClick={() => navigate({ name: 'notifications' })}
              />
            </Card>
          </Section>
          <PrivacySettings />
        </>
      )}
      <Section title={t('settings.preferences.title')}>
        <Card className="space-y-4 p-4">
          {isPending || !prefs ? (
            <Loading message={t('settings.loadingPreferences')} />
          ) : (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">{t('settings.theme.legend')}</legend>
              <div className="grid max-w-md grid-cols-3 gap-2">
                {themes().map(([theme, label]) => (
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
          <LanguagePicker onChoose={setLanguage} disabled={update.isPending} />
        </Card>
      </Section>
      {/* The one place the clock is chosen: every time shown, quiet hours and the daily digest follow it. */}
      <Section title={t('settings.timeZone.title')}>
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
        <LogOut aria-hidden className="h-5 w-5" /> {t('settings.signOut')}
      </button>
    </div>
  );
}
