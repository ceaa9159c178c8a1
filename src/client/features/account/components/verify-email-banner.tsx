import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';
import { useAccount, useResendVerificationMail } from '../api.ts';

/** Too many links asked for: when another may be ("in 45 minutes", "in 1 minute", "in 30 seconds", else "in an hour"). */
export function tooManyLinks(retryAfterSeconds: number | null | undefined): string {
  if (!retryAfterSeconds) return t('account.banner.tooManyInAnHour');
  if (retryAfterSeconds < 60) return t('account.banner.tooManyInSeconds', { seconds: retryAfterSeconds });
  return t('account.banner.tooManyInMinutes', { minutes: Math.ceil(retryAfterSeconds / 60) });
}

/**
 * Above every signed-in screen, in both frames, while the email of a Betbro account is not
 * verified: a reminder, and a way to have the link mailed again. Until the account is read, the
 * signed-in user's own flag decides, so that the reminder is drawn with the screen and never
 * pushes down what a player is about to click.
 */
export function VerifyEmailBanner() {
  const user = useCurrentUser();
  // Read only while the signed-in user's flag says there is something to verify: then the read is
  // watched, so that a link followed elsewhere takes the reminder away when the player comes back.
  const { data: account } = useAccount({ watch: true, enabled: user.emailToVerify });
  const resend = useResendVerificationMail();
  const toVerify = account ? !account.emailVerified && account.passwordManagedBy === 'betbro' : user.emailToVerify;
  if (!toVerify) return null;
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(t('account.banner.sentToast'), { description: t('account.banner.sentToastDescription') }),
      onError: (error) =>
        toast.error(t('account.linkNotSentToast'), {
          // Too many asked for: say when another may be.
          description:
            error instanceof ApiError && error.status === 429
              ? tooManyLinks(error.retryAfterSeconds)
              : errorMessage(error, t('account.banner.failedFallback')),
        }),
    });
  return (
    <section
      aria-label={t('account.banner.label')}
      className="mb-4 flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300 sm:flex-row sm:items-center dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-800"
    >
      <MailWarning aria-hidden className="hidden h-6 w-6 shrink-0 sm:block" />
      <p className="min-w-0 flex-1 text-sm font-medium">{t('account.banner.text')}</p>
      <Button variant="secondary" size="sm" className="shrink-0 self-start sm:self-auto" onClick={send} disabled={resend.isPending} aria-busy={resend.isPending}>
        {t('account.banner.resend')}
      </Button>
    </section>
  );
}
