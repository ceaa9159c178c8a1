import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, renderScreen } from '../../../test/render-screen.tsx';
import { ActiveBetsView } from './active-bets-screen.tsx';

describe('the narrow Active Bets view', () => {
  it('lists open bets only: not expired ones, not settled ones', () => {
    const bets = [
      aBet({ id: 1, title: 'Open one' }),
      aBet({ id: 2, title: 'Expired one', isExpired: true, expirationType: 'time', expiresAt: '2026-11-20T10:00:00.000Z' }),
      aBet({ id: 3, title: 'Settled one', status: 'resolved', isResolved: true, winningOption: 0 }),
    ];
    renderScreen(<ActiveBetsView />, { narrow: true, data: [[queryKeys.bets.list('friends'), bets]] });
    expect(screen.getAllByTestId('bet-card').map((card) => card.getAttribute('aria-labelledby'))).toEqual(['bet-1-title']);
    expect(screen.getByRole('button', { name: /^Place a bet/ })).toBeInTheDocument();
  });

  it("offers no stake on the user's own bet", () => {
    renderScreen(<ActiveBetsView />, { narrow: true, data: [[queryKeys.bets.list('friends'), [aBet({ creatorId: 1 })]]] });
    expect(screen.getByTestId('bet-card')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Place a bet/ })).toBeNull();
  });

  it('says when there is nothing open, and offers to create the first bet', () => {
    renderScreen(<ActiveBetsView />, { narrow: true, data: [[queryKeys.bets.list('friends'), []]] });
    expect(screen.getByText('No active bets yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create the first bet' })).toBeInTheDocument();
  });

  it('shows the loading state, then the error when the bets cannot be fetched', async () => {
    renderScreen(<ActiveBetsView />, { narrow: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading bets...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch bets'));
  });
});
