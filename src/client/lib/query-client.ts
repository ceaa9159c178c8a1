import { QueryClient, hashKey } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { dropFirstReads } from './first-reads.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Writes, in both layouts: never retried (a retried stake could be placed twice), and sent even
 * while the browser says it is offline. Held back instead, a stake would wait in silence and be
 * placed whenever the browser came back, at other odds; sent, it fails at once and says so.
 */
export const MUTATION_DEFAULTS = { retry: false, networkMode: 'always' } as const;

/** Desktop cache settings: stale 5 min, kept 10 min, one retry, no refetch on focus. */
export function createDesktopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: MUTATION_DEFAULTS,
    },
  });
}

/**
 * Reads again what the page read before `liveAt`, the moment its live socket began to hear every
 * event (docs/live-updates.md): an event sent before then reached nobody here, unless the server
 * says it has sent nothing since the page began (`quietForMs`, quietSincePageStart). A read under way
 * at that moment is left to finish rather than asked twice: the first screen's reads are
 * travelling as the first socket opens. An early read no screen has taken yet is dropped, its
 * answer being older still. A read the server refused (a 4xx: a bet the player may not see)
 * stays refused: it is asked again only by what changes it, as every event does for its group.
 */
export function readAgainSince(queryClient: QueryClient, liveAt: number, quietForMs: number | null = null, pageStart = performance.timeOrigin): Promise<void> {
  const quiet = quietSincePageStart(liveAt, quietForMs, pageStart);
  // When nothing happened since the page began, what it has read since is up to date, early
  // reads included: only what it holds from before (the stored sign-in) is read again, and the
  // friends list, whose presence no quiet clock counts.
  const since = quiet ? pageStart : liveAt;
  if (!quiet) dropFirstReads();
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.state.fetchStatus !== 'fetching' &&
      (query.state.dataUpdatedAt < since || (quiet && query.queryHash === FRIENDS_LIST)) &&
      !refusedByServer(query.state.error),
  });
}

/**
 * Margin for the clocks of several instances: the server's "quiet for" is measured on the clock of
 * the instance the socket reached from a tick written by another one.
 */
export const QUIET_MARGIN_MS = 1000;

/**
 * Whether the server has published nothing but presence since the page began (`pageStart`, a
 * Date.now() value), as it said when the socket went live at `liveAt`: its quiet time covers the
 * page's whole age and a margin. Not known, not quiet.
 */
export function quietSincePageStart(liveAt: number, quietForMs: number | null, pageStart: number): boolean {
  return quietForMs !== null && quietForMs >= liveAt - pageStart + QUIET_MARGIN_MS;
}

const FRIENDS_LIST = hashKey(queryKeys.friends.list);

const refusedByServer = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
