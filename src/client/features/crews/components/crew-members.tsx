import { LogOut, UserMinus } from 'lucide-react';
import { useState } from 'react';
import type { Crew } from '../../../../shared/schemas/crews.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { showAmount } from '../../../lib/format.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useRemoveCrewMember } from '../api.ts';

type Member = Crew['members'][number];

/**
 * The members with their balances this season. The owner may remove anyone else; any other member
 * may leave. The owner cannot leave: the crew would have nobody to end its seasons.
 */
export function CrewMembers({ crew }: { crew: Crew }) {
  const me = useCurrentUser();
  const { navigate } = useScreenNav();
  const remove = useRemoveCrewMember(crew, me.id);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const isOwner = crew.ownerId === me.id;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, { onSettled: () => setRemoving(null) });
  };
  const confirmLeave = () =>
    remove.mutate(
      { id: me.id, username: me.username },
      {
        onSuccess: () => navigate({ name: 'crews' }),
        onSettled: () => setLeaving(false),
      },
    );

  return (
    <Section title={t('crews.members.title')}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('crews.members.summary', { members: crew.members.length })}
      </p>
      <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
        {crew.members.map((member) => (
          <li key={member.id} data-testid="crew-member" className="flex flex-wrap items-center gap-3 px-4 py-3">
            <span className="min-w-0 flex-1">
              <span className="font-semibold wrap-anywhere">{member.username}</span>
              {member.id === me.id && <span className="text-brand-700 dark:text-brand-100"> {t('crews.common.you')}</span>}
              {member.id === crew.ownerId && (
                <span className="ms-2">
                  <Badge tone="brand">{t('crews.common.owner')}</Badge>
                </span>
              )}
            </span>
            <span className="font-semibold" data-testid="member-balance">
              {showAmount(member.balance)}
            </span>
            {isOwner && member.id !== me.id && (
              <Button variant="ghost" size="sm" onClick={() => setRemoving(member)} disabled={remove.isPending}>
                <UserMinus aria-hidden className="h-4 w-4" /> {tNodes('crews.members.remove', { who: <span className="sr-only">{t('crews.members.removeWho', { name: member.username })}</span> })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {isOwner ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('crews.members.ownerCannotLeave')}</p>
      ) : (
        <Button variant="secondary" onClick={() => setLeaving(true)} disabled={remove.isPending}>
          <LogOut aria-hidden className="h-4 w-4" /> {t('crews.members.leaveButton')}
        </Button>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('crews.members.removeTitle', { name: removing?.username ?? '', crew: crew.name })}
        message={t('crews.members.removeMessage', { name: removing?.username ?? '' })}
        confirmLabel={t('crews.members.removeConfirm')}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t('crews.members.leaveTitle', { crew: crew.name })}
        message={t('crews.members.leaveMessage')}
        confirmLabel={t('crews.members.leaveConfirm')}
        onConfirm={confirmLeave}
        pending={remove.isPending}
      />
    </Section>
  );
}
