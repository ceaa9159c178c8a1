import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordResetConfirmBodySchema, type PasswordResetConfirmBody } from '../../../../shared/schemas/account.ts';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/schemas/password.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { startSignIn } from '../../auth/sign-in.ts';
import { useConfirmPasswordReset } from '../api.ts';
import { AccountPageFrame, PageHeading, invalidLink, pageLinkClass } from './account-page-frame.tsx';

type Phase = { kind: 'form' } | { kind: 'changed' } | { kind: 'invalid'; message: string };

const EMPTY = { newPassword: '', confirm: '' };
const fields = () =>
  [
    {
      name: 'newPassword',
      id: 'reset-new-password',
      label: t('account.reset.newLabel'),
      hint: t('account.reset.newHint', { min: MIN_PASSWORD_LENGTH }),
    },
    { name: 'confirm', id: 'reset-confirm-password', label: t('account.reset.repeatLabel') },
  ] as const;
const OUTCOME_HEADING_ID = 'reset-outcome';

const check = (values: typeof EMPTY) => (values.confirm !== values.newPassword ? { confirm: t('account.reset.mismatch') } : {});

/**
 * /reset-password?token=... (the link of the reset mail): choose a new password. Every session of
 * the player ends with the change, this browser's too, so the way on is signing in again.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { forgetSignIn } = useAuth();
  const confirm = useConfirmPasswordReset();
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'form' } : { kind: 'invalid', message: invalidLink() }));
  const [refused, setRefused] = useState<string | null>(null);
  const form = useZodForm(passwordResetConfirmBodySchema, EMPTY, {
    toBody: (values): PasswordResetConfirmBody => ({ token, newPassword: values.newPassword }),
    check,
  });

  const onSubmit = form.submit((body) => {
    setRefused(null);
    confirm.mutate(body, {
      onSuccess: () => {
        // An earlier refusal's toast would contradict the page now.
        toast.dismiss();
        // The server has ended every session of this player: this browser's is gone too.
        forgetSignIn();
        setPhase({ kind: 'changed' });
        focusWhenShown(OUTCOME_HEADING_ID);
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : null;
        const message = errorMessage(error, t('account.reset.failedFallback'));
        if (code === 'invalid_token') {
          setPhase({ kind: 'invalid', message });
          focusWhenShown(OUTCOME_HEADING_ID);
          return;
        }
        if (code === 'weak_password') form.setErrors({ newPassword: message });
        else setRefused(message);
        toast.error(t('account.reset.failedToast'), { description: message });
      },
    });
  });

  if (phase.kind === 'changed') {
    return (
      <AccountPageFrame>
        <div className="text-center">
          <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
          <div className="mt-3">
            <PageHeading id={OUTCOME_HEADING_ID}>{t('account.reset.changedHeading')}</PageHeading>
          </div>
          <p className="mt-2 text-slate-600 dark:text-slate-300" role="status">
            {t('account.reset.changedText')}
          </p>
          <Button className="mt-6 w-full" onClick={() => startSignIn(null)}>
            {t('account.signIn')}
          </Button>
        </div>
      </AccountPageFrame>
    );
  }

  if (phase.kind === 'invalid') {
    return (
      <AccountPageFrame>
        <div className="text-center">
          <XCircle aria-hidden className="mx-auto h-12 w-12 text-red-600" />
          <div className="mt-3">
            <PageHeading id={OUTCOME_HEADING_ID}>{t('account.reset.invalidHeading')}</PageHeading>
          </div>
          <p role="alert" className="mt-2 font-semibold break-words text-red-700 dark:text-red-300">
            {phase.message}
          </p>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('account.reset.invalidText')}</p>
          <Link to="/forgot-password" className={`mt-6 inline-block ${pageLinkClass}`}>
            {t('account.reset.askNewLink')}
          </Link>
        </div>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame>
      <PageHeading>{t('account.reset.heading')}</PageHeading>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('account.reset.intro')}</p>
      <form onSubmit={onSubmit} noValidate aria-label={t('account.reset.formLabel')} className="mt-5 space-y-4">
        {fields().map(({ name, id, label, ...rest }) => (
          <Field key={id} id={id} label={label} error={form.errors[name]} hint={'hint' in rest ? rest.hint : undefined}>
            <Input id={id} type="password" autoComplete="new-password" {...form.field(name)} />
          </Field>
        ))}
        {refused && (
          <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {refused}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={confirm.isPending}>
          {t('account.reset.submit')}
        </Button>
      </form>
    </AccountPageFrame>
  );
}
