import { useId } from 'react';
import { LOCALES, LOCALE_NAMES, activeLocale, t } from '../lib/i18n.ts';
import { Select } from './ui/field.tsx';

/**
 * The language choice (docs/decisions/035-languages.md): every catalogue, each named in its own
 * language, so a reader finds theirs whatever is on screen now. The landing page switches the
 * screen at once; Settings saves the choice to the player's preferences too.
 */
export function LanguagePicker({ onChoose, disabled = false, className = '' }: { onChoose: (locale: string) => void; disabled?: boolean; className?: string }) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {t('language.label')}
      </label>
      <Select id={id} className="w-auto min-w-40" value={activeLocale()} disabled={disabled} onChange={(event) => onChoose(event.target.value)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES.get(locale)}
          </option>
        ))}
      </Select>
    </div>
  );
}
