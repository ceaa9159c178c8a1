import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../lib/query-keys.ts';
import { aCrewSummary, renderScreen } from '../test/render-screen.tsx';
import { Sidebar } from './sidebar.tsx';

const request = { id: 5, requesterId: 3, requester: { username: 'Carol', isOnline: true }, createdAt: '2026-11-24T10:00:00.000Z' };

describe('the desktop sidebar', () => {
  it('lists the sections of the screen catalogue, all open at first so every main place shows, no Administration for users', () => {
    renderScreen(<Sidebar />, { data: [[queryKeys.friends.requests, []]] });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const section of ['Main', 'Betting', 'Social', 'Analytics']) expect(within(nav).getByRole('button', { name: section })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Administration' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    for (const place of ['Friends', 'Crews', 'My Bets', 'Leaderboard', 'Messages']) expect(within(nav).getByRole('link', { name: place })).toBeInTheDocument();
  });

  it("shows inside a crew the player's balance in that crew", () => {
    renderScreen(<Sidebar />, { at: '/crews/4/standings', data: [[queryKeys.friends.requests, []], [queryKeys.crews.list, [aCrewSummary()]]] });
    expect(screen.getByTestId('crew-header-balance')).toHaveTextContent('Friday club: $250.00');
    expect(screen.queryByTestId('current-balance')).toBeNull();
  });

  it('shows waiting friend requests on Friends, and on the Social section once closed, counted in the singular for one', async () => {
    renderScreen(<Sidebar />, { data: [[queryKeys.friends.requests, [request]]] });
    const social = screen.getByRole('button', { name: /^Social/ });
    expect(social).toHaveAccessibleName('Social');
    expect(screen.getByRole('link', { name: /^Friends/ })).toHaveAccessibleName('Friends, 1 pending friend request');
    await userEvent.click(social);
    expect(screen.getByRole('button', { name: /^Social/ })).toHaveAccessibleName('Social, 1 pending friend request');
  });

  it('shows the Administration section to admins', () => {
    renderScreen(<Sidebar />, { user: { role: 'admin' }, data: [[queryKeys.friends.requests, []]] });
    expect(screen.getByRole('button', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByText('Admin', { exact: true })).toBeInTheDocument();
  });
});
