import { Award, BarChart3, DollarSign, Pencil, Percent, Target, Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { ScreenLink, useScreenNav } from '../../../lib/screen-nav.tsx';
import { Badge, OnlineBadge } from '../../../components/ui/badge.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, StatCard } from '../../../components/ui/card.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { showAmount, showDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { BetStatusBadge } from '../../../components/bet-status-badge.tsx';
import { ACHIEVEMENT_THRESHOLDS, type Achievement } from '../../../../shared/schemas/profiles.ts';
import { useOwnProfile } from '../api.ts';
import { categoryLabel } from '../../../lib/category-label.ts';
import { ProfileForm } from './profile-form.tsx';

/** An achievement's name and what it asks, in the reader's language (the server words them in English). */
function achievementWords(id: Achievement['id']): { name: string; description: string } {
  const { activeBets, hotStreakWinRate, socialFriends } = ACHIEVEMENT_THRESHOLDS;
  switch (id) {
    case 'first_win':
      return { name: t('profiles.achievements.firstWinName'), description: t('profiles.achievements.firstWinDescription') };
    case 'active_player':
      return { name: t('profiles.achievements.activePlayerName'), description: t('profiles.achievements.activePlayerDescription', { count: activeBets }) };
    case 'hot_streak':
      return { name: t('profiles.achievements.hotStreakName'), description: t('profiles.achievements.hotStreakDescription', { rate: hotStreakWinRate }) };
    case 'social_butterfly':
      return { name: t('profiles.achievements.socialButterflyName'), description: t('profiles.achievements.socialButterflyDescription', { count: socialFriends }) };
  }
}

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

  if (isPending) return <Loading message={t('profiles.loading')} />;
  if (isError || !profile) return <ErrorText>{t('profiles.loadFailed')}</ErrorText>;

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
            <Badge tone={profile.role === 'admin' ? 'warning' : 'neutral'}>{profile.role === 'admin' ? t('profiles.page.roleAdmin') : t('profiles.page.roleUser')}</Badge>
          </div>
          {profile.email && <p className="text-sm wrap-anywhere text-slate-700 dark:text-slate-300">{profile.email}</p>}
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('profiles.page.memberSinceLine', { date: showDate(profile.createdAt) })}</p>
          {editing ? (
            <ProfileForm profile={profile} onDone={() => setEditing(false)} />
          ) : (
            <div className="space-y-1">
              <p className="wrap-anywhere" data-testid="profile-bio">
                {profile.bio ?? t('profiles.page.noBio')}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="profile-location">
                {profile.location ?? t('profiles.page.noLocation')}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="profile-category">
                {profile.favoriteCategory ?? t('profiles.page.noFavoriteCategory')}
              </p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="h-4 w-4" /> {t('profiles.page.edit')}
              </Button>
            </div>
          )}
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard label={t('profiles.stats.totalWins')} value={profile.totalWins} icon={<Trophy className="h-5 w-5" />} />
        <StatCard label={t('profiles.stats.totalBets')} value={profile.totalBets} icon={<BarChart3 className="h-5 w-5" />} />
        <StatCard label={t('profiles.stats.winRate')} value={t('profiles.winRateValue', { rate: profile.winRate })} icon={<Percent className="h-5 w-5" />} />
        <StatCard label={t('profiles.stats.balance')} value={showAmount(user.balance)} icon={<DollarSign className="h-5 w-5" />} />
        <StatCard label={t('profiles.stats.activeBets')} value={profile.activeBets} icon={<Target className="h-5 w-5" />} testId="profile-active-bets" />
        <StatCard label={t('profiles.stats.friends')} value={profile.friendsCount} icon={<Users className="h-5 w-5" />} />
      </div>

      <Tabs
        label={t('profiles.tabs.label')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'recent', label: t('profiles.tabs.recent') },
          { value: 'achievements', label: t('profiles.tabs.achievements') },
          { value: 'activity', label: t('profiles.tabs.activity') },
        ]}
      >
        <TabPanel value="recent">
          {profile.recentBets.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">{t('profiles.recent.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
              {profile.recentBets.map((bet) => (
                <li key={bet.id} className="flex items-center gap-3 px-4 py-3">
                  <span className="min-w-0 flex-1">
                    <ScreenLink to={{ name: 'bet', id: bet.id }} className="block font-semibold wrap-anywhere hover:underline">
                      {bet.title}
                    </ScreenLink>
                    <span className="text-sm text-slate-600 dark:text-slate-300">
                      {bet.stake
                        ? t('profiles.recent.staked', { category: categoryLabel(bet.category), amount: showAmount(bet.stake.amount) })
                        : t('profiles.recent.created', { category: categoryLabel(bet.category) })}
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
            {profile.achievements.map((a) => {
              const words = achievementWords(a.id);
              return (
                <li key={a.id}>
                  <Card className={`p-4 ${a.unlocked ? 'ring-emerald-300 dark:ring-emerald-800' : ''}`}>
                    <div className="flex items-center gap-3">
                      <Award aria-hidden className={`h-8 w-8 shrink-0 ${a.unlocked ? 'text-amber-500' : 'text-slate-400'}`} />
                      <div className="min-w-0 flex-1">
                        <p className="font-semibold">{words.name}</p>
                        <p className="text-sm text-slate-600 dark:text-slate-300">{words.description}</p>
                      </div>
                      <span className="shrink-0 text-sm font-semibold">{a.unlocked ? t('profiles.achievements.unlocked') : a.progressText}</span>
                    </div>
                    <div
                      className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                      role="progressbar"
                      aria-label={t('profiles.achievements.progressLabel', { name: words.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(a.progress * 100)}
                    >
                      <div className="h-full bg-brand-600" style={{ width: `${Math.round(a.progress * 100)}%` }} />
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        </TabPanel>
        <TabPanel value="activity">
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {[
              [t('profiles.activity.totalWagered'), showAmount(profile.totalWagered)],
              [t('profiles.activity.winRate'), t('profiles.winRateValue', { rate: profile.winRate })],
              [t('profiles.activity.activeBets'), profile.activeBets],
              [t('profiles.activity.friends'), profile.friendsCount],
              [t('profiles.activity.memberSince'), showDate(profile.createdAt)],
              [t('profiles.activity.accountType'), profile.role === 'admin' ? t('profiles.activity.accountTypeAdmin') : t('profiles.activity.accountTypePlayer')],
              [t('profiles.activity.status'), t('profiles.activity.statusActive')],
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
