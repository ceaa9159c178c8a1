import { formatCents } from '../../../shared/money.ts';
import { allOdds, currentWinCents } from '../../../shared/odds.ts';
import type { Bet, Participant } from '../../../shared/schemas/bets.ts';
import type { BetPools } from '../../../shared/ws-events.ts';
import type { BetBundle, BetRow, OptionRow, StakeRow } from './queries.ts';

export const isExpired = (bet: BetRow, now = new Date()) =>
  bet.status === 'active' && bet.expiresAt !== null && bet.expiresAt.getTime() <= now.getTime();

/**
 * The part of a bet's answer that is the same for every viewer at one version of the bet row:
 * everything but its creator's name (a rename does not touch the bet), whether it has expired
 * (that moves with the clock) and the viewer's own stake. Feeds keep these per bet version
 * (bet-cache.ts), so a bet read by fifty friends is presented once.
 */
export interface SharedBet {
  fields: Omit<Bet, 'creator' | 'isExpired' | 'userParticipation'>;
  bet: BetRow;
  pools: number[];
}

export function presentSharedBet(bet: BetRow, options: readonly OptionRow[]): SharedBet {
  const pools = options.map((o) => o.poolCents);
  return {
    bet,
    pools,
    fields: {
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
      status: bet.status,
      isResolved: bet.status === 'resolved',
      expirationType: bet.expirationType,
      expirationValue: bet.expirationValue,
      expiresAt: bet.expiresAt?.toISOString() ?? null,
      winningOption: bet.winningOption,
      totalPot: formatCents(bet.totalPotCents),
      createdAt: bet.createdAt.toISOString(),
      resolvedAt: bet.resolvedAt?.toISOString() ?? null,
    },
  };
}

/** A shared bet completed for one viewer at one moment. */
export function presentForViewer(shared: SharedBet, creatorUsername: string, viewerStake: StakeRow | null, now: Date): Bet {
  return {
    ...shared.fields,
    creator: { id: shared.bet.creatorId, username: creatorUsername },
    isExpired: isExpired(shared.bet, now),
    userParticipation: viewerStake ? presentParticipation(viewerStake, shared.pools) : null,
  };
}

/** A bet as spec §3 shows it: pools as decimal strings, odds with null for infinity. */
export function presentBet({ bet, creatorUsername, options, viewerStake }: BetBundle, now = new Date()): Bet {
  return presentForViewer(presentSharedBet(bet, options), creatorUsername, viewerStake, now);
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
