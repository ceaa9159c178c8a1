import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render-screen.tsx';
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
