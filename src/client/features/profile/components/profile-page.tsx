import { Award, BarChart3, DollarSign, Percent, Target, Trophy, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { updateProfileBodySchema } from '../../../../shared/schemas/profiles.ts';
import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, StatCard } from '../../../components/ui/card.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showAmount, showDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/hooks/use-auth.tsx';
import { useOwnProfile, useUpdateProfile } from '../api.ts';

interface Draft {
  bio: string;
  location: string;
  favoriteCategory: string;
}

/** The Profile page of spec §2: who you are, what you have done, what you have earned. */
export function ProfilePage() {
  const user = useCurrentUser();
  const { data: profile, isPending, isError } = useOwnProfile();
  const update = useUpdateProfile();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tab, setTab] = useState('recent');

  if (isPending) {
    return (
      <p className="flex items-center gap-2" role="status">
        <Spinner /> Loading profile...
      </p>
    );
  }
  if (isError || !profile) {
    return (
      <p role="alert" className="text-red-600">
        Failed to fetch profile
      </p>
    );
  }

  // Cancel goes back to what the server holds: the draft is simply dropped.
  const startEditing = () => setDraft({ bio: profile.bio ?? '', location: profile.location ?? '', favoriteCategory: profile.favoriteCategory ?? '' });
  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const parsed = updateProfileBodySchema.safeParse(draft);
    if (!parsed.success) {
      toast.error('Update Failed', { description: parsed.error.issues[0]?.message });
      return;
    }
    update.mutate(draft, {
      onSuccess: () => {
        toast.success('Profile Updated');
        setDraft(null);
      },
      onError: (e) => toast.error('Update Failed', { description: errorMessage(e, 'Please try again.') }),
    });
  }

  const initials = profile.username.slice(0, 2).toUpperCase();
  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-start gap-6">
        <span aria-hidden className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-600 text-3xl font-bold text-white">
          {initials}
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold">{profile.username}</h1>
            <OnlineBadge online />
            {profile.role === 'admin' && <Badge tone="warning">Admin</Badge>}
          </div>
          <p className="text-sm text-slate-500">Member since {showDate(profile.createdAt)}</p>
          {draft ? (
            <form onSubmit={save} className="max-w-xl space-y-3" aria-label="Edit profile">
              <Field id="profile-bio" label="Bio">
                <Textarea id="profile-bio" rows={3} value={draft.bio} onChange={(e) => setDraft({ ...draft, bio: e.target.value })} />
              </Field>
              <Field id="profile-location" label="Location">
                <Input id="profile-location" value={draft.location} onChange={(e) => setDraft({ ...draft, location: e.target.value })} />
              </Field>
              <Field id="profile-category" label="Favorite category">
                <Input
                  id="profile-category"
                  value={draft.favoriteCategory}
                  onChange={(e) => setDraft({ ...draft, favoriteCategory: e.target.value })}
                />
              </Field>
              <div className="flex gap-3">
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
                <Button variant="secondary" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <div className="space-y-1">
              <p data-testid="profile-bio">{profile.bio ?? 'No bio added yet.'}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="profile-location">
                {profile.location ?? 'Location not set'}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="profile-category">
                {profile.favoriteCategory ?? 'No favorite category'}
              </p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={startEditing}>
                Edit Profile
              </Button>
            </div>
          )}
        </div>
      </Card>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label="Total Wins" value={profile.totalWins} icon={<Trophy className="h-5 w-5" />} />
        <StatCard label="Total Bets" value={profile.totalBets} icon={<BarChart3 className="h-5 w-5" />} />
        <StatCard label="Win Rate" value={`${profile.winRate}%`} icon={<Percent className="h-5 w-5" />} />
        <StatCard label="Current Balance" value={showAmount(user.balance)} icon={<DollarSign className="h-5 w-5" />} />
        <StatCard label="Active Bets" value={profile.activeBets} icon={<Target className="h-5 w-5" />} />
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
            <p className="text-slate-500">No bets yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
              {profile.recentBets.map((bet) => (
                <li key={bet.id} className="flex items-center gap-3 px-4 py-3">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{bet.title}</span>
                    <span className="text-sm text-slate-500">
                      {bet.category} · {bet.stake ? `Your stake: ${showAmount(bet.stake.amount)}` : 'Created by you'}
                    </span>
                  </span>
                  <Badge tone={bet.isResolved ? 'success' : 'brand'}>{bet.isResolved ? 'Resolved' : bet.status === 'void' ? 'Refunded' : 'Active'}</Badge>
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel value="achievements">
          <ul className="grid gap-4 sm:grid-cols-2">
            {profile.achievements.map((a) => (
              <li key={a.id}>
                <Card className={a.unlocked ? 'ring-emerald-300' : ''}>
                  <div className="flex items-center gap-3">
                    <Award aria-hidden className={`h-8 w-8 ${a.unlocked ? 'text-amber-500' : 'text-slate-300'}`} />
                    <div className="flex-1">
                      <p className="font-semibold">{a.name}</p>
                      <p className="text-sm text-slate-500">{a.description}</p>
                    </div>
                    <span className="text-sm font-semibold">{a.unlocked ? 'Unlocked' : a.progressText}</span>
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
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[
              ['Total wagered', showAmount(profile.totalWagered)],
              ['Win rate', `${profile.winRate}%`],
              ['Active bets', profile.activeBets],
              ['Friends', profile.friendsCount],
              ['Member since', showDate(profile.createdAt)],
              ['Account type', profile.role === 'admin' ? 'Admin' : 'Player'],
              ['Status', 'Active'],
            ].map(([label, value]) => (
              <Card key={String(label)}>
                <dt className="text-sm text-slate-500">{label}</dt>
                <dd className="text-lg font-bold">{value}</dd>
              </Card>
            ))}
          </dl>
        </TabPanel>
      </Tabs>
    </div>
  );
}
