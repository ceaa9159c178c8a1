import { toast } from '../../../lib/toast.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { relativeTime } from '../../../lib/format.ts';
import { useHandleReport, useModerationQueue } from '../api.ts';

/** Content reported by users, open reports first. */
export function ModerationPanel() {
  const { data, isPending } = useModerationQueue();
  const handle = useHandleReport();
  if (isPending) {
    return <Loading message="Loading reports..." />;
  }
  if (!data || data.reports.length === 0) return <EmptyState title="Nothing has been reported." />;
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
      {data.reports.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <Badge tone={r.status === 'open' ? 'warning' : 'neutral'}>{r.status}</Badge>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {r.kind}: {r.target.label ?? `#${r.targetId} (gone)`}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              "{r.reason}" — reported by {r.reporter.username} {relativeTime(r.createdAt)}
            </p>
          </div>
          {r.status === 'open' && (
            <>
              {(['resolve', 'dismiss'] as const).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'resolve' ? 'primary' : 'secondary'}
                  onClick={() =>
                    handle.mutate(
                      { id: r.id, action },
                      {
                        onSuccess: () => toast.success(action === 'resolve' ? 'Report resolved' : 'Report dismissed'),
                        onError: (e) => toast.error('Report not updated', { description: errorMessage(e, 'Please try again.') }),
                      },
                    )
                  }
                >
                  {action === 'resolve' ? 'Resolve' : 'Dismiss'}
                </Button>
              ))}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
