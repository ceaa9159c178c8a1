import { Copy, Link2, Share2, Trash2 } from 'lucide-react';
import { ShortLabel } from '../../components/ui/short-label.tsx';
import { toast } from '../../lib/toast.ts';
import { canShare, copyInviteLink, shareLink } from '../../lib/copy-link.ts';
import type { Invite } from '../../../shared/schemas/invites.ts';
import { focusWhenShown } from '../../components/focus.ts';
import { ErrorText, Loading } from '../../components/ui/blocks.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QrCode, tokenOfLink } from '../../components/qr-code.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { showDateTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { useCurrentUser } from '../../lib/use-auth.tsx';
import { useCreateInvite, useInvites, useRevokeInvite } from './api.ts';
import { keptLinks } from './kept-links.ts';

const CREATE_ID = 'create-invite-link';
/** A listed invite's row, found by its expiry (the one thing its creation and the list share). */
const rowOf = (expiresAt: string) => document.querySelector<HTMLElement>(`[data-invite-expires="${expiresAt}"]`);
const firstControlOf = (row: HTMLElement | null) => row?.querySelector<HTMLElement>('input, button') ?? null;

const share = (url: string) => shareLink(url, { title: t('invites.friends.shareTitle'), text: t('invites.friends.shareText') });

/** One active link: the link itself when this browser made it, what it has done, Copy, Share and Revoke. */
function InviteRow({ invite, number, onRevoke, revoking }: { invite: Invite; number: number; onRevoke: () => void; revoking: boolean }) {
  const me = useCurrentUser();
  const url = keptLinks.urlOf(me.id, invite);
  return (
    <li data-invite-expires={invite.expiresAt} className="space-y-2 rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800">
      {url ? (
        <Input readOnly aria-label={t('invites.friends.linkLabel', { number: String(number) })} value={url} onFocus={(e) => e.currentTarget.select()} />
      ) : (
        <p className="text-sm font-semibold">
          {t('invites.friends.otherBrowser', { number: String(number) })}
        </p>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {t('invites.friends.usage', { uses: invite.uses, maxUses: invite.maxUses, expires: showDateTime(invite.expiresAt) })}
      </p>
      {url && <QrCode src={`/api/invites/${encodeURIComponent(tokenOfLink(url))}/qr.png`} label={t('invites.friends.qrLabel', { number: String(number) })} />}
      <div className="flex flex-wrap gap-2">
        {url && (
          <Button size="sm" onClick={() => void copyInviteLink(url)} >
            <Copy aria-hidden className="h-4 w-4" /> <ShortLabel shown={t('invites.friends.copy')} full={t('invites.friends.copyLabel', { number: String(number) })} />
          </Button>
        )}
        {url && canShare() && (
          <Button size="sm" variant="secondary" onClick={() => void share(url)} >
            <Share2 aria-hidden className="h-4 w-4" /> <ShortLabel shown={t('invites.friends.share')} full={t('invites.friends.shareLabel', { number: String(number) })} />
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={revoking} onClick={onRevoke} >
          <Trash2 aria-hidden className="h-4 w-4" /> <ShortLabel shown={t('invites.friends.revoke')} full={t('invites.friends.revokeLabel', { number: String(number) })} />
        </Button>
      </div>
    </li>
  );
}

/**
 * "Invite friends": makes personal links (to one of your bets when `betId` is given) and lists the
 * active ones, each to copy, share through the phone's share sheet, or revoke. Whoever accepts a
 * link becomes your friend.
 */
export function InviteFriends({ betId }: { betId?: number }) {
  const me = useCurrentUser();
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const invites = useInvites();
  const active = invites.data?.filter((i) => (betId === undefined ? i.betId === null : i.betId === betId)) ?? [];

  const makeLink = () =>
    create.mutate(betId, {
      onSuccess: (created) => {
        keptLinks.keep(me.id, created);
        // The new link arrives with the list's refetch: the focus waits for it there.
        focusWhenShown(() => firstControlOf(rowOf(created.expiresAt)));
      },
      onError: (error) => toast.error(t('invites.common.createFailed'), { description: errorMessage(error, t('invites.common.tryAgain')) }),
    });
  const revokeAt = (i: number) => {
    const invite = active[i]!;
    const next = active[i + 1] ?? active[i - 1];
    revoke.mutate(invite.id, {
      onSuccess: () => {
        keptLinks.forget(me.id, invite);
        toast.success(t('invites.friends.revokedToast'));
        focusWhenShown(() => (next ? firstControlOf(rowOf(next.expiresAt)) : document.getElementById(CREATE_ID)));
      },
      onError: (error) => toast.error(t('invites.friends.revokeFailed'), { description: errorMessage(error, t('invites.common.tryAgain')) }),
    });
  };

  return (
    <Card>
      <h2 className="mb-1 text-lg font-bold">{t('invites.friends.title')}</h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {betId === undefined ? t('invites.friends.aboutFriends') : t('invites.friends.aboutBet')}
      </p>
      <Button id={CREATE_ID} size="sm" onClick={makeLink} disabled={create.isPending}>
        <Link2 aria-hidden className="h-4 w-4" /> {t('invites.friends.create')}
      </Button>
      {invites.isPending ? (
        <Loading message={t('invites.friends.loading')} />
      ) : invites.isError ? (
        <ErrorText>{t('invites.friends.loadFailed')}</ErrorText>
      ) : (
        active.length > 0 && (
          <section aria-labelledby={`invite-links-${betId ?? 'all'}`} className="mt-4">
            <h3 id={`invite-links-${betId ?? 'all'}`} className="mb-2 text-sm font-semibold">
              {t('invites.friends.activeCount', { count: active.length })}
            </h3>
            <ul className="space-y-2">
              {active.map((invite, i) => (
                <InviteRow key={invite.id} invite={invite} number={i + 1} onRevoke={() => revokeAt(i)} revoking={revoke.isPending} />
              ))}
            </ul>
          </section>
        )
      )}
    </Card>
  );
}
