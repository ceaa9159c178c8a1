import { betPhase, type BetPhase } from '../../shared/bet-phase.ts';
import { Badge } from './ui/badge.tsx';

const BADGES: Record<BetPhase, { tone: 'success' | 'neutral' | 'warning' | 'brand' | 'danger'; text: string }> = {
  resolved: { tone: 'success', text: 'Resolved' },
  void: { tone: 'neutral', text: 'Refunded' },
  expired: { tone: 'warning', text: 'Expired' },
  // A jury bet's result waiting: proposed (open to a dispute), then disputed (the jury votes).
  proposed: { tone: 'warning', text: 'Proposed' },
  disputed: { tone: 'danger', text: 'Disputed' },
  active: { tone: 'brand', text: 'Active' },
};

/** Where a bet stands, by the one definition the counts use too (src/shared/bet-phase.ts). */
export function BetStatusBadge({ bet }: { bet: { status: string; expiresAt: string | null } }) {
  const { tone, text } = BADGES[betPhase(bet)];
  return <Badge tone={tone}>{text}</Badge>;
}
