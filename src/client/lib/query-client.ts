import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { dropFirstReads } from './first-reads.ts';

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
 * event (docs/live-updates.md): an event sent before then reached nobody here. A read under way
 * at that moment is left to finish rather than asked twice: the first screen's reads are
 * travelling as the first socket opens. An early read no screen has taken yet is dropped, its
 * answer being older still. A read the server refused (a 4xx: a bet the player may not see)
 * stays refused: it is asked again only by what changes it, as every event does for its group.
 */
export function readAgainSince(queryClient: QueryClient, liveAt: number): Promise<void> {
  dropFirstReads();
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.state.fetchStatus !== 'fetching' && query.state.dataUpdatedAt < liveAt && !refusedByServer(query.state.error),
  });
}

const refusedByServer = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
