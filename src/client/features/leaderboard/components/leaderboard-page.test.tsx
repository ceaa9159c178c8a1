import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Leaderboard, LeaderboardEntry } from '../../../../shared/schemas/leaderboard.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { LeaderboardPage, periodLine } from './leaderboard-page.tsx';

const entry = (rank: number, id: number, username: string, profit: string, balance: string): LeaderboardEntry => ({
  rank,
  id,
  username,
  isOnline: false,
  bets: 2,
  totalWins: 1,
  winRate: 50,
  balance,
  weeklyEarnings: profit,
});

const board = (period: Leaderboard['period'], entries: LeaderboardEntry[]): Leaderboard => ({
  period,
  scope: 'global',
  entries,
  me: { rank: 1, weeklyEarnings: '25.00', gapToNext: null },
  playerCount: entries.length,
  startsOn: period === 'week' ? '2026-11-23' : period === 'month' ? '2026-11-01' : '1970-01-01',
  week: { number: 48, year: 2026, resetsAt: '2026-11-30T00:00:00.000Z' },
});

const entries = [entry(1, 1, 'Alice', '25.00', '1025.00'), entry(1, 2, 'Bob', '25.00', '990.00'), entry(3, 3, 'Carol', '-5.00', '995.00')];

describe('the leaderboard', () => {
  it('names the period of the tab in its header', () => {
    const now = Date.parse('2026-11-25T00:00:00.000Z');
    expect(periodLine(board('week', []), now)).toEqual({ text: 'Weekly rankings reset in 5 days', badge: 'Week 48' });
    expect(periodLine(board('month', []), now)).toEqual({ text: 'Monthly rankings', badge: 'November 2026' });
    expect(periodLine(board('all', []), now)).toEqual({ text: 'All-time rankings', badge: null });
  });

  it('switches the header with the tab: no week number on Monthly or All Time', async () => {
    renderScreen(<LeaderboardPage />, {
      data: [
        [queryKeys.leaderboard.board('week', 'global'), board('week', entries)],
        [queryKeys.leaderboard.board('month', 'global'), board('month', entries)],
        [queryKeys.leaderboard.board('all', 'global'), board('all', entries)],
      ],
    });
    expect(screen.getByTestId('leaderboard-period')).toHaveTextContent(/^Weekly rankings reset in .*Week 48· 3 players$/);
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByTestId('leaderboard-period')).toHaveTextContent('Monthly rankings');
    expect(screen.getByTestId('leaderboard-period')).not.toHaveTextContent(/Week|Weekly/);
    await userEvent.click(screen.getByRole('button', { name: 'All Time' }));
    expect(screen.getByTestId('leaderboard-period')).toHaveTextContent('All-time rankings');
    expect(screen.getByTestId('leaderboard-period')).not.toHaveTextContent(/Week|Weekly/);
  });

  it('on the desktop: podium and the full table ranked by profit', () => {
    renderScreen(<LeaderboardPage />, { data: [[queryKeys.leaderboard.board('week', 'global'), board('week', entries)]] });
    expect(within(screen.getByRole('list', { name: 'Podium' })).getAllByRole('listitem')[0]).toHaveTextContent('Champion');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Profit');
    expect(rows[3]).toHaveTextContent('-$5.00');
    expect(screen.getByTestId('your-rank')).toHaveTextContent("You're #1!");
  });

  it('in the narrow layout: the figure it ranks by (profit), not the balance, one place per player', () => {
    renderScreen(<LeaderboardPage />, { narrow: true, data: [[queryKeys.leaderboard.board('week', 'global'), board('week', entries)]] });
    const bob = screen.getByTestId('rank-2');
    expect(bob).toHaveTextContent('Bob');
    expect(bob).toHaveTextContent('$25.00profit');
    expect(bob).not.toHaveTextContent('$990.00');
    expect(bob).toHaveTextContent(/^Rank 1Bob/);
    expect(screen.getByTestId('rank-1')).toHaveTextContent('Alice (you)');
    expect(screen.getByTestId('rank-3')).toHaveTextContent('-$5.00');
  });

  it('puts tied players on the same step of the podium: two Champions, then 3rd Place, and nobody 2nd', () => {
    renderScreen(<LeaderboardPage />, { data: [[queryKeys.leaderboard.board('week', 'global'), board('week', entries)]] });
    const steps = within(screen.getByRole('list', { name: 'Podium' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^ChampionAlice/),
      expect.stringMatching(/^ChampionBob/),
      expect.stringMatching(/^3rd PlaceCarol/),
    ]);
    expect(screen.queryByText('2nd Place')).toBeNull();
  });

  it('names the rank to reach only when the list shows who holds it, counting ties', () => {
    const third = { ...board('week', entries), me: { rank: 3, weeklyEarnings: '-5.00', gapToNext: '30.00' } };
    const { unmount } = renderScreen(<LeaderboardPage />, { user: { id: 3, username: 'Carol' }, data: [[queryKeys.leaderboard.board('week', 'global'), third]] });
    expect(screen.getByTestId('your-rank')).toHaveTextContent('$30.00 to reach #1');
    expect(screen.getByTestId('your-rank')).not.toHaveTextContent('#2');
    unmount();
    // Twelfth, behind a player the top ten does not show: no rank is made up for them.
    const far = { ...board('week', entries), me: { rank: 12, weeklyEarnings: '-20.00', gapToNext: '12.00' } };
    renderScreen(<LeaderboardPage />, { user: { id: 9, username: 'Ivan' }, data: [[queryKeys.leaderboard.board('week', 'global'), far]] });
    expect(screen.getByTestId('your-rank')).toHaveTextContent('$12.00 to move up');
    expect(screen.getByTestId('your-rank')).not.toHaveTextContent('#11');
  });

  it('shows the viewer online on their own screen, whatever the list says', () => {
    const { unmount } = renderScreen(<LeaderboardPage />, { data: [[queryKeys.leaderboard.board('week', 'global'), board('week', entries)]] });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('AliceOnline');
    expect(rows[2]).toHaveTextContent('BobOffline');
    unmount();
    renderScreen(<LeaderboardPage />, { narrow: true, data: [[queryKeys.leaderboard.board('week', 'global'), board('week', entries)]] });
    expect(screen.getByTestId('rank-1')).toHaveTextContent('Online');
    expect(screen.getByTestId('rank-2')).toHaveTextContent('Offline');
  });

  it('counts the time to the reset in the singular for one', () => {
    const now = Date.parse('2026-11-29T22:30:00.000Z');
    expect(periodLine(board('week', []), now).text).toBe('Weekly rankings reset in 1 hour');
    expect(periodLine(board('week', []), Date.parse('2026-11-29T23:59:00.000Z')).text).toBe('Weekly rankings reset in 1 minute');
  });

  it('shows the empty, loading and error states', async () => {
    const { unmount } = renderScreen(<LeaderboardPage />, { data: [[queryKeys.leaderboard.board('week', 'global'), { ...board('week', []), me: null }]] });
    expect(screen.getByText('No Rankings Yet')).toBeInTheDocument();
    unmount();
    renderScreen(<LeaderboardPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading rankings...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the leaderboard'));
  });
});
