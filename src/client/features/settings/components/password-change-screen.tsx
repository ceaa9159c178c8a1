import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { changePasswordBodySchema } from '../../../../shared/schemas/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useAccount, useChangePassword } from '../../account/api.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirm', string>>;

function PasswordForm() {
  const change = useChangePassword();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    const parsed = changePasswordBodySchema.safeParse(form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
    }
    if (form.confirm !== form.newPassword) found.confirm = 'The passwords do not match';
    setErrors(found);
    if (!parsed.success || found.confirm) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Password changed', { description: 'Use the new password the next time you sign in.' });
        setForm({ currentPassword: '', newPassword: '', confirm: '' });
      },
      onError: (e) => {
        const message = errorMessage(e, 'Please try again.');
        if (message === 'Current password is incorrect') setErrors({ currentPassword: message });
        toast.error('Update Failed', { description: message });
      },
    });
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Change password" className="space-y-4">
      <Field id="current-password" label="Current password" error={errors.currentPassword}>
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
          aria-invalid={Boolean(errors.currentPassword)}
        />
      </Field>
      <Field id="new-password" label="New password" error={errors.newPassword} hint="At least 8 characters.">
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => setForm({ ...form, newPassword: e.target.value })}
          aria-invalid={Boolean(errors.newPassword)}
        />
      </Field>
      <Field id="confirm-password" label="Repeat new password" error={errors.confirm}>
        <Input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={(e) => setForm({ ...form, confirm: e.target.value })}
          aria-invalid={Boolean(errors.confirm)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change Password'}
      </Button>
      <p className="text-xs text-slate-600 dark:text-slate-300">Other browsers signed in to your account will be signed out.</p>
    </form>
  );
}

/** Spec §2 'password-change': a form for Betbro accounts, a way to the provider for the others. */
export function PasswordChangeView() {
  const { backTo } = useScreenNav();
  const { data: account, isPending, isError } = useAccount();
  return (
    <div className="space-y-4">
      <BackButton label="Back to settings" onClick={() => backTo({ name: 'settings' })} />
      <Card className="p-4">
        {isPending ? (
          <Loading message="Loading account..." />
        ) : isError || !account ? (
          <ErrorText>Failed to load your account</ErrorText>
        ) : account.passwordManagedBy === 'betbro' ? (
          <PasswordForm />
        ) : (
          <div className="space-y-3">
            <p>You sign in to Betbro through your identity provider, which keeps your password. Change it there.</p>
            {account.providerUrl && (
              <a
                href={account.providerUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
              >
                Open your identity provider <ExternalLink aria-hidden className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
