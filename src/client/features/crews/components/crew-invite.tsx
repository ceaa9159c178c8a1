import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import type { CreatedCrewInvite } from '../../../../shared/schemas/crews.ts';
import { CREW_INVITE_DAYS } from '../../../../shared/schemas/crews.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { countOf, showDateTime } from '../../../lib/format.ts';
import { copyInviteLink } from '../../../lib/copy-link.ts';
import { useCreateCrewInvite } from '../api.ts';

const LINK_ID = 'crew-invite-link';


/**
 * A link to the crew for any member to hand out. The server keeps only a hash of it, so the link
 * is shown here once, as made; another is made whenever wanted.
 */
export function CrewInvite({ crewId }: { crewId: number }) {
  const create = useCreateCrewInvite(crewId);
  const [invite, setInvite] = useState<CreatedCrewInvite | null>(null);
  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setInvite(created);
        focusWhenShown(LINK_ID);
      },
    });
  return (
    <Section title="Invite to the crew">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Anyone who opens the link and signs in joins the crew. A link lasts {countOf(CREW_INVITE_DAYS, 'day')}.
      </p>
      <Button size="sm" onClick={makeLink} disabled={create.isPending}>
        <Link2 aria-hidden className="h-4 w-4" /> Invite link
      </Button>
      {invite && (
        <div className="space-y-2">
          <div className="flex gap-2">
            <Input id={LINK_ID} readOnly aria-label="Crew invite link" value={invite.url} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={() => void copyInviteLink(invite.url)}>
              <Copy aria-hidden className="h-4 w-4" /> Copy <span className="sr-only">invite link</span>
            </Button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-300">Expires {showDateTime(invite.expiresAt)}</p>
        </div>
      )}
    </Section>
  );
}
