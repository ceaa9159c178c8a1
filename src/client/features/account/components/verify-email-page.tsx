import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { startSignIn } from '../../auth/sign-in.ts';
import { pendingInvite } from '../../invites/resume-invite.ts';
import { useFetchAccount, useVerifyEmail } from '../api.ts';
import { AccountPageFrame, PageHeading, invalidLink, pageLinkClass } from './account-page-frame.tsx';

type Phase = { kind: 'working' } | { kind: 'verified' } | { kind: 'already-verified' } | { kind: 'wrong-account'; message: string } | { kind: 'failed'; message: string };

/** Into the app when signed in here, else sign-in (whatever the state of the check, one way on). */
function WayOn() {
  const { status } = useAuth();
  if (status === 'signed-in') {
    return (
      <Link to="/" className={`mt-6 inline-block ${pageLinkClass}`}>
        {t('account.verify.continue')}
      </Link>
    );
  }
  return (
    <Button className="mt-6 w-full" onClick={() => startSignIn()}>
      {t('account.signIn')}
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
  const [phase, setPhase] = useState<Phase>(() => (token ? { kind: 'working' } : { kind: 'failed', message: invalidLink() }));
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
        (account) => (account.emailVerified ? { kind: 'already-verified' } : { kind: 'failed', message: errorMessage(error, t('account.verify.failedFallback')) }),
        () => ({ kind: 'failed', message: errorMessage(error, t('account.verify.failedFallback')) }),
      );
    mutateAsync({ token }).then(
      () => setPhase({ kind: 'verified' }),
      async (error: unknown) =>
        setPhase(
          error instanceof ApiError && error.code === 'wrong_account' ? { kind: 'wrong-account', message: errorMessage(error, invalidLink()) } : await failed(error),
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
              <PageHeading>{t('account.verify.signedOutHeading')}</PageHeading>
            </div>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {t('account.verify.signedOutText')}
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {tNodes('account.verify.signedOutForgot', { forgotPassword: <strong>{t('account.verify.forgotPasswordButton')}</strong> })}
            </p>
            <Button className="mt-6 w-full" onClick={signInToVerify}>
              {t('account.verify.signInToVerify')}
            </Button>
          </>
        )}
        {phase.kind === 'working' && status !== 'signed-out' && (
          <>
            <Spinner className="mx-auto h-10 w-10 text-brand-600" />
            <div className="mt-4">
              <PageHeading>{t('account.verify.working')}</PageHeading>
            </div>
          </>
        )}
        {phase.kind === 'verified' && (
          <>
            <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
            <div className="mt-3">
              <PageHeading>{t('account.verify.verifiedHeading')}</PageHeading>
            </div>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('account.verify.verifiedText')}</p>
            <WayOn />
          </>
        )}
        {phase.kind === 'already-verified' && (
          <>
            <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
            <div className="mt-3">
              <PageHeading>{t('account.verify.alreadyHeading')}</PageHeading>
            </div>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('account.verify.alreadyText')}</p>
            <WayOn />
          </>
        )}
        {phase.kind === 'wrong-account' && (
          <>
            <XCircle aria-hidden className="mx-auto h-12 w-12 text-red-600" />
            <div className="mt-3">
              <PageHeading>{t('account.verify.wrongAccountHeading')}</PageHeading>
            </div>
            <p className="mt-2 font-semibold break-words text-red-700 dark:text-red-300">{phase.message}</p>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('account.verify.wrongAccountText')}</p>
            <WayOn />
          </>
        )}
        {phase.kind === 'failed' && (
          <>
            <XCircle aria-hidden className="mx-auto h-12 w-12 text-red-600" />
            <div className="mt-3">
              <PageHeading>{t('account.verify.failedHeading')}</PageHeading>
            </div>
            <p className="mt-2 font-semibold break-words text-red-700 dark:text-red-300">{phase.message}</p>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {tNodes('account.verify.failedText', { getNewLink: <strong>{t('account.banner.resend')}</strong> })}
            </p>
            <WayOn />
          </>
        )}
      </div>
    </AccountPageFrame>
  );
}
