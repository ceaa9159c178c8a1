import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { betPhase } from '../../../shared/bet-phase.ts';
import { isUnsettled, resolveBodySchema, type Bet } from '../../../shared/schemas/bets.ts';
import { useScreenNav } from '../../lib/screen-nav.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, StatCard } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldGroup, Radio } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { showAmount } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { useAdminDeleteBet, useAdminResolveBet } from './api.ts';
import { EditBetDialog } from './components/edit-bet-dialog.tsx';
import { PayoutConfirmation } from './components/payout-confirmation.tsx';
import { BetStatusBadge } from '../../components/bet-status-badge.tsx';

// No option chosen yet is no number: the schema says 'Choose the winning option'.
const toResolveBody = ({ winningOption }: { winningOption: string }) => ({ winningOption: winningOption === '' ? Number.NaN : Number(winningOption) });

/** An admin settles any bet: the options by their labels, one chosen, then Resolve, then who gets what to confirm. */
export function ResolveBetDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const form = useZodForm(resolveBodySchema, { winningOption: '' }, { toBody: toResolveBody });
  const resolve = useAdminResolveBet();
  const [confirming, setConfirming] = useState<number | null>(null);
  const submit = form.submit(({ winningOption }) => setConfirming(winningOption));
  const pay = (winningOption: number) =>
    resolve.mutate(
      { id: bet.id, body: { winningOption } },
      {
        onSuccess: () => {
          toast.success(t('bets.admin.resolved'), { description: t('bets.resolve.declaredWinner', { option: bet.options[winningOption] ?? '' }) });
          setConfirming(null);
          onClose();
        },
        onError: (e) => {
          toast.error(t('bets.resolve.failed'), { description: errorMessage(e, t('bets.resolve.failed')) });
          setConfirming(null);
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('bets.resolveDialog.title')} description={bet.title}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FieldGroup id={`resolve-${bet.id}-winner`} legend={t('bets.resolve.winningOption')} error={form.errors.winningOption}>
          <div className="grid auto-rows-fr gap-2 sm:grid-cols-2">
            {bet.options.map((label, i) => (
              <label
                key={label}
                className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ring-1 ${form.values.winningOption === String(i) ? 'ring-2 ring-brand-600' : 'ring-slate-300 dark:ring-slate-700'}`}
              >
                <Radio
                  name={`resolve-${bet.id}-winner`}
                  checked={form.values.winningOption === String(i)}
                  onChange={() => form.set('winningOption', String(i))}
                  className="accent-brand-600"
                />
                <span className="wrap-anywhere">{label}</span>
              </label>
            ))}
          </div>
        </FieldGroup>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('bets.admin.paidAtOnce')}</p>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('bets.common.cancel')}
          </Button>
          <Button type="submit" disabled={resolve.isPending}>
            {resolve.isPending ? t('bets.common.resolving') : t('bets.admin.resolve')}
          </Button>
        </div>
      </form>
      <PayoutConfirmation bet={bet} winningOption={confirming} pending={resolve.isPending} onCancel={() => setConfirming(null)} onConfirm={pay} />
    </Dialog>
  );
}

/** Every bet, with edit, delete and resolve: the dashboard's Admin Panel tab and the admin page's Bet Management. */
export function AdminBetsPanel({ bets }: { bets: Bet[] }) {
  // The narrow layout's buttons name their bet, as a list of cards is read one button at a time.
  const { narrow } = useScreenNav();
  const about = (bet: Bet) => narrow && <span className="sr-only"> {bet.title}</span>;
  const [editing, setEditing] = useState<Bet | null>(null);
  const [resolving, setResolving] = useState<Bet | null>(null);
  const [deleting, setDeleting] = useState<Bet | null>(null);
  const remove = useAdminDeleteBet();
  const active = bets.filter((b) => betPhase(b) === 'active').length;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-4">
        <StatCard label={t('bets.admin.totalBets')} value={bets.length} />
        <StatCard label={t('bets.admin.activeBets')} value={active} testId="admin-active-bets" />
      </div>
      {bets.length === 0 ? (
        <EmptyState title={t('bets.admin.empty')} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {bets.map((bet) => (
            <li key={bet.id} data-testid="admin-bet" className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-semibold wrap-anywhere">{bet.title}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t('bets.admin.byline', { name: bet.creator.username, pot: showAmount(bet.totalPot), count: bet.participants })}
                </p>
              </div>
              <BetStatusBadge bet={bet} />
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={() => setEditing(bet)}>
                  {t('bets.admin.edit')}
                  {about(bet)}
                </Button>
                <Button variant="danger" size="sm" onClick={() => setDeleting(bet)}>
                  {t('bets.admin.delete')}
                  {about(bet)}
                </Button>
                {/* An admin settles any unsettled bet at once, a jury bet's proposed or disputed result among them. */}
                {isUnsettled(bet.status) && (
                  <Button size="sm" onClick={() => setResolving(bet)}>
                    {t('bets.admin.resolve')}
                    {about(bet)}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <EditBetDialog bet={editing} onClose={() => setEditing(null)} />}
      {resolving && <ResolveBetDialog bet={resolving} onClose={() => setResolving(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('bets.admin.deleteTitle')}
        message={t('bets.admin.deleteMessage')}
        confirmLabel={t('bets.admin.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('bets.admin.deleted'));
              setDeleting(null);
            },
            onError: (e) => toast.error(t('bets.admin.deleteFailed'), { description: errorMessage(e, t('bets.admin.deleteFailed')) }),
          })
        }
      />
    </div>
  );
}
