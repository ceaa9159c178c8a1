import { betPhase, type BetPhase } from '../../shared/bet-phase.ts';
import { t } from '../lib/i18n.ts';
import { Badge } from './ui/badge.tsx';

/** Each phase's tone, and its word in the reader's language (worded when drawn). */
const BADGES: Record<BetPhase, { tone: 'success' | 'neutral' | 'warning' | 'brand' | 'danger'; word: () => string }> = {
  resolved: { tone: 'success', word: () => t('ui.betStatus.resolved') },
  void: { tone: 'neutral', word: () => t('ui.betStatus.refunded') },
  expired: { tone: 'warning', word: () => t('ui.betStatus.expired') },
  // A jury bet's result waiting: proposed (open to a dispute), then disputed (the jury votes).
  proposed: { tone: 'warning', word: () => t('ui.betStatus.proposed') },
  disputed: { tone: 'danger', word: () => t('ui.betStatus.disputed') },
  active: { tone: 'brand', word: () => t('ui.betStatus.active') },
};

/** Where a bet stands, by the one definition the counts use too (src/shared/bet-phase.ts). */
export function BetStatusBadge({ bet }: { bet: { status: string; expiresAt: string | null } }) {
  const { tone, word } = BADGES[betPhase(bet)];
  return <Badge tone={tone}>{word()}</Badge>;
}
