import { ExternalLink } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { changePasswordBodySchema } from '../../../../shared/schemas/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAccount, useChangePassword } from '../../account/api.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../lib/screen-nav.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };
const FIELDS = [
  { name: 'currentPassword', id: 'current-password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', id: 'new-password', label: 'New password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
  { name: 'confirm', id: 'confirm-password', label: 'Repeat new password', autoComplete: 'new-password' },
] as const;

export function PasswordForm() {
  const change = useChangePassword();
  const form = useZodForm(changePasswordBodySchema, EMPTY, {
    check: (values) => (values.confirm !== values.newPassword ? { confirm: 'The passwords do not match' } : {}),
  });
  const onSubmit = form.submit(
    (body) =>
      change.mutate(body, {
        onSuccess: () => {
          toast.success('Password changed', { description: 'Use the new password the next time you sign in.' });
          form.reset();
        },
        onError: (e) => {
          const message = errorMessage(e, 'Please try again.');
          if (message === 'Current password is incorrect') form.setErrors({ currentPassword: message });
          toast.error('Update Failed', { description: message });
        },
      }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="space-y-4">
      {FIELDS.map(({ name, id, label, autoComplete, ...rest }) => (
        <Field key={id} id={id} label={label} error={form.errors[name]} hint={'hint' in rest ? rest.hint : undefined}>
          <Input id={id} type="password" autoComplete={autoComplete} {...form.field(name)} />
        </Field>
      ))}
      <Button type="submit" className="w-full" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change Password'}
      </Button>
      <p className="text-xs text-slate-600 dark:text-slate-300">Other browsers signed in to your account will be signed out.</p>
    </form>
  );
}

/** Change Password (docs/product.md §13.7): a form for Betbro accounts, a way to the provider for the others. */
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
