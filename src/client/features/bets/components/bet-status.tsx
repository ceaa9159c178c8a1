import type { Bet } from '../../../../shared/schemas/bets.ts';
import { Badge } from '../../../components/ui/badge.tsx';

export function BetStatusBadge({ bet }: { bet: Bet }) {
  if (bet.status === 'resolved') return <Badge tone="success">Resolved</Badge>;
  if (bet.status === 'void') return <Badge tone="neutral">Refunded</Badge>;
  if (bet.isExpired) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="brand">Active</Badge>;
}
