import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../lib/query-keys.ts';
import { renderScreen } from '../test/render-screen.tsx';
import { Sidebar } from './sidebar.tsx';

const request = { id: 5, requesterId: 3, requester: { username: 'Carol', isOnline: true }, createdAt: '2026-11-24T10:00:00.000Z' };

describe('the desktop sidebar', () => {
  it('lists the sections of the screen catalogue, only Main open at first, no Administration for users', () => {
    renderScreen(<Sidebar />, { data: [[queryKeys.friends.requests, []]] });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const section of ['Main', 'Betting', 'Social', 'Analytics']) expect(within(nav).getByRole('button', { name: section })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Administration' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(nav).queryByRole('link', { name: 'Leaderboard' })).toBeNull();
  });

  it('shows waiting friend requests on the Social section while it is closed, and on Friends once open, counted in the singular for one', async () => {
    renderScreen(<Sidebar />, { data: [[queryKeys.friends.requests, [request]]] });
    const social = screen.getByRole('button', { name: /^Social/ });
    expect(social).toHaveAccessibleName('Social, 1 pending friend request');
    await userEvent.click(social);
    expect(screen.getByRole('button', { name: /^Social/ })).toHaveAccessibleName('Social');
    expect(screen.getByRole('link', { name: /^Friends/ })).toHaveAccessibleName('Friends, 1 pending friend request');
  });

  it('shows the Administration section to admins', () => {
    renderScreen(<Sidebar />, { user: { role: 'admin' }, data: [[queryKeys.friends.requests, []]] });
    expect(screen.getByRole('button', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByText('Admin', { exact: true })).toBeInTheDocument();
  });
});
