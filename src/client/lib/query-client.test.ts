import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UnreachableError } from './api.ts';
import { keepFirstRead, takeFirstRead } from './first-reads.ts';
import { createDesktopQueryClient, readAgainSince } from './query-client.ts';

/** A query shown on screen (an observer), whose reads are counted. */
function shown(queryClient: QueryClient, key: string, answer: () => Promise<string>) {
  const queryFn = vi.fn(answer);
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn, staleTime: Infinity });
  const unsubscribe = observer.subscribe(() => {});
  return { queryFn, unsubscribe };
}

const settled = (queryClient: QueryClient) => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading again once the live socket hears everything', () => {
  it('reads again only what was read before the socket went live, leaving reads under way to finish', async () => {
    const queryClient = createDesktopQueryClient();
    const liveAt = Date.now();
    queryClient.setQueryData(['before'], 'old', { updatedAt: liveAt - 50 });
    queryClient.setQueryData(['after'], 'new', { updatedAt: liveAt + 5 });
    queryClient.setQueryData(['not shown'], 'old', { updatedAt: liveAt - 50 });
    const before = shown(queryClient, 'before', async () => 'fresh');
    const after = shown(queryClient, 'after', async () => 'fresh');
    let finish: (value: string) => void = () => {};
    const underWay = shown(queryClient, 'under way', () => new Promise<string>((resolve) => (finish = resolve)));
    expect(before.queryFn).not.toHaveBeenCalled();
    expect(underWay.queryFn).toHaveBeenCalledTimes(1);

    await readAgainSince(queryClient, liveAt).then(() => undefined, () => undefined);
    finish('answer');
    await settled(queryClient);

    expect(before.queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['before'])).toBe('fresh');
    expect(after.queryFn).not.toHaveBeenCalled();
    expect(underWay.queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['under way'])).toBe('answer');
    // Not on screen: read again when it next is.
    expect(queryClient.getQueryState(['not shown'])?.isInvalidated).toBe(true);
    for (const query of [before, after, underWay]) query.unsubscribe();
  });

  it('leaves a read the server refused refused, and reads again one that never reached it', async () => {
    const queryClient = createDesktopQueryClient();
    const observe = (key: string, error: Error) => {
      const queryFn = vi.fn(() => Promise.reject(error));
      const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn, retry: false });
      return { queryFn, unsubscribe: observer.subscribe(() => {}) };
    };
    const refused = observe('refused', new ApiError(404, '{"error":"Bet not found","code":"not_found"}', 'Bet not found', 'not_found'));
    const unreachable = observe('unreachable', new UnreachableError(new TypeError('Failed to fetch')));
    await settled(queryClient);
    expect(refused.queryFn).toHaveBeenCalledTimes(1);
    expect(unreachable.queryFn).toHaveBeenCalledTimes(1);

    await readAgainSince(queryClient, Date.now()).then(() => undefined, () => undefined);
    await settled(queryClient);
    expect(refused.queryFn).toHaveBeenCalledTimes(1);
    expect(unreachable.queryFn).toHaveBeenCalledTimes(2);
    refused.unsubscribe();
    unreachable.unsubscribe();
  });

  it('forgets early reads nobody has taken: their answers are older than the socket', async () => {
    const queryClient = createDesktopQueryClient();
    keepFirstRead('/api/early', () => Promise.resolve(new Response('[]')));
    await readAgainSince(queryClient, Date.now());
    expect(takeFirstRead('/api/early')).toBeUndefined();
  });
});
