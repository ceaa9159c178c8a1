import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { startSignIn } from '../../auth/sign-in.ts';
import { useVerifyEmail } from '../api.ts';
import { AccountPageFrame, INVALID_LINK, PageHeading, pageLinkClass } from './account-page-frame.tsx';

type Phase = { kind: 'working' } | { kind: 'verified' } | { kind: 'failed'; message: string };

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
    <Button className="mt-6 w-full" onClick={startSignIn}>
      Sign in
    </Button>
  );
}

/**
 * /verify-email?token=... (the link of the verification mail), signed in or not: the token is
 * spent as the page opens, once, and the page says how that went.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'working' } : { kind: 'failed', message: INVALID_LINK }));
  // A token is single-use: the request goes once, even when effects run twice.
  const started = useRef(false);
  const { mutateAsync } = verify;

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutateAsync({ token }).then(
      () => setPhase({ kind: 'verified' }),
      (error: unknown) => setPhase({ kind: 'failed', message: errorMessage(error, 'Your email address could not be verified. Please try again.') }),
    );
  }, [token, mutateAsync]);

  return (
    <AccountPageFrame>
      <div className="text-center" role="status" aria-live="polite">
        {phase.kind === 'working' && (
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
