import { Gavel } from 'lucide-react';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { t } from '../../../lib/i18n.ts';

/** The referee of a bet a referee decides (docs/product.md §4.6), else null. */
export const refereeOf = (bet: Pick<Bet, 'resolution'>) => (bet.resolution.mode === 'referee' ? bet.resolution.referee : null);

/** Who resolves the bet without an admin's override: its referee when it has one, else its creator. */
export const deciderOf = (bet: Pick<Bet, 'resolution' | 'creator'>) => refereeOf(bet) ?? bet.creator;

/** Whether `me` referees the bet: then they decide it and may not stake on it. */
export const isRefereeOf = (bet: Pick<Bet, 'resolution'>, me: { id: number }) => refereeOf(bet)?.id === me.id;

/**
 * Whose bet it is: a bet among friends is the creator's friends', a crew bet its crew's members'
 * (docs/product.md §6.7), and so are its jurors. The messages say it with `{circle, select, crew
 * {…} other {…}}`, so that each language words the whole sentence.
 */
export const circleOf = (bet: Pick<Bet, 'crewId'>): 'friends' | 'crew' => (bet.crewId === null ? 'friends' : 'crew');

/** What the badge says of who decides: the creator by name, the referee by name, or the jury. */
export function deciderWords(bet: Pick<Bet, 'resolution' | 'creator' | 'crewId'>): string {
  const referee = refereeOf(bet);
  if (referee) return t('bets.decider.referee', { name: referee.username });
  if (bet.resolution.mode === 'jury') return t('bets.decider.jury', { circle: circleOf(bet) });
  return t('bets.decider.creator', { name: bet.creator.username });
}

/** The badge a card and a bet's page show: who decides the bet (docs/product.md §4.6). */
export function DeciderBadge({ bet }: { bet: Pick<Bet, 'resolution' | 'creator' | 'crewId'> }) {
  return (
    <span
      data-testid="decider-badge"
      className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <Gavel aria-hidden className="h-3.5 w-3.5 shrink-0" />
      <span className="truncate">{deciderWords(bet)}</span>
    </span>
  );
}
