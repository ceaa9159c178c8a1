import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { startSignIn } from '../../auth/sign-in.ts';
import { pendingInvite } from '../../invites/resume-invite.ts';
import { useFetchAccount, useVerifyEmail } from '../api.ts';
import { AccountPageFrame, INVALID_LINK, PageHeading, pageLinkClass } from './account-page-frame.tsx';

type Phase = { kind: 'working' } | { kind: 'verified' } | { kind: 'already-verified' } | { kind: 'wrong-account'; message: string } | { kind: 'failed'; message: string };

/** Into the app when signed in here, else sign-in (whatever the state of the check, one way on). */
function WayOn() {
  const { status } = useAuth();
  if (status === 'signed-in') {
    return (
      <Link to="/" className={`mt-6 inline-block ${pageLinkClass}`}>
        Continue to Betbro
      </Link>
    );
  }
  return (
    <Button className="mt-6 w-full" onClick={() => startSignIn()}>
      Sign in
    </Button>
  );
}

/**
 * /verify-email?token=... (the link of the verification mail). A link proves the mailbox to the
 * account holder only (docs/product.md §8.4), so it counts in a session of the account it was
 * mailed for: signed in, the token is spent as the page opens, once, and the page says how that
 * went; signed out, nothing is sent (a mail scanner opening the link changes nothing) and the
 * page asks the visitor to sign in, after which the app comes back here, address and token
 * intact (invites/resume-invite.ts), and finishes.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const here = `/verify-email?token=${encodeURIComponent(token)}`;
  const { status } = useAuth();
  const verify = useVerifyEmail();
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'working' } : { kind: 'failed', message: INVALID_LINK }));
  // A token is single-use: the request goes once, even when effects run twice.
  const started = useRef(false);
  const { mutateAsync } = verify;
  const fetchAccount = useFetchAccount();

  useEffect(() => {
    if (started.current || !token || status !== 'signed-in') return;
    started.current = true;
    // Back from sign-in: this was the page to come back to.
    if (pendingInvite.is(here)) pendingInvite.clear();
    // A used link opened again by a player whose email is verified already (by that link, or a
    // newer one) is no failure: the page says it is verified, not that it is not.
    const failed = (error: unknown): Promise<Phase> =>
      fetchAccount().then(
        (account) => (account.emailVerified ? { kind: 'already-verified' } : { kind: 'failed', message: errorMessage(error, 'Your email address could not be verified. Please try again.') }),
        () => ({ kind: 'failed', message: errorMessage(error, 'Your email address could not be verified. Please try again.') }),
      );
    mutateAsync({ token }).then(
      () => setPhase({ kind: 'verified' }),
      async (error: unknown) =>
        setPhase(
          error instanceof ApiError && error.code === 'wrong_account' ? { kind: 'wrong-account', message: errorMessage(error, INVALID_LINK) } : await failed(error),
        ),
    );
  }, [token, here, status, mutateAsync, fetchAccount]);

  const signInToVerify = () => {
    pendingInvite.set(here);
    startSignIn();
  };

  return (
    <AccountPageFrame>
      <div className="text-center" role="status" aria-live="polite">
        {phase.kind === 'working' && status === 'signed-out' && (
          <>
            <MailCheck aria-hidden className="mx-auto h-12 w-12 text-brand-600" />
            <div className="mt-3">
              <PageHeading>Sign in to verify your email</PageHeading>
            </div>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              This link verifies the email address of a Betbro account. Sign in to that account, and you come back here to finish.
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              Never signed up, or forgot the password? Choose a new one with <strong>Forgot password?</strong> on the sign-in page: that proves
              the address is yours too.
            </p>
            <Button className="mt-6 w-full" onClick={signInToVerify}>
              Sign in to verify
            </Button>
          </>
        )}
        {phase.kind === 'working' && status !== 'signed-out' && (
          <>
            <Spinner className="mx-auto h-10 w-10 text-brand-600" />
            <div className="mt-4">
              <PageHeading>Verifying your email address...</PageHeading>
            </div>
          </>
        )}
        {phase.kind === 'verified' && (
          <>
            <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
            <div className="mt-3">
              <PageHeading>Your email address is verified</PageHeading>
            </div>
            <p className="mt-2 text-slate-600 dark:text-slate-300">Thank you. Betbro can now send you mail you ask for, and a new password link should you ever need one.</p>
            <WayOn />
          </>
        )}
        {phase.kind === 'already-verified' && (
          <>
            <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
            <div className="mt-3">
              <PageHeading>Your email address is already verified</PageHeading>
            </div>
            <p className="mt-2 text-slate-600 dark:text-slate-300">There is nothing more to do with this link.</p>
            <WayOn />
          </>
        )}
        {phase.kind === 'wrong-account' && (
          <>
            <XCircle aria-hidden className="mx-auto h-12 w-12 text-red-600" />
            <div className="mt-3">
              <PageHeading>This link is for another account</PageHeading>
            </div>
            <p className="mt-2 font-semibold break-words text-red-700 dark:text-red-300">{phase.message}</p>
            <p className="mt-2 text-slate-600 dark:text-slate-300">Sign out, then open the link again and sign in to the account it was mailed for.</p>
            <WayOn />
          </>
        )}
        {phase.kind === 'failed' && (
          <>
            <XCircle aria-hidden className="mx-auto h-12 w-12 text-red-600" />
            <div className="mt-3">
              <PageHeading>Your email address is not verified</PageHeading>
            </div>
            <p className="mt-2 font-semibold break-words text-red-700 dark:text-red-300">{phase.message}</p>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              Signed in to Betbro, you can ask for a new link with <strong>Get a new link</strong> at the top of the app.
            </p>
            <WayOn />
          </>
        )}
      </div>
    </AccountPageFrame>
  );
}
