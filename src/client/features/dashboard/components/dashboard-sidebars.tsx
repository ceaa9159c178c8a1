import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { relativeTime, showAmount } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useActivities } from '../../activities/api.ts';
import { useLeaderboard } from '../../leaderboard/api.ts';

export function LeaderboardSidebar() {
  // Among friends: a newcomer's board names the people they play with, not strangers.
  const { data, isPending } = useLeaderboard('week', 'friends');
  return (
    <Card>
      <h2 className="font-bold">{t('dashboard.leaders.title')}</h2>
      {isPending ? (
        <p className="mt-2 text-sm text-slate-500">{t('ui.common.loading')}</p>
      ) : !data || data.entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('dashboard.leaders.empty')}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {data.entries.slice(0, 5).map((e) => (
            <li key={e.id} className="flex items-center gap-2 text-sm">
              <span className="w-5 font-bold text-slate-500">{e.rank}</span>
              <span className="flex-1 truncate">{e.username}</span>
              <span className="font-semibold">{showAmount(e.weeklyEarnings)}</span>
            </li>
          ))}
        </ol>
      )}
      <Link to="/leaderboard" className="mt-3 block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
        {t('dashboard.leaders.all')}
      </Link>
    </Card>
  );
}

export function ActivitySidebar() {
  const { data, isPending } = useActivities(5);
  const items = data?.pages[0]?.activities ?? [];
  return (
    <Card>
      <h2 className="font-bold">{t('dashboard.activity.title')}</h2>
      {isPending ? (
        <p className="mt-2 text-sm text-slate-500">{t('ui.common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t('dashboard.activity.empty')}</p>
      ) : (
        <ul className="mt-3 space-y-2.5">
          {items.map((a) => (
            <li key={a.id} className="text-sm">
              {a.description}
              <span className="block text-xs text-slate-500">{relativeTime(a.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/activities" className="mt-3 block text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
        {t('dashboard.activity.all')}
      </Link>
    </Card>
  );
}
