import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, aResolution, renderScreen } from '../../../test/render-screen.tsx';
import { MyBetsPage } from './my-bets-page.tsx';

const alice = { id: 1, username: 'Alice' };
const past = new Date(Date.now() - 3600_000).toISOString();
/** A button's name: its action, then the bet it acts on (read out, not shown). */
const action = (verb: string, title: string) => new RegExp(`^${verb}\\s*${title.replace('?', '\\?')}$`);

/** Alice created one open bet, joined one, won one, had one refunded, and one she created ran out. */
const bets: Bet[] = [
  aBet({ id: 1, title: 'Rain on Sunday?', creatorId: 1, creator: alice }),
  aBet({ id: 2, title: 'Who wins the derby?', participants: 1, totalPot: '10.00', userParticipation: { amount: '10.00', option: 1, potentialWin: '10.00', payout: null } }),
  aBet({
    id: 3,
    title: 'Snow by December?',
    status: 'resolved',
    isResolved: true,
    winningOption: 0,
    totalPot: '20.00',
    userParticipation: { amount: '10.00', option: 0, potentialWin: '20.00', payout: '20.00' },
  }),
  aBet({ id: 4, title: 'Called off', status: 'void', userParticipation: { amount: '5.00', option: 0, potentialWin: '5.00', payout: null } }),
  aBet({ id: 5, title: 'Ran out', creatorId: 1, creator: alice, expirationType: 'time', expiresAt: past, participants: 2, totalPot: '8.00' }),
];

describe('my bets', { timeout: 20_000 }, () => {
  it('on the desktop sorts them by state in tabs, with the stake, the outcome and the actions on each', async () => {
    renderScreen(<MyBetsPage />, { data: [[queryKeys.bets.list('mine'), bets]] });
    expect(screen.getByText('2 active · 2 resolved · 1 expired')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Active (2)', 'Resolved (2)', 'Expired (1)']);

    const own = screen.getByTestId('my-bet');
    expect(own).toHaveTextContent('You created this bet.');
    expect(within(own).getByRole('button', { name: action('Edit', 'Rain on Sunday?') })).toBeEnabled();
    expect(within(own).getByRole('button', { name: action('Resolve', 'Rain on Sunday?') })).toBeInTheDocument();
    const joined = screen.getByTestId('joined-bet');
    expect(joined).toHaveTextContent('Your stake: $10.00 on Away');
    expect(within(joined).getByRole('link', { name: 'Who wins the derby?' })).toHaveAttribute('href', '/bets/2');
    expect(within(joined).queryByRole('button', { name: /Edit|Resolve/ })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Resolved (2)' }));
    const [won, refunded] = within(screen.getByRole('tabpanel')).getAllByTestId('joined-bet');
    expect(won).toHaveTextContent('WON');
    expect(won).toHaveTextContent('Winning option: HomeYou won $20.00!');
    expect(refunded).toHaveTextContent('Called off: $5.00 refunded.');

    await userEvent.click(screen.getByRole('tab', { name: 'Expired (1)' }));
    const expired = within(screen.getByRole('tabpanel')).getByTestId('my-bet');
    expect(expired).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent('2 participants · Total $8.00');
    expect(within(expired).getByRole('button', { name: action('Edit', 'Ran out') })).toBeDisabled();
    // Its creator resolves a bet once it has run out.
    expect(within(expired).getByRole('button', { name: action('Resolve', 'Ran out') })).toBeInTheDocument();
  });

  it('offers no Resolve on a bet a referee decides, and names the referee', () => {
    const refereed = aBet({ id: 6, title: 'Rain on Sunday?', creatorId: 1, creator: alice, resolution: aResolution({ mode: 'referee', referee: { id: 3, username: 'Cleo' } }) });
    renderScreen(<MyBetsPage />, { data: [[queryKeys.bets.list('mine'), [refereed]]] });
    const own = screen.getByTestId('my-bet');
    expect(own).toHaveTextContent('Referee: Cleo');
    expect(within(own).getByRole('button', { name: action('Edit', 'Rain on Sunday?') })).toBeEnabled();
    expect(within(own).queryByRole('button', { name: action('Resolve', 'Rain on Sunday?') })).toBeNull();
  });

  it('in the narrow layout lists the ones created, then the ones joined', () => {
    renderScreen(<MyBetsPage />, { narrow: true, data: [[queryKeys.bets.list('mine'), bets]] });
    expect(screen.queryByRole('tab')).toBeNull();
    const created = screen.getByRole('heading', { name: 'Created by you (2)' }).closest('section')!;
    expect(within(created).getAllByTestId('my-bet')).toHaveLength(2);
    const joined = screen.getByRole('heading', { name: 'Bets you joined (3)' }).closest('section')!;
    expect(within(joined).getAllByTestId('joined-bet')).toHaveLength(3);
  });

  it('says when there is nothing yet', () => {
    renderScreen(<MyBetsPage />, { narrow: true, data: [[queryKeys.bets.list('mine'), []]] });
    expect(screen.getByText('No Bets Found')).toBeInTheDocument();
    expect(screen.getByText("You haven't placed any bets yet.")).toBeInTheDocument();
  });

  it('shows the loading state, then the error', async () => {
    renderScreen(<MyBetsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your bets...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch user bets'));
  });
});
