import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, aJuryResolution, renderScreen } from '../../../test/render-screen.tsx';
import { greeting } from '../greeting.ts';
import { DashboardView } from './dashboard-narrow.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const request = { id: 5, requesterId: 3, requester: { username: 'Carol', isOnline: true }, createdAt: '2026-11-24T10:00:00.000Z' };
const justNow = () => new Date().toISOString();
const offline = () => vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }));

describe('the greeting', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  it('welcomes a player on their first day who has not staked yet, and welcomes back everyone else', () => {
    expect(greeting({ username: 'Ann', totalBets: 0, createdAt: '2026-11-25T11:00:00.000Z' }, now)).toBe('Welcome, Ann!');
    expect(greeting({ username: 'Ann', totalBets: 1, createdAt: '2026-11-25T11:00:00.000Z' }, now)).toBe('Welcome back, Ann!');
    expect(greeting({ username: 'Ann', totalBets: 0, createdAt: '2026-11-23T11:00:00.000Z' }, now)).toBe('Welcome back, Ann!');
  });
});

describe('the dashboard', { timeout: 20_000 }, () => {
  it('greets a brand-new player with Welcome, counts one request in the singular, and counts only active bets as active', () => {
    offline();
    const past = new Date(Date.now() - 3600_000).toISOString();
    const mine = [
      aBet({ id: 1, title: 'Open', creatorId: 1 }),
      aBet({ id: 2, title: 'Ran out', creatorId: 1, expirationType: 'time', expiresAt: past }),
      aBet({ id: 3, title: 'Done', status: 'resolved', isResolved: true, winningOption: 0 }),
    ];
    renderScreen(<DashboardPage />, {
      user: { createdAt: justNow() },
      data: [
        [queryKeys.bets.list('friends'), []],
        [queryKeys.bets.list('mine'), mine],
        [queryKeys.friends.requests, [request]],
      ],
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome, Alice!$/);
    expect(screen.getByText('You have 1 pending friend request')).toBeInTheDocument();
    expect(screen.getByTestId('stat-active-bets')).toHaveTextContent(/^1$/);
    expect(screen.getByRole('tab', { name: 'My Bets (3)' })).toBeInTheDocument();
  });

  it("groups a jury bet whose result waits with the expired bets, awaiting a result, neither open nor settled", async () => {
    offline();
    const past = new Date(Date.now() - 3600_000).toISOString();
    const mine = [
      aBet({ id: 1, title: 'Open', creatorId: 1 }),
      aBet({ id: 2, title: 'Ran out', creatorId: 1, expirationType: 'time', expiresAt: past }),
      aBet({ id: 3, title: 'Proposed one', status: 'proposed', resolution: aJuryResolution() }),
      aBet({ id: 4, title: 'Disputed one', status: 'disputed', resolution: aJuryResolution({ votesNeeded: 3 }) }),
      aBet({ id: 5, title: 'Done', status: 'resolved', isResolved: true, winningOption: 0 }),
    ];
    renderScreen(<DashboardPage />, { data: [[queryKeys.bets.list('friends'), []], [queryKeys.bets.list('mine'), mine], [queryKeys.friends.requests, []]] });
    expect(screen.getByTestId('stat-active-bets')).toHaveTextContent(/^1$/);
    await userEvent.click(screen.getByRole('tab', { name: 'My Bets (5)' }));
    const titlesUnder = (heading: string) =>
      within(screen.getByRole('heading', { name: heading }).closest('section')!)
        .getAllByTestId('bet-card')
        .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
    expect(titlesUnder('Active Bets')).toEqual(['Open']);
    expect(titlesUnder('Awaiting a result')).toEqual(['Ran out', 'Proposed one', 'Disputed one']);
    expect(titlesUnder('Resolved Bets')).toEqual(['Done']);
  });

  it('shows the admins the open disputes above the bets in the Admin Panel tab', async () => {
    offline();
    renderScreen(<DashboardPage />, {
      user: { role: 'admin' },
      data: [[queryKeys.bets.list('all'), []], [queryKeys.bets.list('mine'), []], [queryKeys.friends.requests, []], [queryKeys.bets.disputes, { disputes: [] }]],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Admin Panel' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Open disputes' })).toBeInTheDocument();
    expect(within(panel).getByText('No open disputes')).toBeInTheDocument();
  });

  it('in the narrow layout welcomes a player who has just chosen their username, not back', () => {
    offline();
    renderScreen(<DashboardView />, {
      narrow: true,
      user: { createdAt: justNow() },
      data: [
        [queryKeys.bets.list('friends'), []],
        [queryKeys.friends.requests, [request]],
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome, Alice!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'You have 1 pending friend request' })).toBeInTheDocument();
  });
});
