import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { betPhase } from '../../../../shared/bet-phase.ts';
import { isUnsettled, type BetDetail } from '../../../../shared/schemas/bets.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showAmount, showDate, showDateTime, participantCount } from '../../../lib/format.ts';
import { centsOf, returnAndProfit, youLost, youWon } from '../../../../shared/money-words.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { InviteFriends } from '../../invites/invite-friends.tsx';
import { ShareBet } from '../../invites/share-bet.tsx';
import { useBet } from '../api.ts';
import { BetDiscussion } from './bet-discussion.tsx';
import { BetOptions } from './bet-options.tsx';
import { CrewBadge } from './crew-badge.tsx';
import { BetStatusBadge } from '../../../components/bet-status-badge.tsx';
import { BetTimelineSection } from './bet-timeline.tsx';
import { ParticipantListNote } from './participant-list-note.tsx';
import { circleOf, DeciderBadge, deciderOf, isRefereeOf } from './referee.tsx';
import { DisputeAction, JuryStatus, JurySection } from './jury.tsx';
import { ResolvePanel, resolvesAsAdmin } from './resolve-panel.tsx';
import { StakeForm, stakeSummaryId } from './stake-form.tsx';

// Recharts comes with the chart, after the rest of the bet has drawn.
const OddsHistoryChart = lazy(() => import('../../odds-history/odds-history-chart.tsx').then((m) => ({ default: m.OddsHistoryChart })));

function OddsExplainer({ bet }: { bet: BetDetail }) {
  const hasOpenSide = bet.odds.some((o) => o === null);
  const hasEvenSide = bet.odds.some((o) => o === 1);
  if (!hasOpenSide && !hasEvenSide) return null;
  return (
    <ul className="mt-2 space-y-1 text-xs text-slate-500 dark:text-slate-400">
      {hasEvenSide && <li>Odds of 1.0:1 mean nobody has bet against that option yet: if it wins, you get your stake back.</li>}
      {hasOpenSide && <li>∞ means nobody is on that side yet: back it and, if it wins, you take the whole pot.</li>}
    </ul>
  );
}

function Outcome({ bet }: { bet: BetDetail }) {
  const mine = bet.userParticipation;
  if (!mine) return null;
  const myOption = bet.options[mine.option];
  if (bet.status === 'resolved' && mine.payout !== null) {
    const won = bet.winningOption === mine.option;
    return (
      <Card className={won ? 'ring-emerald-400' : 'ring-red-300'}>
        <p className="text-sm font-bold">{won ? 'WON' : 'LOST'}</p>
        <p className="mt-1 text-lg font-semibold">{won ? youWon(mine.payout, mine.amount) : youLost(mine.amount)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          You staked {showAmount(mine.amount)} on {myOption}.
        </p>
      </Card>
    );
  }
  if (bet.status === 'void') {
    return (
      <Card>
        <p className="font-semibold">This bet was called off: your {showAmount(mine.amount)} was refunded.</p>
      </Card>
    );
  }
  return (
    <Card id={stakeSummaryId(bet.id)} tabIndex={-1}>
      <h2 className="text-sm font-normal text-slate-600 dark:text-slate-300">Your stake</h2>
      <p className="text-lg font-semibold">
        {showAmount(mine.amount)} on {myOption}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        If it wins now, it returns {returnAndProfit(centsOf(mine.potentialWin), centsOf(mine.amount))}.
      </p>
    </Card>
  );
}

/** /bets/:id — a bet (docs/product.md §13.5), with its participants and discussion. */
export function BetDetailPage() {
  const {
    narrow,
    goBack,
    view: { id },
  } = useScreenNav();
  const user = useCurrentUser();
  const { data: bet, isPending, error } = useBet(id ?? Number.NaN);
  // The narrow frame goes back to where the bet was opened from (else Active Bets); the desktop to the dashboard.
  const back = narrow ? (
    <BackButton label="Back" onClick={() => goBack({ name: 'bets' })} />
  ) : (
    <Link to="/" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
      <ArrowLeft aria-hidden className="h-4 w-4" /> Dashboard
    </Link>
  );

  if (id !== undefined && isPending) return <Loading message="Loading bet..." />;
  if (id === undefined || error || !bet) {
    const missing = id === undefined || (error instanceof ApiError && (error.status === 404 || error.status === 400));
    return <EmptyState title={missing ? 'Bet not found' : 'Failed to fetch bets'}>{back}</EmptyState>;
  }

  const isCreator = bet.creatorId === user.id;
  const shareable = isCreator && bet.status === 'active' && bet.crewId === null;
  const isReferee = isRefereeOf(bet, user);
  const decider = deciderOf(bet);
  const phase = betPhase(bet);
  const jury = bet.resolution.mode === 'jury';
  const backers = bet.crewId === null ? 'your friends' : 'your crew';
  // What the decider does once staking closes: a jury bet's creator proposes the result, which stakers may dispute.
  const decides = decider.id === user.id ? (jury ? 'you propose its result' : 'you resolve it') : `${decider.username} ${jury ? 'proposes its result' : 'resolves it'}`;
  return (
    <div className="space-y-6">
      {back}
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{bet.category}</Badge>
          <BetStatusBadge bet={bet} />
          {bet.crewId !== null && <CrewBadge crewId={bet.crewId} linked />}
          <DeciderBadge bet={bet} />
          {/* "Manual payout" is the spec's word for a bet its creator settles by hand, with no end. */}
          {bet.expirationType === 'indefinite' ? (
            bet.resolution.mode === 'creator' && <Badge tone="neutral">Manual payout</Badge>
          ) : (
            <Badge tone="neutral">
              {phase === 'active' ? 'Ends' : 'Ended'} {bet.expiresAt ? showDateTime(bet.expiresAt) : ''}
            </Badge>
          )}
        </div>
        <div className="mt-2">
          <ScreenTitle always>{bet.title}</ScreenTitle>
        </div>
        <p className="mt-2 wrap-anywhere text-slate-700 dark:text-slate-300">{bet.description}</p>
        <p className="mt-2 text-sm wrap-anywhere text-slate-600 dark:text-slate-300">
          Created by {bet.creator.username} on {showDate(bet.createdAt)} · Pot {showAmount(bet.totalPot)} · {participantCount(bet.participants)}
        </p>
        {/* A crew bet is for its crew's members, who join by the crew's own links. */}
        {shareable && (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <ShareBet betId={bet.id} title={bet.title} />
            {bet.participants === 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-300">Send it to your friends: whoever opens the link sees the bet and can join it.</p>
            )}
          </div>
        )}
      </header>

      {bet.status === 'resolved' && (
        <div role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          Resolved: {bet.options[bet.winningOption ?? 0]} won.
        </div>
      )}
      {phase === 'expired' && (
        <div role="status" className="rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <span className="mr-2">Expired</span>
          This bet has expired and needs to be resolved
        </div>
      )}
      {/* The juror's own section says the evidence, once. */}
      <JuryStatus bet={bet} banner withEvidence={!bet.canVote} />
      {phase === 'active' && bet.expirationType !== 'indefinite' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Staking closes when the bet expires; then {decides}. Stakes are refunded if it stays unresolved for 7 days.
        </p>
      )}

      {/* On a phone the way to stake or resolve comes right after the options, before the
          chart, the participants and the discussion; on a wide screen it is the right column. */}
      <div className="grid gap-6 lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
        <Card className="lg:col-span-3">
          <h2 className="mb-3 text-lg font-bold">Options and odds</h2>
          <BetOptions bet={bet} />
          <OddsExplainer bet={bet} />
        </Card>
        <div className="space-y-6 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1">
          <Outcome bet={bet} />
          {bet.canStake && (
            <Card>
              <h2 className="mb-3 text-lg font-bold">Place a bet</h2>
              <StakeForm bet={bet} />
            </Card>
          )}
          {/* The referee decides the bet and so never stakes on it (the server's canStake says so too). */}
          {!bet.canStake && isReferee && (
            <Card>
              <p className="font-semibold">You are the referee of this bet</p>
              {bet.status === 'active' && (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">You decide which option won, so you cannot bet on it.</p>
              )}
            </Card>
          )}
          {!bet.canStake && bet.status === 'active' && isCreator && !isReferee && !bet.canResolve && (
            <Card>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {decider.id !== user.id
                  ? `This is your bet: ${backers} stake on it, and ${decider.username}, its referee, resolves it.`
                  : jury
                    ? `This is your bet: ${backers} stake on it, and you propose its result once it expires. A staker may dispute it; then ${circleOf(bet).otherJurors} vote.`
                    : `This is your bet: ${backers} stake on it, and you resolve it once it expires.`}
              </p>
            </Card>
          )}
          {/* Why the creator has no stake form: their own bet is the one bet they may not stake on. */}
          {!bet.canStake && bet.status === 'active' && isCreator && !isReferee && bet.canResolve && (
            <p className="text-sm text-slate-600 dark:text-slate-300">You made this bet, so you cannot bet on it: {backers} stake, and you resolve it.</p>
          )}
          <JurySection bet={bet} />
          <DisputeAction bet={bet} />
          {bet.canResolve && <ResolvePanel bet={bet} asAdmin={resolvesAsAdmin(bet, user)} />}
          {shareable && <InviteFriends betId={bet.id} />}
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <Suspense fallback={null}>
            <OddsHistoryChart betId={bet.id} options={bet.options} />
          </Suspense>
          <Card>
            <h2 className="mb-3 text-lg font-bold">Participants</h2>
            <ParticipantListNote bet={bet} />
            {bet.participantList.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">Nobody has placed a bet yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-slate-500">
                    <tr>
                      <th scope="col" className="py-1 pr-4 font-medium">
                        Player
                      </th>
                      <th scope="col" className="py-1 pr-4 font-medium">
                        Pick
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right font-medium">
                        Stake
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        {isUnsettled(bet.status) ? 'Returns' : 'Paid'}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {bet.participantList.map((p) => (
                      <tr key={p.userId} className="border-t border-slate-100 dark:border-slate-800">
                        <td className="py-1.5 pr-4 wrap-anywhere">{p.username}</td>
                        <td className="py-1.5 pr-4 wrap-anywhere">{bet.options[p.option]}</td>
                        <td className="py-1.5 pr-4 text-right whitespace-nowrap">{showAmount(p.amount)}</td>
                        <td className="py-1.5 text-right whitespace-nowrap">{showAmount(p.potentialWin)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
          <Card>
            <BetTimelineSection betId={bet.id} options={bet.options} />
          </Card>
          <Card>
            <BetDiscussion betId={bet.id} />
          </Card>
        </div>
      </div>
    </div>
  );
}
