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
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { startSignIn } from '../../auth/sign-in.ts';
import { useConfirmPasswordReset } from '../api.ts';
import { AccountPageFrame, INVALID_LINK, PageHeading, pageLinkClass } from './account-page-frame.tsx';

type Phase = { kind: 'form' } | { kind: 'changed' } | { kind: 'invalid'; message: string };

const EMPTY = { newPassword: '', confirm: '' };
const FIELDS = [
  {
    name: 'newPassword',
    id: 'reset-new-password',
    label: 'New password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters, not a common password and not your email address.`,
  },
  { name: 'confirm', id: 'reset-confirm-password', label: 'Repeat new password' },
] as const;
const OUTCOME_HEADING_ID = 'reset-outcome';

const check = (values: typeof EMPTY) => (values.confirm !== values.newPassword ? { confirm: 'The passwords do not match' } : {});

/**
 * /reset-password?token=... (the link of the reset mail): choose a new password. Every session of
 * the player ends with the change, this browser's too, so the way on is signing in again.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { forgetSignIn } = useAuth();
  const confirm = useConfirmPasswordReset();
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'form' } : { kind: 'invalid', message: INVALID_LINK }));
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
        const message = errorMessage(error, 'Your password was not changed. Please try again.');
        if (code === 'invalid_token') {
          setPhase({ kind: 'invalid', message });
          focusWhenShown(OUTCOME_HEADING_ID);
          return;
        }
        if (code === 'weak_password') form.setErrors({ newPassword: message });
        else setRefused(message);
        toast.error('Password not changed', { description: message });
      },
    });
  });

  if (phase.kind === 'changed') {
    return (
      <AccountPageFrame>
        <div className="text-center">
          <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
          <div className="mt-3">
            <PageHeading id={OUTCOME_HEADING_ID}>Your password has been changed</PageHeading>
          </div>
          <p className="mt-2 text-slate-600 dark:text-slate-300" role="status">
            Every browser that was signed in to your account has been signed out. Sign in with your new password.
          </p>
          <Button className="mt-6 w-full" onClick={() => startSignIn(null)}>
            Sign in
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
            <PageHeading id={OUTCOME_HEADING_ID}>Your password was not changed</PageHeading>
          </div>
          <p role="alert" className="mt-2 font-semibold break-words text-red-700 dark:text-red-300">
            {phase.message}
          </p>
          <p className="mt-2 text-slate-600 dark:text-slate-300">A reset link works once, for a limited time.</p>
          <Link to="/forgot-password" className={`mt-6 inline-block ${pageLinkClass}`}>
            Ask for a new link
          </Link>
        </div>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame>
      <PageHeading>Choose a new password</PageHeading>
      <p className="mt-2 text-slate-600 dark:text-slate-300">You will be signed out everywhere, then sign in with the new password.</p>
      <form onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="mt-5 space-y-4">
        {FIELDS.map(({ name, id, label, ...rest }) => (
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
          Set new password
        </Button>
      </form>
    </AccountPageFrame>
  );
}
