import { Handshake } from 'lucide-react';
import { Section } from '../../../components/ui/blocks.tsx';
import { useMyCrews } from '../../../lib/crews-list.ts';
import { showAmount } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { ScreenLink } from '../../../lib/screen-nav.tsx';

const linkClass = 'font-semibold text-brand-700 hover:underline dark:text-brand-100';

/**
 * The player's crews on the dashboard, each with their balance in it, or the way to start one:
 * crews are found from the first screen, not only from the menu.
 */
export function YourCrews() {
  const crews = useMyCrews();
  if (crews.isPending || crews.isError) return null;
  return (
    <Section
      title={t('dashboard.crews.title')}
      action={
        <ScreenLink to={{ name: 'crews' }} className={`text-sm ${linkClass}`}>
          {crews.data.length === 0 ? t('dashboard.crews.start') : t('dashboard.crews.all')}
        </ScreenLink>
      }
    >
      {crews.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('dashboard.crews.pitch')}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {crews.data.map((crew) => (
            <li key={crew.id} className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <Handshake aria-hidden className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-100" />
              <span className="min-w-0 flex-1">
                <ScreenLink to={{ name: 'crew', id: crew.id }} className={`block wrap-anywhere ${linkClass}`}>
                  {crew.name}
                </ScreenLink>
                <span className="block text-xs text-slate-700 dark:text-slate-300">
                  {t('dashboard.crews.seasonBalance', { season: crew.season.number, balance: showAmount(crew.balance) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
