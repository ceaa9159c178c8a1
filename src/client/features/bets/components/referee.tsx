import type { Bet } from '../../../../shared/schemas/bets.ts';

/** The referee of a bet a referee decides (docs/product.md §4.6), else null. */
export const refereeOf = (bet: Pick<Bet, 'resolution'>) => (bet.resolution.mode === 'referee' ? bet.resolution.referee : null);

/** Who resolves the bet without an admin's override: its referee when it has one, else its creator. */
export const deciderOf = (bet: Pick<Bet, 'resolution' | 'creator'>) => refereeOf(bet) ?? bet.creator;

/** Whether `me` referees the bet: then they decide it and may not stake on it. */
export const isRefereeOf = (bet: Pick<Bet, 'resolution'>, me: { id: number }) => refereeOf(bet)?.id === me.id;

/**
 * The small line a card and a bet's page show under who made a bet, when someone else than its
 * creator alone decides it: its referee, or a jury of the creator's friends on a dispute.
 */
export function DeciderLine({ bet, className = '' }: { bet: Pick<Bet, 'resolution'>; className?: string }) {
  const referee = refereeOf(bet);
  const text = referee ? `Referee: ${referee.username}` : bet.resolution.mode === 'jury' ? 'Who decides: a jury of friends' : null;
  if (!text) return null;
  return <p className={`text-xs wrap-anywhere text-slate-600 dark:text-slate-300 ${className}`}>{text}</p>;
}
