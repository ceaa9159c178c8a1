import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, aBetDetail, aJuryResolution, aResolution, renderScreen } from '../../../test/render-screen.tsx';
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
    expect(won).toHaveTextContent('Winning option: HomeYou won $20.00 — $10.00 profit');
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

  it("keeps a jury bet whose result waits with the expired ones, and offers its creator to propose the result", async () => {
    const jury = [
      aBet({ id: 11, title: 'Proposed one', status: 'proposed', resolution: aJuryResolution(), userParticipation: { amount: '5.00', option: 1, potentialWin: '10.00', payout: null } }),
      aBet({ id: 12, title: 'Disputed one', status: 'disputed', resolution: aJuryResolution({ votesNeeded: 3 }), creatorId: 1, creator: alice }),
      aBet({ id: 13, title: 'Mine to decide', creatorId: 1, creator: alice, resolution: aResolution({ mode: 'jury' }) }),
    ];
    const detail = aBetDetail({ ...jury[2], canResolve: true });
    renderScreen(<MyBetsPage />, { data: [[queryKeys.bets.list('mine'), jury], [queryKeys.bets.detail(13), detail]] });
    expect(screen.getByText('1 active · 0 resolved · 2 expired')).toBeInTheDocument();
    const own = screen.getByTestId('my-bet');
    expect(within(own).queryByRole('button', { name: action('Resolve', 'Mine to decide') })).toBeNull();
    await userEvent.click(within(own).getByRole('button', { name: action('Propose result', 'Mine to decide') }));
    const dialog = screen.getByRole('dialog', { name: 'Propose result' });
    expect(within(dialog).getByLabelText('Evidence (optional)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('tab', { name: 'Expired (2)' }));
    const panel = screen.getByRole('tabpanel');
    const proposed = within(panel).getByTestId('joined-bet');
    expect(proposed).toHaveTextContent('Proposed');
    expect(proposed).toHaveTextContent(/Result proposed: Home, dispute until /);
    const disputed = within(panel).getByTestId('my-bet');
    expect(disputed).toHaveTextContent('Disputed: the jury decides');
    // Once proposed, only an admin settles it.
    expect(within(disputed).queryByRole('button', { name: /^(Resolve|Propose result)/ })).toBeNull();
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
