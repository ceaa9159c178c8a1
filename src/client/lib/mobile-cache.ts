import type { DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { MUTATION_DEFAULTS } from './query-client.ts';

/**
 * The narrow layout's cache settings (docs/product.md §13.9): data fresh for 45 s and kept 3 min,
 * one retry but none when the server refused the request (4xx: asking again gets the same answer
 * and costs a phone's data), no refetch on focus, writes as in both layouts (query-client.ts:
 * never retried).
 */
export const MOBILE_STALE_MS = 45_000;
export const MOBILE_GC_MS = 3 * 60_000;

export function mobileRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const MOBILE_QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    staleTime: MOBILE_STALE_MS,
    gcTime: MOBILE_GC_MS,
    retry: mobileRetry,
    refetchOnWindowFocus: false,
  },
  mutations: MUTATION_DEFAULTS,
};
