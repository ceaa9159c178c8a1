import { useState } from 'react';
import {
  EMAIL_MODES,
  NOTIFICATION_TYPES,
  type EmailMode,
  type NotificationType,
  type Preferences,
} from '../../../../shared/schemas/notifications.ts';
import { Section } from '../../../components/ui/blocks.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/field.tsx';
import { t } from '../../../lib/i18n.ts';
import type { useSavePreferences } from '../../profiles/api.ts';
import { emailModeLabel, notificationTypeLabel } from '../labels.ts';

type Save = ReturnType<typeof useSavePreferences>;

/** One type's mail: Off, Instant or Daily digest. The choice shows at once and stays while it is saved; if saving fails it goes back. */
function MailRow({ type, mode, save }: { type: NotificationType; mode: EmailMode; save: Save }) {
  const [saving, setSaving] = useState<EmailMode | null>(null);
  const id = `email-${type}`;
  const change = (next: EmailMode) => {
    setSaving(next);
    save({ email: { [type]: next } }).then(
      () => setSaving(null),
      () => setSaving(null),
    );
  };
  return (
    <div className="flex min-h-14 flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <label htmlFor={id} className="min-w-0 text-sm font-medium">
        {notificationTypeLabel(type)}
      </label>
      <Select
        id={id}
        aria-label={t('notifications.mail.byEmail', { type: notificationTypeLabel(type) })}
        className="sm:w-44 sm:shrink-0"
        value={saving ?? mode}
        onChange={(event) => change(event.target.value as EmailMode)}
      >
        {EMAIL_MODES.map((option) => (
          <option key={option} value={option}>
            {emailModeLabel(option)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Which notifications also come by mail: each type off, one mail each, or gathered in the daily digest. */
export function MailSettings({ prefs, save }: { prefs: Preferences; save: Save }) {
  return (
    <Section title={t('notifications.mail.title')}>
      <Card className="px-4 py-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('notifications.mail.about')}
        </p>
        <div className="mt-1 divide-y divide-slate-100 dark:divide-slate-800">
          {NOTIFICATION_TYPES.map((type) => (
            <MailRow key={type} type={type} mode={prefs.email[type]} save={save} />
          ))}
        </div>
      </Card>
    </Section>
  );
}
