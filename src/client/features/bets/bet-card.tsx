import { Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { betPhase } from '../../../shared/bet-phase.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';
import { BET_CATEGORIES, type Bet } from '../../../shared/schemas/bets.ts';
import { t, tNodes } from '../../lib/i18n.ts';
import { categoryLabel } from '../../lib/category-label.ts';
import { ScreenLink, useScreenNav } from '../../lib/screen-nav.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Loading } from '../../components/ui/blocks.tsx';
import { Button } from '../../components/ui/button.tsx';
import { participantCount, relativeTime, showAmount, showDateTime } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/use-auth.tsx';
import { useBet } from './api.ts';
import { BetOptions } from './components/bet-options.tsx';
import { CrewBadge } from './components/crew-badge.tsx';
import { BetStatusBadge } from '../../components/bet-status-badge.tsx';
import { DeciderBadge, isRefereeOf } from './components/referee.tsx';
import { JuryStatus } from './components/jury.tsx';
import { StakeForm, stakeSummaryId } from './components/stake-form.tsx';

/** Open for stakes: active, which is to say unresolved, no result proposed, and not past its expiry. */
export const isOpen = (bet: Bet) => betPhase(bet) === 'active';

/** Whether the list's copy of a bet says staking is open to `me` (not its creator, nor its referee); the server decides on the call. */
export const looksStakeable = (bet: Bet, me: Pick<CurrentUser, 'id'>) =>
  isOpen(bet) && bet.creatorId !== me.id && !isRefereeOf(bet, me) && bet.userParticipation === null;

/**
 * A bet in a list: what it is about, who made it, the pool and every option; its title opens it.
 * On the desktop it ends with the way to stake or to its details; the narrow lists put their own
 * actions (staking right on the card) in `children`. Unlinked on the bet's own page.
 */
export function BetCard({ bet, linked = true, children }: { bet: Bet; linked?: boolean; children?: ReactNode }) {
  const me = useCurrentUser();
  const { narrow } = useScreenNav();
  const titleId = `bet-${bet.id}-title`;
  const mine = bet.userParticipation;
  return (
    <article aria-labelledby={titleId} data-testid="bet-card" className="min-w-0 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{categoryLabel(bet.category)}</Badge>
        <BetStatusBadge bet={bet} />
        {bet.crewId !== null && <CrewBadge crewId={bet.crewId} />}
        <DeciderBadge bet={bet} />
        <span className="ms-auto text-xs text-slate-600 dark:text-slate-300">{relativeTime(bet.createdAt)}</span>
      </div>
      <div>
        <h3 id={titleId} className="text-lg leading-snug font-bold wrap-anywhere">
          {linked ? (
            <ScreenLink to={{ name: 'bet', id: bet.id }} className="hover:underline">
              {bet.title}
            </ScreenLink>
          ) : (
            bet.title
          )}
        </h3>
        <p className="mt-1 line-clamp-3 text-sm wrap-anywhere text-slate-700 dark:text-slate-300">{bet.description}</p>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span className="wrap-anywhere">{t('bets.card.by', { name: bet.creator.username })}</span>
        <span className="inline-flex items-center gap-1" data-testid="participants">
          <Users aria-hidden className="h-4 w-4" />
          {participantCount(bet.participants)}
        </span>
        <span className="font-semibold text-slate-900 dark:text-white" data-testid="total-pool">
          {t('bets.card.pool', { amount: showAmount(bet.totalPot) })}
        </span>
        {bet.expiresAt && (
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="h-4 w-4" /> {isOpen(bet) ? t('bets.common.ends', { date: showDateTime(bet.expiresAt) }) : t('bets.common.ended', { date: showDateTime(bet.expiresAt) })}
          </span>
        )}
      </p>
      <JuryStatus bet={bet} />
      <BetOptions bet={bet} />
      {mine && (
        <p className="text-sm">
          {tNodes('bets.common.yourStake', {
            amount: <span className="font-semibold">{showAmount(mine.amount)}</span>,
            option: <span className="font-semibold wrap-anywhere">{bet.options[mine.option]}</span>,
          })}
        </p>
      )}
      {children}
      {linked && !narrow && (
        <p className="text-end">
          {/* Shown short, read out whole: the link names its bet. */}
          <ScreenLink to={{ name: 'bet', id: bet.id }} className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
            <span aria-hidden>{looksStakeable(bet, me) ? t('bets.card.placeBet') : t('bets.card.viewDetails')}</span>
            <span className="sr-only">
              {looksStakeable(bet, me) ? t('bets.card.placeBetFor', { title: bet.title }) : t('bets.card.viewDetailsFor', { title: bet.title })}
            </span>
          </ScreenLink>
        </p>
      )}
    </article>
  );
}

/** Staking right from a card: the bet's detail decides whether the caller may, then StakeForm does it. */
export function InlineStake({ betId, onClose }: { betId: number; onClose: () => void }) {
  const me = useCurrentUser();
  const { data: bet, isPending, isError } = useBet(betId);
  if (isPending) return <Loading message={t('bets.common.loadingBet')} />;
  if (isError || !bet) return <p role="alert">{t('bets.common.loadFailed')}</p>;
  if (!bet.canStake) {
    return (
      <div className="space-y-2">
        <p id={stakeSummaryId(bet.id)} tabIndex={-1} className="text-sm text-slate-700 dark:text-slate-300">
          {bet.userParticipation
            ? t('bets.inlineStake.stakeIn', { amount: showAmount(bet.userParticipation.amount), option: bet.options[bet.userParticipation.option] ?? '' })
            : isRefereeOf(bet, me)
              ? t('bets.common.youReferee')
              : t('bets.inlineStake.closed')}
        </p>
        <Button variant="secondary" className="w-full" onClick={onClose}>
          {t('bets.inlineStake.close')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <StakeForm bet={bet} />
      <Button variant="ghost" className="w-full" onClick={onClose}>
        {t('bets.common.cancel')}
      </Button>
    </div>
  );
}

/** The category chips of docs/product.md §13.4: all, then each category. */
export function CategoryChips({ value, onChange }: { value: string; onChange: (category: string) => void }) {
  return (
    <div role="group" aria-label={t('bets.common.category')} className="flex flex-wrap gap-2">
      {['all', ...BET_CATEGORIES].map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={value === c}
          onClick={() => onChange(c)}
          className={`rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ${value === c ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700'}`}
        >
          {c === 'all' ? t('bets.category.all') : categoryLabel(c)}
        </button>
      ))}
    </div>
  );
}
