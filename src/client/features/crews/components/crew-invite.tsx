import { Copy, Link2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CreatedCrewInvite } from '../../../../shared/schemas/crews.ts';
import { CREW_INVITE_DAYS, CREW_INVITES_PER_MEMBER_MAX } from '../../../../shared/schemas/crews.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { ErrorText, Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { showDateTime } from '../../../lib/format.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { copyInviteLink } from '../../../lib/copy-link.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useCreateCrewInvite, useCrewInvites, useRevokeCrewInvite } from '../api.ts';

const LINK_ID = 'crew-invite-link';

/**
 * A link to the crew for any member to hand out. The server keeps only a hash of it, so the link
 * is shown here once, as made; another is made whenever wanted. Below, the live links: the
 * member's own (every member's for the owner, `owner`), each with Revoke; a member holds at most
 * CREW_INVITES_PER_MEMBER_MAX at once (docs/product.md §6.7).
 */
export function CrewInvite({ crewId, owner }: { crewId: number; owner: boolean }) {
  const me = useCurrentUser();
  const create = useCreateCrewInvite(crewId);
  const links = useCrewInvites(crewId);
  const revoke = useRevokeCrewInvite(crewId);
  const [invite, setInvite] = useState<CreatedCrewInvite | null>(null);
  const liveLinks = owner ? t('crews.invite.liveLinksAll') : t('crews.invite.liveLinksMine');
  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setInvite(created);
        focusWhenShown(LINK_ID);
      },
    });
  return (
    <Section title={t('crews.invite.title')}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('crews.invite.intro', { days: CREW_INVITE_DAYS, max: CREW_INVITES_PER_MEMBER_MAX })}
      </p>
      <Button size="sm" onClick={makeLink} disabled={create.isPending}>
        <Link2 aria-hidden className="h-4 w-4" /> {t('crews.invite.makeLink')}
      </Button>
      {invite && (
        <div className="space-y-2">
          <div className="flex gap-2">
            <Input id={LINK_ID} readOnly aria-label={t('crews.invite.linkLabel')} value={invite.url} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={() => void copyInviteLink(invite.url)}>
              <Copy aria-hidden className="h-4 w-4" /> {tNodes('crews.invite.copy', { what: <span className="sr-only">{t('crews.invite.copyWhat')}</span> })}
            </Button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('crews.invite.expires', { date: showDateTime(invite.expiresAt) })}</p>
          <QrCode src={`/api/crews/join/${encodeURIComponent(invite.token)}/qr.png`} label={t('crews.invite.qrLabel')} />
        </div>
      )}
      {links.isError && <ErrorText>{t('crews.invite.loadError')}</ErrorText>}
      {links.data && links.data.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">{liveLinks}</h3>
          <ul className="space-y-2" aria-label={liveLinks}>
            {links.data.map((link, i) => (
              <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl px-3 py-2 text-sm ring-1 ring-slate-200 dark:ring-slate-800">
                <span className="wrap-anywhere">
                  {link.inviter.id === me.id
                    ? t('crews.invite.madeByYou', { date: showDateTime(link.expiresAt) })
                    : t('crews.invite.madeBy', { name: link.inviter.username, date: showDateTime(link.expiresAt) })}
                </span>
                <Button size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate(link)}>
                  <Trash2 aria-hidden className="h-4 w-4" />{' '}
                  {tNodes('crews.invite.revoke', { which: <span className="sr-only">{t('crews.invite.revokeWhich', { number: i + 1 })}</span> })}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}
