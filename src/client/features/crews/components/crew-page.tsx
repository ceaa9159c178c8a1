import { ArrowLeft, Flag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Crew } from '../../../../shared/schemas/crews.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCrew } from '../../../lib/crews-list.ts';
import { showAmount, showDateTime, timeLeft } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { ScreenTitle, useScreenNav } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useEndSeason } from '../api.ts';
import { CrewBets } from './crew-bets.tsx';
import { CrewChat } from './crew-chat.tsx';
import { CrewInvite } from './crew-invite.tsx';
import { CrewMembers } from './crew-members.tsx';
import { StandingsTab } from './crew-standings.tsx';

/** The crew's tabs; each but Bets, the first, has its own address (`/crews/:id/standings`). */
const TAB_VALUES = ['bets', 'standings', 'chat', 'members'];
const tabs = () => [
  { value: 'bets', label: t('crews.crew.tabBets') },
  { value: 'standings', label: t('crews.crew.tabStandings') },
  { value: 'chat', label: t('crews.crew.tabChat') },
  { value: 'members', label: t('crews.crew.tabMembers') },
];
const tabOf = (tab: string | undefined) => (tab !== undefined && TAB_VALUES.includes(tab) ? tab : 'bets');

/** The owner's "End season": asked first, since it voids the open crew bets and resets every balance. */
function EndSeason({ crew }: { crew: Crew }) {
  const [asking, setAsking] = useState(false);
  const end = useEndSeason(crew);
  const { number } = crew.season;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)} disabled={end.isPending}>
        <Flag aria-hidden className="h-4 w-4" /> {t('crews.endSeason.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('crews.endSeason.title', { number })}
        message={t('crews.endSeason.message', { amount: showAmount(crew.startingBalance), next: number + 1 })}
        confirmLabel={t('crews.endSeason.confirm')}
        onConfirm={() => end.mutate(undefined, { onSettled: () => setAsking(false) })}
        pending={end.isPending}
      />
    </>
  );
}

/** /crews/:id — a crew (docs/product.md §6.7): its season, bets, standings and archive, chat, members and invite links. */
export function CrewPage() {
  const {
    narrow,
    goBack,
    navigate,
    view: { id, tab: tabShown },
  } = useScreenNav();
  const me = useCurrentUser();
  const crewId = id ?? Number.NaN;
  const { data: crew, isPending, error } = useCrew(crewId);
  // The tab follows the address (a reload, Back); a tab chosen shows at once and takes its address.
  const [tab, setTab] = useState(() => tabOf(tabShown));
  const [followed, setFollowed] = useState(tabShown);
  if (followed !== tabShown) {
    setFollowed(tabShown);
    setTab(tabOf(tabShown));
  }
  // A tab answers both the press and the focus that follows it, before the page draws again: the
  // tab last chosen is kept here, so that each choice takes one address.
  const chosen = useRef(tab);
  useEffect(() => {
    chosen.current = tab;
  }, [tab]);
  const choose = (next: string) => {
    if (next === chosen.current) return;
    chosen.current = next;
    setTab(next);
    navigate({ name: 'crew', id: crewId, ...(next === 'bets' ? {} : { tab: next }) }, { replace: true });
  };
  const back = narrow ? (
    <BackButton label={t('crews.crew.back')} onClick={() => goBack({ name: 'crews' })} />
  ) : (
    <Link to="/crews" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
      <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" /> {t('crews.crew.allCrews')}
    </Link>
  );

  const known = Number.isInteger(crewId) && crewId > 0;
  if (known && isPending) return <Loading message={t('crews.crew.loading')} />;
  if (!known || error || !crew) {
    // A crew the player is not in answers 404, as one that does not exist.
    const missing = !known || (error instanceof ApiError && (error.status === 404 || error.status === 400));
    return <EmptyState title={missing ? t('crews.crew.notFound') : t('crews.crew.loadError')}>{back}</EmptyState>;
  }

  const { season } = crew;
  // An admin sees every crew, but its chat and its invite links are its members' alone (§6.7).
  const member = crew.members.some((m) => m.id === me.id);
  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <ScreenTitle always>{crew.name}</ScreenTitle>
          <p className="mt-1 font-semibold" data-testid="crew-season">
            {t('crews.crew.season', { number: season.number, date: showDateTime(season.endsAt), left: timeLeft(season.endsAt) })}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('crews.crew.summary', { members: crew.members.length, amount: showAmount(crew.startingBalance), days: crew.seasonDays })}
          </p>
        </div>
        {crew.ownerId === me.id && <EndSeason crew={crew} />}
      </header>
      <Tabs value={tab} onValueChange={choose} tabs={tabs()} label={t('crews.crew.tabsLabel')}>
        <TabPanel value="bets">
          {/* A crew of one has nobody to bet with yet: the way to invite comes first. */}
          {member && crew.members.length === 1 ? (
            <div className="space-y-8">
              <CrewInvite crewId={crew.id} owner={crew.ownerId === me.id} />
              <CrewBets crewId={crew.id} season={crew.season} />
            </div>
          ) : (
            <CrewBets crewId={crew.id} season={crew.season} />
          )}
        </TabPanel>
        <TabPanel value="standings">
          <StandingsTab crewId={crew.id} />
        </TabPanel>
        <TabPanel value="chat">
          {member ? <CrewChat crew={crew} /> : <EmptyState title={t('crews.crew.chatMembersOnly')} />}
        </TabPanel>
        <TabPanel value="members">
          <div className="grid gap-8 lg:grid-cols-2">
            <CrewMembers crew={crew} />
            {member && <CrewInvite crewId={crew.id} owner={crew.ownerId === me.id} />}
          </div>
        </TabPanel>
      </Tabs>
    </div>
  );
}
