/**
 * Query keys, in the data groups of docs/product.md §13.9 (bets, auth/user, activities, friends,
 * and one per other screen), so a socket event or a mutation refreshes a whole group with one
 * invalidation.
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    user: ['auth', 'user'] as const,
    welcome: ['auth', 'welcome'] as const,
  },
  bets: {
    all: ['bets'] as const,
    list: (kind: string) => ['bets', 'list', kind] as const,
    detail: (id: number) => ['bets', 'detail', id] as const,
    comments: (id: number) => ['bets', 'comments', id] as const,
    /** Under `bets.all`: a live bet_updated / bet_resolved refreshes it with the detail. */
    timeline: (id: number) => ['bets', 'timeline', id] as const,
    /** What resolving with an option would pay; under `bets.all`, so a stake arriving refreshes it. */
    payouts: (id: number, winningOption: number) => ['bets', 'payouts', id, winningOption] as const,
    /** Every option's payouts of one bet: what a stake on it makes stale. */
    payoutsOf: (id: number) => ['bets', 'payouts', id] as const,
    /** The admins' open disputes; under `bets.all`, so every bet change and live bet event refreshes it too. */
    disputes: ['bets', 'disputes'] as const,
    /** A crew's bets (GET /api/bets?crewId=); under `bets.all` with the other lists. */
    crew: (crewId: number) => ['bets', 'crew', crewId] as const,
    /** Every crew's bets: what a live pools update patches. */
    crews: ['bets', 'crew'] as const,
  },
  activities: { all: ['activities'] as const },
  friends: {
    all: ['friends'] as const,
    list: ['friends', 'list'] as const,
    requests: ['friends', 'requests'] as const,
    search: (q: string) => ['friends', 'search', q] as const,
    profile: (id: number) => ['friends', 'profile', id] as const,
    /** How many friends could sit on a new jury bet's jury: refreshed with the friends. */
    juryPool: ['friends', 'jury-pool'] as const,
  },
  profiles: { own: ['profiles', 'own'] as const, preferences: ['profiles', 'preferences'] as const },
  notifications: { all: ['notifications'] as const },
  /**
   * Crews. Their money (my crews' balances, a crew's members and standings) moves with every crew
   * bet: `lib/crews-list.ts` refreshes all but the chat, which the socket keeps current.
   */
  crews: {
    all: ['crews'] as const,
    list: ['crews', 'list'] as const,
    detail: (id: number) => ['crews', 'detail', id] as const,
    standings: (id: number) => ['crews', 'standings', id] as const,
    seasons: (id: number) => ['crews', 'seasons', id] as const,
    messages: (id: number) => ['crews', 'messages', id] as const,
    invite: (token: string) => ['crews', 'invite', token] as const,
    /** The live invite links to a crew: the caller's own, or for its owner everyone's. */
    invites: (id: number) => ['crews', 'invites', id] as const,
    /** How many of a crew's members could sit on a new crew jury bet's jury. */
    juryPool: (id: number) => ['crews', 'jury-pool', id] as const,
  },
  chat: {
    all: ['chat'] as const,
    conversations: ['chat', 'conversations'] as const,
    messages: (conversationId: number) => ['chat', 'messages', conversationId] as const,
  },
  leaderboard: { all: ['leaderboard'] as const, board: (period: string, scope: string) => ['leaderboard', period, scope] as const },
  statistics: { all: ['statistics'] as const, insights: ['statistics', 'insights'] as const, events: ['statistics', 'events'] as const },
  wallet: { ledger: ['wallet', 'ledger'] as const },
  admin: { all: ['admin'] as const },
};
