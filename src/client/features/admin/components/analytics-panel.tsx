import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { Card, StatCard } from '../../../components/ui/card.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { showAmount } from '../../../lib/format.ts';
import { useReports } from '../api.ts';

/** Platform analytics (docs/product.md §13.8 'Analytics'), with the last 30 days as charts. */
export function AnalyticsPanel() {
  const { data, isPending, isError } = useReports();
  if (isPending) {
    return <Loading message="Loading analytics..." />;
  }
  if (isError || !data) {
    return <ErrorText>Failed to load analytics</ErrorText>;
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
        <StatCard label="Total Volume" value={showAmount(data.totalVolume)} />
        <StatCard label="Platform Commission (1%)" value={showAmount(data.platformCommission)} />
        <StatCard label="Active Bet Value" value={showAmount(data.activeBetValue)} />
        <StatCard label="Total Users" value={data.totalUsers} />
        <StatCard label="Online Users" value={data.onlineUsers} />
        <StatCard label="Average Bets per User" value={data.averageBetsPerUser.toFixed(1)} />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <h3 className="mb-3 font-bold">Volume per day, last 30 days ($)</h3>
          <div className="h-64" role="img" aria-label="Line chart of daily volume">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={daily}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis />
                <Tooltip />
                <Line type="monotone" dataKey="volume" name="Volume" stroke="#4f46e5" strokeWidth={2} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </Card>
        <Card>
          <h3 className="mb-3 font-bold">New users and bets per day</h3>
          <div className="h-64" role="img" aria-label="Bar chart of new users, bets created and bets resolved per day">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={daily}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Bar dataKey="newUsers" name="New users" fill="#10b981" />
                <Bar dataKey="created" name="Bets created" fill="#6366f1" />
                <Bar dataKey="resolved" name="Bets resolved" fill="#f59e0b" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
      </div>
    </div>
  );
}
