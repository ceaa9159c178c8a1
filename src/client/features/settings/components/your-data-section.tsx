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
        toast.success('Your data is downloaded', { description: fileName });
      },
      onError: (error) => toast.error('Download failed', { description: errorMessage(error, 'Your data could not be downloaded. Please try again.') }),
    });
  return (
    <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium">Your data</p>
        <p className="text-slate-600 dark:text-slate-300">Your profile, bets, stakes, wallet, friends, messages and notifications, as a JSON file.</p>
        {exportAccount.isPending && (
          <p role="status" className="mt-1 flex items-center gap-2 text-slate-700 dark:text-slate-200">
            <Spinner className="h-4 w-4" /> Preparing your download...
          </p>
        )}
      </div>
      <Button variant="secondary" className="shrink-0" onClick={download} disabled={exportAccount.isPending} aria-busy={exportAccount.isPending}>
        <Download aria-hidden className="h-4 w-4" />
        Download my data
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
          toast.success('Your account has been deleted', { description: 'Thank you for betting with Betbro.' });
        },
        onError: (error) => {
          const message = errorMessage(error, 'Your account was not deleted. Please try again.');
          setRefused(message);
          toast.error('Account not deleted', { description: message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Delete your account?" description="This cannot be undone.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-200">
          <p>Deleting your account:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>voids your open bets and refunds every stake in them;</li>
            <li>erases your email address and your profile;</li>
            <li>signs you out on every device.</li>
          </ul>
          <p className="font-semibold text-red-700 dark:text-red-300">It cannot be undone. Download your data first if you want to keep it.</p>
        </div>
        <Field id={CONFIRM_ID} label="Type your username to confirm" hint={`Your username is ${username}.`} error={refused ?? undefined}>
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
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending} aria-busy={remove.isPending}>
            Delete my account
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
    <Section title="Your data and account">
      <Card className="divide-y divide-slate-100 px-4 py-1 dark:divide-slate-800">
        <DownloadData />
        <div className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="font-medium">Delete your account</p>
            <p className="text-slate-600 dark:text-slate-300">Your open bets are voided and refunded, your email and profile erased. This cannot be undone.</p>
          </div>
          <Button variant="danger" className="shrink-0" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete my account
          </Button>
        </div>
      </Card>
      <DeleteAccountDialog username={user.username} open={deleting} onOpenChange={setDeleting} />
    </Section>
  );
}
