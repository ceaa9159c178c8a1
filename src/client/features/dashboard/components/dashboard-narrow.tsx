import { Plus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { showAmount } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useBetList } from '../../bets/api.ts';
import { CreateBetDialog } from '../../bets/create-bet-dialog.tsx';
import { BetCard, isOpen } from '../../bets/bet-card.tsx';
import { useFriendRequests } from '../../friends/api.ts';
import { ErrorText, Loading, Section, Tile, TileGrid } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { greeting } from '../greeting.ts';
import { YourCrews } from './your-crews.tsx';

const RECENT_BETS = 3;

/** The narrow Dashboard (docs/product.md §13.4): greeting, four figures, the three most recent active bets. */
export function DashboardView() {
  const user = useCurrentUser();
  const { navigate } = useScreenNav();
  const [creating, setCreating] = useState(false);
  // Admins see every bet (docs/product.md §5.1); everyone else their friends' and their own.
  const bets = useBetList(user.role === 'admin' ? 'all' : 'friends');
  const pending = useFriendRequests().data?.length ?? 0;
  // Lists come newest first.
  const recent = (bets.data ?? []).filter(isOpen).slice(0, RECENT_BETS);

  return (
    <div className="space-y-6">
      <h2 id="dashboard-heading" tabIndex={-1} className="text-2xl font-bold wrap-anywhere">
        {greeting(user)}
      </h2>
      <TileGrid label={t('dashboard.figures.label')}>
        <Tile label={t('dashboard.figures.balance')} value={showAmount(user.balance)} testId="tile-balance" />
        <Tile label={t('dashboard.figures.totalBets')} value={user.totalBets} testId="tile-total-bets" />
        <Tile label={t('dashboard.figures.wins')} value={user.totalWins} testId="tile-wins" />
        <Tile label={t('dashboard.figures.winRate')} value={`${user.winRate}%`} testId="tile-win-rate" />
      </TileGrid>
      {pending > 0 && (
        <button
          type="button"
          onClick={() => navigate({ name: 'friends' })}
          className="flex min-h-12 w-full items-center gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-start font-semibold ring-1 ring-brand-100 dark:bg-brand-900/40 dark:ring-brand-900"
        >
          <UserPlus aria-hidden className="h-5 w-5 text-brand-700 dark:text-brand-100" />
          {t('dashboard.pendingRequests.summary', { count: pending })}
        </button>
      )}
      <Button size="lg" className="w-full" onClick={() => setCreating(true)}>
        <Plus aria-hidden className="h-5 w-5" /> {t('dashboard.createBet')}
      </Button>
      <Section
        title={t('dashboard.recentBets.title')}
        action={
          recent.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => navigate({ name: 'bets' })}>
              {t('dashboard.recentBets.seeAll')}
            </Button>
          )
        }
      >
        {bets.isPending ? (
          <Loading message={t('dashboard.bets.loading')} />
        ) : bets.isError ? (
          <ErrorText>{t('dashboard.bets.failed')}</ErrorText>
        ) : recent.length === 0 ? (
          <EmptyState title={t('dashboard.recentBets.empty')}>
            <Button onClick={() => setCreating(true)}>{t('dashboard.bets.createFirst')}</Button>
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {recent.map((bet) => (
              <li key={bet.id}>
                <BetCard bet={bet} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <YourCrews />
      <CreateBetDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
