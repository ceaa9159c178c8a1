import { Share2 } from 'lucide-react';
import { ShortLabel } from '../../components/ui/short-label.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { shareLink } from '../../lib/copy-link.ts';
import { t } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useCurrentUser } from '../../lib/use-auth.tsx';
import { useCreateInvite, useInvites } from './api.ts';
import { keptLinks } from './kept-links.ts';

/**
 * Share on a bet, for its creator (docs/product.md §6.2): the bet's invite link, through the
 * phone's share sheet where there is one, else copied. The link this browser made for the bet
 * is used again while it lasts; otherwise a new one is made. Whoever opens it sees the bet's
 * question, options, odds and deadline, and lands on the bet, a friend of its creator.
 */
export function ShareBet({ betId, title }: { betId: number; title: string }) {
  const me = useCurrentUser();
  const invites = useInvites();
  const create = useCreateInvite();
  const kept = (invites.data ?? []).filter((invite) => invite.betId === betId).map((invite) => keptLinks.urlOf(me.id, invite)).find((url) => url !== null);

  const share = async () => {
    let url = kept ?? null;
    if (url === null) {
      try {
        const created = await create.mutateAsync(betId);
        keptLinks.keep(me.id, created);
        url = created.url;
      } catch (error) {
        toast.error(t('invites.common.createFailed'), { description: errorMessage(error, t('invites.common.tryAgain')) });
        return;
      }
    }
    await shareLink(url, { title, text: t('invites.shareBet.shareText', { title }) });
  };

  return (
    <Button onClick={() => void share()} disabled={create.isPending || invites.isPending} >
      <Share2 aria-hidden className="h-4 w-4" /> <ShortLabel shown={t('invites.shareBet.button')} full={t('invites.shareBet.label')} />
    </Button>
  );
}
