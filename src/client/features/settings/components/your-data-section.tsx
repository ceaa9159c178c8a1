import { Download, Trash2 } from 'lucide-react';
import { confirmsDeletion } from '../../../../shared/schemas/account.ts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Section } from '../../../components/ui/blocks.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { useDeleteAccount, useExportAccount } from '../../account/api.ts';

/** Everything Betbro holds about the player, saved as a JSON file. */
function DownloadData() {
  const exportAccount = useExportAccount();
  const download = () =>
    exportAccount.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName);
        toast.success(t('settings.data.downloadedToast'), { description: fileName });
      },
      onError: (error) => toast.error(t('settings.data.downloadFailedToast'), { description: errorMessage(error, t('settings.data.downloadFailedFallback')) }),
    });
  return (
    <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium">{t('settings.data.downloadTitle')}</p>
        <p className="text-slate-600 dark:text-slate-300">{t('settings.data.downloadDescription')}</p>
        {exportAccount.isPending && (
          <p role="status" className="mt-1 flex items-center gap-2 text-slate-700 dark:text-slate-200">
            <Spinner className="h-4 w-4" /> {t('settings.data.preparing')}
          </p>
        )}
      </div>
      <Button variant="secondary" className="shrink-0" onClick={download} disabled={exportAccount.isPending} aria-busy={exportAccount.isPending}>
        <Download aria-hidden className="h-4 w-4" />
        {t('settings.data.downloadButton')}
      </Button>
    </div>
  );
}

const CONFIRM_ID = 'delete-account-confirm';

/**
 * Asks for the username before deleting the account for good; the button stays off until it
 * matches. Once deleted, the server has ended every session: this browser forgets its sign-in
 * and shows the landing page.
 */
export function DeleteAccountDialog({ username, open, onOpenChange }: { username: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { forgetSignIn } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  // The server's rule: the username, whatever its case, spaces around it aside.
  const matches = confirmsDeletion(typed, username);

  const close = (next: boolean) => {
    if (!next) {
      setTyped('');
      setRefused(null);
      remove.reset();
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    setRefused(null);
    remove.mutate(
      { confirm: typed.trim() },
      {
        onSuccess: () => {
          // Signed out from the next render on, on the landing page's address.
          forgetSignIn();
          navigate('/', { replace: true });
          toast.success(t('settings.delete.deletedToast'), { description: t('settings.delete.deletedToastDescription') });
        },
        onError: (error) => {
          const message = errorMessage(error, t('settings.delete.failedFallback'));
          setRefused(message);
          toast.error(t('settings.delete.failedToast'), { description: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t('settings.delete.dialogTitle')} description={t('settings.delete.dialogDescription')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-200">
          <p>{t('settings.delete.consequencesIntro')}</p>
          <ul className="list-disc space-y-1 ps-5">
            <li>{t('settings.delete.consequenceBets')}</li>
            <li>{t('settings.delete.consequenceProfile')}</li>
            <li>{t('settings.delete.consequenceSessions')}</li>
          </ul>
          <p className="font-semibold text-red-700 dark:text-red-300">{t('settings.delete.warning')}</p>
        </div>
        <Field id={CONFIRM_ID} label={t('settings.delete.confirmLabel')} hint={t('settings.delete.confirmHint', { username })} error={refused ?? undefined}>
          <Input
            id={CONFIRM_ID}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setRefused(null);
            }}
          />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('settings.delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending} aria-busy={remove.isPending}>
            {t('settings.delete.confirmButton')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Settings' last part, in both layouts: the player's data to take away, and the way out. */
export function YourDataSection() {
  const { user } = useAuth();
  const [deleting, setDeleting] = useState(false);
  // Gone with the sign-in, as the account is deleted: the landing page follows.
  if (!user) return null;
  return (
    <Section title={t('settings.data.title')}>
      <Card className="divide-y divide-slate-100 px-4 py-1 dark:divide-slate-800">
        <DownloadData />
        <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="font-medium">{t('settings.delete.title')}</p>
            <p className="text-slate-600 dark:text-slate-300">{t('settings.delete.description')}</p>
          </div>
          <Button variant="danger" className="shrink-0" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            {t('settings.delete.openButton')}
          </Button>
        </div>
      </Card>
      <DeleteAccountDialog username={user.username} open={deleting} onOpenChange={setDeleting} />
    </Section>
  );
}
