import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';

/** "in 45 minutes", "in 1 minute", "in 30 seconds": when a refused ask may be made again. */
export function retryIn(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
import { toast } from '../../../lib/toast.ts';
import { useAccount, useResendVerificationMail } from '../api.ts';

/**
 * Above every signed-in screen, in both frames, while the email of a Betbro account is not
 * verified: a reminder, and a way to have the link mailed again. Nothing while the account
 * loads, or when it cannot be read (the banner is a reminder, never in the way).
 */
export function VerifyEmailBanner() {
  const { data: account } = useAccount({ watch: true });
  const resend = useResendVerificationMail();
  if (!account || account.emailVerified || account.passwordManagedBy !== 'betbro') return null;
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success('Verification link sent', { description: 'Open the link in the mail to verify your email address.' }),
      onError: (error) =>
        toast.error('Link not sent', {
          // Too many asked for: say when another may be.
          description:
            error instanceof ApiError && error.status === 429
              ? `You asked for several links already. Ask again ${error.retryAfterSeconds ? retryIn(error.retryAfterSeconds) : 'in an hour'}.`
              : errorMessage(error, 'Please try again.'),
        }),
    });
  return (
    <section
      aria-label="Email verification"
      className="mb-4 flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300 sm:flex-row sm:items-center dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-800"
    >
      <MailWarning aria-hidden className="hidden h-6 w-6 shrink-0 sm:block" />
      <p className="min-w-0 flex-1 text-sm font-medium">Please verify your email address. We sent you a link.</p>
      <Button variant="secondary" size="sm" className="shrink-0 self-start sm:self-auto" onClick={send} disabled={resend.isPending} aria-busy={resend.isPending}>
        Get a new link
      </Button>
    </section>
  );
}
