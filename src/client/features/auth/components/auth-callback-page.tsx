import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../../../shared/return-path.ts';
import { exchangeResponseSchema } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.tsx';
import { takeSavedState } from '../sign-in.ts';

type Phase = { kind: 'working' } | { kind: 'success' } | { kind: 'failed'; message: string };

const REDIRECT_DELAY_MS = 1000;

/**
 * /auth-callback (docs/product.md §9.1, §13.1): checks the state, completes sign-in and goes on to
 * the page sign-in started from (the server kept it with the flow), else the dashboard.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { completeSignIn } = useAuth();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  // A code is single-use: the exchange must run once, even when effects run twice.
  const started = useRef(false);
  // Signed in, the app may leave this page at once for a page chosen before sign-in
  // (invites/resume-invite.ts): the way on to the dashboard must not follow it there.
  const wayOn = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(wayOn.current), []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const savedState = takeSavedState();
    const code = params.get('code');
    const state = params.get('state');
    const providerError = params.get('error');

    void (async () => {
      if (providerError) return setPhase({ kind: 'failed', message: providerError });
      if (!code) return setPhase({ kind: 'failed', message: t('auth.callback.noCode') });
      if (!state || state !== savedState) return setPhase({ kind: 'failed', message: t('auth.callback.invalidState') });
      try {
        const iss = params.get('iss');
        const result = await apiRequest('POST', '/api/oauth/exchange', exchangeResponseSchema, {
          code,
          state,
          redirect_uri: `${window.location.origin}/auth-callback`,
          ...(iss ? { iss } : {}),
        });
        await completeSignIn(result);
        setPhase({ kind: 'success' });
        const page = safeReturnPath(result.returnTo) ?? '/';
        wayOn.current = setTimeout(() => navigate(page, { replace: true }), REDIRECT_DELAY_MS);
      } catch (error) {
        const message =
          error instanceof ApiError
            ? t('auth.callback.exchangeFailed', { status: String(error.status), body: error.body })
            : t('auth.callback.failedMessage');
        setPhase({ kind: 'failed', message });
      }
    })();
  }, [params, navigate, completeSignIn]);

  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-lg dark:bg-slate-900" role="status" aria-live="polite">
        {phase.kind === 'working' && (
          <>
            <Spinner className="mx-auto h-10 w-10 text-brand-600" />
            <h1 className="mt-4 text-xl font-bold">{t('auth.callback.working')}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('auth.callback.workingText')}</p>
          </>
        )}
        {phase.kind === 'success' && (
          <>
            <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
            <h1 className="mt-4 text-xl font-bold">{t('auth.callback.success')}</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t('auth.callback.successText')}</p>
          </>
        )}
        {phase.kind === 'failed' && (
          <>
            <XCircle aria-hidden className="mx-auto h-12 w-12 text-red-600" />
            <h1 className="mt-4 text-xl font-bold">{t('auth.callback.failedHeading')}</h1>
            <p className="mt-2 break-words text-slate-600 dark:text-slate-300">{phase.message || t('auth.callback.failedMessage')}</p>
            <Button className="mt-6" onClick={() => navigate('/', { replace: true })}>
              {t('auth.callback.home')}
            </Button>
          </>
        )}
      </div>
    </main>
  );
}
