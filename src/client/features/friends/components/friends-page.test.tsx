import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { FriendsPage } from './friends-page.tsx';

const friend = { id: 4, username: 'D'.repeat(40), totalWins: 1, balance: '1010.00', isOnline: true };
const request = { id: 9, requesterId: 5, requester: { username: 'Erin', isOnline: false }, createdAt: '2026-11-24T10:00:00.000Z' };
const data = (friends: unknown[], requests: unknown[] = []): [readonly unknown[], unknown][] => [
  [queryKeys.friends.list, friends],
  [queryKeys.friends.requests, requests],
];

describe('the friends screen', () => {
  it('lists requests with Accept and Decline, and friends with wins, balance and a name that wraps', () => {
    renderScreen(<FriendsPage />, { data: data([friend], [request]) });
    expect(screen.getByRole('heading', { name: 'Friend Requests (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Erin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline Erin' })).toBeInTheDocument();
    const card = screen.getByText(friend.username).closest('li')!;
    expect(card).toHaveTextContent('1 win · $1,010.00');
    expect(within(card).getByText(friend.username)).toHaveClass('wrap-anywhere');
  });

  it('on the desktop opens a friend in a dialog', async () => {
    renderScreen(<FriendsPage />, { data: data([friend]) });
    await userEvent.click(screen.getByRole('button', { name: /^View Profile/ }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Failed to load profile'));
    expect(screen.queryByRole('button', { name: /^Message/ })).toBeNull();
  });

  it('in the narrow layout opens a friend as a view, and offers a chat', async () => {
    const { visits } = renderScreen(<FriendsPage />, { narrow: true, data: data([friend]) });
    await userEvent.click(screen.getByRole('button', { name: /^View Profile/ }));
    expect(visits).toEqual([{ name: 'profile-view', id: 4 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^Message/ })).toBeInTheDocument();
  });

  it('says when there are no friends yet, and when they cannot be fetched', async () => {
    const { unmount } = renderScreen(<FriendsPage />, { data: data([]) });
    expect(screen.getByText('No friends yet. Search for people you know above.')).toBeInTheDocument();
    expect(screen.getByText('No pending requests.')).toBeInTheDocument();
    unmount();
    renderScreen(<FriendsPage />, { data: [[queryKeys.friends.requests, []]] });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch friends'));
  });
});
