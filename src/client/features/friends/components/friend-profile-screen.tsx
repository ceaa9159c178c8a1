import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { showDate } from '../../../lib/format.ts';
import { useFriendProfile } from '../api.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { ErrorText, Loading, Tile, TileGrid } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';

/** Spec §2 'profile-view': a friend's profile, with Back to friends. */
export function FriendProfileView() {
  const { view: { id }, backTo } = useScreenNav();
  const { data: profile, isPending, isError } = useFriendProfile(id ?? null);
  return (
    <div className="space-y-4">
      <BackButton label="Back to friends" onClick={() => backTo({ name: 'friends' })} />
      {id !== undefined && isPending ? (
        <Loading message="Loading profile..." />
      ) : isError || !profile ? (
        <ErrorText>Failed to load profile</ErrorText>
      ) : (
        <>
          <Card className="space-y-3 p-4">
            <div className="flex items-center gap-4">
              <span aria-hidden className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white">
                {profile.username.charAt(0).toUpperCase()}
              </span>
              <div className="min-w-0">
                <h2 className="truncate text-xl font-bold">{profile.username}</h2>
                <OnlineBadge online={profile.isOnline} />
                <p className="text-sm text-slate-600 dark:text-slate-300">Joined {showDate(profile.createdAt)}</p>
              </div>
            </div>
            {profile.bio && <p className="break-words">{profile.bio}</p>}
            {(profile.location || profile.favoriteCategory) && (
              <p className="flex flex-wrap gap-x-3 text-sm text-slate-700 dark:text-slate-300">
                {profile.location && <span>📍 {profile.location}</span>}
                {profile.favoriteCategory && <span>Loves {profile.favoriteCategory} bets</span>}
              </p>
            )}
          </Card>
          <TileGrid label={`Figures of ${profile.username}`}>
            <Tile label="Bets" value={profile.totalBets} />
            <Tile label="Wins" value={profile.totalWins} />
            <Tile label="Win rate" value={`${profile.winRate}%`} />
            <Tile label="Achievements" value={`${profile.achievements.filter((a) => a.unlocked).length}/${profile.achievements.length}`} />
          </TileGrid>
          <Card className="p-4">
            <h2 className="mb-2 text-lg font-bold">Recent bets</h2>
            {profile.recentBets.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">No bets yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {profile.recentBets.map((bet) => (
                  <li key={bet.id} className="flex items-center gap-2 py-2 text-sm">
                    <span className="min-w-0 flex-1 break-words">{bet.title}</span>
                    <Badge tone={bet.isResolved ? 'success' : 'brand'}>{bet.isResolved ? 'Resolved' : 'Active'}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
