import { QueryClientProvider, onlineManager, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppToaster } from '../components/ui/toaster.tsx';
import { StakeForm } from '../features/bets/components/stake-form.tsx';
import { MOBILE_QUERY_DEFAULTS } from '../mobile/mobile-cache.ts';
import { aBet } from '../test/render-screen.tsx';
import { CANNOT_REACH_SERVER, apiRequest, errorMessage } from './api.ts';
import { createDesktopQueryClient } from './query-client.ts';

const realFetch = globalThis.fetch;

/** The API at an address where nothing listens: each request is refused by the network itself. */
function serverDown() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => realFetch(new URL(String(input), 'http://127.0.0.1:1'), init));
}

/** Every request answered with `response` (what a proxy in front of the server answers). */
function answeredBy(response: () => Response) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => response());
}

const failureOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
const stake = () => apiRequest('POST', '/api/bets/7/participate', z.unknown(), { option: 0, amount: '10' });

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('a write that cannot reach Betbro', () => {
  it('says so, and that nothing was charged, when the network refuses the request', async () => {
    serverDown();
    const error = await failureOf(stake());
    expect(errorMessage(error, 'Failed to place bet')).toBe(CANNOT_REACH_SERVER);
    expect(CANNOT_REACH_SERVER).toBe("Can't reach Betbro. Check your connection and try again — nothing was charged.");
  });

  it.each([502, 503])('says the same when a proxy answers %i with a page of its own', async (status) => {
    answeredBy(() => new Response('<html><body>Bad Gateway</body></html>', { status, headers: { 'content-type': 'text/html' } }));
    expect(errorMessage(await failureOf(stake()), 'Failed to place bet')).toBe(CANNOT_REACH_SERVER);
  });

  it("keeps the server's own message when the server itself answered, and the fallback for anything else", async () => {
    const body = (status: number, error: string, code: string) => () => Response.json({ error, code }, { status });
    answeredBy(body(502, 'The identity provider is not answering. Please try again.', 'provider_unavailable'));
    expect(errorMessage(await failureOf(stake()), 'x')).toBe('The identity provider is not answering. Please try again.');
    answeredBy(body(409, 'Insufficient balance', 'insufficient_balance'));
    expect(errorMessage(await failureOf(stake()), 'x')).toBe('Insufficient balance');
    answeredBy(() => new Response('Gateway Timeout', { status: 504 }));
    expect(errorMessage(await failureOf(stake()), 'Failed to place bet')).toBe('Failed to place bet');
  });
});

describe('a stake that cannot reach Betbro', () => {
  const bet = { ...aBet(), participantList: [], canStake: true, canResolve: false };

  async function placeStake(queryClient: QueryClient) {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <AppToaster />
        <StakeForm bet={bet} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByLabelText('Home'));
    await user.type(screen.getByLabelText('Amount ($)'), '10');
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
  }

  it('says "Failed to place bet" once, with why and that nothing was charged', async () => {
    serverDown();
    await placeStake(createDesktopQueryClient());
    expect(await screen.findByText(CANNOT_REACH_SERVER)).toBeInTheDocument();
    expect(screen.getAllByText('Failed to place bet')).toHaveLength(1);
  });

  it.each([
    ['desktop', () => createDesktopQueryClient()],
    [
      'phone',
      () => {
        const client = createDesktopQueryClient();
        client.setDefaultOptions(MOBILE_QUERY_DEFAULTS);
        return client;
      },
    ],
  ])('says so at once while the browser is offline (%s), instead of placing it whenever the browser is back', async (_, makeClient) => {
    const fetchSpy = serverDown();
    onlineManager.setOnline(false);
    await placeStake(makeClient());
    expect(await screen.findByText(CANNOT_REACH_SERVER)).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    onlineManager.setOnline(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Bet' })).toBeEnabled());
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
