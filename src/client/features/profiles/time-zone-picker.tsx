import { Globe } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { activeLocale, t, tNodes } from '../../lib/i18n.ts';
import { browserTimeZone, usePreferences, useSavePreferences } from './api.ts';

/** Every IANA time zone this browser knows, with `current` among them even when the list leaves it out (UTC, in some). */
function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** "America/New_York" as a person reads it: "America/New York". */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** The zones whose name holds every word typed ("new york", "berlin", "asia tok"), at most `limit`. */
export function zonesMatching(query: string, zones: readonly string[], limit = 8): string[] {
  const words = query.toLowerCase().replaceAll('_', ' ').split(/[\s/]+/).filter(Boolean);
  if (words.length === 0) return [];
  return zones.filter((zone) => words.every((word) => zoneLabel(zone).toLowerCase().includes(word))).slice(0, limit);
}

/** What the clock of `zone` reads now: "09:05 PM". */
const nowIn = (zone: string) => new Date().toLocaleTimeString(activeLocale(), { hour: '2-digit', minute: '2-digit', timeZone: zone });

/**
 * The player's clock (docs/product.md §8.3): every time Betbro shows, quiet hours and the daily
 * digest follow it. Found by typing part of its name, or taken from this device in one tap; when
 * the device is on another zone than the one chosen, it says so.
 */
export function TimeZonePicker() {
  const prefs = usePreferences();
  const save = useSavePreferences();
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState<string | null>(null);
  const listId = useId();
  const device = browserTimeZone();
  const current = saving ?? prefs.data?.timeZone ?? device;
  const matches = zonesMatching(query, timeZoneChoices(current));
  const choose = (zone: string) => {
    setSaving(zone);
    setQuery('');
    save({ timeZone: zone }, t('profiles.timeZone.savedToast')).then(
      () => setSaving(null),
      () => setSaving(null),
    );
  };
  return (
    <div className="space-y-3" data-testid="time-zone-picker">
      <p className="text-sm">
        <Globe aria-hidden className="me-1 inline h-4 w-4" />
        {tNodes('profiles.timeZone.yourClock', { zone: <span className="font-semibold">{zoneLabel(current)}</span>, time: nowIn(current) })}
      </p>
      {device === current ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('profiles.timeZone.deviceSame')}</p>
      ) : (
        <div role="status" className="space-y-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <p>{t('profiles.timeZone.deviceOther', { zone: zoneLabel(device), time: nowIn(device) })}</p>
          <Button size="sm" variant="secondary" disabled={saving !== null} onClick={() => choose(device)}>
            {t('profiles.timeZone.useDevice')}
          </Button>
        </div>
      )}
      <Field id="time-zone-search" label={t('profiles.timeZone.searchLabel')} hint={t('profiles.timeZone.searchHint')}>
        <Input
          type="search"
          autoComplete="off"
          aria-controls={listId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('profiles.timeZone.searchPlaceholder')}
        />
      </Field>
      <ul id={listId} aria-label={t('profiles.timeZone.matchesLabel')} className="space-y-1">
        {matches.map((zone) => (
          <li key={zone}>
            <button
              type="button"
              onClick={() => choose(zone)}
              aria-current={zone === current ? 'true' : undefined}
              className="w-full rounded-lg px-3 py-2 text-start text-sm ring-1 ring-slate-200 hover:bg-slate-50 dark:ring-slate-700 dark:hover:bg-slate-800"
            >
              {zoneLabel(zone)} <span className="text-slate-600 dark:text-slate-300">{t('profiles.timeZone.matchNow', { time: nowIn(zone) })}</span>
            </button>
          </li>
        ))}
      </ul>
      {query.trim() !== '' && matches.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{t('profiles.timeZone.noMatch', { query: query.trim() })}</p>}
    </div>
  );
}
