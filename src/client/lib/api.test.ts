import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CANNOT_REACH_SERVER, apiRequest, errorMessage } from './api.ts';

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
