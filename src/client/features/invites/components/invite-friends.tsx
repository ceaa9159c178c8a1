import { Copy, Link2, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { CreatedInvite } from '../../../../shared/schemas/invites.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCreateInvite, useInvites, useRevokeInvite } from '../api.ts';

/**
 * "Invite friends": makes a personal link (to one of your bets when `betId` is given), to copy,
 * to share through the phone's share sheet, or to revoke. Whoever accepts it becomes your friend.
 */
export function InviteFriends({ betId }: { betId?: number }) {
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const invites = useInvites();
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const active = invites.data?.filter((i) => (betId === undefined ? i.betId === null : i.betId === betId)) ?? [];

  const makeLink = () =>
    create.mutate(betId, {
      onSuccess: setInvite,
      onError: (error) => toast.error('Could not create an invite', { description: errorMessage(error, 'Please try again.') }),
    });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Invite link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it yourself');
    }
  };
  const share = async (url: string) => {
    try {
      await navigator.share({ title: 'Join me on Betbro', text: 'Bet with me on Betbro', url });
    } catch {
      // Closing the share sheet is not an error.
    }
  };

  return (
    <Card>
      <h2 className="mb-1 text-lg font-bold">Invite friends</h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {betId === undefined
          ? 'Anyone who opens your link and signs in becomes your friend. Links last 7 days, for up to 50 people.'
          : 'Friends who open this link become your friends and land on this bet. Links last 7 days, for up to 50 people.'}
      </p>
      {invite ? (
        <div className="space-y-2">
          <Input readOnly aria-label="Invite link" value={invite.url} onFocus={(e) => e.currentTarget.select()} />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy(invite.url)}>
              <Copy aria-hidden className="h-4 w-4" /> Copy link
            </Button>
            {canShare && (
              <Button size="sm" variant="secondary" onClick={() => void share(invite.url)}>
                <Share2 aria-hidden className="h-4 w-4" /> Share
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(invite.token, {
                  onSuccess: () => {
                    setInvite(null);
                    toast.success('Invite revoked');
                  },
                })
              }
            >
              <Trash2 aria-hidden className="h-4 w-4" /> Revoke
            </Button>
          </div>
        </div>
      ) : (
        <Button size="sm" onClick={makeLink} disabled={create.isPending}>
          <Link2 aria-hidden className="h-4 w-4" /> Create invite link
        </Button>
      )}
      {active.length > 0 && (
        <p className="mt-3 text-sm text-slate-500">
          {active.length} active {active.length === 1 ? 'link' : 'links'}, used {active.reduce((n, i) => n + i.uses, 0)}{' '}
          {active.reduce((n, i) => n + i.uses, 0) === 1 ? 'time' : 'times'}.
        </p>
      )}
    </Card>
  );
}
