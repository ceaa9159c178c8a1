import { UserPlus } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { Button } from '../../../components/ui/button.tsx';
import { t } from '../../../lib/i18n.ts';
import { useAcceptFriendRequest, useFriendRequests } from '../../friends/api.ts';

const SHOWN = 3;
const acceptId = (requesterId: number) => `banner-accept-${requesterId}`;

/**
 * The pending-request banner with up to 3 requesters, each accepted in place. After an Accept the
 * focus moves to the next requester's, or, when none is left and the banner goes, to the
 * dashboard's heading.
 */
export function PendingRequestsBanner() {
  const { data: requests = [] } = useFriendRequests();
  const accept = useAcceptFriendRequest('PUT');
  if (requests.length === 0) return null;
  const shown = requests.slice(0, SHOWN);
  return (
    <section aria-label={t('dashboard.pendingRequests.label')} className="flex flex-wrap items-center gap-3 rounded-2xl bg-brand-50 px-5 py-4 ring-1 ring-brand-100 dark:bg-brand-900/40 dark:ring-brand-900">
      <UserPlus aria-hidden className="h-5 w-5 text-brand-700" />
      <p className="font-semibold">{t('dashboard.pendingRequests.summary', { count: requests.length })}</p>
      <ul className="flex flex-wrap gap-2">
        {shown.map((r, i) => (
          <li key={r.id} className="flex items-center gap-2 rounded-full bg-white py-1 pe-1 ps-3 text-sm dark:bg-slate-900">
            {r.requester.username}
            <Button
              id={acceptId(r.requesterId)}
              size="sm"
              className="rounded-full"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(r.requesterId, {
                  onSuccess: () => {
                    toast.success(t('dashboard.pendingRequests.accepted'));
                    const next = requests[i + 1] ?? requests[i - 1];
                    focusWhenShown(next ? acceptId(next.requesterId) : 'dashboard-heading');
                  },
                  onError: () => toast.error(t('dashboard.pendingRequests.acceptFailed')),
                })
              }
              aria-label={t('dashboard.pendingRequests.acceptLabel', { username: r.requester.username })}
            >
              {t('dashboard.pendingRequests.accept')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
