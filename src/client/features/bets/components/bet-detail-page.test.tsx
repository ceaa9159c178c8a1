import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BetDetail, BetTimeline } from '../../../../shared/schemas/bets.ts';
import { showDateTime } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ScreenNavContext, useScreenNav } from '../../../lib/screen-nav.tsx';
import { aBet, aBetDetail, aJuryResolution, aResolution, renderScreen } from '../../../test/render-screen.tsx';
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
  canDispute: false,
  canVote: false,
};

describe("a bet's page", { timeout: 20_000 }, () => {
  it('shows the bet, who made it, its pot and how it ended for the player', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), settled]] });
    expect(screen.getByRole('heading', { level: 1, name: 'Who wins the derby?' })).toBeInTheDocument();
    expect(screen.getByText('Sports')).toBeInTheDocument();
    expect(screen.getByText(/^Created by Bob on .* · Pot \$20\.00 · 2 participants$/)).toBeInTheDocument();
    expect(screen.getByText('Resolved: Away won.')).toBeInTheDocument();
    expect(screen.getByText('You won $20.00 — $10.00 profit')).toBeInTheDocument();
    expect(screen.getByText('You staked $10.00 on Away.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Bet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  });

  it('puts Share at hand for the creator of an open bet among friends, and for nobody else', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    const mine = { creatorId: 1, creator: { id: 1, username: 'Alice' } };
    const cases: [BetDetail, boolean][] = [
      [aBetDetail(mine), true],
      [aBetDetail({ ...mine, crewId: 4 }), false],
      [aBetDetail(), false],
      [{ ...aBetDetail(mine), ...settled, ...mine }, false],
    ];
    for (const [bet, shown] of cases) {
      const { unmount } = renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), bet], [['invites'], []]] });
      expect(screen.queryByRole('button', { name: 'Share this bet' }) !== null, JSON.stringify(bet.crewId)).toBe(shown);
      if (shown) expect(screen.getByText('Send it to your friends: whoever opens the link sees the bet and can join it.')).toBeInTheDocument();
      unmount();
    }
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
  canDispute: false,
  canVote: false,
  ...overrides,
});

const timeline: BetTimeline = {
  events: [
    { at: '2026-11-24T10:00:00.000Z', kind: 'created', actor: { id: 1, username: 'ann' } },
    { at: '2026-11-24T11:00:00.000Z', kind: 'proposed', actor: { id: 2, username: 'bob' }, option: 0, text: 'Final whistle: 2-1', url: 'https://example.com/match' },
    { at: '2026-11-24T12:00:00.000Z', kind: 'disputed', actor: { id: 3, username: 'carl' }, text: 'Extra time was not over', url: 'https://example.com/replay' },
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
    // A dispute's link is the disputer's, not evidence of the proposal.
    expect(within(items[2]!).getByRole('link', { name: 'Dispute link' })).toHaveAttribute('href', 'https://example.com/replay');
    expect(within(items[2]!).queryByRole('link', { name: 'Evidence link' })).toBeNull();
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

const toast = (title: string) => screen.findByText(title, { selector: '[data-sonner-toast] *' });

/**
 * A server for a bet's page: `write` answers the one write the test makes (and records its path
 * and body); every read the seeded cache does not answer waits for ever.
 */
function serverAnswering(write: (path: string, body: unknown) => Response) {
  const sent: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method !== 'POST') return new Promise<Response>(() => undefined);
    const path = String(input);
    const body: unknown = JSON.parse(String(init.body));
    sent.push({ path, body });
    return write(path, body);
  });
  return sent;
}

/** Bob's jury bet on which Alice staked $10 on Away; Bob proposed Home, with evidence. */
const proposedBet = (overrides: Partial<BetDetail> = {}): BetDetail =>
  aBetDetail({
    status: 'proposed',
    participants: 2,
    totalPot: '20.00',
    optionAmounts: ['10.00', '10.00'],
    userParticipation: { amount: '10.00', option: 1, potentialWin: '20.00', payout: null },
    resolution: aJuryResolution(),
    canDispute: true,
    ...overrides,
  });

/** The same bet once disputed: the jury has until the day after tomorrow, and 3 votes to cast. */
const disputedBet = (overrides: Partial<BetDetail> = {}): BetDetail => {
  const proposed = proposedBet();
  return {
    ...proposed,
    status: 'disputed',
    canDispute: false,
    resolution: { ...proposed.resolution, juryEndsAt: new Date(Date.now() + 2 * 24 * 3600_000 + 3 * 3600_000 + 1800_000).toISOString(), votesNeeded: 3 },
    ...overrides,
  };
};

describe('a jury bet', { timeout: 20_000 }, () => {
  it.each([false, true])('says the proposed result, its deadline and evidence, and lets a staker dispute it (narrow: %s)', async (narrow) => {
    const bet = proposedBet();
    const sent = serverAnswering(() => Response.json(disputedBet()));
    renderScreen(<OnBetPage id={7} />, { narrow, data: [[queryKeys.bets.detail(7), bet]] });

    expect(screen.getByText('Proposed', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Who decides: a jury of friends')).toBeInTheDocument();
    const line = screen.getByText(`Result proposed: Home, dispute until ${showDateTime(bet.resolution.challengeEndsAt!)}`);
    expect(line).toHaveAttribute('role', 'status');
    const status = screen.getByTestId('jury-status');
    const countdown = within(status).getByText('23h 59m left');
    expect(countdown.tagName).toBe('TIME');
    expect(countdown).toHaveAttribute('datetime', bet.resolution.challengeEndsAt);
    expect(within(status).getByText('Evidence: Final whistle: 2-1')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Evidence link' })).toHaveAttribute('href', 'https://example.com/match');
    expect(screen.queryByRole('heading', { name: 'Place a bet' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Dispute this result' });
    // Nothing typed: the shared schema's message beside the reason, and nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAccessibleDescription('Give a reason');
    expect(reason).toHaveFocus();
    await userEvent.type(reason, 'Extra time was not over');
    await userEvent.type(within(dialog).getByLabelText('Link (optional)'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(within(dialog).getByLabelText('Link (optional)')).toHaveAccessibleDescription('Link must be a web address');
    expect(sent).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Link (optional)'));
    await userEvent.type(within(dialog).getByLabelText('Link (optional)'), 'https://example.com/replay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(await toast('Dispute sent')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/bets/7/dispute', body: { reason: 'Extra time was not over', url: 'https://example.com/replay' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Disputed: the jury decides')).toBeInTheDocument();
    expect(screen.getByText('Votes: 0 of 3')).toBeInTheDocument();
    expect(within(screen.getByTestId('jury-status')).getByText('2d 3h left')).toBeInTheDocument();
    expect(screen.getByText('Disputed', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
  });

  it('sends no link when none is given, and says why the server refused the dispute', async () => {
    const sent = serverAnswering(() => Response.json({ error: 'The time to dispute this result is over', code: 'challenge_over' }, { status: 409 }));
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), proposedBet()]] });
    await userEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    const dialog = screen.getByRole('dialog', { name: 'Dispute this result' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'It was a draw');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(await toast('Failed to send dispute')).toBeInTheDocument();
    expect(screen.getByText('The time to dispute this result is over', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/bets/7/dispute', body: { reason: 'It was a draw' } }]);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('It was a draw');
  });

  it('offers no Dispute to whoever may not dispute', () => {
    quietServer();
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), proposedBet({ canDispute: false, userParticipation: null })]] });
    expect(screen.getByText(/^Result proposed: Home, dispute until /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'You are on the jury' })).toBeNull();
  });

  it.each([false, true])("asks a juror which option won, with the proposal, its evidence and the dispute's reason, and casts the vote (narrow: %s)", async (narrow) => {
    const bet = disputedBet({ userParticipation: null, canVote: true, resolution: { ...disputedBet().resolution, votesCast: 1 } });
    const disputed: BetTimeline = {
      events: [
        { at: '2026-11-24T10:00:00.000Z', kind: 'created', actor: { id: 2, username: 'Bob' } },
        { at: '2026-11-24T11:00:00.000Z', kind: 'proposed', actor: { id: 2, username: 'Bob' }, option: 0 },
        { at: '2026-11-24T12:00:00.000Z', kind: 'disputed', actor: { id: 3, username: 'Carl' }, text: 'Extra time was not over', url: 'https://example.com/replay' },
      ],
    };
    const sent = serverAnswering(() => Response.json({ ...bet, canVote: false, resolution: { ...bet.resolution, votesCast: 2 } }));
    renderScreen(<OnBetPage id={7} />, { narrow, data: [[queryKeys.bets.detail(7), bet], [queryKeys.bets.timeline(7), disputed]] });

    expect(screen.getByText('Votes: 1 of 3')).toBeInTheDocument();
    // The evidence is said once, in the juror's section.
    expect(within(screen.getByTestId('jury-status')).queryByText(/^Evidence/)).toBeNull();
    const jury = screen.getByRole('region', { name: 'You are on the jury' });
    expect(jury).toHaveTextContent('Bob proposed Home.');
    expect(within(jury).getByText('Evidence: Final whistle: 2-1')).toBeInTheDocument();
    expect(within(jury).getByRole('link', { name: 'Evidence link' })).toHaveAttribute('href', 'https://example.com/match');
    expect(within(jury).getByText('Carl disputed it: Extra time was not over')).toBeInTheDocument();
    expect(within(jury).getByRole('link', { name: 'Dispute link' })).toHaveAttribute('href', 'https://example.com/replay');
    const ballot = within(jury).getByRole('group', { name: 'Which option won?' });
    expect(within(ballot).getAllByRole('button').map((button) => button.textContent)).toEqual(['Home', 'Away']);

    // Nothing is sent on a pick: the vote is final, so it takes the confirming button.
    expect(within(jury).getByRole('button', { name: 'Cast vote' })).toBeDisabled();
    await userEvent.click(within(ballot).getByRole('button', { name: 'Home' }));
    await userEvent.click(within(ballot).getByRole('button', { name: 'Away' }));
    expect(within(ballot).getByRole('button', { name: 'Away' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(ballot).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-pressed', 'false');
    expect(sent).toEqual([]);
    await userEvent.click(within(jury).getByRole('button', { name: 'Cast vote for Away' }));
    expect(await toast('Vote cast')).toBeInTheDocument();
    expect(screen.getByText('You voted Away', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/bets/7/votes', body: { option: 1 } }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'You are on the jury' })).toBeNull());
    expect(screen.getByText('Votes: 2 of 3')).toBeInTheDocument();
  });

  it("says the server's refusal of a vote", async () => {
    serverAnswering(() => Response.json({ error: 'You have already voted', code: 'already_voted' }, { status: 409 }));
    renderScreen(<OnBetPage id={7} />, { data: [[queryKeys.bets.detail(7), disputedBet({ userParticipation: null, canVote: true })], [queryKeys.bets.timeline(7), { events: [] }]] });
    await userEvent.click(within(screen.getByRole('group', { name: 'Which option won?' })).getByRole('button', { name: 'Home' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cast vote for Home' }));
    expect(await toast('Failed to cast vote')).toBeInTheDocument();
    expect(screen.getByText('You have already voted', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'You are on the jury' })).toBeInTheDocument();
  });

  it.each([false, true])('lets its creator propose the result, with evidence when given (narrow: %s)', async (narrow) => {
    const open = aBetDetail({ creatorId: 1, creator: { id: 1, username: 'Alice' }, resolution: aResolution({ mode: 'jury' }), canResolve: true });
    const sent = serverAnswering(() =>
      Response.json({ ...open, status: 'proposed', canResolve: false, resolution: aJuryResolution({ evidence: { text: 'Final whistle: 2-1', url: 'https://example.com/match' } }) }),
    );
    renderScreen(<OnBetPage id={7} />, { narrow, user: { id: 1, username: 'Alice' }, data: [[queryKeys.bets.detail(7), open]] });

    const panel = screen.getByRole('region', { name: 'Propose result' });
    expect(screen.queryByRole('heading', { name: 'Resolve this bet' })).toBeNull();
    const propose = within(panel).getByRole('button', { name: 'Propose result' });
    expect(propose).toBeDisabled();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Home' }));
    await userEvent.type(within(panel).getByLabelText('Evidence (optional)'), 'Final whistle: 2-1');
    await userEvent.type(within(panel).getByLabelText('Evidence link (optional)'), 'example.com/match');
    await userEvent.click(propose);
    expect(within(panel).getByLabelText('Evidence link (optional)')).toHaveAccessibleDescription('Link must be a web address');
    expect(within(panel).getByLabelText('Evidence link (optional)')).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.clear(within(panel).getByLabelText('Evidence link (optional)'));
    await userEvent.type(within(panel).getByLabelText('Evidence link (optional)'), 'https://example.com/match');
    await userEvent.click(propose);
    expect(await toast('Result proposed')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/bets/7/resolve', body: { winningOption: 0, evidence: { text: 'Final whistle: 2-1', url: 'https://example.com/match' } } }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Propose result' })).toBeNull());
    expect(screen.getByText(/^Result proposed: Home, dispute until /)).toBeInTheDocument();
  });

  it('sends only the winner when its creator gives no evidence', async () => {
    const open = aBetDetail({ creatorId: 1, creator: { id: 1, username: 'Alice' }, resolution: aResolution({ mode: 'jury' }), canResolve: true });
    const sent = serverAnswering(() => Response.json({ ...open, status: 'proposed', canResolve: false, resolution: aJuryResolution({ proposedOption: 1, evidence: null }) }));
    renderScreen(<OnBetPage id={7} />, { user: { id: 1, username: 'Alice' }, data: [[queryKeys.bets.detail(7), open]] });
    await userEvent.click(screen.getByRole('radio', { name: 'Away' }));
    await userEvent.click(screen.getByRole('button', { name: 'Propose result' }));
    expect(await toast('Result proposed')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/bets/7/resolve', body: { winningOption: 1 } }]);
  });

  it('lets an admin settle a proposed result at once, with the plain resolve', async () => {
    const bet = proposedBet({ userParticipation: null, canDispute: false, canResolve: true });
    const sent = serverAnswering(() => Response.json({ ...bet, status: 'resolved', isResolved: true, winningOption: 1, canResolve: false }));
    const preview = { winningOption: 1, kind: 'payout', rows: [{ user: { id: 1, username: 'Alice' }, option: 1, stake: '10.00', returns: '20.00', profit: '10.00' }] };
    renderScreen(<OnBetPage id={7} />, { user: { role: 'admin' }, data: [[queryKeys.bets.detail(7), bet], [queryKeys.bets.payouts(7, 1), preview]] });
    const panel = screen.getByRole('region', { name: 'Resolve this bet' });
    expect(within(panel).queryByLabelText('Evidence (optional)')).toBeNull();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Away' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Resolve Bet' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Away won?' })).getByRole('button', { name: 'Pay out' }));
    expect(await toast('Bet resolved!')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/admin/bets/7/resolve', body: { winningOption: 1 } }]);
    expect(await screen.findByText('Resolved: Away won.')).toBeInTheDocument();
  });
});
