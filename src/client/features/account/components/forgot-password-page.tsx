import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { passwordResetBodySchema } from '../../../../shared/schemas/account.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { startSignIn } from '../../auth/sign-in.ts';
import { useRequestPasswordReset } from '../api.ts';
import { AccountPageFrame, PageHeading, pageLinkClass } from './account-page-frame.tsx';

/** What the page says once asked, the same whether or not the email has an account. */
export const RESET_LINK_SENT = 'If an account exists for that email, we have sent a link to choose a new password.';
const SENT_HEADING_ID = 'reset-link-sent';

/**
 * /forgot-password (linked from the provider's sign-in page as "Forgot password?"): asks for a
 * link to choose a new password. The answer never tells whether the email has an account.
 */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useZodForm(passwordResetBodySchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const onSubmit = form.submit((body) => {
    setRefused(null);
    request.mutate(body, {
      onSuccess: () => {
        setSentTo(body.email);
        focusWhenShown(SENT_HEADING_ID);
      },
      onError: (error) => {
        const tooMany = error instanceof ApiError && error.status === 429;
        const message = errorMessage(error, 'Your request was not sent. Please try again.');
        setRefused(tooMany ? `${message.replace(/\.$/, '')}. Wait a while before asking for another link.` : message);
        toast.error(tooMany ? 'Too many requests' : 'Link not sent', { description: message });
      },
    });
  });

  if (sentTo !== null) {
    return (
      <AccountPageFrame>
        <div className="text-center">
          <MailCheck aria-hidden className="mx-auto h-12 w-12 text-brand-600" />
          <div className="mt-3">
            <PageHeading id={SENT_HEADING_ID}>Check your inbox</PageHeading>
          </div>
          <p className="mt-2 text-slate-700 dark:text-slate-200" role="status">
            {RESET_LINK_SENT}
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            Nothing from Betbro at <span className="font-semibold wrap-anywhere">{sentTo}</span> in a few minutes? Look in your spam folder,
            or try again.
          </p>
          <div className="mt-6 flex flex-col gap-3">
            <Button onClick={() => startSignIn(null)}>Back to sign in</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setSentTo(null);
                form.reset();
              }}
            >
              Try another email
            </Button>
          </div>
        </div>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame>
      <PageHeading>Forgot your password?</PageHeading>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Enter the email address you sign in with. We will mail you a link to choose a new password.</p>
      <form onSubmit={onSubmit} noValidate aria-label="Ask for a password reset link" className="mt-5 space-y-4">
        <Field id="reset-email" label="Email" error={form.errors.email}>
          <Input id="reset-email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </Field>
        {refused && (
          <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {refused}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={request.isPending}>
          Send reset link
        </Button>
      </form>
      <p className="mt-5 text-center text-sm">
        Remembered it?{' '}
        <button type="button" onClick={() => startSignIn(null)} className={pageLinkClass}>
          Sign in
        </button>
        {' · '}
        <Link to="/" className={pageLinkClass}>
          Betbro home
        </Link>
      </p>
    </AccountPageFrame>
  );
}
