import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BetDetail, BetTimeline } from '../../../../shared/schemas/bets.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ScreenNavContext, useScreenNav } from '../../../lib/screen-nav.tsx';
import { aBet, aResolution, renderScreen } from '../../../test/render-screen.tsx';
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

/** An open bet of Bob's (unless overridden), Home or Away, that `referee` decides. */
const refereed = (referee: { id: number; username: string }, overrides: Partial<BetDetail> = {}): BetDetail => ({
  ...aBet({ resolution: aResolution({ mode: 'referee', referee }) }),
  participantList: [],
  canStake: false,
  canResolve: false,
  ...overrides,
});

const timeline: BetTimeline = {
  events: [
    { at: '2026-11-24T10:00:00.000Z', kind: 'created', actor: { id: 1, username: 'ann' } },
    { at: '2026-11-24T11:00:00.000Z', kind: 'proposed', actor: { id: 2, username: 'bob' }, option: 0, text: 'Final whistle: 2-1', url: 'https://example.com/match' },
    { at: '2026-11-24T12:00:00.000Z', kind: 'disputed', actor: { id: 3, username: 'carl' }, text: 'Extra time was not over' },
    { at: '2026-11-24T13:00:00.000Z', kind: 'voted', actor: { id: 4, username: 'dan' }, option: 1 },
    { at: '2026-11-24T13:30:00.000Z', kind: 'voted', actor: { id: 5, username: 'eve' } },
    { at: '2026-11-24T14:00:00.000Z', kind: 'resolved', actor: { id: 2, username: 'bob' }, option: 0 },
    { at: '2026-11-25T14:00:00.000Z', kind: 'voided', actor: null, text: 'expired_unresolved' },
  ],
};

/** Every read the seeded cache does not answer waits for ever (the chart, the comments, the invites). */
const quietServer = () => vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));

describe('a bet a referee decides', { timeout: 20_000 }, () => {
  it.each([false, true])('shows the referee the resolve controls and a note instead of the stake form (narrow: %s)', (narrow) => {
    quietServer();
    const bet = refereed({ id: 1, username: 'Alice' }, { canResolve: true });
    renderScreen(<OnBetPage id={7} />, { narrow, data: [[queryKeys.bets.detail(7), bet]] });
    expect(screen.getByText('Referee: Alice')).toBeInTheDocument();
    expect(screen.getByText('You are the referee of this bet')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Place a bet' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Resolve this bet' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Winning option' })).toBeInTheDocument();
  });

  it('shows the creator who referees it, and no resolve controls', () => {
    quietServer();
    const bet = refereed({ id: 3, username: 'Cleo' }, { creatorId: 1, creator: { id: 1, username: 'Alice' } });
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), bet]] });
    expect(screen.getByText('Referee: Cleo')).toBeInTheDocument();
    expect(screen.getByText('This is your bet: your friends stake on it, and Cleo, its referee, resolves it.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Resolve this bet' })).toBeNull();
    expect(screen.queryByText('You are the referee of this bet')).toBeNull();
  });

  it('lets another player stake, naming the referee', () => {
    quietServer();
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), refereed({ id: 3, username: 'Cleo' }, { canStake: true })]] });
    expect(screen.getByText('Referee: Cleo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Place a bet' })).toBeInTheDocument();
    expect(screen.queryByText('You are the referee of this bet')).toBeNull();
  });

  it('names no referee when the creator decides', () => {
    quietServer();
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), settled]] });
    expect(screen.queryByText(/^Referee:/)).toBeNull();
  });
});

describe("a bet's timeline", { timeout: 20_000 }, () => {
  it.each([false, true])('lists what happened to the bet, oldest first (narrow: %s)', (narrow) => {
    quietServer();
    renderScreen(<OnBetPage id={7} />, { narrow, data: [[queryKeys.bets.detail(7), settled], [queryKeys.bets.timeline(7), timeline]] });
    const list = screen.getByRole('list', { name: 'Timeline' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Created by ann',
      'Result proposed by bob: Home',
      'Disputed by carl',
      'Vote cast by dan: Away',
      'Vote cast by eve',
      'Resolved by bob: Home won',
      'Voided (expired_unresolved)',
    ]);
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-24T10:00:00.000Z');
    expect(within(items[1]!).getByText('Final whistle: 2-1')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Evidence link' })).toHaveAttribute('href', 'https://example.com/match');
    expect(within(items[2]!).getByText('Reason: Extra time was not over')).toBeInTheDocument();
  });

  it('never links evidence that is not a web address', () => {
    quietServer();
    const sneaky: BetTimeline = { events: [{ at: '2026-11-24T11:00:00.000Z', kind: 'proposed', actor: null, option: 1, url: 'javascript:alert(1)' }] };
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), settled], [queryKeys.bets.timeline(7), sneaky]] });
    const list = screen.getByRole('list', { name: 'Timeline' });
    expect(within(list).getByText('Result proposed: Away')).toBeInTheDocument();
    expect(within(list).queryByRole('link')).toBeNull();
    expect(within(list).getByText('Evidence: javascript:alert(1)')).toBeInTheDocument();
  });

  it('shows a skeleton while it loads, then the events it fetched', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      String(input) === '/api/bets/7/timeline' ? new Promise<Response>((resolve) => (answer = resolve)) : new Promise(() => undefined),
    );
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), settled]] });
    expect(screen.getByText('Loading timeline...').closest('[role="status"]')).toBeInTheDocument();
    answer(Response.json({ events: timeline.events.slice(0, 1) }));
    expect(await screen.findByText('Created by ann')).toBeInTheDocument();
    expect(screen.queryByText('Loading timeline...')).toBeNull();
  });

  it('says when the timeline could not be loaded', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      String(input) === '/api/bets/7/timeline' ? Promise.resolve(Response.json({ error: 'Boom', code: 'internal' }, { status: 500 })) : new Promise(() => undefined),
    );
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), settled]] });
    expect(await screen.findByText('Failed to load the timeline')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('list', { name: 'Timeline' })).toBeNull();
  });

  it('is read again when the bet changes (its key sits under the bets group the live events refresh)', async () => {
    quietServer();
    const { queryClient } = renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), settled], [queryKeys.bets.timeline(7), timeline]] });
    expect(globalThis.fetch).not.toHaveBeenCalledWith('/api/bets/7/timeline', expect.anything());
    // What the live bet_updated / bet_resolved events do (app/use-live-updates.ts).
    void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalledWith('/api/bets/7/timeline', expect.anything()));
  });
});
