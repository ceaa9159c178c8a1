/**
 * What a signed-in visitor's first screen waits for before it can draw, on the two addresses a
 * visit starts from (the dashboard, and a bet's page, where a shared link lands): the API reads
 * its screens make on mount, and the client modules of each layout's frame and screen.
 *
 * The client starts these reads itself as soon as the server has said who is here
 * (src/client/lib/first-reads.ts), and its features' queries request the same paths. The server,
 * which knows who is here from the session cookie before the page has even left, names the reads
 * and the modules' chunks in the page's Link header (src/server/plugins/spa.ts, decision record
 * 021), so that the browser fetches them beside the first script instead of after it has run.
 */

export type Layout = 'mobile' | 'desktop';

export const READ_PATHS = {
  bets: {
    all: '/api/bets?limit=100',
    friends: '/api/bets/friends?limit=100',
    mine: '/api/my-bets?limit=100',
    crew: (crewId: number) => `/api/bets?crewId=${crewId}&limit=100`,
  },
  bet: (id: number) => `/api/bets/${id}`,
  betTimeline: (id: number) => `/api/bets/${id}/timeline`,
  betComments: (id: number) => `/api/bets/${id}/comments?limit=100`,
  myCrews: '/api/crews',
  crew: (id: number, part: '' | '/standings' | '/seasons' = '') => `/api/crews/${id}${part}`,
  friendRequests: '/api/friend-requests',
  notifications: '/api/notifications?limit=50',
  preferences: '/api/users/preferences',
} as const;

/** What both layouts' frames read on mount, whatever the screen: requests, notifications, preferences. */
const FRAME_READS = [READ_PATHS.friendRequests, READ_PATHS.notifications, READ_PATHS.preferences];

/**
 * The reads both layouts' dashboards make on mount. These are the ones the server names in the
 * page's Link header: the client reads them whenever it starts on the dashboard's address, so
 * that every answer the browser fetched ahead is taken at once, never later as news.
 */
export function commonDashboardReads(user: { role: 'user' | 'admin' }): string[] {
  // Admins see every bet (docs/product.md §5.1); everyone else their friends' and their own.
  const explore = user.role === 'admin' ? READ_PATHS.bets.all : READ_PATHS.bets.friends;
  // Each dashboard shows the player's crews (features/dashboard/components/your-crews.tsx).
  return [explore, READ_PATHS.myCrews, ...FRAME_READS];
}

/** What the dashboard reads first, by layout: the same queries its screens make on mount. */
export function dashboardReads(user: { role: 'user' | 'admin' }, layout: Layout): string[] {
  const common = commonDashboardReads(user);
  return layout === 'mobile' ? common : [...common, READ_PATHS.bets.mine];
}

/**
 * The modules (paths under src/client) whose code the dashboard's first draw waits for, by layout:
 * the choice the client's router makes (src/client/app/router.tsx, `preloadScreenFor`).
 */
export const DASHBOARD_MODULES: Record<Layout, readonly string[]> = {
  mobile: ['mobile/mobile-app.tsx', 'features/dashboard/components/dashboard-narrow.tsx'],
  desktop: ['app/app-layout.tsx', 'features/dashboard/components/dashboard-page.tsx'],
};

/** The modules a bet's page waits for, by layout: the frame, and the page (one for both layouts). */
export const BET_PAGE_MODULES: Record<Layout, readonly string[]> = {
  mobile: ['mobile/mobile-app.tsx', 'features/bets/components/bet-detail-page.tsx'],
  desktop: ['app/app-layout.tsx', 'features/bets/components/bet-detail-page.tsx'],
};

/** The modules a crew's page waits for, by layout: the frame, and the page (one for both layouts). */
export const CREW_PAGE_MODULES: Record<Layout, readonly string[]> = {
  mobile: ['mobile/mobile-app.tsx', 'features/crews/components/crew-page.tsx'],
  desktop: ['app/app-layout.tsx', 'features/crews/components/crew-page.tsx'],
};

/** A first screen: the modules it waits for, by layout, and the reads both layouts make on mount. */
export interface FirstScreen {
  modules: Record<Layout, readonly string[]>;
  reads(user: { role: 'user' | 'admin' }): string[];
}

/**
 * The first screen at `pathname`, or null where the page names none: the dashboard at `/`, a
 * bet's page at `/bets/:id` (its detail, timeline and discussion, drawn together),
 * and a crew's page at `/crews/:id` and its tabs, where a crew's invite link or a friend's message
 * lands (the crew with its season, my crews for the header's balance; the bets tab's bets, the
 * standings tab's standings and past seasons; chat and members wait for the crew).
 */
export function firstScreenAt(pathname: string): FirstScreen | null {
  if (pathname === '/') return { modules: DASHBOARD_MODULES, reads: commonDashboardReads };
  const bet = /^\/bets\/([1-9]\d{0,14})$/.exec(pathname);
  if (bet) {
    const id = Number(bet[1]);
    return { modules: BET_PAGE_MODULES, reads: () => [READ_PATHS.bet(id), READ_PATHS.betTimeline(id), READ_PATHS.betComments(id), ...FRAME_READS] };
  }
  const crew = /^\/crews\/([1-9]\d{0,14})(?:\/(standings|chat|members))?$/.exec(pathname);
  if (crew) {
    const id = Number(crew[1]);
    const tab =
      crew[2] === 'standings' ? [READ_PATHS.crew(id, '/standings'), READ_PATHS.crew(id, '/seasons')] : crew[2] === undefined ? [READ_PATHS.bets.crew(id)] : [];
    return { modules: CREW_PAGE_MODULES, reads: () => [READ_PATHS.crew(id), READ_PATHS.myCrews, ...tab, ...FRAME_READS] };
  }
  return null;
}
