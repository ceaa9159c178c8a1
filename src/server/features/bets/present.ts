import { formatCents } from '../../../shared/money.ts';
import { allOdds, currentWinCents } from '../../../shared/odds.ts';
import type { Bet, Participant } from '../../../shared/schemas/bets.ts';
import type { BetPools } from '../../../shared/ws-events.ts';
import type { BetBundle, BetRow, StakeRow } from './queries.ts';

export const isExpired = (bet: BetRow, now = new Date()) =>
  bet.status === 'active' && bet.expiresAt !== null && bet.expiresAt.getTime() <= now.getTime();

/** A bet as spec §3 shows it: pools as decimal strings, odds with null for infinity. */
export function presentBet({ bet, creatorUsername, options, viewerStake }: BetBundle, now = new Date()): Bet {
  const pools = options.map((o) => o.poolCents);
  return {
    id: bet.id,
    title: bet.title,
    description: bet.description,
    category: bet.category,
    options: options.map((o) => o.label),
    optionAmounts: pools.map(formatCents),
    odds: allOdds(pools),
    optionStakeCounts: options.map((o) => o.stakeCount),
    participants: bet.participantCount,
    creatorId: bet.creatorId,
    creator: { id: bet.creatorId, username: creatorUsername },
    status: bet.status,
    isResolved: bet.status === 'resolved',
    isExpired: isExpired(bet, now),
    expirationType: bet.expirationType,
    expirationValue: bet.expirationValue,
    expiresAt: bet.expiresAt?.toISOString() ?? null,
    winningOption: bet.winningOption,
    totalPot: formatCents(bet.totalPotCents),
    createdAt: bet.createdAt.toISOString(),
    resolvedAt: bet.resolvedAt?.toISOString() ?? null,
    userParticipation: viewerStake ? presentParticipation(viewerStake, pools) : null,
  };
}

function presentParticipation(stake: StakeRow, pools: number[]) {
  return {
    amount: formatCents(stake.amountCents),
    option: stake.optionIdx,
    potentialWin: formatCents(currentWinCents(pools, stake.optionIdx, stake.amountCents)),
    payout: stake.settledCents === null ? null : formatCents(stake.settledCents),
  };
}

export function presentParticipant(stake: StakeRow, username: string, pools: number[]): Participant {
  return {
    userId: stake.userId,
    username,
    option: stake.optionIdx,
    amount: formatCents(stake.amountCents),
    potentialWin: formatCents(
      stake.settledCents ?? currentWinCents(pools, stake.optionIdx, stake.amountCents),
    ),
    createdAt: stake.createdAt.toISOString(),
  };
}

/** What a live bet event carries: the pools and the odds they give, the status and the winner. */
export function presentPools(bet: BetRow, options: { poolCents: number; stakeCount: number }[]): BetPools {
  const pools = options.map((o) => o.poolCents);
  return {
    betId: bet.id,
    status: bet.status,
    optionAmounts: pools.map(formatCents),
    odds: allOdds(pools),
    optionStakeCounts: options.map((o) => o.stakeCount),
    totalPot: formatCents(bet.totalPotCents),
    participants: bet.participantCount,
    winningOption: bet.winningOption,
  };
}
