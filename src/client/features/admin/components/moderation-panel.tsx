import { toast } from '../../../lib/toast.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/blocks.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { relativeTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useHandleReport, useModerationQueue } from '../api.ts';

/** Content reported by users, open reports first. */
export function ModerationPanel() {
  const { data, isPending } = useModerationQueue();
  const handle = useHandleReport();
  if (isPending) {
    return <Loading message={t('admin.moderation.loading')} />;
  }
  if (!data || data.reports.length === 0) return <EmptyState title={t('admin.moderation.empty')} />;
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
      {data.reports.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
          <Badge tone={r.status === 'open' ? 'warning' : 'neutral'}>{t('admin.moderation.status', { status: r.status })}</Badge>
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {r.target.label === null
                ? t('admin.moderation.targetGone', { kind: r.kind, id: String(r.targetId) })
                : t('admin.moderation.target', { kind: r.kind, label: r.target.label })}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('admin.moderation.reportedBy', { reason: r.reason, username: r.reporter.username, when: relativeTime(r.createdAt) })}
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
                        onSuccess: () => toast.success(action === 'resolve' ? t('admin.moderation.resolvedToast') : t('admin.moderation.dismissedToast')),
                        onError: (e) => toast.error(t('admin.moderation.updateFailed'), { description: errorMessage(e, t('admin.common.tryAgain')) }),
                      },
                    )
                  }
                >
                  {action === 'resolve' ? t('admin.moderation.resolve') : t('admin.moderation.dismiss')}
                </Button>
              ))}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
