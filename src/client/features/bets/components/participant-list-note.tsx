import { PARTICIPANT_LIST_LIMIT, type BetDetail } from '../../../../shared/schemas/bets.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * The detail lists only a bet's most recent participants (PARTICIPANT_LIST_LIMIT); when there
 * are more, say so, so that the list is not taken for all of them. Only a full list can be a
 * cut one: a live update raises `participants` before the refetched list arrives, and a shorter
 * list is then merely behind.
 */
export function ParticipantListNote({ bet }: { bet: BetDetail }) {
  const listed = bet.participantList.length;
  if (listed < PARTICIPANT_LIST_LIMIT || bet.participants <= listed) return null;
  return (
    <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{t('bets.participants.mostRecent', { listed, count: bet.participants })}</p>
  );
}
