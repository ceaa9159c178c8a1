import { t } from '../../../lib/i18n.ts';
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
import { Spinner } from '../../../components/ui/spinner.tsx';
import { WhenInView } from '../../../components/ui/when-in-view.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showAmount, showDate, showDateTime } from '../../../lib/format.ts';
import { centsOf, returnAndProfit, youLost, youWon } from '../../../../shared/money-words.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { InviteFriends } from '../../invites/invite-friends.tsx';
import { ShareBet } from '../../invites/share-bet.tsx';
import { useBet } from '../api.ts';
import { categoryLabel } from '../../../lib/category-label.ts';
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
      {hasEvenSide && <li>{t('bets.detail.evenOdds')}</li>}
      {hasOpenSide && <li>{t('bets.detail.openOdds')}</li>}
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
        <p className="text-sm font-bold">{won ? t('bets.common.won') : t('bets.common.lost')}</p>
        <p className="mt-1 text-lg font-semibold">{won ? youWon(t, mine.payout, mine.amount) : youLost(t, mine.amount)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('bets.outcome.youStaked', { amount: showAmount(mine.amount), option: myOption ?? '' })}</p>
      </Card>
    );
  }
  if (bet.status === 'void') {
    return (
      <Card>
        <p className="font-semibold">{t('bets.outcome.calledOff', { amount: showAmount(mine.amount) })}</p>
      </Card>
    );
  }
  return (
    <Card id={stakeSummaryId(bet.id)} tabIndex={-1}>
      <h2 className="text-sm font-normal text-slate-600 dark:text-slate-300">{t('bets.outcome.yourStake')}</h2>
      <p className="text-lg font-semibold">{t('bets.common.amountOnOption', { amount: showAmount(mine.amount), option: myOption ?? '' })}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('bets.outcome.ifItWins', { returns: returnAndProfit(t, centsOf(mine.potentialWin), centsOf(mine.amount)) })}
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
    <BackButton label={t('bets.detail.back')} onClick={() => goBack({ name: 'bets' })} />
  ) : (
    <Link to="/" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
      <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" /> {t('bets.detail.dashboard')}
    </Link>
  );

  if (id !== undefined && isPending) return <Loading message={t('bets.common.loadingBet')} />;
  if (id === undefined || error || !bet) {
    const missing = id === undefined || (error instanceof ApiError && (error.status === 404 || error.status === 400));
    return <EmptyState title={missing ? t('bets.detail.notFound') : t('bets.common.loadFailed')}>{back}</EmptyState>;
  }

  const isCreator = bet.creatorId === user.id;
  const shareable = isCreator && bet.status === 'active' && bet.crewId === null;
  const isReferee = isRefereeOf(bet, user);
  const decider = deciderOf(bet);
  const phase = betPhase(bet);
  const jury = bet.resolution.mode === 'jury';
  const circle = circleOf(bet);
  // What the decider does once staking closes: a jury bet's creator proposes the result, which stakers may dispute.
  const closes =
    decider.id === user.id
      ? jury
        ? t('bets.detail.closesYouPropose')
        : t('bets.detail.closesYouResolve')
      : jury
        ? t('bets.detail.closesOtherProposes', { name: decider.username })
        : t('bets.detail.closesOtherResolves', { name: decider.username });
  return (
    <div className="space-y-6">
      {back}
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{categoryLabel(bet.category)}</Badge>
          <BetStatusBadge bet={bet} />
          {bet.crewId !== null && <CrewBadge crewId={bet.crewId} linked />}
          <DeciderBadge bet={bet} />
          {/* "Manual payout" is the spec's word for a bet its creator settles by hand, with no end. */}
          {bet.expirationType === 'indefinite' ? (
            bet.resolution.mode === 'creator' && <Badge tone="neutral">{t('bets.detail.manualPayout')}</Badge>
          ) : (
            <Badge tone="neutral">
              {phase === 'active'
                ? t('bets.common.ends', { date: bet.expiresAt ? showDateTime(bet.expiresAt) : '' })
                : t('bets.common.ended', { date: bet.expiresAt ? showDateTime(bet.expiresAt) : '' })}
            </Badge>
          )}
        </div>
        <div className="mt-2">
          <ScreenTitle always>{bet.title}</ScreenTitle>
        </div>
        <p className="mt-2 wrap-anywhere text-slate-700 dark:text-slate-300">{bet.description}</p>
        <p className="mt-2 text-sm wrap-anywhere text-slate-600 dark:text-slate-300">
          {t('bets.detail.byline', { name: bet.creator.username, date: showDate(bet.createdAt), pot: showAmount(bet.totalPot), count: bet.participants })}
        </p>
        {/* A crew bet is for its crew's members, who join by the crew's own links. */}
        {shareable && (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <ShareBet betId={bet.id} title={bet.title} />
            {bet.participants === 0 && (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('bets.detail.shareHint')}</p>
            )}
          </div>
        )}
      </header>

      {bet.status === 'resolved' && (
        <div role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          {t('bets.common.resolvedWon', { option: bet.options[bet.winningOption ?? 0] ?? '' })}
        </div>
      )}
      {phase === 'expired' && (
        <div role="status" className="rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <span className="me-2">{t('bets.detail.expired')}</span>
          {t('bets.detail.expiredNote')}
        </div>
      )}
      {/* The juror's own section says the evidence, once. */}
      <JuryStatus bet={bet} banner withEvidence={!bet.canVote} />
      {phase === 'active' && bet.expirationType !== 'indefinite' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{closes}</p>
      )}

      {/* On a phone the way to stake or resolve comes right after the options, before the
          chart, the participants and the discussion; on a wide screen it is the right column. */}
      <div className="grid gap-6 lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
        <Card className="lg:col-span-3">
          <h2 className="mb-3 text-lg font-bold">{t('bets.detail.optionsHeading')}</h2>
          <BetOptions bet={bet} />
          <OddsExplainer bet={bet} />
        </Card>
        <div className="space-y-6 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1">
          <Outcome bet={bet} />
          {bet.canStake && (
            <Card>
              <h2 className="mb-3 text-lg font-bold">{t('bets.detail.placeBetHeading')}</h2>
              <StakeForm bet={bet} />
            </Card>
          )}
          {/* The referee decides the bet and so never stakes on it (the server's canStake says so too). */}
          {!bet.canStake && isReferee && (
            <Card>
              <p className="font-semibold">{t('bets.common.youReferee')}</p>
              {bet.status === 'active' && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('bets.detail.refereeNoStake')}</p>}
            </Card>
          )}
          {!bet.canStake && bet.status === 'active' && isCreator && !isReferee && !bet.canResolve && (
            <Card>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {decider.id !== user.id
                  ? t('bets.detail.yourBetReferee', { circle, name: decider.username })
                  : jury
                    ? t('bets.detail.yourBetJury', { circle })
                    : t('bets.detail.yourBetResolve', { circle })}
              </p>
            </Card>
          )}
          {/* Why the creator has no stake form: their own bet is the one bet they may not stake on. */}
          {!bet.canStake && bet.status === 'active' && isCreator && !isReferee && bet.canResolve && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('bets.detail.creatorNoStake', { circle })}</p>
          )}
          <JurySection bet={bet} />
          <DisputeAction bet={bet} />
          {bet.canResolve && <ResolvePanel bet={bet} asAdmin={resolvesAsAdmin(bet, user)} />}
          {shareable && <InviteFriends betId={bet.id} />}
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <Card>
            <h2 className="mb-3 text-lg font-bold">{t('bets.oddsChart.heading')}</h2>
            {/* Below the fold on a phone: the chart's library loads as the player scrolls to it. */}
            <WhenInView placeholder={<Spinner />}>
              <Suspense fallback={<Spinner />}>
                <OddsHistoryChart betId={bet.id} options={bet.options} />
              </Suspense>
            </WhenInView>
          </Card>
          <Card>
            <h2 className="mb-3 text-lg font-bold">{t('bets.detail.participants')}</h2>
            <ParticipantListNote bet={bet} />
            {bet.participantList.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('bets.detail.noParticipants')}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-start text-sm">
                  <thead className="text-slate-500">
                    <tr>
                      <th scope="col" className="py-1 pe-4 font-medium">
                        {t('bets.detail.colPlayer')}
                      </th>
                      <th scope="col" className="py-1 pe-4 font-medium">
                        {t('bets.detail.colPick')}
                      </th>
                      <th scope="col" className="py-1 pe-4 text-end font-medium">
                        {t('bets.detail.colStake')}
                      </th>
                      <th scope="col" className="py-1 text-end font-medium">
                        {isUnsettled(bet.status) ? t('bets.detail.colReturns') : t('bets.detail.colPaid')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {bet.participantList.map((p) => (
                      <tr key={p.userId} className="border-t border-slate-100 dark:border-slate-800">
                        <td className="py-1.5 pe-4 wrap-anywhere">{p.username}</td>
                        <td className="py-1.5 pe-4 wrap-anywhere">{bet.options[p.option]}</td>
                        <td className="py-1.5 pe-4 text-end whitespace-nowrap">{showAmount(p.amount)}</td>
                        <td className="py-1.5 text-end whitespace-nowrap">{showAmount(p.potentialWin)}</td>
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
