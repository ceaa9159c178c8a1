import { QueryClientProvider, onlineManager, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bet, BetDetail } from '../../../../shared/schemas/bets.ts';
import { AppToaster } from '../../../components/ui/toaster.tsx';
import { CANNOT_REACH_SERVER } from '../../../lib/api.ts';
import { MOBILE_QUERY_DEFAULTS } from '../../../lib/mobile-cache.ts';
import { createDesktopQueryClient } from '../../../lib/query-client.ts';
import { ScreenNavContext, useScreenNav } from '../../../lib/screen-nav.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, aCrewSummary, renderScreen } from '../../../test/render-screen.tsx';
import { InlineStake } from '../bet-card.tsx';
import { BetDetailPage } from './bet-detail-page.tsx';
import { StakeForm } from './stake-form.tsx';

const open: BetDetail = { ...aBet(), participantList: [], canStake: true, canResolve: false, canDispute: false, canVote: false };
const staked: Bet = {
  ...aBet(),
  optionAmounts: ['0.00', '10.00'],
  totalPot: '10.00',
  participants: 1,
  optionStakeCounts: [0, 1],
  odds: [null, 1],
  userParticipation: { amount: '10.00', option: 1, potentialWin: '10.00', payout: null },
};

/** The stake endpoint and the bet's detail as the server answers them; returns the bodies staked. */
function stakeServer() {
  const stakes: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/bets/7/participate' && init?.method === 'POST') {
      stakes.push(JSON.parse(String(init.body)));
      return Response.json(staked);
    }
    if (path === '/api/bets/7') return Response.json(stakes.length > 0 ? { ...staked, participantList: [], canStake: false, canResolve: false, canDispute: false, canVote: false } : open);
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return stakes;
}

/** The bet's own page, as the frame shows it at /bets/7. */
function OnBetPage() {
  const nav = useScreenNav();
  return (
    <ScreenNavContext.Provider value={{ ...nav, view: { name: 'bet', id: 7 } }}>
      <BetDetailPage />
    </ScreenNavContext.Provider>
  );
}

describe('the stake form', { timeout: 20_000 }, () => {
  it('says beside each field at once that an option and an amount are missing, and focuses the first', async () => {
    const stakes = stakeServer();
    renderScreen(<InlineStake betId={7} onClose={() => undefined} />, { data: [[queryKeys.bets.detail(7), open]] });
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    const pick = screen.getByRole('group', { name: 'Your pick' });
    expect(pick).toHaveAccessibleDescription('Please choose an option');
    expect(within(pick).getByRole('radio', { name: 'Home' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(pick).getByRole('radio', { name: 'Home' })).toHaveFocus();
    const amount = screen.getByLabelText('Amount ($)');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Please enter a valid bet amount');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please choose an option', 'Please enter a valid bet amount']);
    expect(screen.queryByText('Invalid amount')).toBeNull();
    expect(stakes).toEqual([]);
  });

  it('says an amount with a third decimal has too many, and keeps saying so until it is put right', async () => {
    const stakes = stakeServer();
    renderScreen(<InlineStake betId={7} onClose={() => undefined} />, { data: [[queryKeys.bets.detail(7), open]] });
    await userEvent.click(screen.getByRole('radio', { name: 'Away' }));
    await userEvent.type(screen.getByLabelText('Amount ($)'), '10.123');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    const amount = screen.getByLabelText('Amount ($)');
    expect(amount).toHaveAccessibleDescription('Amount can have at most 2 decimals');
    expect(amount).toHaveFocus();
    await userEvent.type(amount, '{Backspace}');
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stakes).toEqual([]);
  });

  it('after Place Bet on a card puts the focus on the stake it placed', async () => {
    const stakes = stakeServer();
    renderScreen(<InlineStake betId={7} onClose={() => undefined} />, { data: [[queryKeys.bets.detail(7), open]] });
    await userEvent.click(screen.getByRole('radio', { name: 'Away' }));
    await userEvent.type(screen.getByLabelText('Amount ($)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByText('Bet placed!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Your stake is in: $10.00 on Away.')).toHaveFocus());
    expect(stakes).toEqual([{ option: 1, amount: '10' }]);
  });

  it("on the bet's page puts the focus on the summary of the stake, which comes right after the options", async () => {
    stakeServer();
    renderScreen(<OnBetPage />, { narrow: true, data: [[queryKeys.bets.detail(7), open]] });
    const form = screen.getByRole('form', { name: 'Place a bet' });
    const participants = screen.getByRole('heading', { name: 'Participants' });
    // On a phone: the options, then the way to stake, then the participants and the discussion.
    expect(screen.getByRole('heading', { name: 'Options and odds' }).compareDocumentPosition(form)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(form.compareDocumentPosition(participants)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    await userEvent.click(within(form).getByRole('radio', { name: 'Away' }));
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Place Bet' }));
    const summary = await screen.findByRole('heading', { name: 'Your stake' });
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    expect(summary.parentElement).toHaveTextContent('$10.00 on Away');
  });
});

describe('the stake form of a crew bet', { timeout: 20_000 }, () => {
  const crewBet: BetDetail = { ...open, crewId: 4 };
  /** The bet's page in the desktop frame, with my crews (Friday club: $250.00 of mine this season) read as the server answers. */
  function openCrewBet() {
    const stakes = stakeServer();
    const fetchSpy = vi.mocked(globalThis.fetch);
    const serve = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input, init) => (String(input) === '/api/crews' ? Response.json([aCrewSummary({ id: 5, name: 'Poker night' }), aCrewSummary()]) : serve(input, init)));
    renderScreen(<OnBetPage />, { data: [[queryKeys.bets.detail(7), crewBet]], user: { balance: '5000.00' } });
    return stakes;
  }

  it("names the bet's crew, and shows the crew balance, not the player's own", async () => {
    openCrewBet();
    const form = screen.getByRole('form', { name: 'Place a bet' });
    expect(await within(form).findByText('Crew balance: $250.00')).toBeInTheDocument();
    expect(within(form).queryByText(/\$5,000\.00/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Crew: Friday club' })).toHaveAttribute('href', '/crews/4');
    // A crew bet is for the crew's members: no invite links to it.
    expect(screen.queryByRole('heading', { name: 'Invite friends' })).toBeNull();
  });

  it('refuses a stake above the crew balance beside the amount, even one the own balance covers, and places one within it', async () => {
    const stakes = openCrewBet();
    const form = screen.getByRole('form', { name: 'Place a bet' });
    await within(form).findByText('Crew balance: $250.00');
    await userEvent.click(within(form).getByRole('radio', { name: 'Away' }));
    const amount = within(form).getByLabelText('Amount ($)');
    await userEvent.type(amount, '250.01');
    await userEvent.click(within(form).getByRole('button', { name: 'Place Bet' }));
    expect(amount).toHaveAccessibleDescription('That is more than your crew balance of $250.00');
    expect(amount).toHaveFocus();
    expect(stakes).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '250');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByText('Bet placed!')).toBeInTheDocument();
    expect(stakes).toEqual([{ option: 1, amount: '250' }]);
  });
});

const realFetch = globalThis.fetch;

/** The API at an address where nothing listens: each request is refused by the network itself. */
function serverDown() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => realFetch(new URL(String(input), 'http://127.0.0.1:1'), init));
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('a stake that cannot reach Betbro', () => {
  async function placeStake(queryClient: QueryClient) {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <AppToaster />
        <StakeForm bet={open} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByLabelText('Home'));
    await user.type(screen.getByLabelText('Amount ($)'), '10');
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
  }

  it('says "Failed to place bet" once, with why and that nothing was charged', async () => {
    serverDown();
    await placeStake(createDesktopQueryClient());
    expect(await screen.findByText(CANNOT_REACH_SERVER)).toBeInTheDocument();
    expect(screen.getAllByText('Failed to place bet')).toHaveLength(1);
  });

  it.each([
    ['desktop', () => createDesktopQueryClient()],
    [
      'phone',
      () => {
        const client = createDesktopQueryClient();
        client.setDefaultOptions(MOBILE_QUERY_DEFAULTS);
        return client;
      },
    ],
  ])('says so at once while the browser is offline (%s), instead of placing it whenever the browser is back', async (_, makeClient) => {
    const fetchSpy = serverDown();
    onlineManager.setOnline(false);
    await placeStake(makeClient());
    expect(await screen.findByText(CANNOT_REACH_SERVER)).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    onlineManager.setOnline(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Bet' })).toBeEnabled());
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
