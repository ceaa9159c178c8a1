import { useQuery } from '@tanstack/react-query';
import { Gift, TrendingUp, Users, Zap } from 'lucide-react';
import { welcomeSchema } from '../../../../shared/schemas/auth.ts';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { startSignIn } from '../sign-in.ts';

const FEATURES = [
  { icon: TrendingUp, title: 'Real-time odds', text: 'Watch the odds move live as your friends place their stakes.' },
  { icon: Users, title: 'Social betting', text: 'Add friends, challenge them, chat and climb the leaderboard.' },
  { icon: Zap, title: 'Instant payouts', text: 'Winners are paid the moment a bet is resolved, to the cent.' },
  { icon: Gift, title: '$1,000 to start', text: 'Every new account starts with $1,000 of play balance.' },
];

/** How to sign in on this installation, and on its first page how to get demo data. */
function SignInHelp() {
  const { data } = useQuery({
    queryKey: queryKeys.auth.welcome,
    queryFn: () => apiRequest('GET', '/api/auth/welcome', welcomeSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data?.builtInProvider) {
    return <>You sign in with your account at our identity provider; new here? You can create one there.</>;
  }
  return (
    <>
      You sign in on Betbro&apos;s own sign-in page
      {data.openSignup
        ? ': new here? Enter your email and a password of at least 8 characters there, and your account is created on the spot.'
        : ', with the account an administrator created for you.'}
      {data.firstRun && (
        <span className="mt-2 block" data-testid="first-run-help">
          Nobody has signed in yet. For demo players, bets and chats, stop the server, run <code>npm run seed-demo</code>{' '}
          (it prints the demo accounts and their passwords), then <code>npm start</code> again.
        </span>
      )}
    </>
  );
}

/** The signed-out screen: what Betbro offers and one way in. */
export function LandingPage() {
  return (
    <main className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950">
      <div className="mx-auto flex max-w-5xl flex-col items-center px-6 py-16 text-center">
        <span className="rounded-full bg-brand-100 px-4 py-1 text-sm font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
          Betting among friends
        </span>
        <h1 className="mt-6 text-5xl font-extrabold tracking-tight">
          Welcome to <span className="text-brand-600">Betbro</span>
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Create bets with your friends, stake on the outcome you believe in, watch the odds move in real time and
          get paid out the moment a bet is settled.
        </p>
        <button
          type="button"
          onClick={() => startSignIn()}
          className="mt-8 rounded-xl bg-brand-600 px-8 py-3.5 text-lg font-semibold text-white shadow-lg shadow-brand-600/30 hover:bg-brand-700"
        >
          Sign in to get started
        </button>
        <p className="mt-3 max-w-xl text-sm text-slate-500 dark:text-slate-400">
          <SignInHelp />
        </p>
        <ul className="mt-14 grid w-full gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white p-6 text-left shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <Icon aria-hidden className="h-8 w-8 text-brand-600" />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-12 max-w-xl text-xs text-slate-500 dark:text-slate-400">
          By signing in you agree to our terms of service and privacy policy. Betbro uses play money only; no real
          money is ever wagered.
        </p>
      </div>
    </main>
  );
}
