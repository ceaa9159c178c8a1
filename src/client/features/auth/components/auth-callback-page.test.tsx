import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, ExchangeResponse } from '../../../../shared/schemas/auth.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { me, renderScreen } from '../../../test/render-screen.tsx';
import { pendingInvite, useResumeInvite } from '../../invites/resume-invite.ts';
import { OAUTH_STATE_KEY } from '../sign-in.ts';
import { AuthCallbackPage } from './auth-callback-page.tsx';

const STATE = 'a'.repeat(64);

/** The provider sends the browser back to /auth-callback with these parameters. */
function callback(query: string) {
  return renderScreen(
    <Routes>
      <Route path="/auth-callback" element={<AuthCallbackPage />} />
      <Route path="/" element={<p>The dashboard</p>} />
      <Route path="/bets/:id" element={<PageShown />} />
    </Routes>,
    { at: `/auth-callback?${query}` },
  );
}

/** The exchange as the server answers it; returns the bodies it was sent. */
function exchangeAnswers(answer: () => Response) {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === '/api/oauth/exchange') {
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    }
    return Response.json(me());
  });
  return sent;
}

/** A page of the app, saying which address it was opened at. */
function PageShown() {
  const { pathname, search } = useLocation();
  return <p>Page {`${pathname}${search}`}</p>;
}

afterEach(() => sessionStorage.clear());

describe('the sign-in callback', () => {
  it('exchanges the code with the state this browser saved, signs in, says so and goes on to the app', async () => {
    sessionStorage.setItem(OAUTH_STATE_KEY, STATE);
    const bob = me({ id: 2, username: 'Bob' });
    const { sessionExpiresAt: _, ...user } = bob;
    const answer: ExchangeResponse = { user, tokens: { expires_at: 4_102_444_800 }, returnTo: null };
    const sent = exchangeAnswers(() => Response.json(answer));
    const { queryClient } = callback(`code=abc&state=${STATE}`);
    expect(screen.getByRole('heading', { name: 'Completing sign-in...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign-in successful!' })).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'abc', state: STATE, redirect_uri: `${window.location.origin}/auth-callback` }]);
    expect(queryClient.getQueryData<CurrentUser>(queryKeys.auth.user)?.username).toBe('Bob');
    expect(sessionStorage.getItem(OAUTH_STATE_KEY)).toBeNull();
    expect(await screen.findByText('The dashboard', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('goes on to the page sign-in started from, path and query, and never to another site', async () => {
    const { sessionExpiresAt: _, ...user } = me({ id: 2, username: 'Bob' });
    for (const [returnTo, shown] of [
      ['/bets/12?from=chat', 'Page /bets/12?from=chat'],
      ['//evil.example/bets/12', 'The dashboard'],
    ] as const) {
      sessionStorage.setItem(OAUTH_STATE_KEY, STATE);
      exchangeAnswers(() => Response.json({ user, tokens: { expires_at: 4_102_444_800 }, returnTo } satisfies ExchangeResponse));
      const { unmount } = callback(`code=abc&state=${STATE}`);
      expect(await screen.findByText(shown, {}, { timeout: 3000 })).toBeInTheDocument();
      unmount();
      vi.restoreAllMocks();
    }
  });

  it('back from sign-in to a page chosen before it, stays there: the way on to the dashboard does not follow', async () => {
    sessionStorage.setItem(OAUTH_STATE_KEY, STATE);
    const { sessionExpiresAt: _, ...user } = me({ id: 2, username: 'Bob' });
    exchangeAnswers(() => Response.json({ user, tokens: { expires_at: 4_102_444_800 }, returnTo: null } satisfies ExchangeResponse));
    pendingInvite.set('/verify-email?token=tok');
    /** The page chosen: as the real ones do, it forgets the choice once it is reached. */
    function ChosenPage() {
      useEffect(() => pendingInvite.clear(), []);
      return <p>The chosen page</p>;
    }
    function App() {
      useResumeInvite();
      return (
        <Routes>
          <Route path="/auth-callback" element={<AuthCallbackPage />} />
          <Route path="/verify-email" element={<ChosenPage />} />
          <Route path="/" element={<p>The dashboard</p>} />
        </Routes>
      );
    }
    renderScreen(<App />, { at: `/auth-callback?code=abc&state=${STATE}`, data: [[queryKeys.auth.user, null]] });
    expect(await screen.findByText('The chosen page')).toBeInTheDocument();
    // Past the callback's own delay before it goes on to the dashboard.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(screen.getByText('The chosen page')).toBeInTheDocument();
    expect(screen.queryByText('The dashboard')).toBeNull();
  });

  it('refuses a state this browser did not save, and asks the server nothing', async () => {
    sessionStorage.setItem(OAUTH_STATE_KEY, STATE);
    const sent = exchangeAnswers(() => Response.json({}));
    callback(`code=abc&state=${'b'.repeat(64)}`);
    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid state parameter')).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(sessionStorage.getItem(OAUTH_STATE_KEY)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(screen.getByText('The dashboard')).toBeInTheDocument();
  });

  it("says the provider's own error, and that no code came back", async () => {
    const { unmount } = callback('error=access_denied');
    expect(await screen.findByText('access_denied')).toBeInTheDocument();
    unmount();
    callback(`state=${STATE}`);
    expect(await screen.findByText('No authorization code received')).toBeInTheDocument();
  });

  it("says why when the server refuses the exchange", async () => {
    sessionStorage.setItem(OAUTH_STATE_KEY, STATE);
    exchangeAnswers(() => Response.json({ error: 'Invalid or expired state', code: 'invalid_state' }, { status: 400 }));
    callback(`code=abc&state=${STATE}`);
    expect(await screen.findByRole('heading', { name: 'Authentication Failed' })).toBeInTheDocument();
    expect(screen.getByText(/^Token exchange failed: 400 - /)).toHaveTextContent('Invalid or expired state');
  });
});
