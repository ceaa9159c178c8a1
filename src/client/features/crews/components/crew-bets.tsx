import { Plus, Target } from 'lucide-react';
import { useState } from 'react';
import { ErrorText, Loading, Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useCrewBets } from '../../bets/api.ts';
import { BetCard, InlineStake, looksStakeable } from '../../bets/bet-card.tsx';
import { CreateBetDialog } from '../../bets/create-bet-dialog.tsx';

/**
 * The crew's bets, newest first, each on the bets feature's card; a new one is made in its dialog,
 * set to this crew. In the narrow frame a card stakes in place, as Active Bets does.
 */
export function CrewBets({ crewId }: { crewId: number }) {
  const me = useCurrentUser();
  const { narrow } = useScreenNav();
  const bets = useCrewBets(crewId);
  const [creating, setCreating] = useState(false);
  const [staking, setStaking] = useState<number | null>(null);
  return (
    <Section
      title="Crew bets"
      action={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden className="h-4 w-4" /> New crew bet
        </Button>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">Only the crew's members see these bets, and stakes come from their crew balance.</p>
      {bets.isPending ? (
        <Loading message="Loading bets..." />
      ) : bets.isError ? (
        <ErrorText>Failed to fetch bets</ErrorText>
      ) : bets.data.length === 0 ? (
        <EmptyState icon={<Target className="h-10 w-10" />} title="No crew bets yet" />
      ) : (
        <ul className="space-y-4">
          {bets.data.map((bet) => (
            <li key={bet.id}>
              <BetCard bet={bet}>
                {narrow &&
                  (staking === bet.id ? (
                    <InlineStake betId={bet.id} onClose={() => setStaking(null)} />
                  ) : (
                    looksStakeable(bet, me) && (
                      <Button className="w-full" onClick={() => setStaking(bet.id)}>
                        Place a bet <span className="sr-only">on {bet.title}</span>
                      </Button>
                    )
                  ))}
              </BetCard>
            </li>
          ))}
        </ul>
      )}
      <CreateBetDialog open={creating} onOpenChange={setCreating} crewId={crewId} />
    </Section>
  );
}
