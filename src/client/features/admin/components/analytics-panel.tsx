import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { Card, StatCard } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { showAmount, showNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useReports } from '../api.ts';

/** Platform analytics (docs/product.md §13.8 'Analytics'), with the last 30 days as charts. */
export function AnalyticsPanel() {
  const { data, isPending, isError } = useReports();
  if (isPending) {
    return <Loading message={t('admin.analytics.loading')} />;
  }
  if (isError || !data) {
    return <ErrorText>{t('admin.analytics.loadFailed')}</ErrorText>;
  }
  const daily = data.daily.map((d) => ({
    day: d.date.slice(5),
    volume: (parseAmountToCents(d.volume) ?? 0) / 100,
    newUsers: d.newUsers,
    created: d.betsCreated,
    resolved: d.betsResolved,
  }));
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard label={t('admin.stats.totalVolume')} value={showAmount(data.totalVolume)} />
        <StatCard label={t('admin.analytics.platformCommission')} value={showAmount(data.platformCommission)} />
        <StatCard label={t('admin.analytics.activeBetValue')} value={showAmount(data.activeBetValue)} />
        <StatCard label={t('admin.analytics.totalUsers')} value={data.totalUsers} />
        <StatCard label={t('admin.analytics.onlineUsers')} value={data.onlineUsers} />
        <StatCard label={t('admin.analytics.averageBetsPerUser')} value={showNumber(data.averageBetsPerUser, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <h3 className="mb-3 font-bold">{t('admin.analytics.volumeChartTitle')}</h3>
          <div className="h-64" role="img" aria-label={t('admin.analytics.volumeChartLabel')}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={daily}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis />
                <Tooltip />
                <Line type="monotone" dataKey="volume" name={t('admin.analytics.volumeSeries')} stroke="#4f46e5" strokeWidth={2} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </Card>
        <Card>
          <h3 className="mb-3 font-bold">{t('admin.analytics.activityChartTitle')}</h3>
          <div className="h-64" role="img" aria-label={t('admin.analytics.activityChartLabel')}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={daily}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Bar dataKey="newUsers" name={t('admin.analytics.newUsersSeries')} fill="#10b981" />
                <Bar dataKey="created" name={t('admin.analytics.betsCreatedSeries')} fill="#6366f1" />
                <Bar dataKey="resolved" name={t('admin.analytics.betsResolvedSeries')} fill="#f59e0b" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
      </div>
    </div>
  );
}
