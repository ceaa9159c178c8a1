import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Bet, BetDetail } from '../../../../shared/schemas/bets.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ScreenNavContext, useScreenNav } from '../../../lib/screen-nav.tsx';
import { aBet, aBetDetail, renderScreen } from '../../../test/render-screen.tsx';
import { BetDetailPage } from './bet-detail-page.tsx';
import { MyBetsPage } from './my-bets-page.tsx';
import { StakeForm } from './stake-form.tsx';

/** The bet's own page, as the frame shows it at /bets/7. */
function OnBetPage() {
  const nav = useScreenNav();
  return (
    <ScreenNavContext.Provider value={{ ...nav, view: { name: 'bet', id: 7 } }}>
      <BetDetailPage />
    </ScreenNavContext.Provider>
  );
}

/** A $75.00 pot: $50.00 on Home (Alice's), $25.00 on Away. */
const pools = { optionAmounts: ['50.00', '25.00'], totalPot: '75.00', participants: 2, odds: [1.5, 3] };
const won: Partial<Bet> = {
  ...pools,
  status: 'resolved',
  isResolved: true,
  winningOption: 0,
  userParticipation: { amount: '50.00', option: 0, potentialWin: '75.00', payout: '75.00' },
};
const lost: Partial<Bet> = { ...won, winningOption: 1, userParticipation: { amount: '50.00', option: 0, potentialWin: '75.00', payout: '0.00' } };

describe('one way to say money', { timeout: 20_000 }, () => {
  it('words a win as its return and its profit, and a loss as its stake, on the bet page', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    const { unmount } = renderScreen(<OnBetPage />, { data: [[queryKeys.bets.detail(7), aBetDetail(won)]] });
    expect(screen.getByText('You won $75.00 — $25.00 profit')).toBeInTheDocument();
    unmount();
    renderScreen(<OnBetPage />, { data: [[queryKeys.bets.detail(7), aBetDetail(lost)]] });
    expect(screen.getByText('You lost $50.00')).toBeInTheDocument();
  });

  it('says what an open stake returns, and heads the participants with Returns until the bet settles, then Paid', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    const participant = { userId: 1, username: 'Alice', option: 0, amount: '50.00', potentialWin: '75.00', createdAt: '2026-11-24T10:00:00.000Z' };
    const open: BetDetail = aBetDetail({ ...pools, userParticipation: { amount: '50.00', option: 0, potentialWin: '75.00', payout: null }, participantList: [participant] });
    const { unmount } = renderScreen(<OnBetPage />, { data: [[queryKeys.bets.detail(7), open]] });
    expect(screen.getByText('If it wins now, it returns $75.00 — $25.00 profit.')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Player', 'Pick', 'Stake', 'Returns']);
    unmount();
    renderScreen(<OnBetPage />, { data: [[queryKeys.bets.detail(7), aBetDetail({ ...won, participantList: [participant] })]] });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Player', 'Pick', 'Stake', 'Paid']);
  });

  it('says what a new stake returns, counting itself in the pools', async () => {
    renderScreen(<StakeForm bet={aBetDetail({ optionAmounts: ['0.00', '25.00'], totalPot: '25.00', participants: 1, odds: [null, 1], canStake: true })} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Home' }));
    await userEvent.type(screen.getByLabelText('Amount ($)'), '50');
    expect(screen.getByTestId('potential-win')).toHaveTextContent('Returns $75.00 — $25.00 profit if Home wins.');
  });

  it('words wins and losses the same way in My Bets, which opens on the tab that holds them', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    renderScreen(<MyBetsPage />, { data: [[queryKeys.bets.list('mine'), [aBet({ id: 1, ...won }), aBet({ id: 2, title: 'Rain on Sunday?', ...lost })]]] });
    expect(screen.getByRole('tab', { name: 'Resolved (2)' })).toHaveAttribute('aria-selected', 'true');
    const [first, second] = within(screen.getByRole('tabpanel')).getAllByTestId('joined-bet');
    expect(first).toHaveTextContent('You won $75.00 — $25.00 profit');
    expect(second).toHaveTextContent('You lost $50.00');
  });
});
