import { Plus } from 'lucide-react';
import { useState } from 'react';
import { BET_CATEGORIES } from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../auth/hooks/use-auth.tsx';
import { useBetList } from '../api.ts';
import { CreateBetDialog } from './create-bet-dialog.tsx';
import { InlineStake, MobileBetCard, looksStakeable } from './bet-card-narrow.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';

/**
 * Spec §2 mobile Active bets: every open bet the user can see with its pool, shares, multipliers
 * and stakes, and staking right from the card (one card at a time).
 */
export function ActiveBetsView() {
  const user = useCurrentUser();
  const { navigate } = useScreenNav();
  const bets = useBetList(user.role === 'admin' ? 'all' : 'friends');
  const [category, setCategory] = useState<string>('all');
  const [staking, setStaking] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const active = (bets.data ?? []).filter((b) => b.status === 'active' && (category === 'all' || b.category === category));

  return (
    <div className="space-y-4">
      <Button className="w-full" onClick={() => setCreating(true)}>
        <Plus aria-hidden className="h-5 w-5" /> Create New Bet
      </Button>
      <div role="group" aria-label="Category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        {['all', ...BET_CATEGORIES].map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={category === c}
            onClick={() => setCategory(c)}
            className={`shrink-0 rounded-full px-4 text-sm font-semibold ring-1 ${category === c ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-300 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700'}`}
          >
            {c === 'all' ? 'All' : c}
          </button>
        ))}
      </div>
      {bets.isPending ? (
        <Loading message="Loading bets..." />
      ) : bets.isError ? (
        <ErrorText>Failed to fetch bets</ErrorText>
      ) : active.length === 0 ? (
        <EmptyState title="No active bets yet">
          <Button onClick={() => setCreating(true)}>Create the first bet</Button>
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {active.map((bet) => (
            <li key={bet.id}>
              <MobileBetCard bet={bet} onOpen={() => navigate({ name: 'bet', id: bet.id })}>
                {staking === bet.id ? (
                  <InlineStake betId={bet.id} onClose={() => setStaking(null)} />
                ) : (
                  looksStakeable(bet, user) && (
                    <Button className="w-full" onClick={() => setStaking(bet.id)}>
                      Place a bet<span className="sr-only"> on {bet.title}</span>
                    </Button>
                  )
                )}
              </MobileBetCard>
            </li>
          ))}
        </ul>
      )}
      <CreateBetDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
