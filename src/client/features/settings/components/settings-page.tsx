import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABELS, type Preferences } from '../../../../shared/schemas/notifications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showAmount, showDate } from '../../../lib/format.ts';
import { applyTheme } from '../../../lib/theme.ts';
import { useAuth, useCurrentUser } from '../../auth/hooks/use-auth.tsx';
import { usePreferences, useUpdatePreferences } from '../../profile/api.ts';
import { PushSwitch } from '../../push/push-switch.tsx';

function Switch({ id, label, checked, onChange, description }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; description?: string }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">{label}</span>
        {description && <span className="block text-xs text-slate-500 dark:text-slate-400">{description}</span>}
      </label>
      <input id={id} type="checkbox" role="switch" className="h-5 w-5 accent-brand-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
    </div>
  );
}

/** Settings: account, stats, theme, notifications, privacy, sign out. */
export function SettingsPage() {
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const { data: prefs, isPending } = usePreferences();
  const update = useUpdatePreferences();
  const save = (change: Parameters<typeof update.mutate>[0], message = 'Settings saved') =>
    update.mutate(change, {
      onSuccess: () => toast.success(message),
      onError: () => toast.error('Update Failed', { description: 'Your change was not saved.' }),
    });
  const setTheme = (theme: Preferences['theme']) => {
    applyTheme(theme);
    save({ theme }, 'Theme updated');
  };

  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">Settings</h1>
      <Card>
        <h2 className="mb-3 text-lg font-bold">Account</h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          {[
            ['Username', user.username],
            ['Email', user.email ?? 'Not shared by your identity provider'],
            ['Role', user.role === 'admin' ? 'Admin' : 'User'],
            ['Member since', showDate(user.createdAt)],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-500">{label}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <h2 className="mb-3 text-lg font-bold">Betting</h2>
        <dl className="grid gap-3 sm:grid-cols-4">
          {[
            ['Balance', showAmount(user.balance)],
            ['Bets', user.totalBets],
            ['Wins', user.totalWins],
            ['Win rate', `${user.winRate}%`],
          ].map(([label, value]) => (
            <div key={String(label)}>
              <dt className="text-sm text-slate-500">{label}</dt>
              <dd className="text-lg font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {isPending || !prefs ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading preferences...
        </p>
      ) : (
        <>
          <Card>
            <h2 className="mb-3 text-lg font-bold">Appearance</h2>
            <div role="radiogroup" aria-label="Theme" className="flex flex-wrap gap-2">
              {(['light', 'dark', 'system'] as const).map((theme) => (
                <label
                  key={theme}
                  className={`cursor-pointer rounded-xl px-4 py-2 text-sm font-semibold ring-1 ${prefs.theme === theme ? 'bg-brand-600 text-white ring-brand-600' : 'ring-slate-300 dark:ring-slate-700'}`}
                >
                  <input type="radio" name="theme" value={theme} checked={prefs.theme === theme} onChange={() => setTheme(theme)} className="sr-only" />
                  {theme === 'light' ? 'Light' : theme === 'dark' ? 'Dark' : 'System'}
                </label>
              ))}
            </div>
          </Card>
          <Card>
            <h2 className="mb-1 text-lg font-bold">Notifications</h2>
            <div className="divide-y divide-slate-100 dark:divide-slate-800">
              <PushSwitch id="push-this-device" />
              {NOTIFICATION_TYPES.map((type) => (
                <Switch
                  key={type}
                  id={`notify-${type}`}
                  label={NOTIFICATION_TYPE_LABELS[type]}
                  checked={prefs.notifications[type]}
                  onChange={(on) => save({ notifications: { [type]: on } })}
                />
              ))}
            </div>
          </Card>
          <Card>
            <h2 className="mb-1 text-lg font-bold">Privacy</h2>
            <Switch
              id="privacy-leaderboard"
              label="Appear on the global leaderboard"
              description="Your friends always see you on theirs."
              checked={prefs.privacy.showOnLeaderboard}
              onChange={(on) => save({ privacy: { showOnLeaderboard: on } })}
            />
            <Switch
              id="privacy-email"
              label="Let people find me by my email"
              description="Search by username works either way."
              checked={prefs.privacy.findableByEmail}
              onChange={(on) => save({ privacy: { findableByEmail: on } })}
            />
          </Card>
        </>
      )}
      <Button variant="danger" onClick={() => void signOut()}>
        <LogOut aria-hidden className="h-4 w-4" /> Sign Out
      </Button>
    </div>
  );
}
