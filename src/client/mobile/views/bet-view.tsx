import { lazy, Suspense, type ReactNode } from 'react';
import type { BetDetail } from '../../../shared/schemas/bets.ts';
import { Card, EmptyState } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { showAmount, showDateTime } from '../../lib/format.ts';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.tsx';
import { useBet } from '../../features/bets/api.ts';
import { BetDiscussion } from '../../features/bets/components/bet-discussion.tsx';
import { ParticipantListNote } from '../../features/bets/components/participant-list-note.tsx';
import { ResolvePanel } from '../../features/bets/components/resolve-panel.tsx';
import { StakeForm } from '../../features/bets/components/stake-form.tsx';
import { InviteFriends } from '../../features/invites/components/invite-friends.tsx';
import { BackButton } from '../components/back-button.tsx';
import { MobileBetCard } from '../components/mobile-bet-card.tsx';
import { Loading } from '../components/mobile-ui.tsx';
import { useMobileNavigation } from '../navigation.tsx';

/** Who settles the bet: the creator when the rules let them, otherwise an admin's override. */
export function resolvesAsAdmin(bet: BetDetail, me: { id: number; role: string }): boolean {
  const creatorMay = bet.creatorId === me.id && (bet.expirationType === 'indefinite' || bet.isExpired);
  return !creatorMay && me.role === 'admin';
}

function Outcome({ bet }: { bet: BetDetail }) {
  const mine = bet.userParticipation;
  if (bet.status === 'resolved') {
    const won = mine !== null && bet.winningOption === mine.option;
    return (
      <div role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        <p className="font-semibold">Resolved: {bet.options[bet.winningOption ?? 0]} won.</p>
        {mine && mine.payout !== null && (
          <p className="mt-1 font-bold">{won ? `You won ${showAmount(mine.payout)}!` : `You lost ${showAmount(mine.amount)}`}</p>
        )}
      </div>
    );
  }
  if (bet.status === 'void') {
    return (
      <div role="status" className="rounded-xl bg-slate-100 px-4 py-3 dark:bg-slate-800">
        This bet was called off{mine ? `: your ${showAmount(mine.amount)} was refunded.` : '.'}
      </div>
    );
  }
  if (bet.isExpired) {
    return (
      <div role="status" className="rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        Expired. This bet has expired and needs to be resolved
      </div>
    );
  }
  return null;
}

/** One bet in full: options, the caller's stake or the stake form, resolution, participants, talk. */
export function BetView({ id }: { id: number | undefined }) {
  const { goBack } = useMobileNavigation();
  const back = <BackButton label="Back" onClick={() => goBack({ name: 'bets' })} />;
  if (id === undefined) return <EmptyState title="Bet not found">{back}</EmptyState>;
  return <BetDetailView id={id} back={back} />;
}

const OddsHistoryChart = lazy(() =>
  import('../../features/odds-history/components/odds-history-chart.tsx').then((m) => ({ default: m.OddsHistoryChart })),
);

function BetDetailView({ id, back }: { id: number; back: ReactNode }) {
  const user = useCurrentUser();
  const { data: bet, isPending, error } = useBet(id);
  if (isPending) return <Loading message="Loading bet..." />;
  if (error || !bet) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return <EmptyState title={missing ? 'Bet not found' : 'Failed to fetch bets'}>{back}</EmptyState>;
  }
  return (
    <div className="space-y-4">
      {back}
      <MobileBetCard bet={bet}>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {bet.expirationType === 'indefinite'
            ? 'Manual payout'
            : `${bet.isExpired ? 'Ended' : 'Ends'} ${bet.expiresAt ? showDateTime(bet.expiresAt) : ''}`}
        </p>
      </MobileBetCard>
      <Outcome bet={bet} />
      {bet.canStake && (
        <Card className="p-4">
          <h2 className="mb-3 text-lg font-bold">Place a bet</h2>
          <StakeForm bet={bet} />
        </Card>
      )}
      {bet.canResolve && <ResolvePanel bet={bet} asAdmin={resolvesAsAdmin(bet, user)} />}
      <Suspense fallback={null}>
        <OddsHistoryChart betId={bet.id} options={bet.options} />
      </Suspense>
      {bet.creatorId === user.id && bet.status === 'active' && <InviteFriends betId={bet.id} />}
      <Card className="p-4">
        <h2 className="mb-2 text-lg font-bold">Participants</h2>
        <ParticipantListNote bet={bet} />
        {bet.participantList.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">Nobody has placed a bet yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {bet.participantList.map((p) => (
              <li key={p.userId} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{p.username}</span>
                  <span className="block break-words text-slate-600 dark:text-slate-300">on {bet.options[p.option]}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-semibold">{showAmount(p.amount)}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {bet.status === 'active' ? 'could win' : 'paid'} {showAmount(p.potentialWin)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="p-4">
        <BetDiscussion betId={bet.id} />
      </Card>
    </div>
  );
}
