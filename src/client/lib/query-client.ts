import { QueryClient } from '@tanstack/react-query';

/** Desktop cache settings of spec §9: stale 5 min, kept 10 min, one retry, no refetch on focus. */
export function createDesktopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
