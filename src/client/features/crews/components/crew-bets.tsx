import { Plus, Target } from 'lucide-react';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import type { CrewSeason } from '../../../../shared/schemas/crews.ts';
import { useState } from 'react';
import { ErrorText, Loading, Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { t, tNodes } from '../../../lib/i18n.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useCrewBets } from '../../bets/api.ts';
import { BetCard, InlineStake, looksStakeable } from '../../bets/bet-card.tsx';
import { CreateBetDialog } from '../../bets/create-bet-dialog.tsx';

/**
 * The crew's bets, newest first, each on the bets feature's card, under the season they were made
 * in: this one, then the earlier ones. A new one is made in its dialog, set to this crew. In the
 * narrow frame a card stakes in place, as Active Bets does.
 */
export function CrewBets({ crewId, season }: { crewId: number; season: CrewSeason }) {
  const bets = useCrewBets(crewId);
  const [creating, setCreating] = useState(false);
  const [staking, setStaking] = useState<number | null>(null);
  return (
    <Section
      title={t('crews.bets.title')}
      action={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden className="h-4 w-4" /> {t('crews.bets.newBet')}
        </Button>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('crews.bets.intro')}</p>
      {bets.isPending ? (
        <Loading message={t('crews.bets.loading')} />
      ) : bets.isError ? (
        <ErrorText>{t('crews.bets.loadError')}</ErrorText>
      ) : bets.data.length === 0 ? (
        <EmptyState icon={<Target className="h-10 w-10" />} title={t('crews.bets.empty')} />
      ) : (
        [
          {
            key: 'current',
            title: t('crews.bets.currentSeason', { number: season.number }),
            label: t('crews.bets.currentSeasonLabel', { number: season.number }),
            list: bets.data.filter((bet) => Date.parse(bet.createdAt) >= Date.parse(season.startsAt)),
          },
          {
            key: 'earlier',
            title: t('crews.bets.earlierSeasons'),
            label: t('crews.bets.earlierSeasonsLabel'),
            list: bets.data.filter((bet) => Date.parse(bet.createdAt) < Date.parse(season.startsAt)),
          },
        ].map(
          (group) =>
            group.list.length > 0 && (
              <section key={group.key} aria-label={group.label} className="space-y-3">
                <h3 className="text-sm font-bold tracking-wide text-slate-600 uppercase dark:text-slate-300">{group.title}</h3>
                <BetGroup bets={group.list} staking={staking} setStaking={setStaking} />
              </section>
            ),
        )
      )}
      <CreateBetDialog open={creating} onOpenChange={setCreating} crewId={crewId} />
    </Section>
  );
}

function BetGroup({ bets, staking, setStaking }: { bets: Bet[]; staking: number | null; setStaking: (id: number | null) => void }) {
  const me = useCurrentUser();
  const { narrow } = useScreenNav();
  return (
        <ul className="space-y-4">
          {bets.map((bet) => (
            <li key={bet.id}>
              <BetCard bet={bet}>
                {narrow &&
                  (staking === bet.id ? (
                    <InlineStake betId={bet.id} onClose={() => setStaking(null)} />
                  ) : (
                    looksStakeable(bet, me) && (
                      <Button className="w-full" onClick={() => setStaking(bet.id)}>
                        {tNodes('crews.bets.placeBet', { onBet: <span className="sr-only">{t('crews.bets.placeBetOn', { title: bet.title })}</span> })}
                      </Button>
                    )
                  ))}
              </BetCard>
            </li>
          ))}
        </ul>
  );
}
