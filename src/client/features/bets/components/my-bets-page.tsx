import { t, tNodes } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { betPhase, type BetPhase } from '../../../../shared/bet-phase.ts';
import type { CurrentUser } from '../../../../shared/schemas/auth.ts';
import { isUnsettled, type Bet } from '../../../../shared/schemas/bets.ts';
import { ScreenLink, ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { ErrorText, Loading, Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useBet, useBetList } from '../api.ts';
import { BetOptions } from './bet-options.tsx';
import { BetStatusBadge } from '../../../components/bet-status-badge.tsx';
import { EditBetDialog, mayEdit } from './edit-bet-dialog.tsx';
import { JuryStatus } from './jury.tsx';
import { proposesResult, ResolvePanel, resolvesAsAdmin } from './resolve-panel.tsx';
import { DeciderBadge, deciderOf } from './referee.tsx';
import { youLost, youWon } from '../../../../shared/money-words.ts';

type Group = 'active' | 'resolved' | 'expired';
/**
 * The tabs by the bets' phases: refunded bets are settled too, so they sit with the resolved
 * ones; a jury bet whose result is proposed or disputed is closed for stakes and waits for its
 * result, as an expired one does, so it sits with those.
 */
const GROUP_OF_PHASE: Record<BetPhase, Group> = {
  active: 'active',
  expired: 'expired',
  proposed: 'expired',
  disputed: 'expired',
  resolved: 'resolved',
  void: 'resolved',
};
const groupOf = (bet: Bet): Group => GROUP_OF_PHASE[betPhase(bet)];

/**
 * Mirrors the server's rule (docs/product.md §4.6) to decide whether to offer Resolve (Propose
 * result, on a jury bet): its decider on an open bet once it may be decided, an admin until it is
 * settled. The dialog asks the server.
 */
const mayResolve = (bet: Bet, me: CurrentUser) =>
  isUnsettled(bet.status) &&
  (me.role === 'admin' || (bet.status === 'active' && deciderOf(bet).id === me.id && (bet.expirationType === 'indefinite' || betPhase(bet) === 'expired')));

function ResolveBetDialog({ betId, onClose }: { betId: number; onClose: () => void }) {
  const me = useCurrentUser();
  const { data: bet, isPending, isError } = useBet(betId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={bet && proposesResult(bet, me) ? t('bets.myBets.proposeTitle') : t('bets.resolveDialog.title')} description={bet?.title}>
      {isPending ? (
        <Loading message={t('bets.common.loadingBet')} />
      ) : isError || !bet ? (
        <ErrorText>{t('bets.common.loadFailed')}</ErrorText>
      ) : bet.canResolve ? (
        // First: a live update marks the bet resolved before our own call has answered, and
        // the panel must still be there to announce the outcome.
        <ResolvePanel bet={bet} asAdmin={resolvesAsAdmin(bet, me)} />
      ) : bet.status === 'resolved' ? (
        <div className="space-y-4">
          <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            {t('bets.common.resolvedWon', { option: bet.options[bet.winningOption ?? 0] ?? '' })}
          </p>
          <Button className="w-full" onClick={onClose}>
            {t('bets.myBets.done')}
          </Button>
        </div>
      ) : bet.status === 'proposed' || bet.status === 'disputed' ? (
        <JuryStatus bet={bet} />
      ) : (
        <p className="text-slate-700 dark:text-slate-300">
          {bet.status === 'active' ? t('bets.myBets.notYet') : t('bets.myBets.closed')}
        </p>
      )}
    </Dialog>
  );
}

interface Actions {
  onEdit: (bet: Bet) => void;
  onResolve: (bet: Bet) => void;
}

/** One of your bets: your stake and how it ended; on the ones you created, Edit and Resolve. */
function MyBetCard({ bet, onEdit, onResolve }: { bet: Bet } & Actions) {
  const me = useCurrentUser();
  const { narrow } = useScreenNav();
  const mine = bet.userParticipation;
  const created = bet.creatorId === me.id;
  const won = bet.status === 'resolved' && mine !== null && bet.winningOption === mine.option;
  const editable = mayEdit(bet, me);
  return (
    <Card className="space-y-3 p-4" data-testid={created ? 'my-bet' : 'joined-bet'}>
      <div className="flex items-start gap-2">
        <h3 className="min-w-0 flex-1 text-lg font-bold wrap-anywhere">
          <ScreenLink to={{ name: 'bet', id: bet.id }} className="hover:underline">
            {bet.title}
          </ScreenLink>
        </h3>
        {bet.status === 'resolved' && mine ? (
          <span className={`shrink-0 rounded-md px-2 py-0.5 text-sm font-extrabold text-white ${won ? 'bg-emerald-700' : 'bg-red-700'}`}>{won ? t('bets.common.won') : t('bets.common.lost')}</span>
        ) : (
          <BetStatusBadge bet={bet} />
        )}
      </div>
      <p className="line-clamp-2 text-sm wrap-anywhere text-slate-700 dark:text-slate-300">{bet.description}</p>
      <p className="text-sm">
        {mine
          ? tNodes('bets.common.yourStake', {
              amount: <span className="font-semibold">{showAmount(mine.amount)}</span>,
              option: <span className="font-semibold wrap-anywhere">{bet.options[mine.option]}</span>,
            })
          : t('bets.myBets.youCreated')}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('bets.myBets.summary', { count: bet.participants, total: showAmount(bet.totalPot) })}
      </p>
      <div>
        <DeciderBadge bet={bet} />
      </div>
      <JuryStatus bet={bet} />
      {!narrow && <BetOptions bet={bet} />}
      {bet.status === 'resolved' && (
        <p className="text-sm">
          {tNodes('bets.myBets.winningOption', { option: <span className="font-semibold">{bet.options[bet.winningOption ?? 0]}</span> })}
          {mine && mine.payout !== null && (
            <span className={`ms-2 font-bold ${won ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}>
              {won ? youWon(t, mine.payout, mine.amount) : youLost(t, mine.amount)}
            </span>
          )}
        </p>
      )}
      {bet.status === 'void' && mine && <p className="text-sm">{t('bets.myBets.calledOff', { amount: showAmount(mine.amount) })}</p>}
      {created && (
        <div className="flex gap-2 *:flex-1 sm:*:flex-none">
          <Button variant="secondary" disabled={!editable} onClick={() => onEdit(bet)}>
            {t('bets.myBets.edit')}
            <span className="sr-only"> {bet.title}</span>
          </Button>
          {mayResolve(bet, me) && (
            <Button onClick={() => onResolve(bet)}>
              {proposesResult(bet, me) ? t('bets.myBets.propose') : t('bets.myBets.resolve')}
              <span className="sr-only"> {bet.title}</span>
            </Button>
          )}
        </div>
      )}
      {created && !editable && bet.status === 'active' && <p className="text-xs text-slate-600 dark:text-slate-300">{t('bets.myBets.noEdit')}</p>}
    </Card>
  );
}

function BetList({ bets, empty, ...actions }: { bets: Bet[]; empty: string } & Actions) {
  if (bets.length === 0) return <EmptyState title={empty} />;
  return (
    <ul className="grid gap-3 lg:grid-cols-2 lg:gap-4">
      {bets.map((bet) => (
        <li key={bet.id} className="min-w-0">
          <MyBetCard bet={bet} {...actions} />
        </li>
      ))}
    </ul>
  );
}

/**
 * My Bets (docs/product.md §13.4): everything you created or staked on. The desktop sorts them by
 * state in tabs; the narrow layout lists the ones you created, then the ones you joined.
 */
export function MyBetsPage() {
  const me = useCurrentUser();
  const { narrow } = useScreenNav();
  const { data = [], isPending, isError } = useBetList('mine');
  // Until a tab is chosen, the first that holds a bet: a player whose one bet is resolved opens on it.
  const [chosenTab, setTab] = useState<Group | null>(null);
  const [editing, setEditing] = useState<Bet | null>(null);
  const [resolving, setResolving] = useState<number | null>(null);
  const actions: Actions = { onEdit: setEditing, onResolve: (bet) => setResolving(bet.id) };
  const groups: Record<Group, Bet[]> = { active: [], resolved: [], expired: [] };
  for (const bet of data) groups[groupOf(bet)].push(bet);
  const created = data.filter((b) => b.creatorId === me.id);
  const joined = data.filter((b) => b.creatorId !== me.id);
  const tab = chosenTab ?? (['active', 'resolved', 'expired'] as const).find((group) => groups[group].length > 0) ?? 'active';

  return (
    <div className="space-y-6">
      <div>
        <ScreenTitle>{t('bets.myBets.title')}</ScreenTitle>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {t('bets.myBets.counts', { active: groups.active.length, resolved: groups.resolved.length, expired: groups.expired.length })}
        </p>
      </div>
      {isPending ? (
        <Loading message={t('bets.myBets.loading')} />
      ) : isError ? (
        <ErrorText>{t('bets.myBets.loadFailed')}</ErrorText>
      ) : narrow ? (
        <>
          <Section title={t('bets.myBets.createdSection', { count: created.length })}>
            <BetList bets={created} empty={t('bets.myBets.empty')} {...actions} />
          </Section>
          <Section title={t('bets.myBets.joinedSection', { count: joined.length })}>
            <BetList bets={joined} empty={t('bets.myBets.noneJoined')} {...actions} />
          </Section>
        </>
      ) : (
        <Tabs
          label={t('bets.myBets.tabsLabel')}
          value={tab}
          onValueChange={(v) => setTab(v as Group)}
          tabs={[
            { value: 'active', label: t('bets.myBets.tabActive', { count: groups.active.length }) },
            { value: 'resolved', label: t('bets.myBets.tabResolved', { count: groups.resolved.length }) },
            { value: 'expired', label: t('bets.myBets.tabExpired', { count: groups.expired.length }) },
          ]}
        >
          {(['active', 'resolved', 'expired'] as const).map((group) => (
            <TabPanel key={group} value={group}>
              <BetList bets={groups[group]} empty={t('bets.myBets.empty')} {...actions} />
            </TabPanel>
          ))}
        </Tabs>
      )}
      {editing && <EditBetDialog bet={editing} onClose={() => setEditing(null)} />}
      {resolving !== null && <ResolveBetDialog betId={resolving} onClose={() => setResolving(null)} />}
    </div>
  );
}
