import { Percent, Plus, Target, Trophy } from 'lucide-react';
import { useState } from 'react';
import { betPhase } from '../../../../shared/bet-phase.ts';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, StatCard } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { showAmount } from '../../../lib/format.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useBetList } from '../../bets/api.ts';
import { BetCard, CategoryChips } from '../../bets/bet-card.tsx';
import { CreateBetDialog } from '../../bets/create-bet-dialog.tsx';
import { AdminBetsPanel } from '../../bets/admin-bets-panel.tsx';
import { OpenDisputesSection } from '../../bets/open-disputes.tsx';
import { ActivitySidebar, LeaderboardSidebar } from './dashboard-sidebars.tsx';
import { greeting } from '../greeting.ts';
import { PendingRequestsBanner } from './pending-requests-banner.tsx';
import { YourCrews } from './your-crews.tsx';

function BetGrid({ bets }: { bets: Bet[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {bets.map((bet) => (
        <BetCard key={bet.id} bet={bet} />
      ))}
    </div>
  );
}

/** The desktop dashboard (docs/product.md §13.4). */
export function DashboardPage() {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState('explore');
  const [category, setCategory] = useState<string>('all');
  // Admins explore every bet (docs/product.md §5.1); everyone else their friends' and their own.
  const explore = useBetList(isAdmin ? 'all' : 'friends');
  const mine = useBetList('mine');
  const myBets = mine.data ?? [];
  const shown = (explore.data ?? []).filter((b) => category === 'all' || b.category === category);
  // Open; closed for stakes and waiting for a result (expired, or a jury bet's result proposed or disputed); settled.
  const phases = { active: [] as Bet[], waiting: [] as Bet[], settled: [] as Bet[] };
  for (const bet of myBets) {
    const phase = betPhase(bet);
    phases[phase === 'active' ? 'active' : phase === 'resolved' || phase === 'void' ? 'settled' : 'waiting'].push(bet);
  }

  return (
    <div className="flex gap-6">
      <div className="min-w-0 flex-1 space-y-6">
        <PendingRequestsBanner />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 id="dashboard-heading" tabIndex={-1} className="text-3xl font-bold wrap-anywhere">
              {greeting(user)}
            </h1>
            <p className="mt-1 text-slate-600 dark:text-slate-300">
              {tNodes('dashboard.page.balance', { balance: <span className="font-semibold text-slate-900 dark:text-white">{showAmount(user.balance)}</span> })}
            </p>
          </div>
          <Button size="lg" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="h-5 w-5" /> {t('dashboard.createBet')}
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard label={t('dashboard.stats.totalWins')} value={user.totalWins} icon={<Trophy className="h-5 w-5" />} />
          <StatCard label={t('dashboard.stats.activeBets')} value={phases.active.length} icon={<Target className="h-5 w-5" />} testId="stat-active-bets" />
          <StatCard label={t('dashboard.figures.winRate')} value={`${user.winRate}%`} icon={<Percent className="h-5 w-5" />} />
        </div>
        <YourCrews />

        <Tabs
          label={t('dashboard.tabs.label')}
          value={tab}
          onValueChange={setTab}
          tabs={[
            { value: 'explore', label: isAdmin ? t('dashboard.tabs.allBets') : t('dashboard.tabs.friendsBets') },
            { value: 'mine', label: t('dashboard.tabs.myBets', { count: myBets.length }) },
            ...(isAdmin ? [{ value: 'admin', label: t('dashboard.tabs.admin') }] : []),
          ]}
        >
          <TabPanel value="explore">
            <div className="mb-4">
              <CategoryChips value={category} onChange={setCategory} />
            </div>
            {explore.isPending ? (
              <Loading message={t('dashboard.bets.loading')} />
            ) : explore.isError ? (
              <EmptyState title={t('dashboard.bets.failed')} />
            ) : shown.length === 0 ? (
              <EmptyState
                title={isAdmin ? t('dashboard.explore.emptyCategory') : t('dashboard.explore.emptyFriends')}
              >
                <Button onClick={() => setCreating(true)}>{t('dashboard.bets.createFirst')}</Button>
              </EmptyState>
            ) : (
              <BetGrid bets={shown} />
            )}
          </TabPanel>
          <TabPanel value="mine">
            {mine.isPending ? (
              <Loading message={t('dashboard.mine.loading')} />
            ) : myBets.length === 0 ? (
              <EmptyState title={t('dashboard.mine.empty')} />
            ) : (
              <div className="space-y-6">
                <section>
                  <h2 className="mb-3 text-lg font-bold">{t('dashboard.mine.active')}</h2>
                  {phases.active.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('dashboard.mine.activeEmpty')}</p> : <BetGrid bets={phases.active} />}
                </section>
                {phases.waiting.length > 0 && (
                  <section>
                    <h2 className="mb-3 text-lg font-bold">{t('dashboard.mine.waiting')}</h2>
                    <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('dashboard.mine.waitingHint')}</p>
                    <BetGrid bets={phases.waiting} />
                  </section>
                )}
                <section>
                  <h2 className="mb-3 text-lg font-bold">{t('dashboard.mine.settled')}</h2>
                  {phases.settled.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('dashboard.mine.settledEmpty')}</p> : <BetGrid bets={phases.settled} />}
                </section>
              </div>
            )}
          </TabPanel>
          {isAdmin && (
            <TabPanel value="admin">
              <div className="space-y-6">
                <OpenDisputesSection />
                <AdminBetsPanel bets={explore.data ?? []} />
              </div>
            </TabPanel>
          )}
        </Tabs>
      </div>
      <aside className="hidden w-72 shrink-0 space-y-6 xl:block" aria-label={t('dashboard.aside.label')}>
        <LeaderboardSidebar />
        <ActivitySidebar />
      </aside>
      <CreateBetDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
