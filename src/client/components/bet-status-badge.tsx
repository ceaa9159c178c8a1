import { betPhase, type BetPhase } from '../../shared/bet-phase.ts';
import { Badge } from './ui/badge.tsx';

const BADGES: Record<BetPhase, { tone: 'success' | 'neutral' | 'warning' | 'brand'; text: string }> = {
  resolved: { tone: 'success', text: 'Resolved' },
  void: { tone: 'neutral', text: 'Refunded' },
  expired: { tone: 'warning', text: 'Expired' },
  active: { tone: 'brand', text: 'Active' },
};

/** Where a bet stands, by the one definition the counts use too (src/shared/bet-phase.ts). */
export function BetStatusBadge({ bet }: { bet: { status: string; expiresAt: string | null } }) {
  const { tone, text } = BADGES[betPhase(bet)];
  return <Badge tone={tone}>{text}</Badge>;
}
