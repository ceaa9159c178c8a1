import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { FriendsPage } from './friends-page.tsx';

const friend = { id: 4, username: 'D'.repeat(40), totalWins: 1, balance: '1010.00', isOnline: true };
const request = { id: 9, requesterId: 5, requester: { username: 'Erin', isOnline: false }, createdAt: '2026-11-24T10:00:00.000Z' };
const data = (friends: unknown[], requests: unknown[] = []): [readonly unknown[], unknown][] => [
  [queryKeys.friends.list, friends],
  [queryKeys.friends.requests, requests],
];

/** The friends endpoints as the server answers them, over the pending requests it keeps. */
function friendsServer(pending: (typeof request)[]) {
  let requests = [...pending];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/friend-requests') return Response.json(requests);
    if (path === '/api/friends' && method === 'GET') return Response.json([]);
    if (path === '/api/friends' && method === 'POST') return Response.json({ status: 'pending' });
    const answer = /^\/api\/friends\/(\d+)\/(accept|reject)$/.exec(path);
    if (answer) {
      requests = requests.filter((r) => String(r.requesterId) !== answer[1]);
      return Response.json({ ok: true });
    }
    if (path.startsWith('/api/users/search')) return Response.json([{ id: 6, username: 'Frank', isOnline: false, friendStatus: 'none' }]);
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
}

describe('the friends screen', { timeout: 20_000 }, () => {
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

  it('after an Accept or a Decline moves the focus to the next request, and to the heading after the last', async () => {
    const second = { id: 10, requesterId: 6, requester: { username: 'Finn', isOnline: true }, createdAt: '2026-11-24T11:00:00.000Z' };
    friendsServer([request, second]);
    renderScreen(<FriendsPage />, { data: data([], [request, second]) });
    await userEvent.click(screen.getByRole('button', { name: 'Accept Erin' }));
    expect(await screen.findByText('Friend Request Accepted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept Finn' })).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept Erin' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Decline Finn' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Friend Requests (0)' })).toHaveFocus());
  });

  it('after Add Friend puts the focus on what the button became', async () => {
    friendsServer([]);
    renderScreen(<FriendsPage />, { data: data([]) });
    await userEvent.type(screen.getByLabelText('Search users'), 'Fra');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Frank as a friend' }));
    const results = screen.getByRole('list', { name: 'Search results' });
    await waitFor(() => expect(within(results).getByText('Request sent').parentElement).toHaveFocus());
    expect(within(results).queryByRole('button', { name: 'Add Frank as a friend' })).toBeNull();
  });

  it('says when there are no friends yet, and when they cannot be fetched', async () => {
    const { unmount } = renderScreen(<FriendsPage />, { data: data([]) });
    expect(screen.getByText('No friends yet. Search for people you know above.')).toBeInTheDocument();
    expect(screen.getByText('No pending requests.')).toBeInTheDocument();
    unmount();
    renderScreen(<FriendsPage />, { data: [[queryKeys.friends.requests, []]] });
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Failed to fetch friends'));
  });
});
