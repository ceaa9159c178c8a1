import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showDate } from '../../../lib/format.ts';
import { useFriendProfile } from '../api.ts';

/** A friend's profile (spec §2 Friends page): who they are, how they bet, what they bet on lately. */
export function FriendProfileDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { data: profile, isPending, isError } = useFriendProfile(userId);
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()} title={profile?.username ?? 'Profile'}>
      {isPending ? (
        <p className="flex items-center gap-2" role="status">
          <Spinner /> Loading profile...
        </p>
      ) : isError || !profile ? (
        <p role="alert" className="text-red-600">
          Failed to load profile
        </p>
      ) : (
        <div className="space-y-4">
          <div className="flex items-center gap-4">
            <span aria-hidden className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white">
              {profile.username.charAt(0).toUpperCase()}
            </span>
            <div>
              <OnlineBadge online={profile.isOnline} />
              <p className="text-sm text-slate-500">Joined {showDate(profile.createdAt)}</p>
            </div>
          </div>
          {profile.bio && <p>{profile.bio}</p>}
          <div className="flex flex-wrap gap-3 text-sm text-slate-600 dark:text-slate-300">
            {profile.location && <span>📍 {profile.location}</span>}
            {profile.favoriteCategory && <span>Loves {profile.favoriteCategory} bets</span>}
          </div>
          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              ['Bets', profile.totalBets],
              ['Wins', profile.totalWins],
              ['Win rate', `${profile.winRate}%`],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="mb-2 font-semibold">Recent bets</h3>
            {profile.recentBets.length === 0 ? (
              <p className="text-sm text-slate-500">No bets yet.</p>
            ) : (
              <ul className="space-y-1.5">
                {profile.recentBets.map((bet) => (
                  <li key={bet.id} className="flex items-center gap-2 text-sm">
                    <span className="flex-1 truncate">{bet.title}</span>
                    <Badge tone={bet.isResolved ? 'success' : 'brand'}>{bet.isResolved ? 'Resolved' : 'Active'}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
