import { Handshake } from 'lucide-react';
import { useMyCrew } from '../../../lib/crews-list.ts';
import { t } from '../../../lib/i18n.ts';
import { ScreenLink } from '../../../lib/screen-nav.tsx';

const badgeClass = 'inline-flex max-w-full items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100';

/**
 * A crew bet's crew, by name (from my crews; "Crew" for one I am not in), linked to its page where
 * asked: on the bet's own page.
 */
export function CrewBadge({ crewId, linked = false }: { crewId: number; linked?: boolean }) {
  const { crew } = useMyCrew(crewId);
  const content = (
    <>
      <Handshake aria-hidden className="h-3.5 w-3.5 shrink-0" />
      {crew ? (
        <span className="truncate">
          <span className="sr-only">{t('bets.crewBadge.label')}</span> {crew.name}
        </span>
      ) : (
        t('bets.crewBadge.crewBet')
      )}
    </>
  );
  if (linked && crew) {
    return (
      <ScreenLink to={{ name: 'crew', id: crewId }} className={`${badgeClass} hover:underline`}>
        {content}
      </ScreenLink>
    );
  }
  return (
    <span className={badgeClass} data-testid="crew-badge">
      {content}
    </span>
  );
}
