import { Award, Pencil } from 'lucide-react';
import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { showAmount, showDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/hooks/use-auth.tsx';
import { useOwnProfile } from '../api.ts';
import { ErrorText, Loading, Section, Tile, TileGrid } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';

/** Spec §2 mobile My profile: who you are, your figures and your achievements. */
export function MyProfileView() {
  const user = useCurrentUser();
  const { navigate } = useScreenNav();
  const { data: profile, isPending, isError } = useOwnProfile();
  if (isPending) return <Loading message="Loading profile..." />;
  if (isError || !profile) return <ErrorText>Failed to fetch profile</ErrorText>;
  return (
    <div className="space-y-6">
      <Card className="space-y-3 p-4">
        <div className="flex items-center gap-4">
          <span aria-hidden className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white">
            {profile.username.slice(0, 2).toUpperCase()}
          </span>
          <div className="min-w-0">
            <h2 className="truncate text-xl font-bold">{profile.username}</h2>
            {profile.email && <p className="truncate text-sm text-slate-700 dark:text-slate-300">{profile.email}</p>}
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <OnlineBadge online />
              <Badge tone={profile.role === 'admin' ? 'warning' : 'neutral'}>{profile.role === 'admin' ? 'Admin' : 'User'}</Badge>
            </div>
          </div>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">Member since {showDate(profile.createdAt)}</p>
        <div className="space-y-1 text-sm">
          <p className="break-words" data-testid="profile-bio">
            {profile.bio ?? 'No bio added yet.'}
          </p>
          <p className="text-slate-700 dark:text-slate-300" data-testid="profile-location">
            {profile.location ?? 'Location not set'}
          </p>
          <p className="text-slate-700 dark:text-slate-300" data-testid="profile-category">
            {profile.favoriteCategory ?? 'No favorite category'}
          </p>
        </div>
        <Button variant="secondary" className="w-full" onClick={() => navigate({ name: 'profile-edit' })}>
          <Pencil aria-hidden className="h-4 w-4" /> Edit Profile
        </Button>
      </Card>
      <TileGrid label="Your stats">
        <Tile label="Total Wins" value={profile.totalWins} />
        <Tile label="Total Bets" value={profile.totalBets} />
        <Tile label="Win Rate" value={`${profile.winRate}%`} />
        <Tile label="Current Balance" value={showAmount(user.balance)} />
        <Tile label="Active Bets" value={profile.activeBets} />
        <Tile label="Friends" value={profile.friendsCount} />
      </TileGrid>
      <Section title="Achievements">
        <ul className="space-y-2">
          {profile.achievements.map((a) => (
            <li key={a.id}>
              <Card className={`p-4 ${a.unlocked ? 'ring-emerald-300 dark:ring-emerald-800' : ''}`}>
                <div className="flex items-center gap-3">
                  <Award aria-hidden className={`h-8 w-8 shrink-0 ${a.unlocked ? 'text-amber-500' : 'text-slate-400'}`} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{a.name}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{a.description}</p>
                  </div>
                  <span className="shrink-0 text-sm font-semibold">{a.unlocked ? 'Unlocked' : a.progressText}</span>
                </div>
                <div
                  className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                  role="progressbar"
                  aria-label={`${a.name} progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(a.progress * 100)}
                >
                  <div className="h-full bg-brand-600" style={{ width: `${Math.round(a.progress * 100)}%` }} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Recent Bets">
        {profile.recentBets.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No bets yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
            {profile.recentBets.map((bet) => (
              <li key={bet.id}>
                <button type="button" onClick={() => navigate({ name: 'bet', id: bet.id })} className="flex w-full items-center gap-3 px-4 py-3 text-left">
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words">{bet.title}</span>
                    <span className="block text-sm text-slate-600 dark:text-slate-300">
                      {bet.category} · {bet.stake ? `Your stake: ${showAmount(bet.stake.amount)}` : 'Created by you'}
                    </span>
                  </span>
                  <Badge tone={bet.isResolved ? 'success' : 'brand'}>{bet.isResolved ? 'Resolved' : bet.status === 'void' ? 'Refunded' : 'Active'}</Badge>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
