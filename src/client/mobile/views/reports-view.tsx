import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/api.ts';
import { relativeTime, showAmount } from '../../lib/format.ts';
import { useHandleReport, useModerationQueue, useReports } from '../../features/admin/api.ts';
import { AdminOnly } from '../components/admin-only.tsx';
import { ErrorText, Loading, Section, Tile, TileGrid } from '../components/mobile-ui.tsx';

const RECENT_DAYS = 7;

function Analytics() {
  const { data, isPending, isError } = useReports();
  if (isPending) return <Loading message="Loading analytics..." />;
  if (isError || !data) return <ErrorText>Failed to load analytics</ErrorText>;
  const days = data.daily.slice(-RECENT_DAYS).reverse();
  return (
    <>
      <Section title="Analytics">
        <TileGrid label="Analytics">
          <Tile label="Total Volume" value={showAmount(data.totalVolume)} />
          <Tile label="Platform Commission (1%)" value={showAmount(data.platformCommission)} />
          <Tile label="Active Bet Value" value={showAmount(data.activeBetValue)} />
          <Tile label="Total Users" value={data.totalUsers} />
          <Tile label="Online Users" value={data.onlineUsers} />
          <Tile label="Average Bets per User" value={data.averageBetsPerUser.toFixed(1)} />
          <Tile label="Total Bets" value={data.totalBets} />
          <Tile label="Active Bets" value={data.activeBets} />
        </TileGrid>
      </Section>
      <Section title="Last 7 days">
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {days.map((d) => (
            <li key={d.date} className="px-4 py-2.5 text-sm">
              <p className="flex justify-between gap-3">
                <span className="font-semibold">{d.date}</span>
                <span className="font-semibold">{showAmount(d.volume)}</span>
              </p>
              <p className="text-slate-700 dark:text-slate-300">
                {d.newUsers} new users · {d.betsCreated} bets created · {d.betsResolved} resolved
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function ContentReports() {
  const { data, isPending, isError } = useModerationQueue();
  const handle = useHandleReport();
  const act = (id: number, action: 'resolve' | 'dismiss') =>
    handle.mutate(
      { id, action },
      {
        onSuccess: () => toast.success(action === 'resolve' ? 'Report resolved' : 'Report dismissed'),
        onError: (e) => toast.error('Report not handled', { description: errorMessage(e, 'Please try again.') }),
      },
    );
  return (
    <Section title={data ? `Reported content (${data.openCount} open)` : 'Reported content'}>
      {isPending ? (
        <Loading message="Loading reports..." />
      ) : isError || !data ? (
        <ErrorText>Failed to load reported content</ErrorText>
      ) : data.reports.length === 0 ? (
        <EmptyState title="Nothing has been reported" />
      ) : (
        <ul className="space-y-3">
          {data.reports.map((r) => (
            <li key={r.id}>
              <Card className="space-y-2 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge>{r.kind}</Badge>
                  <Badge tone={r.status === 'open' ? 'warning' : r.status === 'resolved' ? 'success' : 'neutral'}>{r.status}</Badge>
                  <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">{relativeTime(r.createdAt)}</span>
                </div>
                <p className="font-semibold break-words">{r.target.label ?? 'Removed content'}</p>
                <p className="text-sm break-words">“{r.reason}”</p>
                <p className="text-xs text-slate-600 dark:text-slate-300">Reported by {r.reporter.username}</p>
                {r.status === 'open' && (
                  <div className="grid grid-cols-2 gap-2">
                    <Button disabled={handle.isPending} onClick={() => act(r.id, 'resolve')}>
                      Resolve<span className="sr-only"> report {r.id}</span>
                    </Button>
                    <Button variant="secondary" disabled={handle.isPending} onClick={() => act(r.id, 'dismiss')}>
                      Dismiss<span className="sr-only"> report {r.id}</span>
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Spec §2 Reports on a phone: platform analytics and the queue of reported content. */
export function ReportsView() {
  return (
    <AdminOnly>
      <div className="space-y-6">
        <Analytics />
        <ContentReports />
      </div>
    </AdminOnly>
  );
}
