import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { LOGGED_OUT_KEY } from './use-auth.tsx';

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
