import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { editBetBodySchema, type Bet } from '../../../../shared/schemas/bets.ts';
import type { CurrentUser } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, EmptyState } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showAmount, participantCount } from '../../../lib/format.ts';
import { useCurrentUser } from '../../auth/hooks/use-auth.tsx';
import { useAdminEditBet, useBet, useBetList, useEditBet } from '../api.ts';
import { BetStatusBadge } from './bet-status.tsx';
import { ResolvePanel } from './resolve-panel.tsx';
import { ErrorText, Loading, Section } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';
import { resolvesAsAdmin } from './bet-narrow.tsx';

/** The creator may reword a bet until the first stake; admins may always (and it is audited). */
const creatorMayEdit = (bet: Bet, me: CurrentUser) => bet.creatorId === me.id && bet.status === 'active' && bet.participants === 0;
const mayEdit = (bet: Bet, me: CurrentUser) => creatorMayEdit(bet, me) || me.role === 'admin';
/** Mirrors the server's rule (DESIGN §7) to decide whether to offer Resolve; the dialog asks the server. */
const mayResolve = (bet: Bet, me: CurrentUser) =>
  bet.status === 'active' && (me.role === 'admin' || (bet.creatorId === me.id && (bet.expirationType === 'indefinite' || bet.isExpired)));

function EditBetDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const me = useCurrentUser();
  const [title, setTitle] = useState(bet.title);
  const [description, setDescription] = useState(bet.description);
  const [errors, setErrors] = useState<{ title?: string; description?: string }>({});
  const ownEdit = useEditBet();
  const adminEdit = useAdminEditBet();
  const edit = creatorMayEdit(bet, me) ? ownEdit : adminEdit;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = editBetBodySchema.safeParse({ title, description });
    if (!parsed.success) {
      const found: { title?: string; description?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'title' | 'description';
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    edit.mutate(
      { id: bet.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success('Bet updated successfully');
          onClose();
        },
        onError: (e) => toast.error('Update Failed', { description: errorMessage(e, 'Failed to update bet') }),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit bet" description="Reword the question; the options stay as they are.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="edit-bet-title" label="Title" error={errors.title}>
          <Input id="edit-bet-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={Boolean(errors.title)} />
        </Field>
        <Field id="edit-bet-description" label="Description" error={errors.description}>
          <Textarea
            id="edit-bet-description"
            rows={4}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={Boolean(errors.description)}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ResolveBetDialog({ betId, onClose }: { betId: number; onClose: () => void }) {
  const me = useCurrentUser();
  const { data: bet, isPending, isError } = useBet(betId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Resolve bet" description={bet?.title}>
      {isPending ? (
        <Loading message="Loading bet..." />
      ) : isError || !bet ? (
        <ErrorText>Failed to fetch bets</ErrorText>
      ) : bet.canResolve ? (
        // First: a live update marks the bet resolved before our own call has answered, and
        // the panel must still be there to announce the outcome.
        <ResolvePanel bet={bet} asAdmin={resolvesAsAdmin(bet, me)} />
      ) : bet.status === 'resolved' ? (
        <div className="space-y-4">
          <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            Resolved: {bet.options[bet.winningOption ?? 0]} won.
          </p>
          <Button className="w-full" onClick={onClose}>
            Done
          </Button>
        </div>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">
          {bet.status === 'active' ? 'This bet can only be resolved after it expires.' : 'This bet is closed.'}
        </p>
      )}
    </Dialog>
  );
}

function CreatedBet({ bet, onEdit, onResolve }: { bet: Bet; onEdit: () => void; onResolve: () => void }) {
  const me = useCurrentUser();
  const { navigate } = useScreenNav();
  const editable = mayEdit(bet, me);
  return (
    <Card className="space-y-3 p-4" data-testid="my-bet">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-bold break-words">
          <button type="button" onClick={() => navigate({ name: 'bet', id: bet.id })} className="text-left hover:underline">
            {bet.title}
          </button>
        </h3>
        <BetStatusBadge bet={bet} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {participantCount(bet.participants)} · Total {showAmount(bet.totalPot)}
      </p>
      {bet.status === 'resolved' && (
        <p className="text-sm">
          Winning option: <span className="font-semibold">{bet.options[bet.winningOption ?? 0]}</span>
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={!editable} onClick={onEdit}>
          Edit<span className="sr-only"> {bet.title}</span>
        </Button>
        {mayResolve(bet, me) && (
          <Button onClick={onResolve}>
            Resolve<span className="sr-only"> {bet.title}</span>
          </Button>
        )}
      </div>
      {!editable && bet.status === 'active' && (
        <p className="text-xs text-slate-600 dark:text-slate-300">Bets with stakes can no longer be edited.</p>
      )}
    </Card>
  );
}

function JoinedBet({ bet }: { bet: Bet }) {
  const { navigate } = useScreenNav();
  const mine = bet.userParticipation;
  const won = bet.status === 'resolved' && mine !== null && bet.winningOption === mine.option;
  return (
    <Card className="space-y-2 p-4" data-testid="joined-bet">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-bold break-words">
          <button type="button" onClick={() => navigate({ name: 'bet', id: bet.id })} className="text-left hover:underline">
            {bet.title}
          </button>
        </h3>
        {bet.status === 'resolved' && mine ? (
          <span className={`shrink-0 rounded-md px-2 py-0.5 text-sm font-extrabold text-white ${won ? 'bg-emerald-700' : 'bg-red-700'}`}>{won ? 'WON' : 'LOST'}</span>
        ) : (
          <BetStatusBadge bet={bet} />
        )}
      </div>
      {mine && (
        <p className="text-sm">
          Your stake: <span className="font-semibold">{showAmount(mine.amount)}</span> on <span className="font-semibold">{bet.options[mine.option]}</span>
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {participantCount(bet.participants)} · Total {showAmount(bet.totalPot)}
      </p>
      {bet.status === 'resolved' && mine?.payout != null && (
        <p className={`text-sm font-bold ${won ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}>
          {won ? `You won ${showAmount(mine.payout)}!` : `You lost ${showAmount(mine.amount)}`}
        </p>
      )}
      {bet.status === 'void' && mine && <p className="text-sm">Called off: {showAmount(mine.amount)} refunded.</p>}
    </Card>
  );
}

/** Spec §2 mobile My Bets: the bets you created, with a real editor and resolution, and the ones you joined. */
export function MyBetsView() {
  const me = useCurrentUser();
  const { data = [], isPending, isError } = useBetList('mine');
  const [editing, setEditing] = useState<Bet | null>(null);
  const [resolving, setResolving] = useState<number | null>(null);
  const created = data.filter((b) => b.creatorId === me.id);
  const joined = data.filter((b) => b.creatorId !== me.id);

  if (isPending) return <Loading message="Loading your bets..." />;
  if (isError) return <ErrorText>Failed to fetch user bets</ErrorText>;
  return (
    <div className="space-y-6">
      <Section title={`Created by you (${created.length})`}>
        {created.length === 0 ? (
          <EmptyState title="No Bets Found" />
        ) : (
          <ul className="space-y-3">
            {created.map((bet) => (
              <li key={bet.id}>
                <CreatedBet bet={bet} onEdit={() => setEditing(bet)} onResolve={() => setResolving(bet.id)} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={`Bets you joined (${joined.length})`}>
        {joined.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">You haven't placed any bets yet.</p>
        ) : (
          <ul className="space-y-3">
            {joined.map((bet) => (
              <li key={bet.id}>
                <JoinedBet bet={bet} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      {editing && <EditBetDialog bet={editing} onClose={() => setEditing(null)} />}
      {resolving !== null && <ResolveBetDialog betId={resolving} onClose={() => setResolving(null)} />}
    </div>
  );
}
