import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useBetList } from '../api.ts';
import { CreateBetDialog } from '../create-bet-dialog.tsx';
import { BetCard, CategoryChips, InlineStake, isOpen, looksStakeable } from '../bet-card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';

/**
 * Active Bets in the narrow frame (docs/product.md §13.4): every open bet the user can see with
 * its pool, shares, multipliers and stakes, and staking right from the card (one card at a time).
 */
export function ActiveBetsView() {
  const user = useCurrentUser();
  const bets = useBetList(user.role === 'admin' ? 'all' : 'friends');
  const [category, setCategory] = useState<string>('all');
  const [staking, setStaking] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  // Open bets only: an expired bet takes no stakes, it waits for its resolution.
  const active = (bets.data ?? []).filter((b) => isOpen(b) && (category === 'all' || b.category === category));

  return (
    <div className="space-y-4">
      <Button className="w-full" onClick={() => setCreating(true)}>
        <Plus aria-hidden className="h-5 w-5" /> {t('bets.active.create')}
      </Button>
      <CategoryChips value={category} onChange={setCategory} />
      {bets.isPending ? (
        <Loading message={t('bets.active.loading')} />
      ) : bets.isError ? (
        <ErrorText>{t('bets.common.loadFailed')}</ErrorText>
      ) : active.length === 0 ? (
        <EmptyState title={t('bets.active.empty')}>
          <Button onClick={() => setCreating(true)}>{t('bets.active.createFirst')}</Button>
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {active.map((bet) => (
            <li key={bet.id}>
              <BetCard bet={bet}>
                {staking === bet.id ? (
                  <InlineStake betId={bet.id} onClose={() => setStaking(null)} />
                ) : (
                  looksStakeable(bet, user) && (
                    <Button className="w-full" aria-label={t('bets.active.placeBetOn', { title: bet.title })} onClick={() => setStaking(bet.id)}>
                      {t('bets.active.placeBet')}
                    </Button>
                  )
                )}
              </BetCard>
            </li>
          ))}
        </ul>
      )}
      <CreateBetDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
