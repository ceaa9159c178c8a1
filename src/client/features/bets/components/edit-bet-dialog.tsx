import type { CurrentUser } from '../../../../shared/schemas/auth.ts';
import { editBetBodySchema, type Bet } from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useAdminEditBet, useEditBet } from '../api.ts';

/** The creator may reword a bet until the first stake; admins may always (and it is audited). */
export const creatorMayEdit = (bet: Bet, me: CurrentUser) => bet.creatorId === me.id && bet.status === 'active' && bet.participants === 0;
export const mayEdit = (bet: Bet, me: CurrentUser) => creatorMayEdit(bet, me) || me.role === 'admin';
/** Reword a bet: the creator's own edit, or an admin's (audited). */
export function EditBetDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const me = useCurrentUser();
  const form = useZodForm(editBetBodySchema, { title: bet.title, description: bet.description });
  const ownEdit = useEditBet();
  const adminEdit = useAdminEditBet();
  const edit = creatorMayEdit(bet, me) ? ownEdit : adminEdit;
  const onSubmit = form.submit((body) =>
    edit.mutate(
      { id: bet.id, body },
      {
        onSuccess: () => {
          toast.success(t('bets.edit.updated'));
          onClose();
        },
        onError: (e) => toast.error(t('bets.edit.failedTitle'), { description: errorMessage(e, t('bets.edit.failed')) }),
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('bets.edit.title')} description={t('bets.edit.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="edit-bet-title" label={t('bets.form.title')} error={form.errors.title}>
          <Input id="edit-bet-title" {...form.field('title')} />
        </Field>
        <Field id="edit-bet-description" label={t('bets.form.description')} error={form.errors.description}>
          <Textarea id="edit-bet-description" rows={4} {...form.field('description')} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('bets.common.cancel')}
          </Button>
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? t('bets.edit.saving') : t('bets.edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
