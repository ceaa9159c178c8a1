import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
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
        <Plus aria-hidden className="h-5 w-5" /> Create New Bet
      </Button>
      <CategoryChips value={category} onChange={setCategory} />
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
              <BetCard bet={bet}>
                {staking === bet.id ? (
                  <InlineStake betId={bet.id} onClose={() => setStaking(null)} />
                ) : (
                  looksStakeable(bet, user) && (
                    <Button className="w-full" onClick={() => setStaking(bet.id)}>
                      Place a bet<span className="sr-only"> on {bet.title}</span>
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
