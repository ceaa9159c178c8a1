import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications.ts';
import { Section, SwitchRow } from '../../components/ui/blocks.tsx';
import { Card } from '../../components/ui/card.tsx';
import { usePreferences, useSavePreferences } from '../profiles/api.ts';
import { PushSwitch } from '../push/push-switch.tsx';
import { MailSettings } from './components/mail-settings.tsx';
import { QuietHoursSettings } from './components/quiet-hours-settings.tsx';
import { t } from '../../lib/i18n.ts';
import { notificationTypeLabel } from './labels.ts';

/**
 * What the player hears about and how: which kinds of notification to receive, which come by
 * mail (at once or in the daily digest), and quiet hours. The one home of these settings: the
 * Notifications screen (Settings links to it).
 */
export function NotificationSettings() {
  const { data: prefs } = usePreferences();
  const save = useSavePreferences();
  if (!prefs) return null;
  return (
    <>
      <Section title={t('notifications.settings.notifyMeAbout')}>
        <Card className="divide-y divide-slate-100 px-4 py-1 dark:divide-slate-800">
          <PushSwitch id="push-this-device" />
          {NOTIFICATION_TYPES.map((type) => (
            <SwitchRow
              key={type}
              id={`notify-${type}`}
              label={notificationTypeLabel(type)}
              checked={prefs.notifications[type]}
              onChange={(on) => save({ notifications: { [type]: on } })}
            />
          ))}
        </Card>
      </Section>
      <MailSettings prefs={prefs} save={save} />
      <QuietHoursSettings prefs={prefs} save={save} />
    </>
  );
}
