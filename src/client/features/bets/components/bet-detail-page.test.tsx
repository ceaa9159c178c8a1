import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BetDetail } from '../../../../shared/schemas/bets.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ScreenNavContext, useScreenNav } from '../../../lib/screen-nav.tsx';
import { aBet, renderScreen } from '../../../test/render-screen.tsx';
import { BetDetailPage } from './bet-detail-page.tsx';

/** The bet's own page, as the frame shows it at /bets/:id. */
function OnBetPage({ id }: { id: number }) {
  const nav = useScreenNav();
  return (
    <ScreenNavContext.Provider value={{ ...nav, view: { name: 'bet', id } }}>
      <BetDetailPage />
    </ScreenNavContext.Provider>
  );
}

const settled: BetDetail = {
  ...aBet({
    status: 'resolved',
    isResolved: true,
    winningOption: 1,
    optionAmounts: ['10.00', '10.00'],
    totalPot: '20.00',
    participants: 2,
    userParticipation: { amount: '10.00', option: 1, potentialWin: '20.00', payout: '20.00' },
  }),
  participantList: [],
  canStake: false,
  canResolve: false,
};

describe("a bet's page", { timeout: 20_000 }, () => {
  it('shows the bet, who made it, its pot and how it ended for the player', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), settled]] });
    expect(screen.getByRole('heading', { level: 1, name: 'Who wins the derby?' })).toBeInTheDocument();
    expect(screen.getByText('Sports')).toBeInTheDocument();
    expect(screen.getByText(/^Created by Bob on .* · Pot \$20\.00 · 2 participants$/)).toBeInTheDocument();
    expect(screen.getByText('Resolved: Away won.')).toBeInTheDocument();
    expect(screen.getByText('You won $20.00!')).toBeInTheDocument();
    expect(screen.getByText('You staked $10.00 on Away.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Bet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  });

  it('says the bet is not found when the server does not show it', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ error: 'Bet not found', code: 'not_found' }, { status: 404 }));
    renderScreen(<OnBetPage id={99} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading bet...');
    expect(await screen.findByText('Bet not found')).toBeInTheDocument();
  });
});
