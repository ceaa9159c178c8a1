import { useState } from 'react';
import { quietHoursSchema, type Preferences, type QuietHours } from '../../../../shared/schemas/notifications.ts';
import { Section, SwitchRow } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { t } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import type { useSavePreferences } from '../../profiles/api.ts';

type Save = ReturnType<typeof useSavePreferences>;

/** The quiet hours a player gets on turning them on, unless they had others before on this screen. */
const DEFAULT_QUIET_HOURS: QuietHours = { from: '22:00', to: '08:00' };

/**
 * From and until: saved together with their button, checked with the shared schema. `saved` is
 * what the server holds (null: quiet hours are off and these are still to be saved).
 */
function QuietHoursForm({ hours, saved, save, onSaved }: { hours: QuietHours; saved: QuietHours | null; save: Save; onSaved: () => void }) {
  const form = useZodForm(quietHoursSchema, { from: hours.from, to: hours.to });
  const [saving, setSaving] = useState(false);
  const unchanged = saved !== null && form.values.from === saved.from && form.values.to === saved.to;
  const onSubmit = form.submit((body) => {
    setSaving(true);
    save({ quietHours: body }, saved === null ? t('notifications.quietHours.onToast') : t('notifications.quietHours.savedToast')).then(
      () => {
        setSaving(false);
        onSaved();
      },
      () => setSaving(false),
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('notifications.quietHours.title')} className="grid gap-3 pb-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field id="quiet-from" label={t('notifications.quietHours.from')} error={form.errors.from}>
        <Input id="quiet-from" type="time" required {...form.field('from')} />
      </Field>
      <Field id="quiet-to" label={t('notifications.quietHours.until')} error={form.errors.to}>
        <Input id="quiet-to" type="time" required {...form.field('to')} />
      </Field>
      <Button type="submit" variant="secondary" disabled={saving || unchanged}>
        {t('notifications.quietHours.save')}
      </Button>
    </form>
  );
}

/**
 * Hours without push notifications, read on the player's clock (chosen in Settings, with every
 * other time). Turning the switch on opens the hours to choose; nothing is on until they are
 * saved, and the line under the title says only what is saved.
 */
export function QuietHoursSettings({ prefs, save }: { prefs: Preferences; save: Save }) {
  // What the player had before turning them off, to get back on turning them on again.
  const [last, setLast] = useState<QuietHours>(prefs.quietHours ?? DEFAULT_QUIET_HOURS);
  // Hours being chosen while quiet hours are off: shown in the form, not yet saved.
  const [draft, setDraft] = useState<QuietHours | null>(null);
  const saved = prefs.quietHours;
  const shown = saved ?? draft;
  return (
    <Section title={t('notifications.quietHours.title')}>
      <Card className="space-y-1 px-4 py-3">
        <p data-testid="quiet-hours-summary" className="pt-1 text-sm font-medium">
          {saved ? t('notifications.quietHours.summaryOn', { from: saved.from, to: saved.to }) : t('notifications.quietHours.summaryOff')}
        </p>
        <SwitchRow
          id="quiet-hours"
          label={t('notifications.quietHours.title')}
          description={t('notifications.quietHours.description')}
          checked={shown !== null}
          onChange={async (on) => {
            if (on) {
              setDraft(last);
              return;
            }
            setDraft(null);
            if (!saved) return;
            setLast(saved);
            await save({ quietHours: null }, t('notifications.quietHours.offToast'));
          }}
        />
        {/* Drawn afresh from what is saved each time it changes. */}
        {shown && (
          <QuietHoursForm key={saved ? `${saved.from}-${saved.to}` : 'unsaved'} hours={shown} saved={saved} save={save} onSaved={() => setDraft(null)} />
        )}
        {draft && !saved && <p className="text-xs text-slate-600 dark:text-slate-300">{t('notifications.quietHours.notOnYet')}</p>}
        <p className="pt-1 pb-1 text-xs text-slate-600 dark:text-slate-300">{t('notifications.quietHours.clockNote')}</p>
      </Card>
    </Section>
  );
}
