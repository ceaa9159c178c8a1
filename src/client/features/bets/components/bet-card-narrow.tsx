import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { formatOdds, poolShares } from '../../../../shared/odds.ts';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import type { CurrentUser } from '../../../../shared/schemas/auth.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { relativeTime, showAmount, participantCount } from '../../../lib/format.ts';
import { useBet } from '../api.ts';
import { BetStatusBadge } from './bet-status.tsx';
import { StakeForm } from './stake-form.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';

/** Whether the list's copy of a bet says staking is open to `me`; the server decides on the call. */
export const looksStakeable = (bet: Bet, me: Pick<CurrentUser, 'id'>) =>
  bet.status === 'active' && !bet.isExpired && bet.creatorId !== me.id && bet.userParticipation === null;

/**
 * Each option on two lines, so long labels wrap instead of pushing the row off a narrow screen:
 * the label and its share of the pool, then the multiplier, stake count and amount.
 */
export function MobileBetOptions({ bet }: { bet: Bet }) {
  const shares = poolShares(bet.optionAmounts.map((a) => parseAmountToCents(a) ?? 0));
  return (
    <ul className="space-y-2" aria-label={`Options of ${bet.title}`}>
      {bet.options.map((label, i) => {
        const won = bet.isResolved && bet.winningOption === i;
        const mine = bet.userParticipation?.option === i;
        const count = bet.optionStakeCounts[i] ?? 0;
        const odds = formatOdds(bet.odds[i] ?? null);
        return (
          <li
            key={label}
            data-testid={`option-${i}`}
            className={`relative overflow-hidden rounded-xl px-3 py-2 ring-1 ${won ? 'ring-2 ring-emerald-600' : 'ring-slate-200 dark:ring-slate-700'}`}
          >
            <div aria-hidden className="absolute inset-y-0 left-0 bg-brand-50 dark:bg-brand-900/40" style={{ width: `${shares[i]}%` }} />
            <div className="relative">
              <p className="flex items-start justify-between gap-3">
                <span className="min-w-0 font-semibold break-words">
                  {label}
                  {won && <span className="ml-2 text-xs font-bold text-emerald-800 dark:text-emerald-300">Winner</span>}
                  {mine && <span className="ml-2 text-xs font-bold text-brand-700 dark:text-brand-100">Your pick</span>}
                </span>
                <span className="shrink-0 font-bold" data-testid={`share-${i}`}>
                  {shares[i]}%
                </span>
              </p>
              <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
                <span className="sr-only">Multiplier </span>
                <span className="font-semibold" data-testid={`odds-${i}`}>
                  {odds}
                </span>
                {' · '}
                {count} {count === 1 ? 'bet' : 'bets'} · {showAmount(bet.optionAmounts[i] ?? '0.00')}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A bet as the mobile lists show it: what it is, its state, the pool and every option. */
export function MobileBetCard({ bet, onOpen, children }: { bet: Bet; onOpen?: () => void; children?: ReactNode }) {
  const titleId = `bet-${bet.id}-title`;
  const mine = bet.userParticipation;
  return (
    <article aria-labelledby={titleId} data-testid="bet-card" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{bet.category}</Badge>
        <BetStatusBadge bet={bet} />
        <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">{relativeTime(bet.createdAt)}</span>
      </div>
      <div>
        <h3 id={titleId} className="text-lg leading-snug font-bold break-words">
          {onOpen ? (
            <button type="button" onClick={onOpen} className="text-left hover:underline">
              {bet.title}
            </button>
          ) : (
            bet.title
          )}
        </h3>
        <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">{bet.description}</p>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span>by {bet.creator.username}</span>
        <span className="inline-flex items-center gap-1" data-testid="participants">
          <Users aria-hidden className="h-4 w-4" />
          {participantCount(bet.participants)}
        </span>
        <span className="font-semibold text-slate-900 dark:text-white" data-testid="total-pool">
          Pool {showAmount(bet.totalPot)}
        </span>
      </p>
      <MobileBetOptions bet={bet} />
      {mine && (
        <p className="text-sm">
          Your stake: <span className="font-semibold">{showAmount(mine.amount)}</span> on{' '}
          <span className="font-semibold">{bet.options[mine.option]}</span>
        </p>
      )}
      {children}
    </article>
  );
}

/** Staking right from a card: the bet's detail decides whether the caller may, then StakeForm does it. */
export function InlineStake({ betId, onClose }: { betId: number; onClose: () => void }) {
  const { data: bet, isPending, isError } = useBet(betId);
  if (isPending) return <Loading message="Loading bet..." />;
  if (isError || !bet) return <p role="alert">Failed to fetch bets</p>;
  if (!bet.canStake) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {bet.userParticipation ? 'Your stake is in.' : 'Staking on this bet is closed for you.'}
        </p>
        <Button variant="secondary" className="w-full" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <StakeForm bet={bet} />
      <Button variant="ghost" className="w-full" onClick={onClose}>
        Cancel
      </Button>
    </div>
  );
}
