import { useState } from 'react';
import { quietHoursSchema, type Preferences, type QuietHours } from '../../../../shared/schemas/notifications.ts';
import { Section, SwitchRow } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import type { useSavePreferences } from '../../profiles/api.ts';

type Save = ReturnType<typeof useSavePreferences>;

/** The quiet hours a player gets on turning them on, unless they had others before on this screen. */
const DEFAULT_QUIET_HOURS: QuietHours = { from: '22:00', to: '08:00' };

/** From and until: saved together with their button, checked with the shared schema. */
function QuietHoursForm({ hours, save }: { hours: QuietHours; save: Save }) {
  const form = useZodForm(quietHoursSchema, { from: hours.from, to: hours.to });
  const [saving, setSaving] = useState(false);
  const unchanged = form.values.from === hours.from && form.values.to === hours.to;
  const onSubmit = form.submit((body) => {
    setSaving(true);
    save({ quietHours: body }, 'Quiet hours saved').then(
      () => setSaving(false),
      () => setSaving(false),
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Quiet hours" className="grid gap-3 pb-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field id="quiet-from" label="Quiet from" error={form.errors.from}>
        <Input id="quiet-from" type="time" required {...form.field('from')} />
      </Field>
      <Field id="quiet-to" label="Quiet until" error={form.errors.to}>
        <Input id="quiet-to" type="time" required {...form.field('to')} />
      </Field>
      <Button type="submit" variant="secondary" disabled={saving || unchanged}>
        Save quiet hours
      </Button>
    </form>
  );
}

/** Hours without push notifications, read on the player's clock (chosen in Settings, with every other time). */
export function QuietHoursSettings({ prefs, save }: { prefs: Preferences; save: Save }) {
  // What the player had before turning them off, to get back on turning them on again.
  const [last, setLast] = useState<QuietHours>(prefs.quietHours ?? DEFAULT_QUIET_HOURS);
  const hours = prefs.quietHours;
  return (
    <Section title="Quiet hours">
      <Card className="space-y-1 px-4 py-3">
        <SwitchRow
          id="quiet-hours"
          label="Quiet hours"
          description="No push notifications between these times. Your notifications still wait for you in Betbro."
          checked={hours !== null}
          onChange={(on) => {
            if (!on && hours) setLast(hours);
            return save({ quietHours: on ? last : null }, on ? 'Quiet hours on' : 'Quiet hours off');
          }}
        />
        {/* Drawn afresh from what is saved each time it changes. */}
        {hours && <QuietHoursForm key={`${hours.from}-${hours.to}`} hours={hours} save={save} />}
        <p className="pt-1 pb-1 text-xs text-slate-600 dark:text-slate-300">Read on your clock: the time zone in Settings.</p>
      </Card>
    </Section>
  );
}
