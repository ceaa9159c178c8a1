import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SIGNED_IN_HINT_COOKIE, type CurrentUser } from '../../shared/schemas/auth.ts';
import type { Bet, BetDetail, BetResolution } from '../../shared/schemas/bets.ts';
import type { Crew, CrewSummary } from '../../shared/schemas/crews.ts';
import { NOTIFICATION_TYPES, type Preferences } from '../../shared/schemas/notifications.ts';
import { pathOf } from '../app/screens.ts';
import { ScreenNavContext, type ScreenNav, type ScreenTarget } from '../lib/screen-nav.tsx';
import { AppToaster } from '../components/ui/toaster.tsx';
import { AuthProvider } from '../lib/use-auth.tsx';
import { queryKeys } from '../lib/query-keys.ts';

/**
 * Screens under test get what the app gives them: a query cache holding the server's answers
 * (given here as data, in the shapes of src/shared), the signed-in user, a frame (desktop or
 * narrow) and the toaster. Anything not given is fetched for real and, with no server here,
 * fails: that is how the error states are shown.
 */
export interface ScreenSetup {
  user?: Partial<CurrentUser>;
  narrow?: boolean;
  data?: [QueryKey, unknown][];
  /** The address the router starts at (the frame's screens ignore it; pages read from it). */
  at?: string;
}

export interface RenderedScreen extends RenderResult {
  /** Where the screen asked to go, in order. */
  visits: ScreenTarget[];
  queryClient: QueryClient;
}

export const me = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  username: 'Alice',
  email: 'alice@betbro.test',
  firstName: null,
  role: 'user',
  balance: '1000.00',
  totalBets: 0,
  totalWins: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  isOnline: true,
  winRate: 0,
  totalWinnings: '0.00',
  rank: null,
  bio: null,
  location: null,
  favoriteCategory: null,
  emailToVerify: false,
  sessionExpiresAt: 4_102_444_800,
  ...overrides,
});

/** The preferences of a player who changed nothing: every notification on, no mail, no quiet hours, no time zone chosen. */
export const somePreferences = (overrides: Partial<Preferences> = {}): Preferences => ({
  theme: 'system',
  notifications: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as Preferences['notifications'],
  privacy: { showOnLeaderboard: true, findableByEmail: true },
  email: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, 'off'])) as Preferences['email'],
  quietHours: null,
  timeZone: null,
  locale: 'en',
  ...overrides,
});

/** Who decides a bet: its creator unless overridden (a referee: `aResolution({ mode: 'referee', referee: { id, username } })`). */
export const aResolution = (overrides: Partial<BetResolution> = {}): BetResolution => ({
  mode: 'creator',
  referee: null,
  proposedOption: null,
  evidence: null,
  challengeEndsAt: null,
  juryEndsAt: null,
  votesCast: 0,
  votesNeeded: 0,
  jurorsSeated: 0,
  ...overrides,
});

export const aBet = (overrides: Partial<Bet> = {}): Bet => ({
  id: 7,
  title: 'Who wins the derby?',
  description: 'Saturday, three o’clock kick-off.',
  category: 'Sports',
  options: ['Home', 'Away'],
  optionAmounts: ['0.00', '0.00'],
  odds: [1, 1],
  optionStakeCounts: [0, 0],
  participants: 0,
  creatorId: 2,
  creator: { id: 2, username: 'Bob' },
  status: 'active',
  isResolved: false,
  isExpired: false,
  expirationType: 'indefinite',
  expirationValue: '',
  expiresAt: null,
  winningOption: null,
  totalPot: '0.00',
  createdAt: '2026-11-24T10:00:00.000Z',
  resolvedAt: null,
  userParticipation: null,
  resolution: aResolution(),
  crewId: null,
  ...overrides,
});

/** A bet's detail as its page reads it: `aBet` with no participants listed and nothing the caller may do, unless overridden. */
export const aBetDetail = (overrides: Partial<BetDetail> = {}): BetDetail => ({
  ...aBet(),
  participantList: [],
  canStake: false,
  canResolve: false,
  canDispute: false,
  canVote: false,
  ...overrides,
});

/** A jury bet (Bob's, Home or Away) whose creator proposed Home (unless overridden), with evidence; stakers may dispute it for the next day. */
export const aJuryResolution = (overrides: Partial<BetResolution> = {}): BetResolution =>
  aResolution({
    mode: 'jury',
    proposedOption: 0,
    evidence: { text: 'Final whistle: 2-1', url: 'https://example.com/match' },
    challengeEndsAt: new Date(Date.now() + 24 * 3600_000 - 30_000).toISOString(),
    ...overrides,
  });

/** Season 2 of a crew, ending in ten days. */
const aSeason = () => ({
  number: 2,
  startsAt: new Date(Date.now() - 20 * 24 * 3600_000).toISOString(),
  endsAt: new Date(Date.now() + 10 * 24 * 3600_000).toISOString(),
});

/** Friday club as the list of my crews shows it: Bob's, three members, $250.00 of mine this season unless overridden. */
export const aCrewSummary = (overrides: Partial<CrewSummary> = {}): CrewSummary => ({
  id: 4,
  name: 'Friday club',
  ownerId: 2,
  startingBalance: '1000.00',
  season: aSeason(),
  memberCount: 3,
  balance: '250.00',
  ...overrides,
});

/** Friday club as its page reads it: Bob owns it, Alice (the signed-in user) and Cleo are in it. */
export const aCrew = (overrides: Partial<Crew> = {}): Crew => ({
  id: 4,
  name: 'Friday club',
  ownerId: 2,
  startingBalance: '1000.00',
  seasonDays: 30,
  season: aSeason(),
  members: [
    { id: 2, username: 'Bob', balance: '1100.00' },
    { id: 1, username: 'Alice', balance: '250.00' },
    { id: 3, username: 'Cleo', balance: '900.00' },
  ],
  ...overrides,
});

export function renderScreen(ui: ReactNode, { user, narrow = false, data = [], at = '/' }: ScreenSetup = {}): RenderedScreen {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(queryKeys.auth.user, me(user));
  // A signed-in browser holds the session's readable hint beside its cookie (use-auth.tsx).
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const visits: ScreenTarget[] = [];
  const nav: ScreenNav = {
    narrow,
    view: { name: 'dashboard' },
    navigate: (view) => visits.push(view),
    backTo: (view) => visits.push(view),
    goBack: (view) => visits.push(view),
    href: (view) => (narrow ? null : pathOf(view.name, view.id, view.tab)),
  };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <AuthProvider>
        <MemoryRouter initialEntries={[at]}>
          <ScreenNavContext.Provider value={nav}>{ui}</ScreenNavContext.Provider>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return Object.assign(result, { visits, queryClient });
}
