import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { passwordResetBodySchema } from '../../../../shared/schemas/account.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { startSignIn } from '../../auth/sign-in.ts';
import { useRequestPasswordReset } from '../api.ts';
import { AccountPageFrame, PageHeading, pageLinkClass } from './account-page-frame.tsx';

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
        const message = errorMessage(error, t('account.forgot.failedFallback'));
        setRefused(tooMany ? t('account.forgot.tooManyRefused', { message: message.replace(/\.$/, '') }) : message);
        toast.error(tooMany ? t('account.forgot.tooManyToast') : t('account.linkNotSentToast'), { description: message });
      },
    });
  });

  if (sentTo !== null) {
    return (
      <AccountPageFrame>
        <div className="text-center">
          <MailCheck aria-hidden className="mx-auto h-12 w-12 text-brand-600" />
          <div className="mt-3">
            <PageHeading id={SENT_HEADING_ID}>{t('account.forgot.sentHeading')}</PageHeading>
          </div>
          <p className="mt-2 text-slate-700 dark:text-slate-200" role="status">
            {/* The same whether or not the email has an account. */}
            {t('account.forgot.sent')}
          </p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {tNodes('account.forgot.sentNothing', { email: <span className="font-semibold wrap-anywhere">{sentTo}</span> })}
          </p>
          <div className="mt-6 flex flex-col gap-3">
            <Button onClick={() => startSignIn(null)}>{t('account.forgot.backToSignIn')}</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setSentTo(null);
                form.reset();
              }}
            >
              {t('account.forgot.tryAnotherEmail')}
            </Button>
          </div>
        </div>
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame>
      <PageHeading>{t('account.forgot.heading')}</PageHeading>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('account.forgot.intro')}</p>
      <form onSubmit={onSubmit} noValidate aria-label={t('account.forgot.formLabel')} className="mt-5 space-y-4">
        <Field id="reset-email" label={t('account.forgot.emailLabel')} error={form.errors.email}>
          <Input id="reset-email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </Field>
        {refused && (
          <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {refused}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {t('account.forgot.submit')}
        </Button>
      </form>
      <p className="mt-5 text-center text-sm">
        {tNodes('account.forgot.remembered', {
          signIn: (
            <button type="button" onClick={() => startSignIn(null)} className={pageLinkClass}>
              {t('account.signIn')}
            </button>
          ),
        })}
        {' · '}
        <Link to="/" className={pageLinkClass}>
          {t('account.forgot.home')}
        </Link>
      </p>
    </AccountPageFrame>
  );
}
