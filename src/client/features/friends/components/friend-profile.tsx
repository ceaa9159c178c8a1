import type { FriendProfile as Profile } from '../../../../shared/schemas/profiles.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { OnlineBadge } from '../../../components/ui/badge.tsx';
import { ErrorText, Loading, Tile, TileGrid } from '../../../components/ui/blocks.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { showDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { BetStatusBadge } from '../../../components/bet-status-badge.tsx';
import { useFriendProfile } from '../api.ts';

/** A friend's profile (docs/product.md §8.2, §13.6): who they are, how they bet, what they bet on lately. */
function FriendProfileBody({ id, named }: { id: number | null; named: boolean }) {
  const { data: profile, isPending, isError } = useFriendProfile(id);
  if (id !== null && isPending) return <Loading message={t('friends.profile.loading')} />;
  if (isError || !profile) return <ErrorText>{t('friends.profile.loadError')}</ErrorText>;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-4">
        <span aria-hidden className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white">
          {profile.username.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          {named && <h2 className="text-xl font-bold wrap-anywhere">{profile.username}</h2>}
          <OnlineBadge online={profile.isOnline} />
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('friends.profile.joined', { date: showDate(profile.createdAt) })}</p>
        </div>
      </div>
      {profile.bio && <p className="wrap-anywhere">{profile.bio}</p>}
      {(profile.location || profile.favoriteCategory) && (
        <p className="flex flex-wrap gap-x-3 text-sm wrap-anywhere text-slate-700 dark:text-slate-300">
          {profile.location && <span>📍 {profile.location}</span>}
          {profile.favoriteCategory && <span>{t('friends.profile.loves', { category: profile.favoriteCategory })}</span>}
        </p>
      )}
      <Figures profile={profile} />
      <div>
        <h3 className="mb-2 font-semibold">{t('friends.profile.recentBets')}</h3>
        {profile.recentBets.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('friends.profile.noBets')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {profile.recentBets.map((bet) => (
              <li key={bet.id} className="flex items-center gap-2 py-2 text-sm">
                <span className="min-w-0 flex-1 wrap-anywhere">{bet.title}</span>
                <BetStatusBadge bet={bet} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Figures({ profile }: { profile: Profile }) {
  return (
    <TileGrid label={t('friends.profile.figures', { name: profile.username })}>
      <Tile label={t('friends.profile.bets')} value={profile.totalBets} />
      <Tile label={t('friends.profile.wins')} value={profile.totalWins} />
      <Tile label={t('friends.profile.winRate')} value={t('friends.profile.winRateValue', { rate: profile.winRate })} />
      <Tile label={t('friends.profile.achievements')} value={`${profile.achievements.filter((a) => a.unlocked).length}/${profile.achievements.length}`} />
    </TileGrid>
  );
}

/** On the desktop Friends page: the profile in a dialog. */
export function FriendProfileDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { data: profile } = useFriendProfile(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()} title={profile?.username ?? t('friends.profile.dialogTitle')}>
      <FriendProfileBody id={userId} named={false} />
    </Dialog>
  );
}

/** Friend Profile in the narrow frame (docs/product.md §13.3): the profile as a view, with Back to friends. */
export function FriendProfileView() {
  const {
    view: { id },
    backTo,
  } = useScreenNav();
  return (
    <div className="space-y-4">
      <BackButton label={t('friends.profile.back')} onClick={() => backTo({ name: 'friends' })} />
      <Card className="p-4">
        <FriendProfileBody id={id ?? null} named />
      </Card>
    </div>
  );
}
