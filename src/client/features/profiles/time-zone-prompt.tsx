import { Globe } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../lib/i18n.ts';
import { browserTimeZone, usePreferences, useSavePreferences } from './api.ts';
import { zoneLabel } from './time-zone-picker.tsx';

const DISMISSED_KEY = 'betbro_time_zone_kept';

/** The pair (chosen zone, device zone) the player said to keep, remembered on this device. */
function keptPair(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Above every signed-in screen, in both frames, when this device's clock is on another time zone
 * than the one the player chose (travelling, a new phone): one tap takes the device's, another
 * keeps the chosen one, and the question is not asked again for the same two zones here.
 */
export function TimeZonePrompt() {
  const chosen = usePreferences().data?.timeZone ?? null;
  const save = useSavePreferences();
  const device = browserTimeZone();
  const pair = `${chosen ?? ''}|${device}`;
  const [kept, setKept] = useState(keptPair);
  if (chosen === null || chosen === device || kept === pair) return null;
  const keep = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, pair);
    } catch {
      // storage blocked: asked again next time
    }
    setKept(pair);
  };
  return (
    <section
      aria-label={t('profiles.timeZonePrompt.label')}
      className="mb-4 flex flex-col gap-3 rounded-2xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-200 sm:flex-row sm:items-center dark:bg-sky-950 dark:text-sky-50 dark:ring-sky-800"
    >
      <Globe aria-hidden className="hidden h-6 w-6 shrink-0 sm:block" />
      <p className="min-w-0 flex-1 text-sm font-medium">
        {t('profiles.timeZonePrompt.text', { chosen: zoneLabel(chosen), device: zoneLabel(device) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void save({ timeZone: device }, t('profiles.timeZone.savedToast')).catch(() => undefined)}>
          {t('profiles.timeZonePrompt.useDevice', { zone: zoneLabel(device) })}
        </Button>
        <Button size="sm" variant="secondary" onClick={keep}>
          {t('profiles.timeZonePrompt.keepChosen', { zone: zoneLabel(chosen) })}
        </Button>
      </div>
    </section>
  );
}
