import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { me, renderScreen } from '../test/render-screen.tsx';
import { createDesktopQueryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { LOGGED_OUT_KEY, askWhoAmIAtStart } from './use-auth.tsx';

describe('signing out', () => {
  afterEach(() => sessionStorage.clear());

  it("says 'Logged out successfully' on the page the provider's logout returns to, once", async () => {
    sessionStorage.setItem(LOGGED_OUT_KEY, '1');
    renderScreen(<p>Landing</p>);
    await waitFor(() => expect(screen.getByText('Logged out successfully')).toBeInTheDocument());
    expect(sessionStorage.getItem(LOGGED_OUT_KEY)).toBeNull();
  });

  it('says nothing on an ordinary visit', async () => {
    renderScreen(<p>Landing</p>);
    await screen.findByText('Landing');
    expect(screen.queryByText('Logged out successfully')).toBeNull();
  });
});

describe('asking who is here', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the server nothing when the browser holds no session, so no 401 is logged', async () => {
    document.cookie = 'betbro_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(askWhoAmIAtStart()).resolves.toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('a visitor signed out at the start', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.cookie = 'betbro_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('is signed out from the first drawing, and once signed in on the same page is asked about afresh', async () => {
    document.cookie = 'betbro_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    // A page as it starts: the router asks "who am I?" as its module loads (nothing to ask: null).
    vi.resetModules();
    const auth = await import('./use-auth.tsx');
    await expect(auth.askWhoAmIAtStart()).resolves.toBeNull();
    // The app's cache settings: what it holds stays fresh for minutes, so nothing is asked again on its own.
    const queryClient = createDesktopQueryClient();
    const drawn: string[] = [];
    function Status() {
      const { status, user } = auth.useAuth();
      drawn.push(status);
      return <p>{user ? `Signed in as ${user.username}` : status}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <auth.AuthProvider>
          <Status />
        </auth.AuthProvider>
      </QueryClientProvider>,
    );
    expect(drawn[0]).toBe('signed-out');
    expect(drawn).not.toContain('loading');
    // Signed in on this page (the callback sets the session and its hint); the next ask, as the
    // live socket's catch-up makes it, goes to the server instead of taking the start's null.
    document.cookie = 'betbro_signed_in=1; path=/';
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(me({ username: 'Rita' })));
    await queryClient.refetchQueries({ queryKey: queryKeys.auth.user });
    expect(await screen.findByText('Signed in as Rita')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/auth/user');
    queryClient.clear();
  });
});
