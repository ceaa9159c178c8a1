import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Gift, TrendingUp, Users, Zap } from 'lucide-react';
import { welcomeSchema } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api.ts';
import { showNumber } from '../../../lib/format.ts';
import { loadLocale, t, tNodes } from '../../../lib/i18n.ts';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { SIGN_IN_PARAM, signInAskedBeforeStart, startSignIn } from '../sign-in.ts';

/** The play money every new account starts with, as the reader's language writes it: "$1,000". */
export const startingBalance = () => showNumber(1000, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

const features = () => [
  { icon: TrendingUp, title: t('auth.landing.oddsTitle'), text: t('auth.landing.oddsText') },
  { icon: Users, title: t('auth.landing.socialTitle'), text: t('auth.landing.socialText') },
  { icon: Zap, title: t('auth.landing.payoutsTitle'), text: t('auth.landing.payoutsText') },
  { icon: Gift, title: t('auth.landing.balanceTitle', { amount: startingBalance() }), text: t('auth.landing.balanceText', { amount: startingBalance() }) },
];

/** Commands, not words: the same in every language. */
const SEED_COMMAND = 'npm run seed-demo';
const START_COMMAND = 'npm start';

/** How to sign in on this installation, and on its first page how to get demo data. */
function SignInHelp() {
  const { data } = useQuery({
    queryKey: queryKeys.auth.welcome,
    queryFn: () => apiRequest('GET', '/api/auth/welcome', welcomeSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data?.builtInProvider) {
    return <>{t('auth.landing.signInHelpExternal')}</>;
  }
  return (
    <>
      {data.openSignup ? t('auth.landing.signInHelpOpenSignup') : t('auth.landing.signInHelpInvited')}
      {data.firstRun && (
        <span className="mt-2 block" data-testid="first-run-help">
          {tNodes('auth.landing.firstRun', { seedCommand: <code>{SEED_COMMAND}</code>, startCommand: <code>{START_COMMAND}</code> })}
        </span>
      )}
    </>
  );
}

/**
 * The signed-out screen: what Betbro offers and one way in. The server puts this page in a
 * signed-out visitor's first page before any script runs (docs/decisions/040-landing-page-in-the-page.md):
 * its button is a form's, so that a tap before the app has started still counts: it loads
 * `/?sign-in=1`, where the app, once started, goes on to sign-in. Once started, the tap goes to
 * sign-in at once. The form takes no room of its own (`contents`): the page is the same either way.
 */
export function LandingPage() {
  useEffect(() => {
    if (!signInAskedBeforeStart()) return;
    // Back from the provider's page comes to the landing page, not to this tap again.
    window.history.replaceState(null, '', '/');
    startSignIn(null);
  }, []);
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950">
      {/* Before sign-in too: the choice is remembered on the device and becomes the new player's. */}
      <LanguagePicker className="justify-end px-6 pt-4" onChoose={(locale) => void loadLocale(locale)} />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-6 py-16 text-center">
        <span className="rounded-full bg-brand-100 px-4 py-1 text-sm font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
          {t('auth.landing.tagline')}
        </span>
        <h1 className="mt-6 text-5xl font-extrabold tracking-tight">
          {/* eslint-disable-next-line betbro/no-literal-text -- the brand, the same in every language */}
          {tNodes('auth.landing.welcome', { brand: <span className="text-brand-600">Betbro</span> })}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          {t('auth.landing.intro')}
        </p>
        <form
          method="get"
          action="/"
          className="contents"
          onSubmit={(event) => {
            event.preventDefault();
            startSignIn();
          }}
        >
          <button
            type="submit"
            name={SIGN_IN_PARAM}
            value="1"
            className="mt-8 rounded-xl bg-brand-600 px-8 py-3.5 text-lg font-semibold text-white shadow-lg shadow-brand-600/30 hover:bg-brand-700"
          >
            {t('auth.landing.signIn')}
          </button>
        </form>
        <p className="mt-3 max-w-xl text-sm text-slate-500 dark:text-slate-400">
          <SignInHelp />
        </p>
        <ul className="mt-14 grid w-full gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features().map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-6 text-start shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <Icon aria-hidden className="h-8 w-8 text-brand-600" />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-12 max-w-xl text-xs text-slate-500 dark:text-slate-400">
          {t('auth.landing.terms')}
        </p>
      </div>
    </main>
  );
}
