import { ExternalLink } from 'lucide-react';
import { t } from '../../../lib/i18n.ts';
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
const fields = () =>
  [
    { name: 'currentPassword', id: 'current-password', label: t('settings.password.currentLabel'), autoComplete: 'current-password' },
    { name: 'newPassword', id: 'new-password', label: t('settings.password.newLabel'), autoComplete: 'new-password', hint: t('settings.password.newHint') },
    { name: 'confirm', id: 'confirm-password', label: t('settings.password.repeatLabel'), autoComplete: 'new-password' },
  ] as const;

export function PasswordForm() {
  const change = useChangePassword();
  const form = useZodForm(changePasswordBodySchema, EMPTY, {
    check: (values) => (values.confirm !== values.newPassword ? { confirm: t('settings.password.mismatch') } : {}),
  });
  const onSubmit = form.submit(
    (body) =>
      change.mutate(body, {
        onSuccess: () => {
          toast.success(t('settings.password.changedToast'), { description: t('settings.password.changedToastDescription') });
          form.reset();
        },
        onError: (e) => {
          const message = errorMessage(e, t('settings.password.failedFallback'));
          if (message === 'Current password is incorrect') form.setErrors({ currentPassword: message });
          toast.error(t('settings.updateFailedToast'), { description: message });
        },
      }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('settings.password.formLabel')} className="space-y-4">
      {fields().map(({ name, id, label, autoComplete, ...rest }) => (
        <Field key={id} id={id} label={label} error={form.errors[name]} hint={'hint' in rest ? rest.hint : undefined}>
          <Input id={id} type="password" autoComplete={autoComplete} {...form.field(name)} />
        </Field>
      ))}
      <Button type="submit" className="w-full" disabled={change.isPending}>
        {change.isPending ? t('settings.password.saving') : t('settings.password.submit')}
      </Button>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.password.othersSignedOut')}</p>
    </form>
  );
}

/** Change Password (docs/product.md §13.7): a form for Betbro accounts, a way to the provider for the others. */
export function PasswordChangeView() {
  const { backTo } = useScreenNav();
  const { data: account, isPending, isError } = useAccount();
  return (
    <div className="space-y-4">
      <BackButton label={t('settings.backToSettings')} onClick={() => backTo({ name: 'settings' })} />
      <Card className="p-4">
        {isPending ? (
          <Loading message={t('settings.password.loadingAccount')} />
        ) : isError || !account ? (
          <ErrorText>{t('settings.password.loadFailed')}</ErrorText>
        ) : account.passwordManagedBy === 'betbro' ? (
          <PasswordForm />
        ) : (
          <div className="space-y-3">
            <p>{t('settings.password.externalProvider')}</p>
            {account.providerUrl && (
              <a
                href={account.providerUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
              >
                {t('settings.password.openProvider')} <ExternalLink aria-hidden className="h-4 w-4" />
                <span className="sr-only">{t('settings.password.opensInNewTab')}</span>
              </a>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
