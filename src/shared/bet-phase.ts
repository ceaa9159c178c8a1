/**
 * Where a bet stands (docs/product.md §4.4), the one definition every badge and count uses: a bet
 * nobody has resolved is active until its expiry passes, then expired (it takes no more stakes and
 * waits for its resolution), never both. A jury bet's result then waits as proposed, and disputed
 * if a staker objects (§4.6). Resolved and refunded (void) bets are settled. The
 * server's SQL counts (a player's active bets, the platform's) say the same: `status = 'active'`
 * and `expires_at is null or expires_at > now()`.
 */
export type BetPhase = 'active' | 'expired' | 'proposed' | 'disputed' | 'resolved' | 'void';

export function betPhase(bet: { status: string; expiresAt: string | null }, now = Date.now()): BetPhase {
  if (bet.status === 'resolved' || bet.status === 'void' || bet.status === 'proposed' || bet.status === 'disputed') return bet.status;
  return bet.expiresAt !== null && Date.parse(bet.expiresAt) <= now ? 'expired' : 'active';
}
