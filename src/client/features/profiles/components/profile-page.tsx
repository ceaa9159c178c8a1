import { Award, BarChart3, DollarSign, Pencil, Percent, Target, Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { ScreenLink, useScreenNav } from '../../../lib/screen-nav.tsx';
import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, StatCard } from '../../../components/ui/card.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { showAmount, showDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { BetStatusBadge } from '../../../components/bet-status-badge.tsx';
import { useOwnProfile } from '../api.ts';
import { ProfileForm } from './profile-form.tsx';

/**
 * The Profile screen of docs/product.md §13.7, in both layouts: who you are, what you have done,
 * what you have earned. The narrow layout opens on the achievements.
 */
export function ProfilePage() {
  const user = useCurrentUser();
  const { narrow } = useScreenNav();
  const { data: profile, isPending, isError } = useOwnProfile();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState(narrow ? 'achievements' : 'recent');

  if (isPending) return <Loading message="Loading profile..." />;
  if (isError || !profile) return <ErrorText>Failed to fetch profile</ErrorText>;

  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-start gap-4 p-4 sm:gap-6 sm:p-5">
        <span aria-hidden className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white sm:h-20 sm:w-20 sm:text-3xl">
          {profile.username.slice(0, 2).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1 basis-56 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-2xl font-bold wrap-anywhere">{profile.username}</h2>
            <OnlineBadge online />
            <Badge tone={profile.role === 'admin' ? 'warning' : 'neutral'}>{profile.role === 'admin' ? 'Admin' : 'User'}</Badge>
          </div>
          {profile.email && <p className="text-sm wrap-anywhere text-slate-700 dark:text-slate-300">{profile.email}</p>}
          <p className="text-sm text-slate-600 dark:text-slate-300">Member since {showDate(profile.createdAt)}</p>
          {editing ? (
            <ProfileForm profile={profile} onDone={() => setEditing(false)} />
          ) : (
            <div className="space-y-1">
              <p className="wrap-anywhere" data-testid="profile-bio">
                {profile.bio ?? 'No bio added yet.'}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="profile-location">
                {profile.location ?? 'Location not set'}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="profile-category">
                {profile.favoriteCategory ?? 'No favorite category'}
              </p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="h-4 w-4" /> Edit Profile
              </Button>
            </div>
          )}
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard label="Total Wins" value={profile.totalWins} icon={<Trophy className="h-5 w-5" />} />
        <StatCard label="Total Bets" value={profile.totalBets} icon={<BarChart3 className="h-5 w-5" />} />
        <StatCard label="Win Rate" value={`${profile.winRate}%`} icon={<Percent className="h-5 w-5" />} />
        <StatCard label="Current Balance" value={showAmount(user.balance)} icon={<DollarSign className="h-5 w-5" />} />
        <StatCard label="Active Bets" value={profile.activeBets} icon={<Target className="h-5 w-5" />} testId="profile-active-bets" />
        <StatCard label="Friends" value={profile.friendsCount} icon={<Users className="h-5 w-5" />} />
      </div>

      <Tabs
        label="Profile details"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'recent', label: 'Recent Bets' },
          { value: 'achievements', label: 'Achievements' },
          { value: 'activity', label: 'Activity' },
        ]}
      >
        <TabPanel value="recent">
          {profile.recentBets.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">No bets yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
              {profile.recentBets.map((bet) => (
                <li key={bet.id} className="flex items-center gap-3 px-4 py-3">
                  <span className="min-w-0 flex-1">
                    <ScreenLink to={{ name: 'bet', id: bet.id }} className="block font-semibold wrap-anywhere hover:underline">
                      {bet.title}
                    </ScreenLink>
                    <span className="text-sm text-slate-600 dark:text-slate-300">
                      {bet.category} · {bet.stake ? `Your stake: ${showAmount(bet.stake.amount)}` : 'Created by you'}
                    </span>
                  </span>
                  <BetStatusBadge bet={bet} />
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel value="achievements">
          <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4">
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
        </TabPanel>
        <TabPanel value="activity">
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {[
              ['Total wagered', showAmount(profile.totalWagered)],
              ['Win rate', `${profile.winRate}%`],
              ['Active bets', profile.activeBets],
              ['Friends', profile.friendsCount],
              ['Member since', showDate(profile.createdAt)],
              ['Account type', profile.role === 'admin' ? 'Admin' : 'Player'],
              ['Status', 'Active'],
            ].map(([label, value]) => (
              <Card key={String(label)} className="p-4">
                <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="text-lg font-bold">{value}</dd>
              </Card>
            ))}
          </dl>
        </TabPanel>
      </Tabs>
    </div>
  );
}
